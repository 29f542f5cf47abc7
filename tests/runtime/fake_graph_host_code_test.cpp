// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd host' code in graph mode on the fake device: the statement
// runs while the call records, on a stream the call captures, and what it
// enqueues there is a child graph node, run when the graph runs, in order
// with the launches around it. Recorded as generated code records it
// (qd_graph.host_code(lane, file, line, [&] { ... })).
// First: the fake CUDA shim must come before qd's graph_call.h.
#include <cuda_runtime.h>

#include "fake_support.h"

#include <qd/detail/cuda.h>
#include <qd/detail/graph_loop.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace {

using qd_fake_test::FakeTest;

__global__ void scale(float* a, int n, float s) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    a[i] *= s;
}

// a *= 2, then host code copies a to b (on its stream), then a *= 3; `sync`
// makes the host code wait for its stream, which a capture cannot hold.
void double_copy_triple(float* a, float* b, int n, bool sync,
                        qd::StreamRef* seen, qd::StreamRef stream = {}) {
  static qd::detail::GraphSite site("double_copy_triple",
                                    "fake_graph_host_code_test.cpp", 1);
  const qd::detail::CallDevice device;
  qd::detail::GraphCall call(site, stream, device);
  const char* f = "fake_graph_host_code_test.cpp";
  call.launch(0, &scale, 1, 64, f, 2, a, n, 2.0f);
  call.host_code(0, f, 3, [&] {
    *seen = qd::current_stream();
    cudaMemcpyAsync(b, a, sizeof(float) * n, cudaMemcpyDeviceToDevice,
                    static_cast<cudaStream_t>(qd::current_stream().native()));
    if (sync)
      cudaStreamSynchronize(static_cast<cudaStream_t>(qd::current_stream().native()));
  });
  call.host_code(0, f, 4, [&] {}); // enqueues nothing: no node
  call.launch(0, &scale, 1, 64, f, 5, a, n, 3.0f);
  call.submit();
}

// The same with '#pragma qd host reuse' (keyed by the copy's pointers and
// count): *runs counts the statement's runs, which only a hand-written
// statement can do (the translator rejects a reuse statement that writes).
void double_copy_triple_reused(float* a, float* b, int n, int* runs,
                               qd::StreamRef stream = {}) {
  static qd::detail::GraphSite site("double_copy_triple_reused",
                                    "fake_graph_host_code_test.cpp", 10);
  static qd::detail::HostReuse reuse;
  const qd::detail::CallDevice device;
  qd::detail::GraphCall call(site, stream, device);
  const char* f = "fake_graph_host_code_test.cpp";
  call.launch(0, &scale, 1, 64, f, 11, a, n, 2.0f);
  call.host_code(0, f, 12, reuse, qd::detail::reuse_key(b, a, n), [&] {
    ++*runs;
    cudaMemcpyAsync(b, a, sizeof(float) * n, cudaMemcpyDeviceToDevice,
                    static_cast<cudaStream_t>(qd::current_stream().native()));
  });
  call.launch(0, &scale, 1, 64, f, 13, a, n, 3.0f);
  call.submit();
}

class FakeGraphHostCode : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    qd::detail::release_cached_graphs();
  }
  void TearDown() override {
    qd::detail::release_cached_graphs();
    FakeTest::TearDown();
  }
  static constexpr int kN = 48;
  qd::Buffer<float> a{kN}, b{kN};

  void fill() {
    std::vector<float> h(kN), zero(kN, 0.0f);
    for (int i = 0; i < kN; ++i)
      h[i] = static_cast<float>(i);
    a.copy_from_host(h.data());
    b.copy_from_host(zero.data());
  }
  std::vector<float> host(const qd::Buffer<float>& d) {
    std::vector<float> h(kN);
    d.copy_to_host(h.data());
    return h;
  }
};

