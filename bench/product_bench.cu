// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A float matrix product (bench/product.cpp, translated) against
// hand-written CUDA and cublasSgemm (FP32, no TF32), in one process (issue
// 25's target: at least 0.5 of cublasSgemm's speed at n = 1024 and 4096).
// The translated products use the same arithmetic in the same order as the
// hand-written kernels and are compared with them bit for bit before
// anything is timed; cuBLAS sums in another order and is compared within a
// relative tolerance.
//
// Prints one line per variant: "<name> <ms> <TFLOP/s> <x of cuBLAS's speed>".
#include <qd/qd.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "cublas_bench_support.h"
#include "cuda_bench_support.h"

void product(const float* a, const float* b, float* c, int n, qd::StreamRef stream);
void product_one(const float* a, const float* b, float* c, int n, qd::StreamRef stream);

namespace {

// One output per thread on a 16 x 16 block, as a CUDA programmer writes it.
__global__ void __launch_bounds__(256)
    product_hand(const float* __restrict__ a, const float* __restrict__ b,
                 float* __restrict__ c, int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n)
    return;
  float s = 0.f;
  for (int k = 0; k < n; ++k)
    s += a[i * n + k] * b[k * n + j];
  c[i * n + j] = s;
}

// The reference the issue measured: a 64 x 64 shared-memory tile, 4 x 4
// outputs per thread. Sizes must be multiples of 64.
__global__ void __launch_bounds__(256)
    product_hand_tiled(const float* __restrict__ a, const float* __restrict__ b,
                       float* __restrict__ c, int n) {
  __shared__ float as[16][65], bs[16][64];
  const int ty = threadIdx.x / 16, tx = threadIdx.x % 16;
  const int i0 = blockIdx.y * 64, j0 = blockIdx.x * 64;
  float s[4][4] = {};
  for (int k0 = 0; k0 < n; k0 += 16) {
    for (int l = threadIdx.x; l < 16 * 64; l += 256) {
      as[l % 16][l / 16] = a[(i0 + l / 16) * n + k0 + l % 16];
      bs[l / 64][l % 64] = b[(k0 + l / 64) * n + j0 + l % 64];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < 16; ++kk) {
      float ra[4], rb[4];
#pragma unroll
      for (int r = 0; r < 4; ++r) {
        ra[r] = as[kk][ty + 16 * r];
        rb[r] = bs[kk][tx + 16 * r];
      }
#pragma unroll
      for (int r = 0; r < 4; ++r)
#pragma unroll
        for (int q = 0; q < 4; ++q)
          s[r][q] += ra[r] * rb[q];
    }
    __syncthreads();
  }
#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int q = 0; q < 4; ++q)
      c[(i0 + ty + 16 * r) * n + j0 + tx + 16 * q] = s[r][q];
}

// The shape public SIMT SGEMM work reaches cuBLAS's neighbourhood with: a
// 128 x 128 tile per block of 256 threads, 8 x 8 outputs per thread in four
// 4 x 4 quadrants (rows ty * 4 + r and 64 + ty * 4 + r, columns alike), so
// that each k step reads its operands from shared memory as 16-byte vectors
// without bank conflicts; chunks of 8 k, a stored k-major (transposed on the
// way in), both double-buffered in shared memory, with the next chunk's
// global loads in registers while the current chunk is computed. Each output
// still sums its k terms in order, so the result equals product_hand's bit
// for bit. Sizes must be multiples of 128.
constexpr int kWide = 128, kWideChunk = 8, kWidePad = 4;
__global__ void __launch_bounds__(256, 2)
    product_hand_128(const float* __restrict__ a, const float* __restrict__ b,
                     float* __restrict__ c, int n) {
  __shared__ __align__(16) float as[2][kWideChunk][kWide + kWidePad];
  __shared__ __align__(16) float bs[2][kWideChunk][kWide + kWidePad];
  const int t = threadIdx.x, ty = t / 16, tx = t % 16;
  const int i0 = blockIdx.y * kWide, j0 = blockIdx.x * kWide;
  // What each thread loads per chunk: 4 consecutive k of a row of a, 4
  // consecutive columns of a row of b.
  const int a_row = t / 2, a_k = t % 2 * 4, b_k = t / 32, b_col = t % 32 * 4;
  const float* a_next = a + std::size_t(i0 + a_row) * n + a_k;
  const float* b_next = b + std::size_t(b_k) * n + j0 + b_col;
  float4 ra = *reinterpret_cast<const float4*>(a_next);
  float4 rb = *reinterpret_cast<const float4*>(b_next);
  auto stage = [&](int buffer) {
    as[buffer][a_k + 0][a_row] = ra.x;
    as[buffer][a_k + 1][a_row] = ra.y;
    as[buffer][a_k + 2][a_row] = ra.z;
    as[buffer][a_k + 3][a_row] = ra.w;
    *reinterpret_cast<float4*>(&bs[buffer][b_k][b_col]) = rb;
  };
  stage(0);
  __syncthreads();
  float s[8][8] = {};
  for (int k0 = 0, buffer = 0; k0 < n; k0 += kWideChunk, buffer ^= 1) {
    const bool more = k0 + kWideChunk < n;
    if (more) {
      a_next += kWideChunk;
      b_next += std::size_t(kWideChunk) * n;
      ra = *reinterpret_cast<const float4*>(a_next);
      rb = *reinterpret_cast<const float4*>(b_next);
    }
#pragma unroll
    for (int kk = 0; kk < kWideChunk; ++kk) {
      const float4 a_lo = *reinterpret_cast<const float4*>(&as[buffer][kk][ty * 4]);
      const float4 a_hi = *reinterpret_cast<const float4*>(&as[buffer][kk][64 + ty * 4]);
      const float4 b_lo = *reinterpret_cast<const float4*>(&bs[buffer][kk][tx * 4]);
      const float4 b_hi = *reinterpret_cast<const float4*>(&bs[buffer][kk][64 + tx * 4]);
      const float fa[8] = {a_lo.x, a_lo.y, a_lo.z, a_lo.w, a_hi.x, a_hi.y, a_hi.z, a_hi.w};
      const float fb[8] = {b_lo.x, b_lo.y, b_lo.z, b_lo.w, b_hi.x, b_hi.y, b_hi.z, b_hi.w};
#pragma unroll
      for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int q = 0; q < 8; ++q)
          s[r][q] += fa[r] * fb[q];
    }
    // The other buffer was last read before the previous barrier.
    if (more)
      stage(buffer ^ 1);
    __syncthreads();
  }
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    float* row = c + std::size_t(i0 + r / 4 * 64 + ty * 4 + r % 4) * n + j0;
    *reinterpret_cast<float4*>(row + tx * 4) = make_float4(s[r][0], s[r][1], s[r][2], s[r][3]);
    *reinterpret_cast<float4*>(row + 64 + tx * 4) =
        make_float4(s[r][4], s[r][5], s[r][6], s[r][7]);
  }
}

