// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode on the fake device: the graph-mode translation of
// tests/golden/graph_mode.cpp (GRAPH_MODE_FAKE, its launches described to
// qd::detail::GraphCall) running through the real graph cache over fake
// graphs. What the GPU cannot show cheaply is checked here: which graphs are
// built, reused, updated and evicted, the dependencies of their nodes, and
// every failure path.
// First: the fake CUDA shim it includes must come before qd's graph_call.h
// (through fake_support.h) for graph nodes to get host invokers.
#include GRAPH_MODE_FAKE // defines step(...), stencil(...), scale<T>(...)

#include "fake_support.h"

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

using qd_fake_test::FakeTest;

constexpr int kN = 3001;

// The serial meaning of step() (tests/golden/graph_mode.cpp).
void host_step(std::vector<float>& x, std::vector<float>& y, std::vector<float>& z,
               std::vector<float>& sq, int n, float dt, float* summary) {
  for (int i = 0; i < n; ++i)
    x[i] += dt * y[i];
  summary[0] = x[0];
  const int half = n / 2;
  for (int i = 0; i < half; ++i)
    y[i] -= dt * x[i];
  for (int i = half; i < n; ++i)
    y[i] += dt * x[i];
  summary[1] = x[n > 1 ? n - 1 : 0];
  for (int i = 0; i < n; ++i)
    sq[i] = x[i] * x[i];
  for (int i = 0; i < n; ++i)
    z[i] = 2.0f * x[i];
  for (int i = 0; i < n; ++i)
    x[i] = x[i] + y[i] - 0.5f * z[i];
}

// step()'s arrays on the device and their expected values on the host.
struct StepData {
  qd::Buffer<float> x{kN}, y{kN}, z{kN}, sq{kN}, summary{2};
  std::vector<float> hx, hy, hz, hsq, hsummary;

  explicit StepData(int seed = 0)
      : hx(kN), hy(kN), hz(kN, 0.f), hsq(kN, 0.f), hsummary(2, 0.f) {
    for (int i = 0; i < kN; ++i) {
      hx[i] = static_cast<float>((i * 7 + seed) % 64) / 16.f - 2.f;
      hy[i] = static_cast<float>((i * 3 + seed) % 32) / 32.f;
    }
    x.copy_from_host(hx.data());
    y.copy_from_host(hy.data());
    z.copy_from_host(hz.data());
    sq.copy_from_host(hsq.data());
    summary.copy_from_host(hsummary.data());
  }

  void call(int n, float dt, qd::StreamRef s = {}) {
    step(x.data(), y.data(), z.data(), sq.data(), n, dt, summary.data(), s);
    host_step(hx, hy, hz, hsq, n, dt, hsummary.data());
  }

  bool matches() const {
    auto same = [](const qd::Buffer<float>& b, const std::vector<float>& h) {
      std::vector<float> out(h.size());
      b.copy_to_host(out.data());
      return out == h;
    };
    return same(x, hx) && same(y, hy) && same(z, hz) && same(sq, hsq) &&
           same(summary, hsummary);
  }
};

class FakeGraph : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    qd::detail::release_cached_graphs();
    ASSERT_EQ(qd::detail::cached_graph_count(), 0u);
    before_ = qd::fake::graph_counts();
  }

  void TearDown() override {
    qd::fake::fail_graph_instantiation(0);
    qd::fake::fail_graph_launch(0);
    qd::fake::fail_node_update(0);
    qd::detail::release_cached_graphs();
    // Every graph and executable graph made was destroyed, but for those a
    // device reset freed: none leaked on a failure path or at release, and
    // none was destroyed after its context was gone.
    const qd::fake::GraphCounts c = qd::fake::graph_counts();
    EXPECT_EQ(c.graphs_created, c.graphs_destroyed + forgotten_);
    EXPECT_EQ(c.execs_created, c.execs_destroyed + forgotten_);
    EXPECT_EQ(c.stale_destroys, 0u);
    FakeTest::TearDown();
  }

  // Graphs (each with its executable graph) that a device reset freed, over
  // the whole process: the runtime must leave them alone.
  static inline unsigned long long forgotten_ = 0;

  // Counts since SetUp.
  qd::fake::GraphCounts delta() const {
    const qd::fake::GraphCounts now = qd::fake::graph_counts();
    qd::fake::GraphCounts d;
    d.graphs_created = now.graphs_created - before_.graphs_created;
    d.graphs_destroyed = now.graphs_destroyed - before_.graphs_destroyed;
    d.execs_created = now.execs_created - before_.execs_created;
    d.execs_destroyed = now.execs_destroyed - before_.execs_destroyed;
    d.kernel_nodes = now.kernel_nodes - before_.kernel_nodes;
    d.node_updates = now.node_updates - before_.node_updates;
    d.graph_launches = now.graph_launches - before_.graph_launches;
    d.direct_launches = now.direct_launches - before_.direct_launches;
    return d;
  }

