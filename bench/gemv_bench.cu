// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Matrix-vector products of a row-major n x n float matrix, y = A x and
// y = A^T x: the translated inner vector loops of bench/gemv.cpp
// (`#pragma qd loop vector reduction(+: t)`) against cublasSgemv, against a
// hand-written kernel per shape, and against the read rate of
// cub::DeviceReduce::Sum over the same n * n floats, in one process, on one
// non-blocking stream. cuBLAS is column-major: the row-major A is its A^T
// with lda = n, so y = A x is CUBLAS_OP_T and y = A^T x is CUBLAS_OP_N.
//
// Every variant's result is compared with cuBLAS's first (relative 1e-3 per
// element), and cuBLAS's with a double-precision host product at the main n.
// Then each variant is timed: a warm-up, then the median of kReps timings by
// events on the stream (cuda_bench_support.h); a timing covers `batch`
// back-to-back calls (64 at n <= 1024, 1 from n = 8192 on) so that the
// small sizes are not below the events' resolution, and is reported per call.
// The matrix stays in L2 from call to call up to n = 2048 (16 MiB), for
// CUB's read as well, so the rates there exceed the memory's.
//
// Output, one line per measurement:
//   gemv <shape> n=<n> <variant> <ms> ms <GB/s> GB/s <r> of cuBLAS <c> of CUB read
// <shape> is Ax (y = A x), Atx (y = A^T x) or read (CUB's sum over A);
// GB/s is (n * n + 2 n) * 4 bytes over the time (n * n * 4 for CUB);
// "of cuBLAS" is cuBLAS's time over the variant's for the same shape (target
// for qd_vector: at least 0.90); "of CUB read" is the variant's GB/s over
// CUB's (target: at least 0.67). Variants: cublas, hand (warp per row for Ax,
// coalesced columns for Atx), qd_vector (default vector_length, 32),
// qd_plain (the same loop without `vector`: a thread per row or column),
// qd_vector_len<N> (the vector_length sweep, at n = 8192 only).
// Sections: the main size (n = 8192), the vector_length sweep, the n sweep
// (256 to 16384, default vector_length), then `target ...` lines for the main
// size. Checks print `check gemv_bench.<name> PASS|FAIL <detail>`; exit
// status 1 if one failed.
#include <qd/qd.h>

#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cublas_bench_support.h"
#include "cuda_bench_support.h"

