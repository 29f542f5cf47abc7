// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where the host time of a stream-mode call goes: a CPU profile of the
// translated 1 block x 1 loop kernel of bench/streams.cpp (shape_1x1) and of
// the hand-written fork/join that streams_bench compares it with, one after
// the other in one process (issue 45: "find the remaining 5% with a profile,
// not a guess").
//
// The GPU machine has neither perf nor Nsight Systems, so this samples
// itself: SIGPROF from ITIMER_PROF (process CPU time), the interrupted PC and
// its callers from backtrace(), resolved with dladdr() after the run (the
// executable is linked with -rdynamic, so the runtime's functions have
// names). Only the launching thread's samples while it enqueues count; the
// stream synchronization between batches is left out. Prints, per variant:
//   - host us per call;
//   - self time by function (the driver, libcuda, as one entry: it has no
//     symbols);
//   - driver and runtime time by the CUDA API call it serves;
//   - inclusive time of the qd runtime's functions.
// Argument: seconds per variant (default 5).
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <map>
#include <set>
#include <signal.h>
#include <string>
#include <sys/syscall.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

#include "cuda_bench_support.h"

void shape_1x1(float* sink, int n, qd::StreamRef stream);

namespace {

__global__ void __launch_bounds__(256) sink_loop(float* sink, int n, int slot) {
  const std::uint64_t stride = std::uint64_t(blockDim.x) * gridDim.x;
  for (std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
       k < std::uint64_t(n); k += stride)
    sink[slot * n + static_cast<int>(k)] = 0.0f;
}

// Samples live in static storage: the handler may not allocate.
constexpr int kMaxSamples = 200000;
constexpr int kDepth = 32;
void* frames[kMaxSamples][kDepth];
int depths[kMaxSamples];
std::atomic<int> taken{0};
std::atomic<bool> sampling{false};
pid_t launching_thread = 0;

void on_sigprof(int, siginfo_t*, void* context) {
  if (!sampling.load(std::memory_order_relaxed) ||
      static_cast<pid_t>(syscall(SYS_gettid)) != launching_thread)
    return;
  const int i = taken.fetch_add(1, std::memory_order_relaxed);
  if (i >= kMaxSamples)
    return;
  frames[i][0] = reinterpret_cast<void*>(
      static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_RIP]);
  depths[i] = 1 + backtrace(frames[i] + 1, kDepth - 1);
}

void start_sampler(int hz) {
  launching_thread = static_cast<pid_t>(syscall(SYS_gettid));
  void* warm[4];
  backtrace(warm, 4); // loads the unwinder outside the handler
  struct sigaction action {};
  action.sa_sigaction = on_sigprof;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGPROF, &action, nullptr);
  itimerval timer{};
  timer.it_interval.tv_usec = 1000000 / hz;
  timer.it_value = timer.it_interval;
  setitimer(ITIMER_PROF, &timer, nullptr);
}

struct Frame {
  std::string name;   // demangled symbol, or [module]
  std::string module; // file name of the object
};

Frame resolve(void* pc) {
  Dl_info info{};
  if (!dladdr(pc, &info) || !info.dli_fname)
    return {"[?]", "?"};
  std::string module = info.dli_fname;
  module = module.substr(module.rfind('/') + 1);
  if (module.find("libcuda.so") != std::string::npos || !info.dli_sname)
    return {"[" + module + "]", module};
  int status = 0;
  char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string name = status == 0 ? demangled : info.dli_sname;
  std::free(demangled);
  if (name.size() > 100)
    name = name.substr(0, 100) + "...";
  return {name, module};
}

void print_top(const char* title, const std::map<std::string, int>& counts, int total,
               std::size_t limit) {
  std::vector<std::pair<int, std::string>> rows;
  for (const auto& [name, count] : counts)
    rows.emplace_back(count, name);
  std::sort(rows.rbegin(), rows.rend());
  std::printf("  -- %s\n", title);
  for (std::size_t i = 0; i < rows.size() && i < limit; ++i)
    std::printf("  %6.2f%%  %s\n", 100.0 * rows[i].first / total, rows[i].second.c_str());
}