private:
  qd::fake::GraphCounts before_;
};

TEST_F(FakeGraph, OneGraphPerShapeUpdatedOnlyWhereArgumentsChange) {
  StepData data;
  qd::Stream stream;
  const unsigned long long launches = qd::fake::counts(0).launches;
  data.call(kN, 0.125f, stream);
  EXPECT_EQ(delta().graphs_created, 1u);
  EXPECT_EQ(delta().execs_created, 1u);
  EXPECT_EQ(delta().kernel_nodes, 8u); // 3 loops and a task, then 4 in blocks
  EXPECT_EQ(delta().graph_launches, 1u);
  EXPECT_EQ(qd::fake::counts(0).launches - launches, 8u);

  // The same arguments: the graph is launched as it is.
  data.call(kN, 0.125f, stream);
  EXPECT_EQ(delta().execs_created, 1u);
  EXPECT_EQ(delta().node_updates, 0u);
  EXPECT_EQ(delta().graph_launches, 2u);

  // A new dt: only the three loops that read it are updated.
  data.call(kN, 0.25f, stream);
  EXPECT_EQ(delta().execs_created, 1u);
  EXPECT_EQ(delta().node_updates, 3u);

  // Other arrays: every node reads x, so all eight are updated.
  StepData other(5);
  other.call(kN, 0.25f, stream);
  EXPECT_EQ(delta().execs_created, 1u);
  EXPECT_EQ(delta().node_updates, 3u + 8u);
  EXPECT_EQ(delta().graph_launches, 4u);
  EXPECT_TRUE(data.matches());
  EXPECT_TRUE(other.matches());
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
}

TEST_F(FakeGraph, DependenciesAreStreamModesForkAndJoin) {
  StepData data;
  data.call(kN, 0.5f);
  // Node order: loop0 and task1 on the launch stream; block 1: loop2,
  // loop3; block 2: task4, loop5; block 3: loop6; after the join, loop7.
  const std::vector<std::vector<std::size_t>> expected = {
      {}, {0}, {1}, {2}, {1}, {4}, {1}, {3, 5, 6}};
  std::vector<std::vector<std::size_t>> edges = qd::fake::last_instantiated_edges();
  for (auto& deps : edges)
    std::sort(deps.begin(), deps.end());
  EXPECT_EQ(edges, expected);
  EXPECT_TRUE(data.matches());
}

TEST_F(FakeGraph, EachShapeHasItsGraphAndOldShapesStayCached) {
  StepData data;
  data.call(kN, 0.5f); // 8 nodes, 12 blocks per loop
  data.call(0, 0.5f);  // the loops are empty: the two tasks only
  data.call(1, 0.5f);  // 1 block each, and the first half (n / 2) is empty
  EXPECT_EQ(delta().execs_created, 3u);
  EXPECT_EQ(delta().kernel_nodes, 8u + 2u + 7u);
  data.call(kN, 0.5f);
  data.call(0, 0.5f);
  data.call(1, 0.5f);
  EXPECT_EQ(delta().execs_created, 3u);
  EXPECT_EQ(qd::detail::cached_graph_count(), 3u);
  EXPECT_TRUE(data.matches());
}

