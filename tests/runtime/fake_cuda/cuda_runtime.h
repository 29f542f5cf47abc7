// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A stand-in for <cuda_runtime.h> that lets code generated for the CUDA target
// run on the fake device layer (runtime/fake_device.h) when compiled by the
// host compiler. Test-only.
//
// Host compilers do not know `kernel<<<grid, block, shmem, stream>>>(args)`;
// rewrite_launches.cmake turns each launch into
// `qd_fake_launch(&kernel, grid, block, shmem, stream)(args)`, which asks the
// fake driver to accept the launch (it rejects a grid of 0 blocks, an unknown
// or destroyed stream, a stream of another device, as CUDA does) and then
// runs the kernel on the calling thread, block after block, each block's
// threads as fibers (below), with blockIdx/threadIdx/blockDim/gridDim set.
// Everything else in the generated file (the pools, the fork/join events,
// check_launch from qd/detail/cuda.h, the reductions and vector groups of
// qd/detail) is the real code.
#ifndef QD_TESTS_FAKE_CUDA_RUNTIME_H
#define QD_TESTS_FAKE_CUDA_RUNTIME_H

#include <fake_device.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

#include <ucontext.h>

#define __global__
#define __host__
#define __device__
#define __launch_bounds__(...)

struct CUstream_st;
using cudaStream_t = CUstream_st*;

enum cudaError_t : int {
  cudaSuccess = qd::fake::kSuccess,
  cudaErrorInvalidConfiguration = qd::fake::kInvalidConfiguration,
  cudaErrorInvalidResourceHandle = qd::fake::kInvalidResourceHandle,
  cudaErrorLaunchFailure = qd::fake::kLaunchFailure,
  cudaErrorStreamCaptureUnsupported = 900,
};

// Graph mode's conditional nodes: device code sets a condition of the graph
// the fake device is running on this thread.
using cudaGraphConditionalHandle = unsigned long long;
inline void cudaGraphSetConditional(cudaGraphConditionalHandle handle,
                                    unsigned int value) {
  qd::fake::set_conditional(handle, value);
}

// What user code tests to tell a CUDA build from a build without a GPU.
#define CUDART_VERSION 13000

enum cudaMemcpyKind : int {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};

// Fake device memory is host memory, and fake work runs when enqueued: a copy
// on a stream is a copy now, in order with the launches around it; on a
// stream being captured, a node of the capture's graph.
inline cudaError_t cudaMemcpyAsync(void* dst, const void* src,
                                   std::size_t bytes, cudaMemcpyKind,
                                   cudaStream_t stream = nullptr) {
  if (!qd::fake::capture_work(stream, [=](void*) { std::memcpy(dst, src, bytes); }))
    std::memcpy(dst, src, bytes);
  return cudaSuccess;
}

// Waiting for a stream being captured breaks the capture, as in CUDA.
inline cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  if (qd::fake::invalidate_capture(stream))
    return cudaErrorStreamCaptureUnsupported;
  return cudaSuccess;
}

inline cudaError_t cudaGetLastError() {
  return static_cast<cudaError_t>(qd::fake::get_last_error());
}
inline cudaError_t cudaPeekAtLastError() {
  return static_cast<cudaError_t>(qd::fake::peek_last_error());
}
inline const char* cudaGetErrorString(cudaError_t e) {
  return qd::fake::result_string(e);
}

struct qd_fake_dim3 {
  unsigned x = 1, y = 1, z = 1;
};
// Per thread, as each host thread runs its own launches.
inline thread_local qd_fake_dim3 blockIdx, threadIdx, blockDim, gridDim;

