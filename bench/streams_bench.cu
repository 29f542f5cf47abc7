// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The translated stream_parallel kernels of bench/streams.cpp against the
// same work written by hand in CUDA, three ways, all in one process:
//
//   serial     every loop in order on the launch stream;
//   forkjoin   pre-created streams and events: record a fork event on the
//              launch stream, each block stream waits on it, launches, one
//              join event per block that the launch stream waits on;
//   graph      a CUDA graph of that fork/join, captured once and replayed;
//   qd         the generated entry point in stream mode (pooled streams and
//              events);
//   qd graph   the same kernels translated with --graphs (entry points
//              renamed <kernel>_graph by the device build): each call updates
//              and launches a cached graph.
//
// Concurrency (4 and 8 under-filling blocks): device ms per call, speedup
// over serial, qd's speed as a fraction of forkjoin's (target >= 0.97), and
// qd graph's device time over the hand-written graph's (target <= 1.03).
// Launch overhead (trivial loops, blocks x loops): host us per call, qd over
// forkjoin (target <= 1.05) and qd graph over forkjoin (target <= 0.5, and
// <= 0.25 for 4x4). Each figure is a median of several runs.
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "bench_work.h"
#include "cuda_bench_support.h"

void blocks4(unsigned* out, int n, int steps, qd::StreamRef stream);
void blocks8(unsigned* out, int n, int steps, qd::StreamRef stream);
void shape_1x1(float* sink, int n, qd::StreamRef stream);
void shape_2x1(float* sink, int n, qd::StreamRef stream);
void shape_8x1(float* sink, int n, qd::StreamRef stream);
void shape_4x4(float* sink, int n, qd::StreamRef stream);
void blocks4_graph(unsigned* out, int n, int steps, qd::StreamRef stream);
void blocks8_graph(unsigned* out, int n, int steps, qd::StreamRef stream);
void shape_1x1_graph(float* sink, int n, qd::StreamRef stream);
void shape_2x1_graph(float* sink, int n, qd::StreamRef stream);
void shape_8x1_graph(float* sink, int n, qd::StreamRef stream);
void shape_4x4_graph(float* sink, int n, qd::StreamRef stream);

namespace {

// The loop shapes that qd-translate generates: 64-bit grid-stride loops.
__global__ void __launch_bounds__(256)
    work_loop(unsigned* out, int n, int steps, unsigned block) {
  const std::uint64_t stride = std::uint64_t(blockDim.x) * gridDim.x;
  for (std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
       k < std::uint64_t(n); k += stride) {
    const int i = static_cast<int>(k);
    out[block * n + i] = bench_work(block + static_cast<unsigned>(i), steps);
  }
}

__global__ void __launch_bounds__(256) sink_loop(float* sink, int n, int slot) {
  const std::uint64_t stride = std::uint64_t(blockDim.x) * gridDim.x;
  for (std::uint64_t k = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
       k < std::uint64_t(n); k += stride)
    sink[slot * n + static_cast<int>(k)] = 0.0f;
}

// Pre-created streams and events, as an expert writes a fork/join by hand.
class ForkJoin {
public:
  explicit ForkJoin(int blocks) : streams_(blocks), joins_(blocks) {
    for (int b = 0; b < blocks; ++b) {
      QD_BENCH_CHECK(cudaStreamCreateWithFlags(&streams_[b], cudaStreamNonBlocking));
      QD_BENCH_CHECK(cudaEventCreateWithFlags(&joins_[b], cudaEventDisableTiming));
    }
    QD_BENCH_CHECK(cudaEventCreateWithFlags(&fork_, cudaEventDisableTiming));
  }
  ~ForkJoin() {
    for (std::size_t b = 0; b < streams_.size(); ++b) {
      cudaStreamDestroy(streams_[b]);
      cudaEventDestroy(joins_[b]);
    }
    cudaEventDestroy(fork_);
  }
  ForkJoin(const ForkJoin&) = delete;
  ForkJoin& operator=(const ForkJoin&) = delete;