TEST_F(FakeGraph, EachLaunchStreamAndDeviceHasItsOwnGraph) {
  StepData data;
  qd::Stream first, second;
  for (int i = 0; i < 3; ++i) {
    data.call(kN, 0.5f, first);
    data.call(kN, 0.5f, second);
    data.call(kN, 0.5f); // the default stream
  }
  EXPECT_EQ(delta().execs_created, 3u);
  {
    qd::set_device(1);
    StepData on_one;
    qd::Stream stream;
    on_one.call(kN, 0.5f, stream);
    EXPECT_TRUE(on_one.matches());
    qd::set_device(0);
  }
  EXPECT_EQ(delta().execs_created, 4u);
  EXPECT_TRUE(data.matches());
}

TEST_F(FakeGraph, TheCacheKeepsAtMostItsBoundPerEntryPoint) {
  StepData data;
  std::vector<std::unique_ptr<qd::Stream>> streams;
  const std::size_t n = qd::detail::kGraphsPerSite + 4;
  for (std::size_t i = 0; i < n; ++i) {
    streams.push_back(std::make_unique<qd::Stream>());
    data.call(kN, 0.5f, *streams.back());
  }
  EXPECT_EQ(qd::detail::cached_graph_count(), qd::detail::kGraphsPerSite);
  EXPECT_EQ(delta().execs_created, n);
  EXPECT_EQ(delta().execs_destroyed, 4u);
  // The most recent stay: the last stream's graph is reused.
  data.call(kN, 0.5f, *streams.back());
  EXPECT_EQ(delta().execs_created, n);
  // The oldest went: the first stream's graph is built again.
  data.call(kN, 0.5f, *streams.front());
  EXPECT_EQ(delta().execs_created, n + 1);
  EXPECT_EQ(qd::detail::cached_graph_count(), qd::detail::kGraphsPerSite);
  EXPECT_TRUE(data.matches());
}

TEST_F(FakeGraph, ACallWithoutLaunchesEnqueuesNothing) {
  qd::Buffer<float> v(4);
  const unsigned long long launches = qd::fake::counts(0).launches;
  scale<float>(v.data(), 0, 2.0f);
  EXPECT_EQ(qd::fake::counts(0).launches, launches);
  EXPECT_EQ(delta().graphs_created, 0u);
  EXPECT_EQ(delta().graph_launches, 0u);
}

TEST_F(FakeGraph, TemplateInstantiationsHaveTheirOwnGraphs) {
  std::vector<float> hf = {1.f, 2.f, 3.f};
  std::vector<double> hd = {1.0, 2.0, 3.0};
  qd::Buffer<float> f(3);
  qd::Buffer<double> d(3);
  f.copy_from_host(hf.data());
  d.copy_from_host(hd.data());
  scale<float>(f.data(), 3, 2.0f);
  scale<double>(d.data(), 3, 0.5);
  scale<float>(f.data(), 3, 2.0f);
  EXPECT_EQ(delta().execs_created, 2u);
  f.copy_to_host(hf.data());
  d.copy_to_host(hd.data());
  EXPECT_EQ(hf, (std::vector<float>{4.f, 8.f, 12.f}));
  EXPECT_EQ(hd, (std::vector<double>{0.5, 1.0, 1.5}));
}

// The source line of each of step()'s launches, in launch order.
const unsigned kStepLines[] = {15, 18, 23, 25, 30, 31, 36, 40};