TEST_F(FakeGraphHostCode, TheCapturedWorkRunsInOrderWithTheGraph) {
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  for (int call = 0; call < 3; ++call) {
    fill();
    qd::StreamRef seen;
    double_copy_triple(a.data(), b.data(), kN, false, &seen);
    // The copy ran when the graph ran, after the first scale and before
    // the second: b is 2a, a is 6a.
    const std::vector<float> ha = host(a), hb = host(b);
    for (int i = 0; i < kN; ++i) {
      ASSERT_EQ(hb[i], 2.0f * static_cast<float>(i)) << "call " << call;
      ASSERT_EQ(ha[i], 6.0f * static_cast<float>(i)) << "call " << call;
    }
    EXPECT_FALSE(seen.is_default());
  }
  const qd::fake::GraphCounts after = qd::fake::graph_counts();
  // One graph for the three calls; each later call sets the captured graph
  // again (2 child-graph updates), and the statement that enqueued nothing
  // added no node: 2 kernel nodes, 1 child graph node.
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
  EXPECT_EQ(after.execs_created - before.execs_created, 1u);
  EXPECT_EQ(after.kernel_nodes - before.kernel_nodes, 2u);
  EXPECT_EQ(after.node_updates - before.node_updates, 2u);
  EXPECT_EQ(after.graph_launches - before.graph_launches, 3u);
}

TEST_F(FakeGraphHostCode, AReusedStatementRunsOnlyForANewKey) {
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  qd::Buffer<float> other{kN}, more[4] = {qd::Buffer<float>{kN}, qd::Buffer<float>{kN},
                                          qd::Buffer<float>{kN}, qd::Buffer<float>{kN}};
  int runs = 0;
  auto call_with = [&](qd::Buffer<float>& to) {
    fill();
    double_copy_triple_reused(a.data(), to.data(), kN, &runs);
    const std::vector<float> hb = host(to);
    const std::vector<float> ha = host(a);
    for (int i = 0; i < kN; ++i) {
      EXPECT_EQ(hb[i], 2.0f * static_cast<float>(i));
      EXPECT_EQ(ha[i], 6.0f * static_cast<float>(i));
    }
  };
  // The same key three times: one run, one capture, nothing updated.
  for (int call = 0; call < 3; ++call)
    call_with(b);
  EXPECT_EQ(runs, 1);
  qd::fake::GraphCounts now = qd::fake::graph_counts();
  EXPECT_EQ(now.execs_created - before.execs_created, 1u);
  EXPECT_EQ(now.node_updates - before.node_updates, 0u);
  EXPECT_EQ(now.graph_launches - before.graph_launches, 3u);
  // Another destination runs it; going back reuses the first capture, and
  // sets it on the cached graph again.
  call_with(other);
  EXPECT_EQ(runs, 2);
  call_with(b);
  EXPECT_EQ(runs, 2);
  now = qd::fake::graph_counts();
  EXPECT_EQ(now.execs_created - before.execs_created, 1u);
  EXPECT_EQ(now.node_updates - before.node_updates, 2u);
  // Four keys per device: b's, used least recently, is the one dropped.
  for (qd::Buffer<float>& m : more)
    call_with(m);
  EXPECT_EQ(runs, 6);
  call_with(more[3]);
  EXPECT_EQ(runs, 6);
  call_with(b);
  EXPECT_EQ(runs, 7);
  // Released with the cached graphs: every capture is destroyed, and the
  // next call runs the statement again.
  qd::detail::release_cached_graphs();
  now = qd::fake::graph_counts();
  EXPECT_EQ(now.graphs_created - before.graphs_created,
            now.graphs_destroyed - before.graphs_destroyed);
  call_with(b);
  EXPECT_EQ(runs, 8);
}

TEST_F(FakeGraphHostCode, ThreadsShareAReusedCapture) {
  // Each thread on its own stream and buffers; the key differs per thread
  // but each thread's repeats reuse its capture. The buffers live until
  // both threads end: a thread that ran after the other had finished could
  // get the same addresses, hence the same key, and rightly reuse its
  // capture (seen under ThreadSanitizer).
  constexpr int kThreads = 2, kCalls = 20;
  std::vector<std::thread> threads;
  std::vector<qd::Buffer<float>> xs, ys;
  for (int t = 0; t < kThreads; ++t) {
    xs.emplace_back(kN);
    ys.emplace_back(kN);
  }
  std::atomic<int> runs{0}, wrong{0};
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      qd::Stream s;
      qd::Buffer<float>& x = xs[t];
      qd::Buffer<float>& y = ys[t];
      int mine = 0;
      for (int call = 0; call < kCalls; ++call) {
        std::vector<float> h(kN);
        for (int i = 0; i < kN; ++i)
          h[i] = static_cast<float>(i);
        x.copy_from_host(h.data(), s.ref());
        double_copy_triple_reused(x.data(), y.data(), kN, &mine, s.ref());
        std::vector<float> hy(kN);
        y.copy_to_host(hy.data(), s.ref());
        s.synchronize();
        for (int i = 0; i < kN; ++i)
          wrong += hy[i] != 2.0f * static_cast<float>(i);
      }
      runs += mine;
    });
  for (std::thread& t : threads)
    t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(runs.load(), kThreads);
}

