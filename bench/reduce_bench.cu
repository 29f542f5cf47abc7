// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Read bandwidth of the translated float sum and max (bench/reduce.cpp,
// `reduction(+: total)` and `reduction(max: hi)`) against
// cub::DeviceReduce::Sum and cub::DeviceReduce::Max, in one process, over
// 2^28 floats (1 GiB) of fixed pseudo-random data. Everything runs on one
// non-blocking stream: the translated kernels through their stream entry
// points, CUB with its temporary storage allocated once, outside the timing.
// Each variant: a warm-up call, then the median of kReps calls timed by
// events on that stream (cuda_bench_support.h).
//
// Prints one line per variant: "<name> <GB/s> <ratio to CUB> (<ms>)", the
// ratio being CUB's time over the variant's (the target: at least 0.90), and
// `check reduce_bench.<name> PASS|FAIL <detail>` lines for the results: the
// translated max equals CUB's (and the host's) exactly; the translated sum is
// within a relative 1e-4 of CUB's and of a double-precision host sum; and
// every call of the translated sum, warm-up and timed ones alike, returned
// the same bits. Exit status 1 if a check failed.
#include <qd/qd.h>

#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cuda_bench_support.h"

void reduce_sum(const float* a, long long n, float* out, qd::StreamRef stream);
void reduce_max(const float* a, long long n, float* out, qd::StreamRef stream);

namespace {

constexpr int kReps = 50;
// Result slots per translated kernel: the first call, the warm-up and kReps
// timed calls each store into their own.
constexpr int kSlots = kReps + 2;

// Fixed pseudo-random values in [-0.25, 1): a 32-bit hash of the index.
__global__ void fill(float* a, long long n) {
  const long long stride = static_cast<long long>(blockDim.x) * gridDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u + 0x9E3779B9u;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    a[i] = static_cast<float>(h >> 8) * (1.25f / 16777216.0f) - 0.25f;
  }
}

bool failed = false;

void check(const char* name, bool ok, const char* fmt, ...) {
  std::printf("check reduce_bench.%s %s ", name, ok ? "PASS" : "FAIL");
  va_list args;
  va_start(args, fmt);
  std::vprintf(fmt, args);
  va_end(args);
  std::printf("\n");
  failed = failed || !ok;
}

double relative(double x, double reference) {
  return std::fabs(x - reference) / std::max(std::fabs(reference), 1e-30);
}

} // namespace