// A block's threads run as cooperative fibers (ucontext) on the calling
// thread, so that __syncthreads and __shared__ mean what they mean on a GPU:
// each thread runs until it reaches a barrier or ends, and the barrier opens
// once every thread of the block has reached it. __syncwarp and the warp
// shuffles wait likewise for the lanes their mask names (a shuffle: every
// lane offers its value, then reads the one it asked for). A thread that
// ends while others wait at a barrier is CUDA's undefined behaviour; the
// fake reports it (as compute-sanitizer's synccheck would) and aborts, as it
// does when waiting threads can never all be let go. __shared__ variables
// are static thread_local: one copy per host thread, which runs one block at
// a time, and uninitialized as far as the kernel may assume.
//
// ThreadSanitizer cannot follow stack switches, so under it the threads run
// one after another, as before fibers, and a barrier aborts with a message:
// scripts/tsan.sh runs only cases without barriers. AddressSanitizer is told
// about each switch.
#if defined(__SANITIZE_THREAD__)
#define QD_FAKE_FIBERS 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define QD_FAKE_FIBERS 0
#endif
#endif
#ifndef QD_FAKE_FIBERS
#define QD_FAKE_FIBERS 1
#endif
#if defined(__SANITIZE_ADDRESS__)
#define QD_FAKE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QD_FAKE_ASAN 1
#endif
#endif

#define __shared__ static thread_local

namespace qd_fake_block {

enum class State { Ready, AtBarrier, AtWarpBarrier, Done };

// The block being run on this host thread, when it runs as fibers.
struct Fibers {
  static constexpr std::size_t kStackBytes = 256 * 1024;
  ucontext_t scheduler{};
  std::vector<ucontext_t> contexts;
  std::vector<State> states;
  // AtWarpBarrier: the lanes of its warp that the thread waits for.
  std::vector<unsigned> warp_masks;
  // What each thread offers to a warp shuffle.
  std::vector<unsigned long long> shuffle_slots;
  std::vector<std::unique_ptr<char[]>> stacks;
  unsigned current = 0;
  const std::function<void()>* body = nullptr;
  std::exception_ptr failure;
#ifdef QD_FAKE_ASAN
  void* scheduler_fake_stack = nullptr;
  const void* scheduler_stack = nullptr;
  std::size_t scheduler_stack_bytes = 0;
#endif
};
inline thread_local Fibers* running = nullptr;

#ifdef QD_FAKE_ASAN
extern "C" void __sanitizer_start_switch_fiber(void** fake_stack_save,
                                               const void* bottom,
                                               std::size_t size);
extern "C" void __sanitizer_finish_switch_fiber(void* fake_stack_save,
                                                const void** bottom_old,
                                                std::size_t* size_old);
#endif

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fake device: %s (block %u, thread %u)\n", what,
               blockIdx.x, threadIdx.x);
  std::abort();
}

inline void fiber_entry() {
  Fibers& f = *running;
#ifdef QD_FAKE_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &f.scheduler_stack,
                                  &f.scheduler_stack_bytes);
#endif
  try {
    (*f.body)();
  } catch (...) {
    if (!f.failure)
      f.failure = std::current_exception();
  }
  f.states[f.current] = State::Done;
#ifdef QD_FAKE_ASAN
  // The fiber ends: its fake stack goes with it (a null save slot).
  __sanitizer_start_switch_fiber(nullptr, f.scheduler_stack,
                                 f.scheduler_stack_bytes);
#endif
  // Returning resumes uc_link, the scheduler.
}

inline void switch_to(Fibers& f, unsigned t) {
  threadIdx.x = t;
  f.current = t;
#ifdef QD_FAKE_ASAN
  __sanitizer_start_switch_fiber(&f.scheduler_fake_stack,
                                 f.stacks[t].get(), Fibers::kStackBytes);
#endif
  swapcontext(&f.scheduler, &f.contexts[t]);
#ifdef QD_FAKE_ASAN
  __sanitizer_finish_switch_fiber(f.scheduler_fake_stack, nullptr, nullptr);
#endif
}