TEST_F(FakeGraph, AFailedLaunchAtAnyPositionEnqueuesNothing) {
  for (unsigned k = 1; k <= 8; ++k) {
    SCOPED_TRACE("failing launch " + std::to_string(k));
    StepData data;
    data.call(kN, 0.5f); // cached, and the expected values advance once
    const unsigned long long launches = qd::fake::counts(0).launches;
    const unsigned long long graph_launches = delta().graph_launches;
    qd::testing::inject_launch_failure(k);
    try {
      step(data.x.data(), data.y.data(), data.z.data(), data.sq.data(), kN, 0.5f,
           data.summary.data(), {});
      ADD_FAILURE() << "the injected failure was not reported";
    } catch (const qd::Error& e) {
      EXPECT_TRUE(e.is_launch_failure());
      EXPECT_EQ(e.kernel(), "step");
      EXPECT_EQ(e.file(), "graph_mode.cpp");
      EXPECT_EQ(e.line(), kStepLines[k - 1]);
      EXPECT_NE(e.driver_message().find("invalid configuration argument"),
                std::string::npos)
          << e.driver_message();
    }
    // All or nothing: not one kernel ran, no graph was launched.
    EXPECT_EQ(qd::fake::counts(0).launches, launches);
    EXPECT_EQ(delta().graph_launches, graph_launches);
    // The broken shape was not kept; the good one is still cached.
    EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
    const unsigned long long execs = delta().execs_created;
    data.call(kN, 0.5f);
    EXPECT_EQ(delta().execs_created, execs);
    EXPECT_TRUE(data.matches());
    qd::detail::release_cached_graphs();
  }
}

TEST_F(FakeGraph, AFailedInstantiationKeepsNothingAndTheNextCallBuilds) {
  StepData data;
  qd::fake::fail_graph_instantiation(1);
  try {
    step(data.x.data(), data.y.data(), data.z.data(), data.sq.data(), kN, 0.5f,
         data.summary.data(), {});
    FAIL() << "the failed instantiation was not reported";
  } catch (const qd::Error& e) {
    EXPECT_TRUE(e.is_launch_failure());
    EXPECT_EQ(e.line(), 12u); // the kernel's pragma
    EXPECT_EQ(e.driver_message(), "fakeGraphInstantiate: out of memory");
  }
  EXPECT_EQ(qd::detail::cached_graph_count(), 0u);
  EXPECT_EQ(delta().graphs_created, delta().graphs_destroyed);
  EXPECT_EQ(delta().graph_launches, 0u);
  data.call(kN, 0.5f);
  EXPECT_TRUE(data.matches());
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
}

TEST_F(FakeGraph, AFailedGraphLaunchKeepsTheGraph) {
  StepData data;
  data.call(kN, 0.5f);
  qd::fake::fail_graph_launch(1);
  EXPECT_THROW(step(data.x.data(), data.y.data(), data.z.data(), data.sq.data(), kN,
                    0.5f, data.summary.data(), {}),
               qd::Error);
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
  data.call(kN, 0.5f);
  EXPECT_EQ(delta().execs_created, 1u);
  EXPECT_TRUE(data.matches());
}

TEST_F(FakeGraph, AFailedUpdateDropsTheGraph) {
  StepData data;
  data.call(kN, 0.5f);
  qd::fake::fail_node_update(1);
  try {
    // A new dt: the first node to update is the first loop.
    step(data.x.data(), data.y.data(), data.z.data(), data.sq.data(), kN, 0.75f,
         data.summary.data(), {});
    FAIL() << "the failed update was not reported";
  } catch (const qd::Error& e) {
    EXPECT_EQ(e.line(), 15u);
    EXPECT_EQ(e.driver_message(), "fakeGraphExecKernelNodeSetParams: invalid value");
  }
  EXPECT_EQ(qd::detail::cached_graph_count(), 0u);
  EXPECT_EQ(delta().execs_destroyed, 1u);
  data.call(kN, 0.75f);
  EXPECT_EQ(delta().execs_created, 2u);
  EXPECT_TRUE(data.matches());
}

// While the caller captures the launch stream, the call enqueues stream
// mode's launches, forks and joins there, so that the capture records them.
class CapturedStream {
public:
  CapturedStream() { qd::fake::set_capturing(stream.ref().native(), true); }
  ~CapturedStream() { qd::fake::set_capturing(stream.ref().native(), false); }
  qd::Stream stream;
};

TEST_F(FakeGraph, OnACapturedStreamTheCallReplaysStreamMode) {
  StepData data;
  CapturedStream captured;
  const qd::fake::Counts before = qd::fake::counts(0);
  data.call(kN, 0.5f, captured.stream);
  const qd::fake::Counts after = qd::fake::counts(0);
  EXPECT_EQ(delta().direct_launches, 8u);
  EXPECT_EQ(delta().graphs_created, 0u);
  EXPECT_EQ(after.launches - before.launches, 8u);
  EXPECT_EQ(after.stream_waits - before.stream_waits, 6u); // 3 forks, 3 joins
  EXPECT_TRUE(data.matches());
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
}