int main() {
  const long long n = 1LL << 28;
  const double bytes = double(n) * sizeof(float);
  qd_bench::print_device();
  std::printf("reduction of 2^28 floats (%.0f MiB read), median of %d calls\n",
              bytes / (1 << 20), kReps);

  float *a, *cub_out, *qd_sums, *qd_maxes;
  QD_BENCH_CHECK(cudaMalloc(&a, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&cub_out, 2 * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&qd_sums, kSlots * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&qd_maxes, kSlots * sizeof(float)));
  QD_BENCH_CHECK(cudaMemset(qd_sums, 0, kSlots * sizeof(float)));
  QD_BENCH_CHECK(cudaMemset(qd_maxes, 0, kSlots * sizeof(float)));
  fill<<<4096, 256>>>(a, n);
  QD_BENCH_CHECK(cudaGetLastError());

  // The host's reference: a double sum and the max, in index order.
  double host_sum = 0;
  float host_max = -3.402823466e38f;
  {
    std::vector<float> h(static_cast<std::size_t>(n));
    QD_BENCH_CHECK(cudaMemcpy(h.data(), a, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (float x : h) {
      host_sum += x;
      host_max = std::max(host_max, x);
    }
  }

  cudaStream_t stream;
  QD_BENCH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  // CUB's temporary storage: one allocation that serves both, made here.
  const int items = static_cast<int>(n); // 32-bit offsets, CUB's fastest path
  std::size_t sum_bytes = 0, max_bytes = 0;
  QD_BENCH_CHECK(cub::DeviceReduce::Sum(nullptr, sum_bytes, a, cub_out, items, stream));
  QD_BENCH_CHECK(cub::DeviceReduce::Max(nullptr, max_bytes, a, cub_out + 1, items, stream));
  const std::size_t temp_bytes = std::max(sum_bytes, max_bytes);
  void* temp = nullptr;
  QD_BENCH_CHECK(cudaMalloc(&temp, temp_bytes));

  auto cub_sum = [&] {
    std::size_t size = temp_bytes;
    QD_BENCH_CHECK(cub::DeviceReduce::Sum(temp, size, a, cub_out, items, stream));
  };
  auto cub_max = [&] {
    std::size_t size = temp_bytes;
    QD_BENCH_CHECK(cub::DeviceReduce::Max(temp, size, a, cub_out + 1, items, stream));
  };
  // Every call of a translated kernel stores into the next slot.
  int sum_calls = 0, max_calls = 0;
  auto qd_sum = [&] {
    reduce_sum(a, n, qd_sums + std::min(sum_calls++, kSlots - 1), stream);
  };
  auto qd_max = [&] {
    reduce_max(a, n, qd_maxes + std::min(max_calls++, kSlots - 1), stream);
  };

  // Results first, from one call of each.
  cub_sum();
  cub_max();
  qd_sum();
  qd_max();
  QD_BENCH_CHECK(cudaStreamSynchronize(stream));
  float cub_result[2], qd_sum_first, qd_max_first;
  QD_BENCH_CHECK(cudaMemcpy(cub_result, cub_out, sizeof cub_result, cudaMemcpyDeviceToHost));
  QD_BENCH_CHECK(cudaMemcpy(&qd_sum_first, qd_sums, sizeof(float), cudaMemcpyDeviceToHost));
  QD_BENCH_CHECK(cudaMemcpy(&qd_max_first, qd_maxes, sizeof(float), cudaMemcpyDeviceToHost));
  check("max_equals_cub", qd_max_first == cub_result[1] && qd_max_first == host_max,
        "translated %.9g, CUB %.9g, host %.9g", qd_max_first, cub_result[1], host_max);
  check("sum_matches_cub", relative(qd_sum_first, cub_result[0]) <= 1e-4,
        "translated %.9g, CUB %.9g, relative difference %.2e (limit 1e-4)", qd_sum_first,
        cub_result[0], relative(qd_sum_first, cub_result[0]));
  check("sum_matches_host_double", relative(qd_sum_first, host_sum) <= 1e-4,
        "translated %.9g, host double %.12g, relative difference %.2e (limit 1e-4)",
        qd_sum_first, host_sum, relative(qd_sum_first, host_sum));

  auto report = [&](const char* name, double ms, double cub_ms) {
    std::printf("%-34s %8.1f GB/s  %.3f of CUB  (%.3f ms)\n", name, bytes / ms / 1e6,
                cub_ms / ms, ms);
  };
  const double cub_sum_ms = qd_bench::median_device_ms(cub_sum, stream, kReps);
  report("CUB DeviceReduce::Sum", cub_sum_ms, cub_sum_ms);
  report("qd-translate reduction(+)", qd_bench::median_device_ms(qd_sum, stream, kReps),
         cub_sum_ms);
  const double cub_max_ms = qd_bench::median_device_ms(cub_max, stream, kReps);
  report("CUB DeviceReduce::Max", cub_max_ms, cub_max_ms);
  report("qd-translate reduction(max)", qd_bench::median_device_ms(qd_max, stream, kReps),
         cub_max_ms);
  QD_BENCH_CHECK(cudaStreamSynchronize(stream));

  // Every call's result: the same bits.
  std::vector<float> sums(kSlots), maxes(kSlots);
  QD_BENCH_CHECK(cudaMemcpy(sums.data(), qd_sums, kSlots * sizeof(float), cudaMemcpyDeviceToHost));
  QD_BENCH_CHECK(cudaMemcpy(maxes.data(), qd_maxes, kSlots * sizeof(float), cudaMemcpyDeviceToHost));
  const int sum_n = std::min(sum_calls, kSlots), max_n = std::min(max_calls, kSlots);
  int sum_differ = 0, max_differ = 0;
  for (int c = 1; c < sum_n; ++c)
    sum_differ += std::memcmp(&sums[c], &sums[0], sizeof(float)) != 0;
  for (int c = 1; c < max_n; ++c)
    max_differ += std::memcmp(&maxes[c], &maxes[0], sizeof(float)) != 0;
  check("sum_bitwise_repeatable", sum_differ == 0 && sum_n == kSlots,
        "%d of %d calls differ from the first (%.9g)", sum_differ, sum_n, sums[0]);
  check("max_repeatable", max_differ == 0 && max_n == kSlots,
        "%d of %d calls differ from the first (%.9g)", max_differ, max_n, maxes[0]);

  QD_BENCH_CHECK(cudaGetLastError());
  QD_BENCH_CHECK(cudaStreamDestroy(stream));
  QD_BENCH_CHECK(cudaFree(temp));
  QD_BENCH_CHECK(cudaFree(a));
  QD_BENCH_CHECK(cudaFree(cub_out));
  QD_BENCH_CHECK(cudaFree(qd_sums));
  QD_BENCH_CHECK(cudaFree(qd_maxes));
  return failed ? 1 : 0;
}
