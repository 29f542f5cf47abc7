// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// PolyBench's doitgen and fdtd-2d (bench/polybench.cpp, translated in stream
// mode and with --graphs) against CUDA of the design GPU PolyBench suites
// publish for them, in one process (issue 45: at least as fast). The
// translations use the same arithmetic in the same order as the hand-written
// kernels and are compared with them bit for bit before anything is timed.
//
//   doitgen  nr = nq = np = 256: PolyBench-ACC's CUDA, one kernel per r over
//            (p, q), one thread per output running its product over s, and
//            a second kernel per r copying sum back into a;
//   fdtd-2d  2048 x 2048, 500 steps: GPU PolyBench's CUDA, three kernels per
//            step on 32 x 8 blocks, as published (the host waits for each
//            kernel) and without those waits.
//
// Prints one line per variant: "<name> <ms> <x of the peer's speed>".
#include <qd/qd.h>

#include <cstdio>
#include <vector>

#include "cuda_bench_support.h"

void doitgen(float* a, const float* c4, float* sum, int nr, int nq, int np, qd::StreamRef stream);
void doitgen_graph(float* a, const float* c4, float* sum, int nr, int nq, int np,
                   qd::StreamRef stream);
void fdtd2d(float* ex, float* ey, float* hz, const float* fict, int nx, int ny, int tmax,
            qd::StreamRef stream);
void fdtd2d_graph(float* ex, float* ey, float* hz, const float* fict, int nx, int ny, int tmax,
                  qd::StreamRef stream);

namespace {

__global__ void doitgen_sum(float* __restrict__ sum, const float* __restrict__ a,
                            const float* __restrict__ c4, int nq, int np, int r) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const int q = blockIdx.y * blockDim.y + threadIdx.y;
  if (p >= np || q >= nq)
    return;
  float s = 0.0f;
  for (int k = 0; k < np; ++k)
    s += a[(r * nq + q) * np + k] * c4[k * np + p];
  sum[(r * nq + q) * np + p] = s;
}

__global__ void doitgen_copy(float* __restrict__ a, const float* __restrict__ sum, int nq,
                             int np, int r) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  const int q = blockIdx.y * blockDim.y + threadIdx.y;
  if (p < np && q < nq)
    a[(r * nq + q) * np + p] = sum[(r * nq + q) * np + p];
}

void doitgen_peer(float* a, const float* c4, float* sum, int nr, int nq, int np) {
  const dim3 block(32, 8), grid((np + 31) / 32, (nq + 7) / 8);
  for (int r = 0; r < nr; ++r) {
    doitgen_sum<<<grid, block>>>(sum, a, c4, nq, np, r);
    doitgen_copy<<<grid, block>>>(a, sum, nq, np, r);
  }
}

__global__ void fdtd_ey(const float* __restrict__ fict, float* __restrict__ ey,
                        const float* __restrict__ hz, int nx, int ny, int t) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny)
    return;
  if (i == 0)
    ey[j] = fict[t];
  else
    ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
}

__global__ void fdtd_ex(float* __restrict__ ex, const float* __restrict__ hz, int nx, int ny) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny && j > 0)
    ex[i * (ny + 1) + j] = ex[i * (ny + 1) + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

__global__ void fdtd_hz(const float* __restrict__ ex, const float* __restrict__ ey,
                        float* __restrict__ hz, int nx, int ny) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny)
    hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * (ny + 1) + j + 1] - ex[i * (ny + 1) + j] +
                                              ey[(i + 1) * ny + j] - ey[i * ny + j]);
}

void fdtd_peer(float* ex, float* ey, float* hz, const float* fict, int nx, int ny, int tmax,
               bool wait_each) {
  const dim3 block(32, 8), grid((ny + 31) / 32, (nx + 7) / 8);
  for (int t = 0; t < tmax; ++t) {
    fdtd_ey<<<grid, block>>>(fict, ey, hz, nx, ny, t);
    if (wait_each)
      QD_BENCH_CHECK(cudaDeviceSynchronize());
    fdtd_ex<<<grid, block>>>(ex, hz, nx, ny);
    if (wait_each)
      QD_BENCH_CHECK(cudaDeviceSynchronize());
    fdtd_hz<<<grid, block>>>(ex, ey, hz, nx, ny);
    if (wait_each)
      QD_BENCH_CHECK(cudaDeviceSynchronize());
  }
}

// A fresh copy of `init` (n floats) in `to`.
void reset(float* to, const float* init, std::size_t n) {
  QD_BENCH_CHECK(cudaMemcpy(to, init, n * sizeof(float), cudaMemcpyDeviceToDevice));
}

} // namespace

