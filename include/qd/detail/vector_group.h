// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The group of threads that runs one outer iteration of a parallel loop with
// inner vector loops (`#pragma qd loop vector`).
//
// Generated code gives each outer iteration to Length threads. The layout is
// chosen by the translator from the loop's memory accesses:
//   kContiguous  a group is Length neighbouring threads, so neighbouring
//                threads take neighbouring vector-loop iterations;
//   kStrided     neighbouring threads run neighbouring outer iterations, and
//                a group's threads are BlockDim / Length apart.
// The group behaves like the one thread of the serial program: every thread
// computes the body's locals, one thread (the leader) performs the other
// effects and shares what it computed, and the vector loops' reductions are
// combined in a fixed order, so the result is the same bit for bit on every
// run with the same launch shape.
//
// A group inside one warp synchronizes with __syncwarp. A group that spans
// warps synchronizes through the block's barrier, which every thread of the
// block must reach equally often: the outer loop runs the same number of
// rounds in every thread, and a thread whose iteration ended early (a
// `continue`, or no iteration left) makes up the barriers it skipped at the
// end of the round (end_round). On NVIDIA GPUs that is `barrier.sync`, which
// unlike __syncthreads may be reached from diverged code (sm_70 and later).
//
// The names here are emitted by the translator; renaming one breaks every
// generated file.
#ifndef QD_DETAIL_VECTOR_GROUP_H
#define QD_DETAIL_VECTOR_GROUP_H

#include "config.h"
#include "reduce.h"

#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

namespace qd {
namespace detail {

enum class VectorLayout { kContiguous, kStrided };

// Threads a launch needs for `count` outer iterations of Length threads each,
// saturating rather than wrapping.
QD_HOST_DEVICE constexpr std::uint64_t vector_threads(std::uint64_t count,
                                                      unsigned length) noexcept {
  return count > ~std::uint64_t{0} / length ? ~std::uint64_t{0}
                                            : count * length;
}

// QD_HOST_KERNELS: the test suite's fake device, which runs a block's
// threads as fibers on the host (tests/runtime/fake_cuda).
#if defined(__CUDACC__) || defined(__HIPCC__) || defined(QD_HOST_KERNELS)

#if defined(__HIPCC__) && !defined(__CUDACC__)
#define QD_VECTOR_AMD 1
#endif

template <unsigned Length, unsigned BlockDim, VectorLayout Layout>
class VectorGroup {
  static_assert(Length >= 1 && (Length & (Length - 1)) == 0,
                "vector_length must be a power of two");
  static_assert(BlockDim % Length == 0,
                "vector_length must divide the block size");

public:
  static constexpr unsigned kGroups = BlockDim / Length;
  // Whether the group lies inside one warp (wavefront), where it can
  // synchronize on its own.
  static constexpr bool kInWarp =
      Length == 1 || (Layout == VectorLayout::kContiguous && Length <= 32);

  // The group's index within the block, and the thread's within the group.
  __device__ unsigned group() const {
    return Layout == VectorLayout::kContiguous ? threadIdx.x / Length
                                               : threadIdx.x % kGroups;
  }
  __device__ unsigned lane() const {
    return Layout == VectorLayout::kContiguous ? threadIdx.x % Length
                                               : threadIdx.x / kGroups;
  }
  __device__ bool leader() const { return lane() == 0; }

  // Makes every thread of the group wait for the others, and their memory
  // writes visible to each other.
  __device__ void sync() {
    if constexpr (kInWarp) {
#if defined(QD_VECTOR_AMD)
      // A wavefront runs in lockstep; the fence orders its memory accesses.
      __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "workgroup");
      __builtin_amdgcn_wave_barrier();
#else
      __syncwarp(warp_mask());
#endif
    } else {
      ++barriers_;
      block_barrier();
    }
  }

  // Ends one round of the outer loop: reaches the block barriers this thread
  // skipped, so that every thread of the block has reached Barriers of them.
  template <unsigned Barriers> __device__ void end_round() {
    if constexpr (!kInWarp) {
      for (; barriers_ < Barriers; ++barriers_)
        block_barrier();
      barriers_ = 0;
    }
  }