  // body(b, stream) enqueues block b's work on its stream.
  template <class Body> void run(cudaStream_t launch, Body body) {
    QD_BENCH_CHECK(cudaEventRecord(fork_, launch));
    for (cudaStream_t s : streams_)
      QD_BENCH_CHECK(cudaStreamWaitEvent(s, fork_, 0));
    for (std::size_t b = 0; b < streams_.size(); ++b)
      body(static_cast<int>(b), streams_[b]);
    for (std::size_t b = 0; b < streams_.size(); ++b) {
      QD_BENCH_CHECK(cudaEventRecord(joins_[b], streams_[b]));
      QD_BENCH_CHECK(cudaStreamWaitEvent(launch, joins_[b], 0));
    }
    QD_BENCH_CHECK(cudaGetLastError());
  }

private:
  std::vector<cudaStream_t> streams_;
  std::vector<cudaEvent_t> joins_;
  cudaEvent_t fork_ = nullptr;
};

// The hand-written fork/join captured once into a CUDA graph.
class ForkJoinGraph {
public:
  template <class Body>
  ForkJoinGraph(int blocks, cudaStream_t launch, Body body) : fork_join_(blocks) {
    QD_BENCH_CHECK(cudaStreamBeginCapture(launch, cudaStreamCaptureModeThreadLocal));
    fork_join_.run(launch, body);
    cudaGraph_t graph = nullptr;
    QD_BENCH_CHECK(cudaStreamEndCapture(launch, &graph));
    QD_BENCH_CHECK(cudaGraphInstantiate(&exec_, graph, 0));
    QD_BENCH_CHECK(cudaGraphDestroy(graph));
  }
  ~ForkJoinGraph() { cudaGraphExecDestroy(exec_); }
  void launch(cudaStream_t s) { QD_BENCH_CHECK(cudaGraphLaunch(exec_, s)); }

private:
  ForkJoin fork_join_;
  cudaGraphExec_t exec_ = nullptr;
};

unsigned grid_for(int n) {
  static const int sms = [] {
    int device = 0, count = 0;
    QD_BENCH_CHECK(cudaGetDevice(&device));
    QD_BENCH_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
    return count;
  }();
  return static_cast<unsigned>(std::min<long long>((n + 255) / 256, 8LL * sms));
}

struct Times {
  double serial, fork_join, graph, qd, qd_graph;
};

// Runs `calls` calls of each variant per measurement; measure(run) returns
// one figure for a batch. The variants take turns, `trials` times, and each
// reports its median: drift of clocks or of the machine hits all alike.
template <class Body, class Qd, class QdGraph, class Measure>
Times compare(int blocks, cudaStream_t launch, int calls, int trials, Body body,
              Qd qd_call, QdGraph qd_graph_call, Measure measure) {
  ForkJoin fork_join(blocks);
  ForkJoinGraph graph(blocks, launch, body);
  auto serial = [&] {
    for (int c = 0; c < calls; ++c) {
      for (int b = 0; b < blocks; ++b)
        body(b, launch);
      QD_BENCH_CHECK(cudaGetLastError());
    }
  };
  auto forked = [&] {
    for (int c = 0; c < calls; ++c)
      fork_join.run(launch, body);
  };
  auto replayed = [&] {
    for (int c = 0; c < calls; ++c)
      graph.launch(launch);
  };
  auto translated = [&] {
    for (int c = 0; c < calls; ++c)
      qd_call();
  };
  auto translated_graph = [&] {
    for (int c = 0; c < calls; ++c)
      qd_graph_call();
  };
  std::vector<double> s, f, g, q, qg;
  for (int t = 0; t <= trials; ++t) {
    const double ms[] = {measure(serial), measure(forked), measure(replayed),
                         measure(translated), measure(translated_graph)};
    if (t == 0)
      continue; // warm-up: module loading, pool growth, graph build and upload
    s.push_back(ms[0] / calls);
    f.push_back(ms[1] / calls);
    g.push_back(ms[2] / calls);
    q.push_back(ms[3] / calls);
    qg.push_back(ms[4] / calls);
  }
  return Times{qd_bench::median(s), qd_bench::median(f), qd_bench::median(g),
               qd_bench::median(q), qd_bench::median(qg)};
}

} // namespace

