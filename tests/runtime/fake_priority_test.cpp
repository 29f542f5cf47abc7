// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stream priorities (`#pragma qd stream_parallel priority(high|low)`) on the
// fake device: a block's stream comes from its device's pool of that
// priority and has it; in graph mode, the kernel nodes of a block's lane
// carry it and the graph is instantiated to honour node priorities. Recorded
// and acquired as generated code does it (PooledStreams with a static array
// of priorities, GraphCall::fork with one).
// First: the fake CUDA shim must come before qd's graph_call.h.
#include <cuda_runtime.h>

#include "fake_support.h"

#include <qd/detail/cuda.h>
#include <qd/detail/graph_loop.h>

#include <set>
#include <vector>

namespace {

using qd::StreamPriority;
using qd::detail::CallDevice;
using qd::detail::PooledStreams;
using qd_fake_test::FakeTest;
using qd_fake_test::live;

constexpr StreamPriority kHigh3[] = {StreamPriority::high, StreamPriority::high,
                                     StreamPriority::high};
constexpr StreamPriority kMixed[] = {StreamPriority::high,
                                     StreamPriority::normal,
                                     StreamPriority::low};
constexpr StreamPriority kNormal2[] = {StreamPriority::normal,
                                       StreamPriority::normal};
constexpr StreamPriority kNormalHigh[] = {StreamPriority::normal,
                                          StreamPriority::high};
constexpr StreamPriority kHighNormal[] = {StreamPriority::high,
                                          StreamPriority::normal};
constexpr StreamPriority kHighLow[] = {StreamPriority::high,
                                       StreamPriority::low};
constexpr StreamPriority kHigh1[] = {StreamPriority::high};

int priority_of(qd::StreamRef s) { return qd::fake::stream_priority(s.native()); }

// Device 0's pool of priority `p`: its counters since the test began (the
// pools live as long as the process), and `in_use` now.
qd::PoolStats baseline[3];

std::size_t index(StreamPriority p) { return static_cast<std::size_t>(p); }

qd::PoolStats stats(StreamPriority p) {
  qd::PoolStats s = qd::stream_pool_stats(0, p);
  const qd::PoolStats& b = baseline[index(p)];
  s.created -= b.created;
  s.destroyed -= b.destroyed;
  s.acquired -= b.acquired;
  s.reused -= b.reused;
  s.shared -= b.shared;
  return s;
}

constexpr StreamPriority kAll[] = {StreamPriority::normal, StreamPriority::high,
                                   StreamPriority::low};

class FakePriority : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    for (StreamPriority p : kAll)
      baseline[index(p)] = qd::stream_pool_stats(0, p);
  }
};

TEST_F(FakePriority, HighBlocksTakeHighPriorityStreamsFromTheHighPool) {
  const CallDevice device;
  {
    PooledStreams streams(3, {}, device, kHigh3);
    std::set<void*> distinct;
    for (std::size_t b = 0; b < 3; ++b) {
      EXPECT_EQ(priority_of(streams[b]), qd::fake::kGreatestPriority);
      distinct.insert(streams[b].native());
    }
    EXPECT_EQ(distinct.size(), 3u);
    EXPECT_EQ(stats(StreamPriority::high).in_use, 3u);
    EXPECT_EQ(stats(StreamPriority::normal).acquired, 0u);
    EXPECT_EQ(stats(StreamPriority::low).acquired, 0u);
  }
  EXPECT_EQ(stats(StreamPriority::high).in_use, 0u);
}

