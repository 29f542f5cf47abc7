// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the CUDA benchmarks share: error checks, timers and medians. The
// benchmarks print measurements; they fail when CUDA fails or when a
// translation's result differs from the hand-written baseline's
// (qd_bench::same_bits; docs/performance.md, "When a benchmark fails").
#ifndef QD_BENCH_CUDA_BENCH_SUPPORT_H
#define QD_BENCH_CUDA_BENCH_SUPPORT_H

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define QD_BENCH_CHECK(call)                                                   \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,      \
                   cudaGetErrorString(e));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

namespace qd_bench {

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The device milliseconds of the work run() enqueues on `stream`, timed by
// events on that stream.
template <class Run> double device_ms(Run run, cudaStream_t stream) {
  cudaEvent_t start, stop;
  QD_BENCH_CHECK(cudaEventCreate(&start));
  QD_BENCH_CHECK(cudaEventCreate(&stop));
  QD_BENCH_CHECK(cudaEventRecord(start, stream));
  run();
  QD_BENCH_CHECK(cudaEventRecord(stop, stream));
  QD_BENCH_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  QD_BENCH_CHECK(cudaEventElapsedTime(&ms, start, stop));
  QD_BENCH_CHECK(cudaEventDestroy(start));
  QD_BENCH_CHECK(cudaEventDestroy(stop));
  return ms;
}

// Median over `reps` runs of the device milliseconds that run() enqueues on
// `stream`, after one warm-up run.
template <class Run>
double median_device_ms(Run run, cudaStream_t stream = nullptr, int reps = 20) {
  run();
  QD_BENCH_CHECK(cudaDeviceSynchronize());
  std::vector<double> ms;
  for (int r = 0; r < reps; ++r)
    ms.push_back(device_ms(run, stream));
  return median(ms);
}

// The host microseconds run() takes to enqueue its work, from an idle
// device; the device is drained afterwards, outside the timing.
template <class Run> double host_us(Run run) {
  QD_BENCH_CHECK(cudaDeviceSynchronize());
  const auto start = std::chrono::steady_clock::now();
  run();
  const auto end = std::chrono::steady_clock::now();
  QD_BENCH_CHECK(cudaDeviceSynchronize());
  return std::chrono::duration<double, std::micro>(end - start).count();
}

// The n floats at device address `d`, on the host.
inline std::vector<float> to_host(const float* d, std::size_t n) {
  std::vector<float> h(n);
  QD_BENCH_CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  return h;
}

// Whether device array `d` holds the same bits as the host array `expected`
// (a result copied back earlier); if not, prints as same_bits does.
inline bool same_bits_as_host(const float* expected, const float* d, std::size_t n,
                              const char* bench, const char* what, const char* reference) {
  if (std::memcmp(expected, to_host(d, n).data(), n * sizeof(float)) == 0)
    return true;
  std::fprintf(stderr, "%s: %s differs from %s\n", bench, what, reference);
  return false;
}

// Whether two device arrays hold the same bits; if not, prints
// "<bench>: <what> differs from <reference>".
inline bool same_bits(const float* x, const float* y, std::size_t n, const char* bench,
                      const char* what, const char* reference) {
  return same_bits_as_host(to_host(x, n).data(), y, n, bench, what, reference);
}

// n floats in [-0.5, 0.5) on the device, a fixed pattern shifted by `seed`.
inline float* device_pattern(std::size_t n, unsigned seed = 0) {
  std::vector<float> h(n);
  for (std::size_t i = 0; i < n; ++i)
    h[i] = float((i * 7919u + seed) % 1000u) / 1000.f - 0.5f;
  float* d = nullptr;
  QD_BENCH_CHECK(cudaMalloc(&d, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  return d;
}

inline void print_device() {
  int device = 0;
  QD_BENCH_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  QD_BENCH_CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
}

} // namespace qd_bench

#endif // QD_BENCH_CUDA_BENCH_SUPPORT_H