int main() {
  qd_bench::print_device();
  cudaStream_t launch = nullptr;
  QD_BENCH_CHECK(cudaStreamCreateWithFlags(&launch, cudaStreamNonBlocking));

  // Concurrency: each block is 8 thread blocks of 256 threads, far from
  // filling the GPU, each thread doing ~0.2 ms of dependent arithmetic.
  const int n = 2048, steps = 100000;
  unsigned* out = nullptr;
  QD_BENCH_CHECK(cudaMalloc(&out, 8 * n * sizeof(unsigned)));
  auto device_ms = [&](auto run) { return qd_bench::device_ms(run, launch); };
  for (int blocks : {4, 8}) {
    auto body = [&](int b, cudaStream_t s) {
      work_loop<<<grid_for(n), 256, 0, s>>>(out, n, steps, static_cast<unsigned>(b));
    };
    auto qd_call = [&] { (blocks == 4 ? blocks4 : blocks8)(out, n, steps, launch); };
    auto qd_graph_call = [&] {
      (blocks == 4 ? blocks4_graph : blocks8_graph)(out, n, steps, launch);
    };
    const Times t = compare(blocks, launch, 10, 9, body, qd_call, qd_graph_call, device_ms);
    std::printf("concurrency %d blocks: serial %.3f ms, forkjoin %.3f ms, graph %.3f ms, "
                "qd %.3f ms, qd graph %.3f ms | qd speedup over serial %.2fx, qd/forkjoin "
                "speed %.3f (target >= 0.97), qd graph/graph time %.3f (target <= 1.03)\n",
                blocks, t.serial, t.fork_join, t.graph, t.qd, t.qd_graph, t.serial / t.qd,
                t.fork_join / t.qd, t.qd_graph / t.graph);
  }

  // Launch overhead: trivial loops of one iteration, blocks x loops per call.
  float* sink = nullptr;
  // Two halves: the "new arguments" variant alternates between them.
  QD_BENCH_CHECK(cudaMalloc(&sink, 32 * sizeof(float)));
  auto host_us = [&](auto run) { return qd_bench::host_us(run); };
  struct Shape {
    int blocks, loops;
    void (*qd)(float*, int, qd::StreamRef);
    void (*qd_graph)(float*, int, qd::StreamRef);
  };
  for (const Shape& shape :
       {Shape{1, 1, shape_1x1, shape_1x1_graph}, Shape{2, 1, shape_2x1, shape_2x1_graph},
        Shape{8, 1, shape_8x1, shape_8x1_graph}, Shape{4, 4, shape_4x4, shape_4x4_graph}}) {
    auto body = [&](int b, cudaStream_t s) {
      for (int l = 0; l < shape.loops; ++l)
        sink_loop<<<1, 256, 0, s>>>(sink, 1, b * shape.loops + l);
    };
    auto qd_call = [&] { shape.qd(sink, 1, launch); };
    auto qd_graph_call = [&] { shape.qd_graph(sink, 1, launch); };
    const Times t = compare(shape.blocks, launch, 32, 25, body, qd_call, qd_graph_call, host_us);
    const double graph_target = shape.blocks == 4 && shape.loops == 4 ? 0.25 : 0.5;
    std::printf("launch %dx%d (blocks x loops): serial %.2f us, forkjoin %.2f us, "
                "graph %.2f us, qd %.2f us, qd graph %.2f us | qd/forkjoin %.3f "
                "(target <= 1.05), qd graph/forkjoin %.3f (target <= %.2f)\n",
                shape.blocks, shape.loops, t.serial, t.fork_join, t.graph, t.qd, t.qd_graph,
                t.qd / t.fork_join, t.qd_graph / t.fork_join, graph_target);
    // The same graph-mode calls with a different pointer on every call, so
    // that each call updates every kernel node of its cached graph.
    std::vector<double> fresh_us;
    bool flip = false;
    for (int trial = 0; trial <= 25; ++trial) {
      const double us = host_us([&] {
        for (int c = 0; c < 32; ++c) {
          shape.qd_graph(flip ? sink + 16 : sink, 1, launch);
          flip = !flip;
        }
      }) / 32;
      if (trial > 0)
        fresh_us.push_back(us);
    }
    const double fresh = qd_bench::median(fresh_us);
    std::printf("launch %dx%d qd graph with new arguments every call: %.2f us | "
                "qd graph/forkjoin %.3f\n",
                shape.blocks, shape.loops, fresh, fresh / t.fork_join);
  }
  // Where qd's extra launch overhead goes: host ns per runtime operation
  // that a region adds to a hand-written fork/join.
  {
    const int reps = 20000;
    auto per_op_ns = [&](auto op) {
      std::vector<double> ns;
      for (int t = 0; t < 9; ++t)
        ns.push_back(host_us([&] {
                       for (int r = 0; r < reps; ++r)
                         op();
                     }) * 1000.0 / reps);
      return qd_bench::median(ns);
    };
    int device = 0;
    std::printf("breakdown (host ns per operation): acquire+release 1 pooled stream %.0f, "
                "1 pooled event %.0f, grid_size %.0f, cudaGetLastError %.0f, "
                "cudaGetDevice %.0f\n",
                per_op_ns([] { qd::detail::PooledStreams s(1); }),
                per_op_ns([] { qd::detail::PooledEvent e; }),
                per_op_ns([] { (void)qd::detail::grid_size(1, 256); }),
                per_op_ns([] { (void)cudaGetLastError(); }),
                per_op_ns([&] { (void)cudaGetDevice(&device); }));
    // The pool hands out the least recently released stream; a hand-written
    // fork/join that rotates through 8 stream sets in the same way shows what
    // that costs against one fixed set.
    auto body = [&](int b, cudaStream_t s) { sink_loop<<<1, 256, 0, s>>>(sink, 1, b); };
    for (int blocks : {1, 2}) {
      std::vector<std::unique_ptr<ForkJoin>> sets;
      for (int k = 0; k < 8; ++k)
        sets.push_back(std::make_unique<ForkJoin>(blocks));
      std::vector<double> fixed_us, rotating_us;
      for (int t = 0; t < 25; ++t) {
        fixed_us.push_back(host_us([&] {
          for (int c = 0; c < 32; ++c)
            sets[0]->run(launch, body);
        }) / 32);
        rotating_us.push_back(host_us([&] {
          for (int c = 0; c < 32; ++c)
            sets[c % 8]->run(launch, body);
        }) / 32);
      }
      const double fixed = qd_bench::median(fixed_us);
      const double rotating = qd_bench::median(rotating_us);
      std::printf("breakdown %dx1 forkjoin: one stream set %.2f us, rotating over 8 sets "
                  "%.2f us\n", blocks, fixed, rotating);
    }
  }

  QD_BENCH_CHECK(cudaStreamSynchronize(launch));
  const qd::PoolStats pool = qd::stream_pool_stats();
  std::printf("qd stream pool: created %zu, acquired %zu, reused %zu\n", pool.created,
              pool.acquired, pool.reused);
  QD_BENCH_CHECK(cudaFree(out));
  QD_BENCH_CHECK(cudaFree(sink));
  QD_BENCH_CHECK(cudaStreamDestroy(launch));
  return 0;
}