// Lets go every group of lanes that all wait at a warp barrier with the
// same mask. Returns whether any went.
inline bool release_warps(Fibers& f, unsigned threads) {
  bool released = false;
  for (unsigned t = 0; t < threads; ++t) {
    if (f.states[t] != State::AtWarpBarrier)
      continue;
    const unsigned mask = f.warp_masks[t], base = t / 32 * 32;
    bool all = true;
    for (unsigned l = 0; l < 32 && all; ++l)
      if (mask >> l & 1u) {
        const unsigned u = base + l;
        if (u >= threads || f.states[u] == State::Done)
          fail("a warp barrier's mask names a lane that has ended");
        all = f.states[u] == State::AtWarpBarrier && f.warp_masks[u] == mask;
      }
    if (!all)
      continue;
    for (unsigned l = 0; l < 32; ++l)
      if (mask >> l & 1u)
        f.states[base + l] = State::Ready;
    released = true;
  }
  return released;
}

// Parks the calling thread in `state` until the scheduler lets it go.
inline void park(State state) {
  Fibers& f = *running;
  const unsigned t = f.current;
  f.states[t] = state;
#ifdef QD_FAKE_ASAN
  void* fake_stack = nullptr;
  __sanitizer_start_switch_fiber(&fake_stack, f.scheduler_stack,
                                 f.scheduler_stack_bytes);
#endif
  swapcontext(&f.contexts[t], &f.scheduler);
#ifdef QD_FAKE_ASAN
  __sanitizer_finish_switch_fiber(fake_stack, &f.scheduler_stack,
                                  &f.scheduler_stack_bytes);
#endif
  threadIdx.x = t;
}

inline void warp_barrier(unsigned mask) {
#if QD_FAKE_FIBERS
  if (!running)
    fail("a warp barrier outside a kernel");
  running->warp_masks[running->current] = mask;
  park(State::AtWarpBarrier);
#else
  (void)mask;
  fail("warp barriers need fibers, which this build (ThreadSanitizer) "
       "runs without");
#endif
}

// A shuffle within `width` lanes: every lane in `mask` offers its value,
// then reads lane `source(lane)`'s (its own when that is outside its
// segment of `width`).
template <class T, class Source>
T shuffle(unsigned mask, T value, int width, Source source) {
  static_assert(sizeof(T) <= sizeof(unsigned long long), "shuffle of a wide type");
#if QD_FAKE_FIBERS
  Fibers& f = *running;
  const unsigned t = f.current, lane = t % 32, base = t / 32 * 32;
  std::memcpy(&f.shuffle_slots[t], &value, sizeof(T));
  warp_barrier(mask);
  const unsigned w = static_cast<unsigned>(width);
  const int from = source(lane % w);
  T out = value;
  if (from >= 0 && static_cast<unsigned>(from) < w)
    std::memcpy(&out, &f.shuffle_slots[base + lane / w * w + static_cast<unsigned>(from)], sizeof(T));
  warp_barrier(mask); // nobody offers again before everyone has read
  return out;
#else
  (void)mask; (void)value; (void)width; (void)source;
  fail("warp shuffles need fibers, which this build (ThreadSanitizer) "
       "runs without");
#endif
}

// Runs `body` once per thread of a block of `threads`, with threadIdx.x set.
inline void run_block(unsigned threads, const std::function<void()>& body) {
#if QD_FAKE_FIBERS
  thread_local Fibers f;
  f.contexts.resize(threads);
  f.states.assign(threads, State::Ready);
  f.warp_masks.assign(threads, 0);
  f.shuffle_slots.assign(threads, 0);
  while (f.stacks.size() < threads)
    f.stacks.push_back(std::make_unique<char[]>(Fibers::kStackBytes));
  f.body = &body;
  f.failure = nullptr;
  for (unsigned t = 0; t < threads; ++t) {
    getcontext(&f.contexts[t]);
    f.contexts[t].uc_stack.ss_sp = f.stacks[t].get();
    f.contexts[t].uc_stack.ss_size = Fibers::kStackBytes;
    f.contexts[t].uc_link = &f.scheduler;
    makecontext(&f.contexts[t], fiber_entry, 0);
  }
  Fibers* const outer = running;
  running = &f;
  for (;;) {
    for (unsigned t = 0; t < threads; ++t)
      if (f.states[t] == State::Ready)
        switch_to(f, t);
    if (f.failure)
      break;
    if (release_warps(f, threads))
      continue;
    unsigned done = 0, at_barrier = 0;
    for (State s : f.states) {
      done += s == State::Done;
      at_barrier += s == State::AtBarrier;
    }
    if (done == threads)
      break;
    if (at_barrier + done != threads)
      fail("threads wait in __syncwarp or a warp shuffle for lanes that "
           "wait elsewhere");
    if (done != 0)
      fail("a thread ended while others of its block wait in __syncthreads");
    for (State& s : f.states)
      s = State::Ready;
  }
  running = outer;
  if (f.failure)
    std::rethrow_exception(f.failure);
#else
  for (unsigned t = 0; t < threads; ++t) {
    threadIdx.x = t;
    body();
  }
#endif
}

} // namespace qd_fake_block