TEST_F(FakePriority, AMixedRegionTakesEachBlockFromItsPoolAndGivesItBack) {
  const CallDevice device;
  void* first[3];
  {
    PooledStreams streams(3, {}, device, kMixed);
    EXPECT_EQ(priority_of(streams[0]), qd::fake::kGreatestPriority);
    EXPECT_EQ(priority_of(streams[1]), 0);
    EXPECT_EQ(priority_of(streams[2]), qd::fake::kLeastPriority);
    for (StreamPriority p : kAll) {
      EXPECT_EQ(stats(p).in_use, 1u);
      EXPECT_EQ(stats(p).created, 1u);
    }
    for (std::size_t b = 0; b < 3; ++b)
      first[b] = streams[b].native();
  }
  // Each stream went back to the pool it came from: the next region of the
  // same shape gets the same streams, at the same places, creating none.
  PooledStreams again(3, {}, device, kMixed);
  for (std::size_t b = 0; b < 3; ++b)
    EXPECT_EQ(again[b].native(), first[b]) << "block " << b;
  for (StreamPriority p : kAll) {
    EXPECT_EQ(stats(p).created, 1u);
    EXPECT_EQ(stats(p).reused, 1u);
    EXPECT_EQ(stats(p).in_use, 1u);
  }
}

TEST_F(FakePriority, NormalBlocksAreTheNormalPoolsAsBefore) {
  const CallDevice device;
  {
    PooledStreams streams(2, {}, device, kNormal2);
    EXPECT_EQ(priority_of(streams[0]), 0);
    EXPECT_EQ(priority_of(streams[1]), 0);
    EXPECT_EQ(stats(StreamPriority::normal).in_use, 2u);
  }
  // The overload without priorities is the same pool.
  PooledStreams plain(2, {}, device);
  EXPECT_EQ(stats(StreamPriority::normal).reused, 2u);
  EXPECT_EQ(qd::stream_pool_stats(0).reused - baseline[0].reused, 2u);
  EXPECT_EQ(stats(StreamPriority::high).acquired, 0u);
  EXPECT_EQ(stats(StreamPriority::low).acquired, 0u);
}

TEST_F(FakePriority, ManyBlocksOfEachPriority) {
  // More blocks than the inline leases and than one release batch.
  constexpr std::size_t kBlocks = 40;
  static StreamPriority many[kBlocks];
  for (std::size_t b = 0; b < kBlocks; ++b)
    many[b] = b % 3 == 0 ? StreamPriority::high
              : b % 3 == 1 ? StreamPriority::low
                           : StreamPriority::normal;
  qd::set_stream_pool_limit(64);
  const CallDevice device;
  {
    PooledStreams streams(kBlocks, {}, device, many);
    for (std::size_t b = 0; b < kBlocks; ++b)
      EXPECT_EQ(priority_of(streams[b]),
                many[b] == StreamPriority::high  ? qd::fake::kGreatestPriority
                : many[b] == StreamPriority::low ? qd::fake::kLeastPriority
                                                 : 0)
          << "block " << b;
    EXPECT_EQ(stats(StreamPriority::high).in_use, 14u);
    EXPECT_EQ(stats(StreamPriority::low).in_use, 13u);
    EXPECT_EQ(stats(StreamPriority::normal).in_use, 13u);
  }
}

TEST_F(FakePriority, AFailedCreationInALaterPoolGivesBackTheEarlierOnes) {
  const CallDevice device;
  // Normal is taken first (creation 1), then high (creation 2 fails).
  qd::fake::fail_stream_creation(2);
  EXPECT_THROW(PooledStreams(2, {}, device, kNormalHigh), qd::Error);
  EXPECT_EQ(stats(StreamPriority::normal).in_use, 0u);
  EXPECT_EQ(stats(StreamPriority::high).in_use, 0u);
  // High is taken (creation 1), then low fails.
  qd::fake::fail_stream_creation(2);
  EXPECT_THROW(PooledStreams(2, {}, device, kHighLow), qd::Error);
  EXPECT_EQ(stats(StreamPriority::high).in_use, 0u);
  EXPECT_EQ(stats(StreamPriority::low).in_use, 0u);
  // The streams given back are there for the next region.
  PooledStreams streams(2, {}, device, kHighLow);
  EXPECT_EQ(stats(StreamPriority::high).reused, 1u);
  EXPECT_EQ(priority_of(streams[1]), qd::fake::kLeastPriority);
}

