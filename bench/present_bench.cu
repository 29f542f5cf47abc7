// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host cost of the present table (include/qd/data.h) per kernel call,
// against the launch it precedes (issue 43: "measure the lookup's host cost
// per call against the launch itself").
//
// A kernel call inside a data region passes each pointer argument through
// qd::detail::present_or_device before it launches. Measured here, in host
// nanoseconds per call, each a median of several batches:
//
//   launch          an empty kernel of 4 pointer parameters, <<<1, 32>>>, on
//                   the default stream: what every generated call pays;
//   lookup, none    present_or_device with nothing present (a program
//                   without data regions: one relaxed atomic load);
//   lookup, hit     a host pointer inside one of N present ranges (N = 1, 16,
//                   256): a shared lock and a std::map search;
//   lookup, device  a cudaMalloc'd pointer with N ranges present: the table
//                   misses, then cudaPointerGetAttributes says it is device
//                   memory (the cost for qd::Buffer arguments inside a data
//                   region);
//   call            4 hits and the launch, as a generated entry point does.
//
// Reported: each figure and the lookups' share of the launch. Only numbers:
// it fails only when CUDA or the runtime fails.
#include <qd/qd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "cuda_bench_support.h"

namespace {

__global__ void empty_kernel(float* a, float* b, float* c, float* d) {
  if (threadIdx.x == 1024) // never: keeps the parameters used
    a[0] = b[0] + c[0] + d[0];
}

constexpr std::size_t kChunk = 1024; // floats per present range
constexpr int kBatch = 2000;         // calls per timed batch
constexpr int kBatches = 15;

// Median over kBatches of the host nanoseconds per call of body(i), with the
// device drained before each batch (outside the timing).
template <class Body> double ns_per_call(Body body) {
  std::vector<double> ns;
  for (int b = 0; b < kBatches; ++b) {
    QD_BENCH_CHECK(cudaDeviceSynchronize());
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kBatch; ++i)
      body(i);
    const auto end = std::chrono::steady_clock::now();
    ns.push_back(std::chrono::duration<double, std::nano>(end - start).count() /
                 kBatch);
  }
  QD_BENCH_CHECK(cudaDeviceSynchronize());
  return qd_bench::median(ns);
}

// Makes chunks [0, n) of `host` present (create: no copies).
void make_present(std::vector<float>& host, std::size_t n) {
  std::vector<qd::detail::DataItem> items;
  for (std::size_t k = 0; k < n; ++k)
    items.push_back({qd::DataClause::create, host.data() + k * kChunk,
                     kChunk * sizeof(float), "chunk"});
  qd::detail::data_enter(items.data(), items.size(), __FILE__, __LINE__);
}

void release(std::vector<float>& host, std::size_t n) {
  std::vector<qd::detail::DataItem> items;
  for (std::size_t k = 0; k < n; ++k)
    items.push_back({qd::DataClause::delete_, host.data() + k * kChunk,
                     kChunk * sizeof(float), "chunk"});
  qd::detail::data_exit(items.data(), items.size(), __FILE__, __LINE__);
}

} // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("present_bench: no GPU\n");
    return 0;
  }
  qd_bench::print_device();
  float* device = nullptr;
  QD_BENCH_CHECK(cudaMalloc(&device, 4 * kChunk * sizeof(float)));
  // Volatile sink: the lookups' results must be used.
  volatile std::uintptr_t sink = 0;

  const double launch = ns_per_call([&](int) {
    empty_kernel<<<1, 32>>>(device, device + kChunk, device + 2 * kChunk,
                            device + 3 * kChunk);
  });
  QD_BENCH_CHECK(cudaGetLastError());

  std::vector<float> host(256 * kChunk, 1.f);
  const double none = ns_per_call([&](int i) {
    sink = sink + reinterpret_cast<std::uintptr_t>(qd::detail::present_or_device(
                      host.data() + (i % 256) * kChunk, "bench", "a"));
  });
  std::printf("launch (empty kernel, 4 pointers): %.0f ns per call\n", launch);
  std::printf("lookup, nothing present: %.1f ns (%.2f%% of the launch)\n", none,
              100.0 * none / launch);

  for (std::size_t n : {std::size_t(1), std::size_t(16), std::size_t(256)}) {
    make_present(host, n);
    // Spread over the ranges, so that the search is not one cached path.
    const double hit = ns_per_call([&](int i) {
      const std::size_t k = (static_cast<std::size_t>(i) * 7) % n;
      sink = sink + reinterpret_cast<std::uintptr_t>(qd::detail::present_or_device(
                        host.data() + k * kChunk + 3, "bench", "a"));
    });
    const double on_device = ns_per_call([&](int) {
      sink = sink + reinterpret_cast<std::uintptr_t>(
                        qd::detail::present_or_device(device, "bench", "a"));
    });
    const double call = ns_per_call([&](int i) {
      const std::size_t k = (static_cast<std::size_t>(i) * 7) % n;
      float* base = host.data() + k * kChunk;
      float* a = qd::detail::present_or_device(base, "bench", "a");
      float* b = qd::detail::present_or_device(base + 1, "bench", "b");
      float* c = qd::detail::present_or_device(base + 2, "bench", "c");
      float* d = qd::detail::present_or_device(base + 3, "bench", "d");
      empty_kernel<<<1, 32>>>(a, b, c, d);
    });
    QD_BENCH_CHECK(cudaGetLastError());
    std::printf("present ranges %3zu: lookup hit %.1f ns (%.2f%% of the launch), "
                "device pointer %.1f ns (%.2f%%), call with 4 lookups %.0f ns "
                "(%.3fx the launch alone)\n",
                n, hit, 100.0 * hit / launch, on_device,
                100.0 * on_device / launch, call, call / launch);
    release(host, n);
  }
  if (qd::detail::present_entries.load() != 0) {
    std::fprintf(stderr, "present_bench: the table is not empty at the end\n");
    return 1;
  }
  QD_BENCH_CHECK(cudaFree(device));
  std::printf("(sink %llu)\n", static_cast<unsigned long long>(sink % 2));
  return 0;
}
