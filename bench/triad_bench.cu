// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Bandwidth of the translated triad (bench/triad.cpp) against a hand-tuned
// triad kernel and cudaMemcpy device-to-device, all in one process; and the
// same grid-stride loop shape as generated code at several grid caps, which
// is how qd::detail::kThreadsPerSm was chosen.
//
// Prints one line per variant: "<name> <GB/s> <ratio to hand-tuned>".
#include <qd/qd.h>

#include <cstdint>
#include <cstdio>

#include "cuda_bench_support.h"

void triad(float* a, const float* b, const float* c, float s, long long n,
           qd::StreamRef stream);

namespace {

// Hand-tuned: one element per thread, 32-bit-free indexing, full grid.
__global__ void __launch_bounds__(256)
    triad_hand(float* __restrict__ a, const float* __restrict__ b,
               const float* __restrict__ c, float s, long long n) {
  long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}

// The shape qd-translate generates: 64-bit grid-stride loop.
__global__ void __launch_bounds__(256)
    triad_stride(float* a, const float* b, const float* c, float s,
                 long long begin, std::uint64_t count) {
  const std::uint64_t stride = std::uint64_t(blockDim.x) * gridDim.x;
  for (std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
       k < count; k += stride) {
    long long i = begin + static_cast<long long>(k);
    a[i] = b[i] + s * c[i];
  }
}

} // namespace

int main() {
  const long long n = 1LL << 28;
  const double bytes = 3.0 * n * sizeof(float);
  float *a, *b, *c;
  QD_BENCH_CHECK(cudaMalloc(&a, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&b, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&c, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMemset(b, 0, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMemset(c, 0, n * sizeof(float)));
  int device = 0, sms = 0;
  QD_BENCH_CHECK(cudaGetDevice(&device));
  QD_BENCH_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  cudaDeviceProp prop;
  QD_BENCH_CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("device %s, %d SMs, n = 2^28 floats\n", prop.name, sms);

  const unsigned full = static_cast<unsigned>((n + 255) / 256);
  double hand = qd_bench::median_device_ms([&] { triad_hand<<<full, 256>>>(a, b, c, 2.f, n); });
  const double hand_rate = bytes / hand;
  auto report = [&](const char* name, double ms, double moved) {
    std::printf("%-28s %8.1f GB/s  %.3f of hand-tuned\n", name,
                moved / ms / 1e6, moved / ms / hand_rate);
  };
  report("hand-tuned", hand, bytes);
  // A copy reads and writes each byte: 2 * n floats moved.
  report("cudaMemcpy d2d", qd_bench::median_device_ms([&] {
           QD_BENCH_CHECK(cudaMemcpyAsync(a, b, n * sizeof(float),
                                 cudaMemcpyDeviceToDevice));
         }),
         2.0 * n * sizeof(float));
  for (unsigned per_sm : {1u, 2u, 4u, 8u, 16u, 32u}) {
    unsigned grid = std::min<unsigned>(full, per_sm * sms);
    char name[64];
    std::snprintf(name, sizeof name, "grid-stride, %u blocks/SM", per_sm);
    report(name, qd_bench::median_device_ms([&] {
             triad_stride<<<grid, 256>>>(a, b, c, 2.f, 0, std::uint64_t(n));
           }),
           bytes);
  }
  report("grid-stride, uncapped",
         qd_bench::median_device_ms([&] { triad_stride<<<full, 256>>>(a, b, c, 2.f, 0, n); }),
         bytes);
  report("qd-translate triad", qd_bench::median_device_ms([&] { triad(a, b, c, 2.f, n, {}); }),
         bytes);
  QD_BENCH_CHECK(cudaGetLastError());
  QD_BENCH_CHECK(cudaFree(a));
  QD_BENCH_CHECK(cudaFree(b));
  QD_BENCH_CHECK(cudaFree(c));
  return 0;
}