bool same(const float* x, const float* y, std::size_t n, const char* what) {
  return qd_bench::same_bits(x, y, n, "product_bench", what, "the hand-written kernel");
}

// cuBLAS sums in its own order: each element within a relative 1e-4 of the
// length of its terms' magnitudes.
bool close(const float* x, const float* y, std::size_t n, int len, const char* what) {
  const std::vector<float> hx = qd_bench::to_host(x, n), hy = qd_bench::to_host(y, n);
  for (std::size_t i = 0; i < n; ++i)
    if (std::fabs(hx[i] - hy[i]) > 1e-4f * float(len) * 0.25f) {
      std::fprintf(stderr, "product_bench: %s differs at %zu: %g against %g\n", what, i,
                   double(hx[i]), double(hy[i]));
      return false;
    }
  return true;
}

} // namespace

int main() {
  qd_bench::print_device();
  cublasHandle_t handle;
  QD_BENCH_CUBLAS(cublasCreate(&handle));
  // FP32 as written: no TF32 tensor-core shortcut.
  QD_BENCH_CUBLAS(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
  for (const int n : {512, 1024, 2048, 4096}) {
    const std::size_t cells = std::size_t(n) * n;
    float* a = qd_bench::device_pattern(cells, 1);
    float* b = qd_bench::device_pattern(cells, 2);
    float *ref, *c;
    QD_BENCH_CHECK(cudaMalloc(&ref, cells * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&c, cells * sizeof(float)));
    const float one = 1.f, zero = 0.f;
    // Row-major c = a b is column-major c^T = b^T a^T.
    auto cublas = [&] {
      QD_BENCH_CUBLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b, n, a, n,
                                  &zero, c, n));
    };
    auto hand = [&] { product_hand<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(a, b, ref, n); };
    auto tiled = [&] { product_hand_tiled<<<dim3(n / 64, n / 64), 256>>>(a, b, c, n); };
    auto wide = [&] { product_hand_128<<<dim3(n / kWide, n / kWide), 256>>>(a, b, c, n); };
    bool ok = true;
    hand();
    for (auto run : {+[](const float* x, const float* y, float* z, int m) { product(x, y, z, m, {}); },
                     +[](const float* x, const float* y, float* z, int m) { product_one(x, y, z, m, {}); }}) {
      QD_BENCH_CHECK(cudaMemset(c, 0, cells * sizeof(float)));
      run(a, b, c, n);
      ok = same(ref, c, cells, "qd product") && ok;
    }
    QD_BENCH_CHECK(cudaMemset(c, 0, cells * sizeof(float)));
    tiled();
    ok = same(ref, c, cells, "hand-written tiled product") && ok;
    QD_BENCH_CHECK(cudaMemset(c, 0, cells * sizeof(float)));
    wide();
    ok = same(ref, c, cells, "hand-written 128x128 product") && ok;
    QD_BENCH_CHECK(cudaMemset(c, 0, cells * sizeof(float)));
    cublas();
    ok = close(ref, c, cells, n, "cublasSgemm") && ok;
    if (!ok)
      return 1;
    const double flops = 2.0 * double(n) * n * n;
    const double base = qd_bench::median_device_ms(cublas, nullptr, 10);
    auto report = [&](const char* name, double ms) {
      std::printf("%-44s %9.3f ms  %6.2f TFLOP/s  %.3f of cuBLAS\n", name, ms,
                  flops / ms * 1e-9, base / ms);
    };
    std::printf("float product, n = %d\n", n);
    report("cublasSgemm (FP32, pedantic)", base);
    report("hand-written, one output per thread", qd_bench::median_device_ms(hand, nullptr, 10));
    report("hand-written, 64x64 tile, 4x4 per thread", qd_bench::median_device_ms(tiled, nullptr, 10));
    report("hand-written, 128x128 tile, 8x8 per thread", qd_bench::median_device_ms(wide, nullptr, 10));
    report("qd-translate collapse(2) (tiled)",
           qd_bench::median_device_ms([&] { product(a, b, c, n, {}); }, nullptr, 10));
    report("qd-translate collapse(2) tile(off) coarsen(1)",
           qd_bench::median_device_ms([&] { product_one(a, b, c, n, {}); }, nullptr, 10));
    QD_BENCH_CHECK(cudaFree(a));
    QD_BENCH_CHECK(cudaFree(b));
    QD_BENCH_CHECK(cudaFree(ref));
    QD_BENCH_CHECK(cudaFree(c));
  }
  QD_BENCH_CUBLAS(cublasDestroy(handle));
  return 0;
}
