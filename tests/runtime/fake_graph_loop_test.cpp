// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode's device-condition loops on the fake device: descriptions
// recorded as generated code records them (a test launch before the loop,
// the body between loop_begin and loop_end, the test again at its end),
// built by the real graph cache into conditional WHILE nodes of fake graphs.
// What matters beyond the translated goldens: the handle reaches the test
// kernel, the loop's trip count comes from the device, zero trips, nested
// loops, a body's arguments being part of the cached shape, and a capturing
// stream refusing the call instead of running the body once.
// Then the translation of tests/golden/graph_loops.cpp (GRAPH_LOOPS_FAKE):
// how many graphs its calls build and launch.
// First: the fake CUDA shim must come before qd's graph_call.h.
#include GRAPH_LOOPS_FAKE // defines sweep(...), grow(...), march(...), ...

#include "fake_support.h"

#include <qd/detail/cuda.h>

#include <cmath>
#include <thread>
#include <vector>

namespace {

using qd_fake_test::FakeTest;

// The loop 'while (*count < limit) { data[*count] = *count; ++*count; }',
// with the counter in device memory.
__global__ void test_count(qd::detail::LoopHandle loop, const int* count,
                           int limit) {
  qd::detail::set_loop_condition(loop, *count < limit);
}
__global__ void body_count(int* count, int* data) {
  data[*count] = *count;
  ++*count;
}
__global__ void set_zero(int* count) { *count = 0; }

// Records and submits the loop; `outer` > 0 wraps it in a loop of its own
// that runs it `outer` times, resetting the counter each time.
void count_to(int* count, int* data, int limit, int* rounds = nullptr,
              int outer = 0, qd::StreamRef stream = {}) {
  static qd::detail::GraphSite site("count_to", "fake_graph_loop_test.cpp", 1);
  const qd::detail::CallDevice device;
  qd::detail::GraphCall call(site, stream, device);
  const char* f = "fake_graph_loop_test.cpp";
  qd::detail::LoopHandle round{};
  if (outer > 0) {
    call.launch(0, &set_zero, 1, 1, f, 2, rounds);
    round = call.new_loop();
    call.launch(0, &test_count, 1, 1, f, 3, round, rounds, outer);
    call.loop_begin(0, round);
  }
  call.launch(0, &set_zero, 1, 1, f, 4, count);
  const qd::detail::LoopHandle loop = call.new_loop();
  call.launch(0, &test_count, 1, 1, f, 5, loop, count, limit);
  call.loop_begin(0, loop);
  call.launch(0, &body_count, 1, 1, f, 6, count, data);
  call.launch(0, &test_count, 1, 1, f, 7, loop, count, limit);
  call.loop_end(0);
  if (outer > 0) {
    call.launch(0, &body_count, 1, 1, f, 8, rounds, data + 100);
    call.launch(0, &test_count, 1, 1, f, 9, round, rounds, outer);
    call.loop_end(0);
  }
  call.submit();
}

class FakeGraphLoop : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    qd::detail::release_cached_graphs();
    before_ = qd::fake::graph_counts();
  }
  void TearDown() override {
    qd::fake::refuse_body_node_updates(false);
    qd::detail::release_cached_graphs();
    const qd::fake::GraphCounts c = qd::fake::graph_counts();
    EXPECT_EQ(c.condition_misuses, before_.condition_misuses);
    EXPECT_EQ(c.graphs_created - before_.graphs_created,
              c.graphs_destroyed - before_.graphs_destroyed);
    FakeTest::TearDown();
  }
  unsigned long long iterations() const {
    return qd::fake::graph_counts().loop_iterations - before_.loop_iterations;
  }
  unsigned long long while_nodes() const {
    return qd::fake::graph_counts().while_nodes - before_.while_nodes;
  }
  unsigned long long graphs() const {
    return qd::fake::graph_counts().graphs_created - before_.graphs_created;
  }

  qd::Buffer<int> count{1}, rounds{1}, data{200};

  std::vector<int> host_data() {
    std::vector<int> out(200);
    data.copy_to_host(out.data());
    return out;
  }
  int host_count() {
    int c = -1;
    count.copy_to_host(&c);
    return c;
  }

