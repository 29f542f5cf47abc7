// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write bandwidth of a collapse(2) fill of a 16384 x 16384 float grid
// (bench/collapse.cpp, translated) against a hand-written 2-D-grid kernel,
// in one process; and the same nest without collapse, one thread per row.
// The results are compared element for element before anything is timed.
//
// Prints one line per variant: "<name> <GB/s> <ratio to hand-written>".
#include <qd/qd.h>

#include <algorithm>
#include <cstdio>

#include "cuda_bench_support.h"

void fill_collapsed(float* a, int h, int w, qd::StreamRef stream);
void fill_rows(float* a, int h, int w, qd::StreamRef stream);

namespace {

// The kernel a CUDA programmer writes for a 2-D grid: a 32 x 8 block, one
// element per thread, x fastest so that a warp writes 128 contiguous bytes.
__global__ void __launch_bounds__(256)
    fill_hand(float* __restrict__ a, int h, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    a[y * w + x] = float(y) + 0.5f * float(x);
}

void launch_hand(float* a, int h, int w) {
  const dim3 block(32, 8);
  const dim3 grid((w + 31) / 32, (h + 7) / 8);
  fill_hand<<<grid, block>>>(a, h, w);
}

// A stronger hand-written variant: the same 32 x 8 blocks, each thread
// writing kRows rows, a quarter of the blocks to schedule.
constexpr int kRows = 4;
__global__ void __launch_bounds__(256)
    fill_hand_rows(float* __restrict__ a, int h, int w) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y0 = blockIdx.y * blockDim.y * kRows + threadIdx.y;
  if (x >= w)
    return;
  for (int r = 0; r < kRows; ++r) {
    const int y = y0 + r * blockDim.y;
    if (y < h)
      a[y * w + x] = float(y) + 0.5f * float(x);
  }
}

void launch_hand_rows(float* a, int h, int w) {
  const dim3 block(32, 8);
  const dim3 grid((w + 31) / 32, (h + 8 * kRows - 1) / (8 * kRows));
  fill_hand_rows<<<grid, block>>>(a, h, w);
}

// The loop shape of generated collapse(2) code with the index arithmetic in
// 32 bits: how much of the gap to the 4-rows kernel the 64-bit cursor costs.
__global__ void __launch_bounds__(256)
    fill_cursor32(float* a, int h, int w) {
  const unsigned count1 = unsigned(w), total = unsigned(h) * unsigned(w);
  const unsigned first = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned stride = blockDim.x * gridDim.x;
  unsigned i0 = first / count1, i1 = first % count1;
  const unsigned s0 = stride / count1, s1 = stride % count1;
  for (unsigned flat = first; flat < total; flat += stride) {
    const int y = int(i0), x = int(i1);
    a[y * w + x] = float(y) + 0.5f * float(x);
    const unsigned room = count1 - i1;
    if (s1 >= room) {
      i1 = s1 - room;
      i0 += s0 + 1;
    } else {
      i1 += s1;
      i0 += s0;
    }
  }
}

void launch_cursor32(float* a, int h, int w, int sms) {
  const unsigned total = unsigned(h) * unsigned(w);
  const unsigned grid = std::min<unsigned>((total + 255) / 256, 8u * sms);
  fill_cursor32<<<grid, 256>>>(a, h, w);
}

bool same(const float* x, const float* y, std::size_t n, const char* what) {
  return qd_bench::same_bits(x, y, n, "collapse_bench", what, "the hand-written fill");
}

} // namespace

int main() {
  const int h = 16384, w = 16384;
  const std::size_t n = std::size_t(h) * w;
  const double bytes = double(n) * sizeof(float);
  float *a, *b;
  QD_BENCH_CHECK(cudaMalloc(&a, n * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&b, n * sizeof(float)));
  qd_bench::print_device();
  std::printf("fill of %d x %d floats\n", h, w);

  launch_hand(a, h, w);
  QD_BENCH_CHECK(cudaMemset(b, 0, n * sizeof(float)));
  fill_collapsed(b, h, w, {});
  bool ok = same(a, b, n, "collapse(2) fill");
  QD_BENCH_CHECK(cudaMemset(b, 0, n * sizeof(float)));
  fill_rows(b, h, w, {});
  ok = same(a, b, n, "row-per-thread fill") && ok;
  QD_BENCH_CHECK(cudaMemset(b, 0, n * sizeof(float)));
  launch_hand_rows(b, h, w);
  ok = same(a, b, n, "4-rows-per-thread hand-written fill") && ok;
  int device = 0, sms = 0;
  QD_BENCH_CHECK(cudaGetDevice(&device));
  QD_BENCH_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  QD_BENCH_CHECK(cudaMemset(b, 0, n * sizeof(float)));
  launch_cursor32(b, h, w, sms);
  ok = same(a, b, n, "32-bit cursor fill") && ok;
  if (!ok)
    return 1;

  const double hand = qd_bench::median_device_ms([&] { launch_hand(a, h, w); });
  auto report = [&](const char* name, double ms) {
    std::printf("%-34s %8.1f GB/s  %.3f of hand-written  (%.3f ms)\n", name,
                bytes / ms / 1e6, hand / ms, ms);
  };
  report("hand-written 2-D grid (32x8)", hand);
  report("hand-written, 4 rows per thread",
         qd_bench::median_device_ms([&] { launch_hand_rows(a, h, w); }));
  report("qd-translate collapse(2)",
         qd_bench::median_device_ms([&] { fill_collapsed(a, h, w, {}); }));
  report("generated shape, 32-bit cursor",
         qd_bench::median_device_ms([&] { launch_cursor32(a, h, w, sms); }));
  report("qd-translate, no collapse (rows)",
         qd_bench::median_device_ms([&] { fill_rows(a, h, w, {}); }, nullptr, 3));
  QD_BENCH_CHECK(cudaGetLastError());
  QD_BENCH_CHECK(cudaFree(a));
  QD_BENCH_CHECK(cudaFree(b));
  return 0;
}