inline void __syncthreads() {
#if QD_FAKE_FIBERS
  if (!qd_fake_block::running)
    qd_fake_block::fail("__syncthreads outside a kernel");
  qd_fake_block::park(qd_fake_block::State::AtBarrier);
#else
  qd_fake_block::fail("__syncthreads needs fibers, which this build "
                      "(ThreadSanitizer) runs without");
#endif
}

inline void __syncwarp(unsigned mask = 0xffffffffu) {
  qd_fake_block::warp_barrier(mask);
}

template <class T>
T __shfl_down_sync(unsigned mask, T value, unsigned delta, int width = 32) {
  return qd_fake_block::shuffle(mask, value, width, [&](unsigned lane) {
    return static_cast<int>(lane + delta);
  });
}

template <class T>
T __shfl_sync(unsigned mask, T value, int source, int width = 32) {
  return qd_fake_block::shuffle(mask, value, width, [&](unsigned) {
    return source % width;
  });
}

// A block's threads run one at a time on one host thread, and blocks one
// after another, so device atomics and fences need no more than this.
inline unsigned atomicAdd(unsigned* address, unsigned value) {
  const unsigned old = *address;
  *address = old + value;
  return old;
}
inline void __threadfence() {}

// Runs `kernel` over a grid on the calling thread, block after block, with
// blockIdx/threadIdx/blockDim/gridDim set. Graph mode's runtime calls it
// through qd/detail/graph_call.h (QD_HOST_KERNELS) when a fake graph node
// runs.
#define QD_HOST_KERNELS 1
template <class Kernel>
auto qd_host_kernel_run(Kernel* kernel, unsigned grid, unsigned block) {
  return [=](const auto&... args) {
    const qd_fake_dim3 saved[4] = {blockIdx, threadIdx, blockDim, gridDim};
    gridDim.x = grid;
    blockDim.x = block;
    const std::function<void()> body = [&] { kernel(args...); };
    for (unsigned b = 0; b < grid; ++b) {
      blockIdx.x = b;
      qd_fake_block::run_block(block, body);
    }
    blockIdx = saved[0];
    threadIdx = saved[1];
    blockDim = saved[2];
    gridDim = saved[3];
  };
}

template <class Kernel>
auto qd_fake_launch(Kernel* kernel, unsigned grid, unsigned block,
                    std::size_t /*shared_bytes*/, cudaStream_t stream) {
  return [=](const auto&... args) {
    // On a stream being captured: a node of the capture's graph, which
    // begins the launch on the stream the graph runs on.
    if (qd::fake::capture_work(stream, [=](void* on) {
          if (qd::fake::begin_launch(grid, block, on) == qd::fake::kSuccess)
            qd_host_kernel_run(kernel, grid, block)(args...);
        }))
      return;
    if (qd::fake::begin_launch(grid, block, stream) != qd::fake::kSuccess)
      return; // the error waits in the thread's last error, as in CUDA
    qd_host_kernel_run(kernel, grid, block)(args...);
  };
}

#endif // QD_TESTS_FAKE_CUDA_RUNTIME_H