private:
  qd::fake::GraphCounts before_;
};

TEST_F(FakeGraphLoop, TheDeviceDecidesTheTripCountInOneGraph) {
  std::vector<int> zeros(200, 0);
  data.copy_from_host(zeros.data());
  count_to(count.data(), data.data(), 7);
  qd::synchronize();
  EXPECT_EQ(host_count(), 7);
  EXPECT_EQ(iterations(), 7u);
  EXPECT_EQ(while_nodes(), 1u);
  const std::vector<int> out = host_data();
  for (int i = 0; i < 7; ++i)
    EXPECT_EQ(out[i], i);
  EXPECT_EQ(out[7], 0);

  // The same arguments: the same graph, nothing updated.
  const unsigned long long updates = qd::fake::graph_counts().node_updates;
  count_to(count.data(), data.data(), 7);
  EXPECT_EQ(graphs(), 1u);
  EXPECT_EQ(qd::fake::graph_counts().node_updates, updates);
  EXPECT_EQ(iterations(), 14u);

  // Another limit, which the body's test kernel takes too: the same graph,
  // its nodes updated, and another trip count.
  count_to(count.data(), data.data(), 12);
  EXPECT_EQ(host_count(), 12);
  EXPECT_EQ(iterations(), 26u);
  EXPECT_EQ(graphs(), 1u);
  EXPECT_EQ(qd::fake::graph_counts().node_updates, updates + 2);
}

TEST_F(FakeGraphLoop, AZeroTripLoopRunsNoBody) {
  count_to(count.data(), data.data(), 0);
  EXPECT_EQ(host_count(), 0);
  EXPECT_EQ(iterations(), 0u);
}

TEST_F(FakeGraphLoop, ADriverThatKeepsBodyArgumentsGetsANewGraph) {
  // A driver that does not update the nodes of a conditional node's body:
  // a call with other values there builds the graph again, and computes
  // with those values.
  qd::fake::refuse_body_node_updates(true);
  qd::Buffer<int> other(200);
  std::vector<int> zeros(200, 0);
  other.copy_from_host(zeros.data());
  count_to(count.data(), data.data(), 3);
  count_to(count.data(), other.data(), 3);
  EXPECT_EQ(graphs(), 2u);
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
  EXPECT_EQ(iterations(), 6u);
  std::vector<int> out(200);
  other.copy_to_host(out.data());
  EXPECT_EQ(out[2], 2);
  // The same values again: nothing to update, no graph built.
  count_to(count.data(), other.data(), 3);
  EXPECT_EQ(graphs(), 2u);
}

TEST_F(FakeGraphLoop, NestedLoopsEachHaveTheirCondition) {
  count_to(count.data(), data.data(), 4, rounds.data(), 3);
  int r = -1;
  rounds.copy_to_host(&r);
  EXPECT_EQ(r, 3);
  EXPECT_EQ(host_count(), 4);
  // 3 outer iterations, each with 4 inner ones.
  EXPECT_EQ(iterations(), 3u + 12u);
  EXPECT_EQ(while_nodes(), 2u);
  const std::vector<int> out = host_data();
  EXPECT_EQ(out[100], 0);
  EXPECT_EQ(out[102], 2);
}

TEST_F(FakeGraphLoop, ACapturingStreamRefusesTheCall) {
  qd::Stream s;
  qd::fake::set_capturing(s.ref().native(), true);
  EXPECT_THROW(count_to(count.data(), data.data(), 3, nullptr, 0, s.ref()),
               qd::Error);
  qd::fake::set_capturing(s.ref().native(), false);
  EXPECT_EQ(iterations(), 0u);
  s.synchronize();
}