TEST_F(FakePriority, EachPoolHasTheLimitAndTrimEmptiesThemAll) {
  qd::set_stream_pool_limit(1);
  const CallDevice device;
  {
    PooledStreams streams(3, {}, device, kHigh3);
    EXPECT_EQ(live(qd::stream_pool_stats(0, StreamPriority::high)), 1u);
    EXPECT_EQ(stats(StreamPriority::high).shared, 2u);
    PooledStreams low(2, {}, device, kHighLow);
    EXPECT_EQ(live(qd::stream_pool_stats(0, StreamPriority::low)), 1u);
  }
  EXPECT_EQ(qd::trim_pools(), 2u);
  EXPECT_EQ(live(qd::stream_pool_stats(0, StreamPriority::high)), 0u);
  EXPECT_EQ(live(qd::stream_pool_stats(0, StreamPriority::low)), 0u);
}

// --- graph mode ---------------------------------------------------------------

__global__ void add(int* a, int v) { *a += v; }

__global__ void test_below(qd::detail::LoopHandle loop, const int* a,
                           int limit) {
  qd::detail::set_loop_condition(loop, *a < limit);
}

// Lane 0 adds 1, a region of two blocks with `priorities` adds 10 and 100,
// lane 0 adds 1000.
void region(int* a, const StreamPriority* priorities,
            qd::StreamRef stream = {}) {
  static qd::detail::GraphSite site("region", "fake_priority_test.cpp", 1);
  const CallDevice device;
  qd::detail::GraphCall call(site, stream, device);
  const char* f = "fake_priority_test.cpp";
  call.launch(0, &add, 1, 1, f, 2, a, 1);
  const std::uint32_t first =
      priorities ? call.fork(0, 2, priorities) : call.fork(0, 2);
  call.launch(first, &add, 1, 1, f, 3, a + 1, 10);
  call.launch(first + 1, &add, 1, 1, f, 4, a + 2, 100);
  call.join();
  call.launch(0, &add, 1, 1, f, 5, a, 1000);
  call.submit();
}

class FakePriorityGraph : public FakePriority {
protected:
  void SetUp() override {
    FakePriority::SetUp();
    qd::detail::release_cached_graphs();
  }
  void TearDown() override {
    qd::detail::release_cached_graphs();
    FakePriority::TearDown();
  }
  int a[3] = {0, 0, 0};
  static constexpr int kNone = qd::fake::kNoNodePriority;
};

TEST_F(FakePriorityGraph, NodesOfAHighLaneCarryItAndTheGraphUsesThem) {
  region(a, kHighNormal);
  EXPECT_TRUE(qd::fake::last_instantiated_with_node_priorities());
  // Lane 0 runs at the launch stream's priority (the default stream's, 0),
  // the normal block at the default.
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>{0, qd::fake::kGreatestPriority, 0, 0}));
  EXPECT_EQ(a[0], 1001);
  EXPECT_EQ(a[1], 10);
  EXPECT_EQ(a[2], 100);
}

TEST_F(FakePriorityGraph, LaneZeroHasTheLaunchStreamsPriority) {
  qd::Stream s;
  region(a, kHighLow, s.ref());
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>{0, qd::fake::kGreatestPriority,
                              qd::fake::kLeastPriority, 0}));
  // A launch stream of high priority (a pooled one, as a block calling a
  // kernel would pass).
  const CallDevice device;
  PooledStreams high(1, {}, device, kHigh1);
  region(a, kHighLow, high[0]);
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>{qd::fake::kGreatestPriority,
                              qd::fake::kGreatestPriority,
                              qd::fake::kLeastPriority,
                              qd::fake::kGreatestPriority}));
  s.synchronize();
}

TEST_F(FakePriorityGraph, WithoutPrioritiesTheGraphIsAsBefore) {
  region(a, nullptr);
  EXPECT_FALSE(qd::fake::last_instantiated_with_node_priorities());
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>(4, kNone)));
  // All normal is no priority: the same shape, the same graph.
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  region(a, kNormal2);
  EXPECT_EQ(qd::fake::graph_counts().execs_created, before.execs_created);
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
}

