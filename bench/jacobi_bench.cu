// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The Jacobi solver of bench/jacobi.cpp (translated) against hand-written
// CUDA in one process (issue 28): the host reading the residual back after
// every iteration, and one graph whose conditional WHILE node runs the whole
// loop on the GPU (CUDA 12.4 or later). At 256^2, 1024^2 and 4096^2, capped
// at 2000 iterations with a tolerance that stops the loop early at the
// smallest size. Before timing, every variant must stop after the same
// iteration with the same bits in u and v (the arithmetic is the same, and
// a maximum does not depend on the order of combination).
//
// Prints one line per variant: "<name> <us per iteration> <x of the WHILE graph>",
// and the host time of one call. QD_JACOBI_SIZES="4096" (sizes separated by
// spaces or commas) runs only those, for a profiler (ncu) run.
#include <qd/qd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_bench_support.h"

void jacobi2d(float* u, float* v, int n, float tol, int max_it, int* iterations,
              qd::StreamRef stream);
void jacobi2d_every10(float* u, float* v, int n, float tol, int max_it, int* iterations,
                      qd::StreamRef stream);
void jacobi2d_graph(float* u, float* v, int n, float tol, int max_it, int* iterations,
                    qd::StreamRef stream);
void jacobi2d_graph_rows1(float* u, float* v, int n, float tol, int max_it, int* iterations,
                          qd::StreamRef stream);
void jacobi2d_graph_rows2(float* u, float* v, int n, float tol, int max_it, int* iterations,
                          qd::StreamRef stream);

namespace {

__global__ void __launch_bounds__(256) sweep(const float* __restrict__ u, float* __restrict__ v,
                                             int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y + 1;
  if (j >= n - 1)
    return;
  v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                          u[i * n + j + 1]);
}