TEST_F(FakeGraphLoop, ASolverCallIsOneGraphLaunchWhateverItsTripCount) {
#if !QD_FAKE_FIBERS
  GTEST_SKIP() << "its reductions need the fake device's fibers, which the "
                  "ThreadSanitizer build runs without";
#endif
  const int n = 16;
  qd::Buffer<float> u(n), v(n), residual(1);
  qd::Buffer<int> iterations(1);
  auto solve = [&](float tol, int max_it) {
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i)
      h[i] = static_cast<float>(i % 7) - 3.0f;
    u.copy_from_host(h.data());
    v.copy_from_host(h.data());
    const qd::fake::GraphCounts c0 = qd::fake::graph_counts();
    sweep(u.data(), v.data(), n, tol, max_it, iterations.data(),
          residual.data());
    const qd::fake::GraphCounts c1 = qd::fake::graph_counts();
    EXPECT_EQ(c1.graph_launches - c0.graph_launches, 1u);
    EXPECT_EQ(c1.direct_launches - c0.direct_launches, 0u);
    int it = -1;
    iterations.copy_to_host(&it);
    EXPECT_EQ(c1.loop_iterations - c0.loop_iterations,
              static_cast<unsigned long long>(it));
    return it;
  };
  const int converged = solve(1e-2f, 100000);
  EXPECT_GT(converged, 10);
  EXPECT_EQ(solve(0.0f, 25), 25); // its cap
  EXPECT_EQ(solve(1e31f, 100), 0); // zero trips
  // One graph for every call (each call's reduction scratch, wherever the
  // pool puts it, only updates the arguments), however many iterations.
  EXPECT_EQ(solve(1e-2f, 100000), converged);
  EXPECT_EQ(graphs(), 1u);
  EXPECT_EQ(while_nodes(), 1u);
}

TEST_F(FakeGraphLoop, ATimeLoopOfAnyStepCountIsOneGraph) {
  // march: a 'loop seq' over the caller's step count, its condition the
  // host's, then three halvings unrolled. No reductions: no fibers needed.
  const int n = 16;
  qd::Buffer<float> u(n), v(n), time(1);
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = static_cast<float>(i % 5);
  u.copy_from_host(h.data());
  v.copy_from_host(h.data());
  const unsigned long long nodes0 = qd::fake::graph_counts().kernel_nodes;
  unsigned long long built_nodes = 0;
  unsigned long long steps_run = 0;
  for (int steps : {0, 1, 37, 2000, 4}) {
    const qd::fake::GraphCounts c0 = qd::fake::graph_counts();
    march(u.data(), v.data(), n, steps, 0.125f, time.data());
    const qd::fake::GraphCounts c1 = qd::fake::graph_counts();
    EXPECT_EQ(c1.graph_launches - c0.graph_launches, 1u) << steps;
    EXPECT_EQ(c1.loop_iterations - c0.loop_iterations,
              static_cast<unsigned long long>(steps));
    steps_run += static_cast<unsigned long long>(steps);
    if (steps == 0)
      built_nodes = c1.kernel_nodes - nodes0;
    float t = -1.0f;
    time.copy_to_host(&t);
    EXPECT_EQ(t, 0.125f * static_cast<float>(steps)) << steps;
  }
  // One graph, built once, of the same size for 0 steps as for 2000: a
  // call with another count updates the test kernel's argument.
  EXPECT_EQ(graphs(), 1u);
  EXPECT_EQ(while_nodes(), 1u);
  EXPECT_EQ(qd::fake::graph_counts().kernel_nodes - nodes0, built_nodes);
  EXPECT_LT(built_nodes, 16u);
  EXPECT_EQ(iterations(), steps_run);
}