TEST_F(FakeGraph, OnACapturedStreamAFailedLaunchStillJoins) {
  for (unsigned k = 1; k <= 8; ++k) {
    SCOPED_TRACE("failing launch " + std::to_string(k));
    StepData data;
    CapturedStream captured;
    const qd::fake::Counts before = qd::fake::counts(0);
    qd::testing::inject_launch_failure(k);
    try {
      step(data.x.data(), data.y.data(), data.z.data(), data.sq.data(), kN, 0.5f,
           data.summary.data(), captured.stream);
      ADD_FAILURE() << "the injected failure was not reported";
    } catch (const qd::Error& e) {
      EXPECT_EQ(e.line(), kStepLines[k - 1]);
    }
    const qd::fake::Counts after = qd::fake::counts(0);
    // Launches before the failing one ran; inside the region (launches 3 to
    // 7) the launch stream still waited for all three blocks.
    EXPECT_EQ(after.launches - before.launches, k - 1);
    const unsigned long long waits = k <= 2 ? 0 : 6;
    EXPECT_EQ(after.stream_waits - before.stream_waits, waits);
    EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
    EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  }
}

TEST_F(FakeGraph, ThreadsOnTheirOwnStreamsAndOnOneStream) {
  constexpr int kThreads = 8, kCalls = 40;
  qd::Stream shared;
  std::vector<std::unique_ptr<StepData>> data;
  for (int t = 0; t < kThreads; ++t)
    data.push_back(std::make_unique<StepData>(t));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      qd::Stream own;
      for (int c = 0; c < kCalls; ++c) {
        const int n = (c % 4 == 3) ? 1 : kN - (c % 3);
        // Half the threads share one stream.
        data[t]->call(n, 0.125f * static_cast<float>(c % 5), t % 2 ? own : shared);
      }
    });
  for (std::thread& t : threads)
    t.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_TRUE(data[t]->matches()) << "thread " << t;
  EXPECT_LE(qd::detail::cached_graph_count(), qd::detail::kGraphsPerSite);
}

// cudaDeviceReset frees every graph of the device, often right before a
// program exits; destroying them again at exit would crash in the driver.
TEST_F(FakeGraph, GraphsOfAResetDeviceAreNotDestroyedAgain) {
  StepData data;
  data.call(kN, 0.5f);
  data.call(1, 0.5f);
  {
    qd::set_device(1);
    StepData on_one;
    qd::Stream stream;
    on_one.call(kN, 0.5f, stream);
    qd::set_device(0);
  }
  EXPECT_EQ(qd::detail::cached_graph_count(), 3u);
  qd::fake::reset_device(0);
  forgotten_ += 2; // device 0's two graphs went with the reset
  qd::detail::release_cached_graphs();
  EXPECT_EQ(qd::detail::cached_graph_count(), 0u);
  EXPECT_EQ(qd::fake::graph_counts().stale_destroys, 0u);
  EXPECT_EQ(delta().execs_destroyed, 1u); // device 1's, whose context lives
  // Device 0 works again, with new graphs.
  StepData fresh;
  fresh.call(kN, 0.5f);
  EXPECT_TRUE(fresh.matches());
  EXPECT_EQ(delta().execs_created, 4u);
}

TEST_F(FakeGraph, ReleaseDestroysEveryGraphAndCallsBuildAgain) {
  StepData data;
  data.call(kN, 0.5f);
  data.call(1, 0.5f);
  qd::detail::release_cached_graphs();
  EXPECT_EQ(qd::detail::cached_graph_count(), 0u);
  EXPECT_EQ(delta().execs_destroyed, 2u);
  EXPECT_EQ(delta().graphs_destroyed, 2u);
  data.call(kN, 0.5f);
  EXPECT_EQ(delta().execs_created, 3u);
  EXPECT_TRUE(data.matches());
}

} // namespace