// The second sweep and the largest update: non-negative floats order as
// their bit patterns, so an integer atomicMax takes the maximum exactly.
__global__ void __launch_bounds__(256) sweep_max(const float* __restrict__ v, float* __restrict__ u,
                                                 int n, unsigned* res) {
  __shared__ float block[256];
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y + 1;
  float change = 0.0f;
  if (j < n - 1) {
    const float next = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] + v[i * n + j - 1] +
                                v[i * n + j + 1]);
    change = fabsf(next - u[i * n + j]);
    u[i * n + j] = next;
  }
  block[threadIdx.x] = change;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      block[threadIdx.x] = fmaxf(block[threadIdx.x], block[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicMax(res, __float_as_uint(block[0]));
}

__global__ void reset(unsigned* res) { *res = 0u; }

#if CUDART_VERSION >= 12040
// The WHILE node's condition, computed on the device after each iteration.
__global__ void decide(cudaGraphConditionalHandle loop, const unsigned* res, int* it, float tol,
                       int max_it) {
  *it += 1;
  cudaGraphSetConditional(loop, __uint_as_float(*res) > tol && *it < max_it);
}
#endif

struct Problem {
  int n;
  float *u, *v;
  unsigned* res;
  int* it;
  void fill() const {
    // The same start for every variant: a hot left edge on a cold grid.
    std::vector<float> h(std::size_t(n) * n, 0.0f);
    for (int i = 0; i < n; ++i)
      h[std::size_t(i) * n] = 1.0f;
    QD_BENCH_CHECK(cudaMemcpy(u, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
    QD_BENCH_CHECK(cudaMemcpy(v, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
  }
  void iterate(cudaStream_t s) const {
    const dim3 grid((n - 2 + 255) / 256, n - 2);
    sweep<<<grid, 256, 0, s>>>(u, v, n);
    reset<<<1, 1, 0, s>>>(res);
    sweep_max<<<grid, 256, 0, s>>>(v, u, n, res);
  }
};

// The host checks the residual after every iteration.
int host_checked(const Problem& p, float tol, int max_it, cudaStream_t s, unsigned* pinned) {
  int it = 0;
  float res = 1e30f;
  while (res > tol && it < max_it) {
    p.iterate(s);
    QD_BENCH_CHECK(cudaMemcpyAsync(pinned, p.res, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
    QD_BENCH_CHECK(cudaStreamSynchronize(s));
    std::memcpy(&res, pinned, sizeof(float));
    ++it;
  }
  return it;
}

#if CUDART_VERSION >= 12040
// One graph: a WHILE node whose body is an iteration and the decision.
cudaGraphExec_t while_graph(const Problem& p, float tol, int max_it, cudaStream_t s) {
  cudaGraph_t graph;
  QD_BENCH_CHECK(cudaGraphCreate(&graph, 0));
  cudaGraphConditionalHandle loop;
  QD_BENCH_CHECK(cudaGraphConditionalHandleCreate(&loop, graph, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams params = {};
  params.type = cudaGraphNodeTypeConditional;
  params.conditional.handle = loop;
  params.conditional.type = cudaGraphCondTypeWhile;
  params.conditional.size = 1;
  cudaGraphNode_t node;
#if CUDART_VERSION >= 13000
  QD_BENCH_CHECK(cudaGraphAddNode(&node, graph, nullptr, nullptr, 0, &params));
#else
  QD_BENCH_CHECK(cudaGraphAddNode(&node, graph, nullptr, 0, &params));
#endif
  cudaGraph_t body = params.conditional.phGraph_out[0];
  QD_BENCH_CHECK(cudaStreamBeginCaptureToGraph(s, body, nullptr, nullptr, 0,
                                               cudaStreamCaptureModeRelaxed));
  p.iterate(s);
  decide<<<1, 1, 0, s>>>(loop, p.res, p.it, tol, max_it);
  QD_BENCH_CHECK(cudaStreamEndCapture(s, &body));
  cudaGraphExec_t exec;
  QD_BENCH_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  QD_BENCH_CHECK(cudaGraphDestroy(graph));
  return exec;
}
#endif

} // namespace

int main() {
  qd_bench::print_device();
  cudaStream_t s;
  QD_BENCH_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  unsigned* pinned;
  QD_BENCH_CHECK(cudaMallocHost(&pinned, sizeof(unsigned)));
  const int max_it = 2000;
  std::vector<int> sizes = {256, 1024, 4096};
  if (const char* only = std::getenv("QD_JACOBI_SIZES")) {
    sizes.clear();
    for (const char* p = only; *p;) {
      char* end;
      const long n = std::strtol(p, &end, 10);
      if (end == p) {
        ++p;
        continue;
      }
      if (n >= 3)
        sizes.push_back(static_cast<int>(n));
      p = end;
    }
  }
  for (int n : sizes) {
    // Converges before the cap at 256^2 only.
    const float tol = n == 256 ? 1e-5f : 1e-9f;
    Problem p{n};
    const std::size_t cells = std::size_t(n) * n;
    QD_BENCH_CHECK(cudaMalloc(&p.u, cells * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&p.v, cells * sizeof(float)));
    QD_BENCH_CHECK(cudaMalloc(&p.res, sizeof(unsigned)));
    QD_BENCH_CHECK(cudaMalloc(&p.it, sizeof(int)));
    int* qd_it;
    QD_BENCH_CHECK(cudaMalloc(&qd_it, sizeof(int)));

    // Results first: the same iteration count and the same bits.
    p.fill();
    const int host_its = host_checked(p, tol, max_it, s, pinned);
    const std::vector<float> u_ref = qd_bench::to_host(p.u, cells);
    bool ok = true;
    p.fill();
    jacobi2d(p.u, p.v, n, tol, max_it, qd_it, s);
    QD_BENCH_CHECK(cudaStreamSynchronize(s));
    int its = 0;
    QD_BENCH_CHECK(cudaMemcpy(&its, qd_it, sizeof(int), cudaMemcpyDeviceToHost));
    ok = its == host_its && ok;
    ok = qd_bench::same_bits_as_host(u_ref.data(), p.u, cells,
                             "jacobi_bench", "qd stream mode", "the host-checked loop") && ok;
    p.fill();
    jacobi2d_every10(p.u, p.v, n, tol, max_it, qd_it, s);
    QD_BENCH_CHECK(cudaStreamSynchronize(s));
    QD_BENCH_CHECK(cudaMemcpy(&its, qd_it, sizeof(int), cudaMemcpyDeviceToHost));
    ok = its == host_its && ok;
    ok = qd_bench::same_bits_as_host(u_ref.data(), p.u, cells,
                             "jacobi_bench", "qd check_every(10)", "the host-checked loop") && ok;
    p.fill();
    jacobi2d_graph(p.u, p.v, n, tol, max_it, qd_it, s);
    QD_BENCH_CHECK(cudaStreamSynchronize(s));
    QD_BENCH_CHECK(cudaMemcpy(&its, qd_it, sizeof(int), cudaMemcpyDeviceToHost));
    ok = its == host_its && ok;
    ok = qd_bench::same_bits_as_host(u_ref.data(), p.u, cells,
                             "jacobi_bench", "qd graph mode", "the host-checked loop") && ok;
    for (auto* rows : {&jacobi2d_graph_rows1, &jacobi2d_graph_rows2}) {
      p.fill();
      rows(p.u, p.v, n, tol, max_it, qd_it, s);
      QD_BENCH_CHECK(cudaStreamSynchronize(s));
      QD_BENCH_CHECK(cudaMemcpy(&its, qd_it, sizeof(int), cudaMemcpyDeviceToHost));
      ok = its == host_its && ok;
      ok = qd_bench::same_bits_as_host(u_ref.data(), p.u, cells, "jacobi_bench",
                                       "qd graph mode, coarsen(1 or 2)", "the host-checked loop") &&
           ok;
    }
#if CUDART_VERSION >= 12040
    cudaGraphExec_t exec = while_graph(p, tol, max_it, s);
    p.fill();
    QD_BENCH_CHECK(cudaMemsetAsync(p.it, 0, sizeof(int), s));
    QD_BENCH_CHECK(cudaGraphLaunch(exec, s));
    QD_BENCH_CHECK(cudaStreamSynchronize(s));
    QD_BENCH_CHECK(cudaMemcpy(&its, p.it, sizeof(int), cudaMemcpyDeviceToHost));
    ok = its == host_its && ok;
    ok = qd_bench::same_bits_as_host(u_ref.data(), p.u, cells,
                             "jacobi_bench", "the WHILE graph", "the host-checked loop") && ok;
#endif
    if (!ok) {
      std::fprintf(stderr, "jacobi_bench: n = %d: the variants disagree (iterations %d)\n", n,
                   host_its);
      return 1;
    }

    // Each run starts from the same grid, filled outside the timing.
    auto per_iteration = [&](auto run) {
      std::vector<double> ms;
      for (int r = 0; r < 5; ++r) {
        p.fill();
        QD_BENCH_CHECK(cudaDeviceSynchronize());
        ms.push_back(qd_bench::device_ms(run, s));
      }
      return 1000.0 * qd_bench::median(ms) / host_its;
    };
    const double host_us = per_iteration([&] { host_checked(p, tol, max_it, s, pinned); });
    const double qd_us = per_iteration([&] { jacobi2d(p.u, p.v, n, tol, max_it, qd_it, s); });
    const double every10_us =
        per_iteration([&] { jacobi2d_every10(p.u, p.v, n, tol, max_it, qd_it, s); });
    const double graph_us =
        per_iteration([&] { jacobi2d_graph(p.u, p.v, n, tol, max_it, qd_it, s); });
    const double rows1_us =
        per_iteration([&] { jacobi2d_graph_rows1(p.u, p.v, n, tol, max_it, qd_it, s); });
    const double rows2_us =
        per_iteration([&] { jacobi2d_graph_rows2(p.u, p.v, n, tol, max_it, qd_it, s); });
    std::printf("Jacobi %d^2, %d iterations\n", n, host_its);
#if CUDART_VERSION >= 12040
    const double while_us = per_iteration([&] {
      QD_BENCH_CHECK(cudaMemsetAsync(p.it, 0, sizeof(int), s));
      QD_BENCH_CHECK(cudaGraphLaunch(exec, s));
    });
    auto report = [&](const char* name, double us) {
      std::printf("%-44s %8.2f us/iter  %.2fx of the WHILE graph\n", name, us, us / while_us);
    };
    report("hand-written, one WHILE graph", while_us);
    const double launch_us = qd_bench::host_us([&] {
      QD_BENCH_CHECK(cudaMemsetAsync(p.it, 0, sizeof(int), s));
      QD_BENCH_CHECK(cudaGraphLaunch(exec, s));
    });
    std::printf("%-44s %8.2f us of host time per call\n", "hand-written WHILE graph", launch_us);
    QD_BENCH_CHECK(cudaGraphExecDestroy(exec));
#else
    auto report = [&](const char* name, double us) {
      std::printf("%-44s %8.2f us/iter\n", name, us);
    };
#endif
    report("hand-written, host reads residual each iter", host_us);
    report("qd-translate stream mode (host reads it)", qd_us);
    report("qd-translate stream mode, check_every(10)", every10_us);
    report("qd-translate graph mode (WHILE node)", graph_us);
    report("qd-translate graph mode, residual coarsen(1)", rows1_us);
    report("qd-translate graph mode, residual coarsen(2)", rows2_us);
    std::printf("%-44s %8.2f us of host time per call\n", "qd-translate stream mode",
                qd_bench::host_us([&] { jacobi2d(p.u, p.v, n, tol, max_it, qd_it, s); }));
    // Graph mode's host time does not grow with the iteration count.
    for (int cap : {10, max_it}) {
      jacobi2d_graph(p.u, p.v, n, 0.0f, cap, qd_it, s); // its graph, updated
      std::printf("%-44s %8.2f us of host time per call (cap %d)\n", "qd-translate graph mode",
                  qd_bench::host_us([&] { jacobi2d_graph(p.u, p.v, n, 0.0f, cap, qd_it, s); }),
                  cap);
    }
    QD_BENCH_CHECK(cudaFree(p.u));
    QD_BENCH_CHECK(cudaFree(p.v));
    QD_BENCH_CHECK(cudaFree(p.res));
    QD_BENCH_CHECK(cudaFree(p.it));
    QD_BENCH_CHECK(cudaFree(qd_it));
  }
  QD_BENCH_CHECK(cudaFreeHost(pinned));
  QD_BENCH_CHECK(cudaStreamDestroy(s));
  return 0;
}