TEST_F(FakeGraphLoop, AHostIfOnTheCounterIsAnIfNodeInTheBody) {
#if !QD_FAKE_FIBERS
  GTEST_SKIP() << "its reductions need the fake device's fibers, which the "
                  "ThreadSanitizer build runs without";
#endif
  // relax_every: 'if (k % every == 0)' in the body of the WHILE node.
  const int n = 16;
  qd::Buffer<float> a(n), marks(n);
  qd::Buffer<int> steps(1);
  std::vector<float> h(n, 2.0f), zero(n, 0.0f);
  a.copy_from_host(h.data());
  marks.copy_from_host(zero.data());
  const qd::fake::GraphCounts c0 = qd::fake::graph_counts();
  relax_every(a.data(), marks.data(), n, 3, 1e-3f, steps.data());
  const qd::fake::GraphCounts c1 = qd::fake::graph_counts();
  EXPECT_EQ(c1.graph_launches - c0.graph_launches, 1u);
  EXPECT_EQ(c1.direct_launches - c0.direct_launches, 0u);
  EXPECT_EQ(c1.while_nodes - c0.while_nodes, 1u);
  EXPECT_EQ(c1.if_nodes - c0.if_nodes, 1u);
  int k = 0;
  steps.copy_to_host(&k);
  std::vector<float> m(n);
  marks.copy_to_host(m.data());
  qd::synchronize();
  // 2 * 0.75^k <= 1e-3 first at k = 27; the branch ran at k = 3, 6, ..., 27.
  EXPECT_EQ(k, 27);
  EXPECT_EQ(static_cast<unsigned long long>(k), c1.loop_iterations - c0.loop_iterations);
  float expected = 0.0f;
  for (int it = 3; it <= k; it += 3)
    expected += 2.0f * std::pow(0.75f, static_cast<float>(it));
  EXPECT_NEAR(m[5], expected, 1e-5f);
  EXPECT_NEAR(m[0], expected + 9.0f, 1e-5f);
}

TEST_F(FakeGraphLoop, TwoThreadsEachGetTheirOwnIterationCount) {
#if !QD_FAKE_FIBERS
  GTEST_SKIP() << "its reductions need the fake device's fibers, which the "
                  "ThreadSanitizer build runs without";
#endif
  // Two problems that stop after different iterations, on their own
  // streams and then on one stream, each call's moved values and condition
  // its own.
  const int n = 16;
  auto run = [&](float scale, qd::StreamRef launch, int& iterations,
                 std::vector<float>& u) {
    u.assign(n, 0.0f);
    for (int i = 0; i < n; ++i)
      u[i] = scale * static_cast<float>((i * 37) % 101) / 101.0f;
    std::vector<float> v(u);
    float residual = 0.0f;
    sweep(u.data(), v.data(), n, 0.05f, 500, &iterations, &residual, launch);
    launch.synchronize();
  };
  int alone[2] = {};
  std::vector<float> alone_u[2];
  run(1.0f, {}, alone[0], alone_u[0]);
  run(4.0f, {}, alone[1], alone_u[1]);
  ASSERT_NE(alone[0], alone[1]);
  qd::Stream first, second;
  for (bool shared : {false, true}) {
    int its[2] = {};
    std::vector<float> u[2];
    std::thread t0([&] { run(1.0f, first.ref(), its[0], u[0]); });
    std::thread t1(
        [&] { run(4.0f, shared ? first.ref() : second.ref(), its[1], u[1]); });
    t0.join();
    t1.join();
    for (int t = 0; t < 2; ++t) {
      EXPECT_EQ(its[t], alone[t]) << "thread " << t << (shared ? ", one stream" : "");
      EXPECT_EQ(u[t], alone_u[t]) << "thread " << t << (shared ? ", one stream" : "");
    }
  }
}

TEST_F(FakeGraphLoop, AHostReadAfterTheLoopKeepsStreamMode) {
#if !QD_FAKE_FIBERS
  GTEST_SKIP() << "its reductions need the fake device's fibers, which the "
                  "ThreadSanitizer build runs without";
#endif
  // settle_then_mark bounds a host loop by the iteration count: stream
  // mode, which reads the condition back, and builds no graph.
  const int n = 32;
  qd::Buffer<float> a(n);
  qd::Buffer<int> marks(64);
  std::vector<float> h(n, 1.0f);
  a.copy_from_host(h.data());
  std::vector<int> zeros(64, 0);
  marks.copy_from_host(zeros.data());
  settle_then_mark(a.data(), n, 0.01f, marks.data());
  EXPECT_EQ(graphs(), 0u);
  std::vector<int> out(64);
  marks.copy_to_host(out.data());
  // 0.75^k <= 0.01 first at k = 17.
  EXPECT_EQ(out[16], 17);
  EXPECT_EQ(out[17], 0);
}

} // namespace