int main() {
  qd_bench::print_device();
  bool ok = true;
  auto report = [](const char* name, double ms, double peer_ms) {
    std::printf("%-48s %9.3f ms  %.3f of the peer's speed\n", name, ms, peer_ms / ms);
  };

  {
    const int n = 256;
    const std::size_t cells = std::size_t(n) * n * n;
    float* a0 = qd_bench::device_pattern(cells, 1);
    float* c4 = qd_bench::device_pattern(std::size_t(n) * n, 2);
    float *a, *ref, *sum;
    QD_BENCH_CHECK(cudaMalloc(&a, cells * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&ref, cells * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&sum, cells * sizeof(float)));
    reset(ref, a0, cells);
    doitgen_peer(ref, c4, sum, n, n, n);
    reset(a, a0, cells);
    doitgen(a, c4, sum, n, n, n, {});
    ok = qd_bench::same_bits(ref, a, cells, "polybench_bench", "qd doitgen", "the peer's") && ok;
    reset(a, a0, cells);
    doitgen_graph(a, c4, sum, n, n, n, {});
    ok = qd_bench::same_bits(ref, a, cells, "polybench_bench", "qd doitgen (graph)",
                             "the peer's") && ok;
    // Each timed call starts from a0, as its result feeds nothing.
    auto time = [&](auto run) {
      return qd_bench::median_device_ms([&] { reset(a, a0, cells); run(); }, nullptr, 10);
    };
    const double copy = time([] {});
    const double peer = time([&] { doitgen_peer(a, c4, sum, n, n, n); }) - copy;
    std::printf("doitgen, nr = nq = np = %d (times less the %.3f ms reset copy)\n", n, copy);
    report("peer CUDA (a kernel per r, one output per thread)", peer, peer);
    report("qd-translate collapse(3)", time([&] { doitgen(a, c4, sum, n, n, n, {}); }) - copy,
           peer);
    report("qd-translate collapse(3), --graphs",
           time([&] { doitgen_graph(a, c4, sum, n, n, n, {}); }) - copy, peer);
    for (float* p : {a0, c4, a, ref, sum})
      QD_BENCH_CHECK(cudaFree(p));
  }

  {
    const int nx = 2048, ny = 2048, tmax = 500;
    const std::size_t nex = std::size_t(nx) * (ny + 1), ney = std::size_t(nx + 1) * ny,
                      nhz = std::size_t(nx) * ny;
    float* ex0 = qd_bench::device_pattern(nex, 3);
    float* ey0 = qd_bench::device_pattern(ney, 4);
    float* hz0 = qd_bench::device_pattern(nhz, 5);
    float* fict = qd_bench::device_pattern(tmax, 6);
    float *ex, *ey, *hz, *rex, *rey, *rhz;
    QD_BENCH_CHECK(cudaMalloc(&ex, nex * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&ey, ney * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&hz, nhz * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&rex, nex * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&rey, ney * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&rhz, nhz * sizeof(float)));
    auto start = [&](float* x, float* y, float* z) {
      reset(x, ex0, nex);
      reset(y, ey0, ney);
      reset(z, hz0, nhz);
    };
    start(rex, rey, rhz);
    fdtd_peer(rex, rey, rhz, fict, nx, ny, tmax, false);
    auto check = [&](const char* what) {
      ok = qd_bench::same_bits(rex, ex, nex, "polybench_bench", what, "the peer's") && ok;
      ok = qd_bench::same_bits(rey, ey, ney, "polybench_bench", what, "the peer's") && ok;
      ok = qd_bench::same_bits(rhz, hz, nhz, "polybench_bench", what, "the peer's") && ok;
    };
    start(ex, ey, hz);
    fdtd2d(ex, ey, hz, fict, nx, ny, tmax, {});
    check("qd fdtd2d");
    start(ex, ey, hz);
    fdtd2d_graph(ex, ey, hz, fict, nx, ny, tmax, {});
    check("qd fdtd2d (graph)");
    if (!ok)
      return 1;
    // Whole runs of tmax steps from the same fields; few repetitions, as
    // each takes some hundreds of milliseconds.
    auto time = [&](auto run) {
      return qd_bench::median_device_ms([&] { start(ex, ey, hz); run(); }, nullptr, 5);
    };
    const double peer = time([&] { fdtd_peer(ex, ey, hz, fict, nx, ny, tmax, true); });
    std::printf("fdtd-2d, %d x %d, %d steps\n", nx, ny, tmax);
    report("peer CUDA as published (host waits per kernel)", peer, peer);
    report("peer CUDA without the waits",
           time([&] { fdtd_peer(ex, ey, hz, fict, nx, ny, tmax, false); }), peer);
    report("qd-translate loop seq, stream mode",
           time([&] { fdtd2d(ex, ey, hz, fict, nx, ny, tmax, {}); }), peer);
    report("qd-translate loop seq, --graphs (a WHILE node)",
           time([&] { fdtd2d_graph(ex, ey, hz, fict, nx, ny, tmax, {}); }), peer);
    for (float* p : {ex0, ey0, hz0, fict, ex, ey, hz, rex, rey, rhz})
      QD_BENCH_CHECK(cudaFree(p));
  }
  return ok ? 0 : 1;
}