void gemv_vector(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_plain(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_vector_4(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_vector_8(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_vector_16(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_vector_64(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_vector_128(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_vector(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_plain(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_vector_4(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_vector_8(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_vector_16(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_vector_64(int n, const float* A, const float* x, float* y, qd::StreamRef stream);
void gemv_t_vector_128(int n, const float* A, const float* x, float* y, qd::StreamRef stream);


namespace {

constexpr int kReps = 20;
constexpr int kMainN = 8192;
constexpr int kMaxN = 16384;
constexpr int kSizes[] = {256, 512, 1024, 2048, 4096, 8192, 16384};
constexpr double kTolerance = 1e-3;

using QdGemv = void (*)(int, const float*, const float*, float*, qd::StreamRef);

struct QdVariant {
  const char* name;
  QdGemv ax;  // y = A x
  QdGemv atx; // y = A^T x
};
const QdVariant kMain[] = {
    {"qd_vector", gemv_vector, gemv_t_vector},
    {"qd_plain", gemv_plain, gemv_t_plain},
};
const QdVariant kLengths[] = {
    {"qd_vector_len4", gemv_vector_4, gemv_t_vector_4},
    {"qd_vector_len8", gemv_vector_8, gemv_t_vector_8},
    {"qd_vector_len16", gemv_vector_16, gemv_t_vector_16},
    {"qd_vector_len32", gemv_vector, gemv_t_vector},
    {"qd_vector_len64", gemv_vector_64, gemv_t_vector_64},
    {"qd_vector_len128", gemv_vector_128, gemv_t_vector_128},
};

// Fixed pseudo-random values in [-0.25, 1): a 32-bit hash of the index and
// a seed.
__global__ void fill(float* a, long long n, std::uint32_t seed) {
  const long long stride = static_cast<long long>(blockDim.x) * gridDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u + seed;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    a[i] = static_cast<float>(h >> 8) * (1.25f / 16777216.0f) - 0.25f;
  }
}

// y = A x as a CUDA programmer writes it: a warp per row, each lane taking
// every 32nd element of the row, then a shuffle sum.
__global__ void __launch_bounds__(256)
    gemv_warp_row(int n, const float* __restrict__ A, const float* __restrict__ x,
                  float* __restrict__ y) {
  const int row = blockIdx.x * 8 + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= n)
    return;
  const float* a = A + static_cast<std::size_t>(row) * n;
  float t = 0.f;
  for (int j = lane; j < n; j += 32)
    t += a[j] * x[j];
  for (int offset = 16; offset > 0; offset /= 2)
    t += __shfl_down_sync(0xffffffffu, t, offset);
  if (lane == 0)
    y[row] = t;
}

void launch_warp_row(int n, const float* A, const float* x, float* y, cudaStream_t stream) {
  gemv_warp_row<<<(n + 7) / 8, 256, 0, stream>>>(n, A, x, y);
}

// y = A^T x, coalesced: a block of 32 x 32 threads takes 32 neighbouring
// columns, threadIdx.x the column and threadIdx.y every 32nd row, so that a
// warp reads 128 contiguous bytes of a row; the 32 partial sums of a column
// are added in shared memory.
__global__ void __launch_bounds__(1024)
    gemv_t_columns(int n, const float* __restrict__ A, const float* __restrict__ x,
                   float* __restrict__ y) {
  __shared__ float partial[32][33];
  const int col = blockIdx.x * 32 + threadIdx.x;
  float t = 0.f;
  if (col < n)
    for (int i = threadIdx.y; i < n; i += 32)
      t += A[static_cast<std::size_t>(i) * n + col] * x[i];
  partial[threadIdx.y][threadIdx.x] = t;
  __syncthreads();
  if (threadIdx.y == 0 && col < n) {
    float sum = 0.f;
    for (int r = 0; r < 32; ++r)
      sum += partial[r][threadIdx.x];
    y[col] = sum;
  }
}

void launch_t_columns(int n, const float* A, const float* x, float* y, cudaStream_t stream) {
  gemv_t_columns<<<(n + 31) / 32, dim3(32, 32), 0, stream>>>(n, A, x, y);
}

bool failed = false;

void check(const char* name, bool ok, const char* fmt, ...) {
  std::printf("check gemv_bench.%s %s ", name, ok ? "PASS" : "FAIL");
  va_list args;
  va_start(args, fmt);
  std::vprintf(fmt, args);
  va_end(args);
  std::printf("\n");
  failed = failed || !ok;
}

// The largest relative difference of `got` from `want`, element by element
// (against at least 1 in magnitude); NaN counts as infinitely far.
double max_relative(const std::vector<float>& got, const std::vector<float>& want) {
  double worst = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const double d = std::fabs(double(got[i]) - double(want[i])) /
                     std::max(std::fabs(double(want[i])), 1.0);
    if (!(d <= worst))
      worst = std::isnan(d) ? INFINITY : d;
  }
  return worst;
}

std::vector<float> to_host(const float* d, int n) {
  std::vector<float> h(static_cast<std::size_t>(n));
  QD_BENCH_CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  return h;
}

} // namespace

int main() {
  qd_bench::print_device();
  std::printf("gemv, row-major float A (n x n), y = A x (Ax) and y = A^T x (Atx); "
              "median of %d timings per variant\n",
              kReps);

  const long long max_elems = static_cast<long long>(kMaxN) * kMaxN;
  float *A, *x, *y_ref, *y, *cub_out;
  QD_BENCH_CHECK(cudaMalloc(&A, max_elems * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&x, kMaxN * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&y_ref, kMaxN * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&y, kMaxN * sizeof(float)));
  QD_BENCH_CHECK(cudaMalloc(&cub_out, sizeof(float)));
  fill<<<4096, 256>>>(A, max_elems, 0x9E3779B9u);
  fill<<<64, 256>>>(x, kMaxN, 0x7F4A7C15u);
  QD_BENCH_CHECK(cudaGetLastError());
  QD_BENCH_CHECK(cudaDeviceSynchronize());

  cudaStream_t stream;
  QD_BENCH_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cublasHandle_t handle;
  QD_BENCH_CUBLAS(cublasCreate(&handle));
  QD_BENCH_CUBLAS(cublasSetStream(handle, stream));
  // CUB's temporary storage: one allocation for every size, made here.
  std::size_t temp_bytes = 0;
  for (int n : kSizes) {
    std::size_t bytes = 0;
    QD_BENCH_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, A, cub_out, n * n, stream));
    temp_bytes = std::max(temp_bytes, bytes);
  }
  void* temp = nullptr;
  QD_BENCH_CHECK(cudaMalloc(&temp, temp_bytes));

  const float one = 1.f, zero = 0.f;
  auto cublas = [&](bool transposed, int n, float* out) {
    // Row-major A is cuBLAS's column-major A^T: y = A x is its OP_T.
    QD_BENCH_CUBLAS(cublasSgemv(handle, transposed ? CUBLAS_OP_N : CUBLAS_OP_T, n, n, &one,
                                A, n, x, 1, &zero, out, 1));
  };
  auto hand = [&](bool transposed, int n, float* out) {
    if (transposed)
      launch_t_columns(n, A, x, out, stream);
    else
      launch_warp_row(n, A, x, out, stream);
  };
  auto qd = [&](const QdVariant& v, bool transposed, int n, float* out) {
    (transposed ? v.atx : v.ax)(n, A, x, out, stream);
  };
  auto cub_sum = [&](int n) {
    std::size_t size = temp_bytes;
    QD_BENCH_CHECK(cub::DeviceReduce::Sum(temp, size, A, cub_out, n * n, stream));
  };

  // Device ms per call of run(), in batches of back-to-back calls.
  const char* batch_env = std::getenv("QD_GEMV_MIN_BATCH");
  const int min_batch = batch_env ? std::max(1, std::atoi(batch_env)) : 1;
  auto time_ms = [&](int n, auto run) {
    const int batch = std::clamp(kMainN / n * (kMainN / n), min_batch, 64);
    return qd_bench::median_device_ms(
               [&] {
                 for (int c = 0; c < batch; ++c)
                   run();
               },
               stream, kReps) /
           batch;
  };

  // --- results, every size: each variant against cuBLAS ---
  const char* shapes[2] = {"Ax", "Atx"};
  for (int n : kSizes) {
    for (int t = 0; t < 2; ++t) {
      const bool transposed = t == 1;
      cublas(transposed, n, y_ref);
      QD_BENCH_CHECK(cudaStreamSynchronize(stream));
      const std::vector<float> want = to_host(y_ref, n);
      if (n == kMainN) {
        // cuBLAS itself, against a double-precision product on the host.
        std::vector<float> ha(static_cast<std::size_t>(n) * n), hx(n);
        QD_BENCH_CHECK(cudaMemcpy(ha.data(), A, ha.size() * sizeof(float),
                                  cudaMemcpyDeviceToHost));
        QD_BENCH_CHECK(cudaMemcpy(hx.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
        std::vector<double> acc(static_cast<std::size_t>(n), 0.0);
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j) {
            const double a = ha[static_cast<std::size_t>(i) * n + j];
            if (transposed)
              acc[j] += a * hx[i];
            else
              acc[i] += a * hx[j];
          }
        std::vector<float> host(acc.begin(), acc.end());
        const double d = max_relative(want, host);
        char name[64];
        std::snprintf(name, sizeof name, "%s.n%d.cublas_matches_host_double", shapes[t], n);
        check(name, d <= kTolerance, "largest relative difference %.2e (limit %.0e)", d,
              kTolerance);
      }
      // Each variant writes over NaNs (all bits set) first.
      int compared = 0;
      double worst = 0;
      const char* worst_name = "";
      auto compare = [&](const char* name, auto run) {
        QD_BENCH_CHECK(cudaMemsetAsync(y, 0xFF, n * sizeof(float), stream));
        run();
        QD_BENCH_CHECK(cudaStreamSynchronize(stream));
        const double d = max_relative(to_host(y, n), want);
        ++compared;
        if (!(d <= worst)) {
          worst = d;
          worst_name = name;
        }
        if (!(d <= kTolerance)) {
          char check_name[96];
          std::snprintf(check_name, sizeof check_name, "%s.n%d.%s_matches_cublas", shapes[t],
                        n, name);
          check(check_name, false, "largest relative difference %.2e (limit %.0e)", d,
                kTolerance);
        }
      };
      compare("hand", [&] { hand(transposed, n, y); });
      for (const QdVariant& v : kMain)
        compare(v.name, [&] { qd(v, transposed, n, y); });
      if (n == kMainN)
        for (const QdVariant& v : kLengths)
          compare(v.name, [&] { qd(v, transposed, n, y); });
      char name[64];
      std::snprintf(name, sizeof name, "%s.n%d.all_match_cublas", shapes[t], n);
      check(name, worst <= kTolerance,
            "%d variants, largest relative difference %.2e (%s; limit %.0e)", compared, worst,
            worst_name, kTolerance);
    }
  }

  // --- timings ---
  struct Base {
    double cub_ms, cublas_ms[2];
  };
  auto bytes_of = [](int n) { return (double(n) * n + 2.0 * n) * sizeof(float); };
  auto measure_base = [&](int n) {
    Base b;
    b.cub_ms = time_ms(n, [&] { cub_sum(n); });
    const double read = double(n) * n * sizeof(float);
    std::printf("gemv %-4s n=%-5d %-18s %9.4f ms %8.1f GB/s      - of cuBLAS  1.000 of CUB read\n",
                "read", n, "cub_sum", b.cub_ms, read / b.cub_ms / 1e6);
    for (int t = 0; t < 2; ++t)
      b.cublas_ms[t] = time_ms(n, [&] { cublas(t == 1, n, y); });
    return b;
  };
  // Prints one line and returns the ratio to cuBLAS.
  auto report = [&](const Base& b, int t, int n, const char* name, double ms) {
    const double gbs = bytes_of(n) / ms / 1e6;
    const double cub_gbs = double(n) * n * sizeof(float) / b.cub_ms / 1e6;
    std::printf("gemv %-4s n=%-5d %-18s %9.4f ms %8.1f GB/s  %5.3f of cuBLAS  %5.3f of CUB read\n",
                shapes[t], n, name, ms, gbs, b.cublas_ms[t] / ms, gbs / cub_gbs);
    return b.cublas_ms[t] / ms;
  };

  std::printf("== main size, n = %d (%.1f MiB matrix)\n", kMainN,
              double(kMainN) * kMainN * sizeof(float) / (1 << 20));
  const Base main_base = measure_base(kMainN);
  double main_ratio[2][2], main_of_cub[2][2];
  for (int t = 0; t < 2; ++t) {
    const bool transposed = t == 1;
    report(main_base, t, kMainN, "cublas", main_base.cublas_ms[t]);
    report(main_base, t, kMainN, "hand",
           time_ms(kMainN, [&] { hand(transposed, kMainN, y); }));
    for (int v = 0; v < 2; ++v) {
      const double ms = time_ms(kMainN, [&] { qd(kMain[v], transposed, kMainN, y); });
      main_ratio[t][v] = report(main_base, t, kMainN, kMain[v].name, ms);
      main_of_cub[t][v] = bytes_of(kMainN) / ms / (double(kMainN) * kMainN * sizeof(float) /
                                                   main_base.cub_ms);
    }
  }

  std::printf("== vector_length sweep, n = %d\n", kMainN);
  for (int t = 0; t < 2; ++t)
    for (const QdVariant& v : kLengths)
      report(main_base, t, kMainN, v.name,
             time_ms(kMainN, [&] { qd(v, t == 1, kMainN, y); }));

  std::printf("== n sweep, default vector_length\n");
  for (int n : kSizes) {
    const Base b = measure_base(n);
    for (int t = 0; t < 2; ++t) {
      const bool transposed = t == 1;
      report(b, t, n, "cublas", b.cublas_ms[t]);
      report(b, t, n, "hand", time_ms(n, [&] { hand(transposed, n, y); }));
      report(b, t, n, "qd_vector", time_ms(n, [&] { qd(kMain[0], transposed, n, y); }));
    }
  }

  std::printf("== targets, n = %d\n", kMainN);
  for (int t = 0; t < 2; ++t)
    for (int v = 0; v < 2; ++v)
      std::printf("target %-3s %-9s %.3f of cuBLAS (>= 0.90: %s)  %.3f of CUB read (>= 0.67: %s)\n",
                  shapes[t], kMain[v].name, main_ratio[t][v],
                  main_ratio[t][v] >= 0.90 ? "met" : "missed", main_of_cub[t][v],
                  main_of_cub[t][v] >= 0.67 ? "met" : "missed");

  QD_BENCH_CHECK(cudaStreamSynchronize(stream));
  QD_BENCH_CHECK(cudaGetLastError());
  QD_BENCH_CUBLAS(cublasDestroy(handle));
  QD_BENCH_CHECK(cudaStreamDestroy(stream));
  QD_BENCH_CHECK(cudaFree(temp));
  QD_BENCH_CHECK(cudaFree(A));
  QD_BENCH_CHECK(cudaFree(x));
  QD_BENCH_CHECK(cudaFree(y_ref));
  QD_BENCH_CHECK(cudaFree(y));
  QD_BENCH_CHECK(cudaFree(cub_out));
  return failed ? 1 : 0;
}