void report(const char* title, double us_per_call) {
  const int total = std::min(taken.load(), kMaxSamples);
  std::map<std::string, int> self, by_api, inclusive;
  for (int i = 0; i < total; ++i) {
    // frames[i][1..]: this handler, the signal trampoline, then the
    // interrupted PC again and its callers.
    int first = 1;
    while (first < depths[i] && frames[i][first] != frames[i][0])
      ++first;
    if (first >= depths[i])
      first = depths[i] - 1; // the unwinder lost it: self time only
    const Frame top = resolve(frames[i][0]);
    ++self[top.name];
    std::string api; // the outermost CUDA runtime entry on the stack
    std::set<std::string> seen;
    for (int k = first; k < depths[i]; ++k) {
      // A return address points after its call: step back into it.
      const Frame f = k == first ? top : resolve(static_cast<char*>(frames[i][k]) - 1);
      if (f.module.find("libcudart") != std::string::npos && f.name.rfind("cuda", 0) == 0)
        api = f.name;
      if (f.name.rfind("qd::", 0) == 0 || f.name.rfind("shape_1x1", 0) == 0)
        if (seen.insert(f.name).second)
          ++inclusive[f.name];
    }
    const bool in_cuda = top.module.find("libcuda") != std::string::npos ||
                         top.module.find("libcudart") != std::string::npos || !api.empty();
    if (in_cuda)
      ++by_api[api.empty() ? "(driver, no runtime entry found)" : api];
  }
  std::printf("== %s: %.3f us host per call, %d samples\n", title, us_per_call, total);
  if (total == 0)
    return;
  print_top("self time", self, total, 25);
  print_top("CUDA driver and runtime time, by runtime API call", by_api, total, 12);
  print_top("inclusive time of the generated entry point and the qd runtime", inclusive,
            total, 25);
  taken = 0;
}

} // namespace

int main(int argc, char** argv) {
  const int seconds = argc > 1 ? std::atoi(argv[1]) : 5;
  qd_bench::print_device();
  cudaStream_t launch = nullptr, block = nullptr;
  cudaEvent_t fork = nullptr, join = nullptr;
  QD_BENCH_CHECK(cudaStreamCreateWithFlags(&launch, cudaStreamNonBlocking));
  QD_BENCH_CHECK(cudaStreamCreateWithFlags(&block, cudaStreamNonBlocking));
  QD_BENCH_CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  QD_BENCH_CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
  float* sink = nullptr;
  QD_BENCH_CHECK(cudaMalloc(&sink, 64 * sizeof(float)));
  const qd::StreamRef launch_ref = qd::StreamRef::from_native(launch);
  // The fork/join of streams_bench's ForkJoin for one block.
  auto hand = [&] {
    QD_BENCH_CHECK(cudaEventRecord(fork, launch));
    QD_BENCH_CHECK(cudaStreamWaitEvent(block, fork, 0));
    sink_loop<<<1, 256, 0, block>>>(sink, 1, 0);
    QD_BENCH_CHECK(cudaEventRecord(join, block));
    QD_BENCH_CHECK(cudaStreamWaitEvent(launch, join, 0));
    QD_BENCH_CHECK(cudaGetLastError());
  };
  auto translated = [&] { shape_1x1(sink, 1, launch_ref); };
  // Warm-up: module loading and pool growth are not per-call costs.
  for (int c = 0; c < 1000; ++c) {
    hand();
    translated();
  }
  QD_BENCH_CHECK(cudaStreamSynchronize(launch));
  start_sampler(1000);
  for (int variant = 0; variant < 2; ++variant) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    long calls = 0;
    double busy_us = 0;
    while (std::chrono::steady_clock::now() < end) {
      const auto start = std::chrono::steady_clock::now();
      sampling = true;
      for (int c = 0; c < 32; ++c)
        variant == 0 ? translated() : hand();
      sampling = false;
      busy_us += std::chrono::duration<double, std::micro>(
                     std::chrono::steady_clock::now() - start)
                     .count();
      QD_BENCH_CHECK(cudaStreamSynchronize(launch));
      calls += 32;
    }
    report(variant == 0 ? "qd shape_1x1 (stream mode)" : "hand-written fork/join",
           busy_us / static_cast<double>(calls));
  }
  QD_BENCH_CHECK(cudaFree(sink));
  return 0;
}