TEST_F(FakePriorityGraph, CallsDifferingOnlyInPrioritiesHaveTheirOwnGraphs) {
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  region(a, kHighNormal);
  region(a, kNormalHigh);
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>{0, 0, qd::fake::kGreatestPriority, 0}));
  region(a, nullptr);
  EXPECT_FALSE(qd::fake::last_instantiated_with_node_priorities());
  EXPECT_EQ(qd::fake::graph_counts().execs_created - before.execs_created, 3u);
  EXPECT_EQ(qd::detail::cached_graph_count(), 3u);
  // A priority array of equal contents elsewhere is the same shape.
  static constexpr StreamPriority kSameAsHighNormal[] = {
      StreamPriority::high, StreamPriority::normal};
  region(a, kSameAsHighNormal);
  EXPECT_EQ(qd::fake::graph_counts().execs_created - before.execs_created, 3u);
  EXPECT_EQ(a[0], 4004);
}

TEST_F(FakePriorityGraph, NodesOfAConditionalBodyOnAHighLaneCarryIt) {
  // In a high block: while (a[0] < 3) a[0] += 1;
  static qd::detail::GraphSite site("loop", "fake_priority_test.cpp", 10);
  {
    const CallDevice device;
    qd::detail::GraphCall call(site, {}, device);
    const char* f = "fake_priority_test.cpp";
    const std::uint32_t lane = call.fork(0, 1, kHigh1);
    const qd::detail::LoopHandle loop = call.new_loop();
    call.launch(lane, &test_below, 1, 1, f, 11, loop, a, 3);
    call.loop_begin(lane, loop);
    call.launch(lane, &add, 1, 1, f, 12, a, 1);
    call.launch(lane, &test_below, 1, 1, f, 13, loop, a, 3);
    call.loop_end(lane);
    call.join();
    call.launch(0, &add, 1, 1, f, 14, a + 1, 1);
    call.submit();
  }
  EXPECT_TRUE(qd::fake::last_instantiated_with_node_priorities());
  const int high = qd::fake::kGreatestPriority;
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>{high, high, high, 0}));
  EXPECT_EQ(a[0], 3);
  EXPECT_EQ(a[1], 1);
}

TEST_F(FakePriorityGraph, HostCodeOfAHighLaneIsCapturedAtHighPriority) {
  static qd::detail::GraphSite site("host", "fake_priority_test.cpp", 20);
  qd::StreamRef seen;
  {
    const CallDevice device;
    qd::detail::GraphCall call(site, {}, device);
    const char* f = "fake_priority_test.cpp";
    const std::uint32_t first = call.fork(0, 2, kNormalHigh);
    call.host_code(first + 1, f, 21, [&] {
      seen = qd::current_stream();
      qd_fake_launch(&add, 1, 1, 0,
                     static_cast<cudaStream_t>(qd::current_stream().native()))(
          static_cast<int*>(a), 5);
    });
    call.launch(first, &add, 1, 1, f, 22, a + 1, 1);
    call.join();
    call.submit();
  }
  EXPECT_EQ(priority_of(seen), qd::fake::kGreatestPriority);
  // The captured kernel (in the child graph node), then the normal block's.
  EXPECT_EQ(qd::fake::last_instantiated_priorities(),
            (std::vector<int>{qd::fake::kGreatestPriority, 0}));
  EXPECT_EQ(a[0], 5);
  EXPECT_EQ(a[1], 1);
}

TEST_F(FakePriorityGraph, OnACapturedStreamTheReplayTakesPriorityStreams) {
  qd::Stream s;
  qd::fake::set_capturing(s.ref().native(), true);
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  region(a, kHighLow, s.ref());
  qd::fake::set_capturing(s.ref().native(), false);
  EXPECT_EQ(stats(StreamPriority::high).acquired, 1u);
  EXPECT_EQ(stats(StreamPriority::low).acquired, 1u);
  EXPECT_EQ(stats(StreamPriority::normal).acquired, 0u);
  EXPECT_EQ(qd::fake::graph_counts().direct_launches - before.direct_launches,
            4u);
  s.synchronize();
  EXPECT_EQ(a[0], 1001);
}

} // namespace