TEST_F(FakeGraphHostCode, ASynchronizingStatementIsAnErrorAtItsLine) {
  fill();
  qd::StreamRef seen;
  try {
    double_copy_triple(a.data(), b.data(), kN, true, &seen);
    FAIL() << "a synchronizing statement was captured";
  } catch (const qd::Error& e) {
    EXPECT_TRUE(e.is_launch_failure());
    EXPECT_EQ(e.line(), 3u);
    EXPECT_NE(std::string(e.what()).find("could not be captured"),
              std::string::npos)
        << e.what();
  }
  // Nothing ran, and the next call works.
  EXPECT_EQ(host(b)[1], 0.0f);
  EXPECT_EQ(host(a)[1], 1.0f);
  double_copy_triple(a.data(), b.data(), kN, false, &seen);
  EXPECT_EQ(host(b)[1], 2.0f);
}

TEST_F(FakeGraphHostCode, ACapturingLaunchStreamRefusesTheCall) {
  fill();
  qd::Stream s;
  qd::StreamRef seen;
  qd::fake::set_capturing(s.ref().native(), true);
  EXPECT_THROW(double_copy_triple(a.data(), b.data(), kN, false, &seen, s.ref()),
               qd::Error);
  qd::fake::set_capturing(s.ref().native(), false);
  s.synchronize();
  EXPECT_EQ(host(a)[1], 1.0f);
}

__global__ void below(qd::detail::LoopHandle loop, const float* a, float limit) {
  qd::detail::set_loop_condition(loop, a[1] < limit);
}

// while (a[1] < 100) { a *= 2; host: copy a to b; } as the generated code
// of a device-condition loop whose body holds host code records it.
void double_until(float* a, float* b, int n) {
  static qd::detail::GraphSite site("double_until", "fake_graph_host_code_test.cpp", 30);
  const qd::detail::CallDevice device;
  qd::detail::GraphCall call(site, {}, device);
  const char* f = "fake_graph_host_code_test.cpp";
  const qd::detail::LoopHandle loop = call.new_loop();
  call.launch(0, &below, 1, 1, f, 31, loop, a, 100.0f);
  call.loop_begin(0, loop);
  call.launch(0, &scale, 1, 64, f, 32, a, n, 2.0f);
  call.host_code(0, f, 33, [&] {
    cudaMemcpyAsync(b, a, sizeof(float) * n, cudaMemcpyDeviceToDevice,
                    static_cast<cudaStream_t>(qd::current_stream().native()));
  });
  call.launch(0, &below, 1, 1, f, 34, loop, a, 100.0f);
  call.loop_end(0);
  call.submit();
}

// CUDA refuses a conditional body holding nodes it does not allow there,
// which a library's capture may contain (NCCL between two GPUs did, on
// H200s): the error names the host statement and what to do.
TEST_F(FakeGraphHostCode, ARefusedLoopBodyNamesItsHostStatement) {
  fill();
  qd::fake::fail_graph_instantiation(1);
  try {
    double_until(a.data(), b.data(), kN);
    FAIL() << "the refused graph ran";
  } catch (const qd::Error& e) {
    EXPECT_TRUE(e.is_launch_failure());
    EXPECT_EQ(e.line(), 33u);
    EXPECT_NE(std::string(e.what()).find("translate this kernel without graph mode"),
              std::string::npos)
        << e.what();
  }
  qd::fake::fail_graph_instantiation(0);
  // The next call builds the graph again and runs: 1, 2, ..., 64, 128.
  double_until(a.data(), b.data(), kN);
  EXPECT_EQ(host(a)[1], 128.0f);
  EXPECT_EQ(host(b)[1], 128.0f);
}

} // namespace