  // Gives every thread of the group the leader's `value`. Two syncs.
  template <class T> __device__ void share(T& value) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "a body local written by a statement that one thread of "
                  "a vector group runs must be trivially copyable, so that "
                  "the others can receive it");
    alignas(T) __shared__ unsigned char buffer[kGroups * sizeof(T)];
    unsigned char* slot = buffer + group() * sizeof(T);
    if (leader())
      std::memcpy(slot, &value, sizeof(T));
    sync();
    if (!leader())
      std::memcpy(&value, slot, sizeof(T));
    sync();
  }

  // The leader's `flag`, in every thread of the group. Two syncs.
  __device__ bool shared_flag(bool flag) {
    share(flag);
    return flag;
  }

  // Evaluates `f` in the leader only, and gives its result to every thread
  // of the group: a declaration whose initializer has an effect. A reference
  // result is shared as its address. Two syncs.
  template <class F> __device__ decltype(auto) single(F f) {
    using R = decltype(f());
    if constexpr (std::is_reference_v<R>) {
      std::remove_reference_t<R>* address = nullptr;
      if (leader())
        address = &f();
      share(address);
      return static_cast<R>(*address);
    } else {
      static_assert(std::is_trivially_copyable_v<R>,
                    "a body local whose initializer one thread of a vector "
                    "group evaluates must be trivially copyable, so that the "
                    "others can receive it");
      union Storage {
        unsigned char bytes[sizeof(R)];
        R value;
        __device__ Storage() {}
      } storage;
      if (leader())
        new (&storage.value) R(f());
      share(storage.bytes);
      return R(storage.value);
    }
  }

  // Combines one value per thread of the group in an order fixed by Length;
  // every thread of the group gets the result. A group inside a warp uses
  // warp shuffles (a tree into lane 0, then lane 0's value to all, so that
  // every lane has the same bits even where Op is not symmetric, as min on
  // -0 and +0), and one sync; other groups and types fold in lane order
  // through `shared` (BlockDim elements of __shared__ memory), with two
  // syncs.
  template <ReduceOp Op, class T> __device__ T reduce(T value, T* shared) {
    if constexpr (kInWarp && kShuffles<T>) {
      (void)shared;
      T acc = value;
      for (unsigned offset = Length / 2; offset > 0; offset /= 2)
        acc = reduce_combine<Op, T>(acc, shuffle_down(acc, offset));
      // A shuffle orders no memory: later statements may read what other
      // lanes stored in the vector loop.
      sync();
      return shuffle_from_leader(acc);
    } else {
      shared[threadIdx.x] = value;
      sync();
      T acc = shared[index_of(0)];
      for (unsigned l = 1; l < Length; ++l)
        acc = reduce_combine<Op, T>(acc, shared[index_of(l)]);
      sync();
      return acc;
    }
  }

private:
  unsigned barriers_ = 0;

  // The types warp shuffles move in CUDA and HIP.
  template <class T>
  static constexpr bool kShuffles =
      std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
      std::is_same_v<T, long> || std::is_same_v<T, unsigned long> ||
      std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long> ||
      std::is_same_v<T, float> || std::is_same_v<T, double>;

  template <class T> __device__ T shuffle_down(T v, unsigned offset) const {
#if defined(QD_VECTOR_AMD)
    return __shfl_down(v, offset, Length);
#else
    return __shfl_down_sync(warp_mask(), v, offset, Length);
#endif
  }

  template <class T> __device__ T shuffle_from_leader(T v) const {
#if defined(QD_VECTOR_AMD)
    return __shfl(v, 0, Length);
#else
    return __shfl_sync(warp_mask(), v, 0, Length);
#endif
  }

  __device__ unsigned index_of(unsigned lane) const {
    return Layout == VectorLayout::kContiguous ? group() * Length + lane
                                               : lane * kGroups + group();
  }

#if !defined(QD_VECTOR_AMD)
  __device__ unsigned warp_mask() const {
    if constexpr (Length >= 32) {
      return 0xffffffffu;
    } else {
      const unsigned first = (threadIdx.x % 32) & ~(Length - 1);
      return ((1u << Length) - 1) << first;
    }
  }
#endif

  static __device__ void block_barrier() {
#if defined(QD_VECTOR_AMD) || defined(QD_HOST_KERNELS)
    __syncthreads();
#else
    // Not __syncthreads (bar.sync, aligned): threads of one warp may reach
    // this from different places, as end_round does.
    asm volatile("barrier.sync 0;" ::: "memory");
#endif
  }
};

#undef QD_VECTOR_AMD

#endif // __CUDACC__ || __HIPCC__ || QD_HOST_KERNELS

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_VECTOR_GROUP_H
