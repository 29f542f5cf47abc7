// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Stream and event pool behaviour through the support API generated code
// uses. Each test trims the pools first, so "created" counts start from an
// empty free list no matter which tests ran before in this process.
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <vector>

namespace {

using qd::PoolStats;
using qd::detail::PooledEvent;
using qd::detail::PooledStreams;

std::size_t live(const PoolStats& s) { return s.created - s.destroyed; }

class PoolTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(qd::stream_pool_stats().in_use, 0u) << "a test leaked streams";
    ASSERT_EQ(qd::event_pool_stats().in_use, 0u) << "a test leaked events";
    qd::trim_pools();
    ASSERT_EQ(live(qd::stream_pool_stats()), 0u);
    ASSERT_EQ(live(qd::event_pool_stats()), 0u);
  }
};

TEST_F(PoolTest, RepeatedRegionsCreateOnlyTheMostHeldAtOnce) {
  const PoolStats before = qd::stream_pool_stats();
  constexpr std::size_t kBlocks = 3;
  constexpr std::size_t kRounds = 200;
  std::set<std::uint32_t> first_slots;
  for (std::size_t round = 0; round < kRounds; ++round) {
    PooledStreams streams(kBlocks);
    ASSERT_EQ(streams.size(), kBlocks);
    EXPECT_EQ(qd::stream_pool_stats().in_use, kBlocks);
    std::set<std::uint32_t> slots;
    for (std::size_t i = 0; i < kBlocks; ++i)
      slots.insert(streams.slot(i));
    ASSERT_EQ(slots.size(), kBlocks) << "one slot lent twice in one region";
    if (round == 0)
      first_slots = slots;
    else
      EXPECT_EQ(slots, first_slots) << "a region got a stream never pooled";
  }
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.created - before.created, kBlocks);
  EXPECT_EQ(after.in_use, 0u);
  EXPECT_EQ(after.acquired - before.acquired, kBlocks * kRounds);
  EXPECT_EQ(after.reused - before.reused, kBlocks * (kRounds - 1));
  EXPECT_EQ(after.shared, before.shared);
  EXPECT_GE(after.high_water, kBlocks);
}

TEST_F(PoolTest, GrowsToTheLargestRegionAndThenReuses) {
  const PoolStats before = qd::stream_pool_stats();
  { PooledStreams a(2); }
  { PooledStreams b(5); }
  { PooledStreams c(4); }
  {
    PooledStreams outer(3);
    PooledStreams inner(2); // nested regions from one thread: 5 held at once
  }
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.created - before.created, 5u);
  EXPECT_EQ(after.acquired - before.acquired, 2u + 5u + 4u + 5u);
  EXPECT_EQ(after.in_use, 0u);
}

TEST_F(PoolTest, RegionsLargerThanTheInlineStorageGetDistinctStreams) {
  // Beyond the 9 inline leases, within the default limit of 32 streams.
  constexpr std::size_t kBlocks = 31;
  PooledStreams streams(kBlocks);
  ASSERT_EQ(streams.size(), kBlocks);
  std::set<std::uint32_t> slots;
  for (std::size_t i = 0; i < kBlocks; ++i)
    slots.insert(streams.slot(i));
  EXPECT_EQ(slots.size(), kBlocks);
  EXPECT_EQ(qd::stream_pool_stats().in_use, kBlocks);
}

TEST_F(PoolTest, EmptyRegionHoldsNothing) {
  const PoolStats before = qd::stream_pool_stats();
  {
    PooledStreams none(0);
    EXPECT_EQ(none.size(), 0u);
    EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  }
  EXPECT_EQ(qd::stream_pool_stats().acquired, before.acquired);
}

TEST_F(PoolTest, GuardGivesStreamsBackWhenTheScopeThrows) {
  try {
    PooledStreams streams(4);
    PooledEvent fork;
    ASSERT_EQ(qd::stream_pool_stats().in_use, 4u);
    ASSERT_EQ(qd::event_pool_stats().in_use, 1u);
    throw std::runtime_error("launch failed in block 2");
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "launch failed in block 2");
  }
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  // The streams went back to the free list, not into a leak: the next region
  // reuses them.
  const PoolStats before = qd::stream_pool_stats();
  { PooledStreams again(4); }
  EXPECT_EQ(qd::stream_pool_stats().created, before.created);
  EXPECT_EQ(qd::stream_pool_stats().reused - before.reused, 4u);
}

// The shape of a generated region (SPEC section 2): fork, per-block work,
// join, with a failing launch in the middle.
void run_region_failing_at_block(std::size_t failing_block) {
  const qd::StreamRef launch_stream;
  PooledStreams streams(3);
  PooledEvent fork;
  fork.record(launch_stream);
  for (std::size_t b = 0; b < streams.size(); ++b) {
    fork.wait(streams[b]);
    if (b == failing_block)
      qd::detail::throw_launch_error("k", "k.cpp", 7, "simulated failure");
  }
  for (std::size_t b = 0; b < streams.size(); ++b) {
    PooledEvent join;
    join.record(streams[b]);
    join.wait(launch_stream);
  }
}

TEST_F(PoolTest, GeneratedRegionShapeReleasesOnLaunchError) {
  EXPECT_NO_THROW(run_region_failing_at_block(99));
  EXPECT_THROW(run_region_failing_at_block(1), qd::Error);
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  // One fork event plus one join event at a time: two events at most.
  EXPECT_EQ(live(qd::event_pool_stats()), 2u);
  EXPECT_EQ(live(qd::stream_pool_stats()), 3u);
}

TEST_F(PoolTest, EventsAreReused) {
  const PoolStats before = qd::event_pool_stats();
  std::uint32_t first_slot = 0;
  for (int i = 0; i < 50; ++i) {
    PooledEvent e;
    e.record({});
    e.wait({});
    if (i == 0)
      first_slot = e.slot();
    EXPECT_EQ(e.slot(), first_slot);
    EXPECT_EQ(qd::event_pool_stats().in_use, 1u);
  }
  const PoolStats after = qd::event_pool_stats();
  EXPECT_EQ(after.created - before.created, 1u);
  EXPECT_EQ(after.acquired - before.acquired, 50u);
  EXPECT_EQ(after.reused - before.reused, 49u);
}

TEST_F(PoolTest, TrimDestroysIdleHandlesOnly) {
  PooledStreams held(2);
  { PooledStreams idle(3); } // 5 created, 3 idle
  const PoolStats before = qd::stream_pool_stats();
  EXPECT_EQ(live(before), 5u);
  EXPECT_EQ(qd::trim_pools(), 3u);
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.destroyed - before.destroyed, 3u);
  EXPECT_EQ(after.in_use, 2u);
  EXPECT_EQ(live(after), 2u);
  // Retired slots are not handed out again; new ones are created.
  PooledStreams more(1);
  EXPECT_EQ(qd::stream_pool_stats().created, after.created + 1);
  EXPECT_NE(more.slot(0), held.slot(0));
  EXPECT_NE(more.slot(0), held.slot(1));
}

TEST_F(PoolTest, StatsByDeviceIndex) {
  { PooledStreams s(2); }
  const PoolStats current = qd::stream_pool_stats();
  const PoolStats device0 = qd::stream_pool_stats(0);
  EXPECT_EQ(current.created, device0.created);
  EXPECT_EQ(current.acquired, device0.acquired);
  EXPECT_THROW(qd::stream_pool_stats(1), qd::Error);
  EXPECT_THROW(qd::event_pool_stats(-1), qd::Error);
}

TEST_F(PoolTest, CpuPooledStreamsAreEmptyHandles) {
  PooledStreams streams(2);
  EXPECT_EQ(streams[0].native(), nullptr);
  EXPECT_EQ(streams[1].native(), nullptr);
}

} // namespace

namespace {

// Distinct fake launch streams: the pool only compares the pointers.
qd::StreamRef fake_launch_stream(std::uintptr_t id) {
  return qd::StreamRef::from_native(reinterpret_cast<void*>(id * 64));
}

std::vector<std::uint32_t> slots_of(const qd::detail::PooledHandles& h) {
  std::vector<std::uint32_t> slots;
  for (std::size_t i = 0; i < h.size(); ++i)
    slots.push_back(h.slot(i));
  return slots;
}

} // namespace

TEST_F(PoolTest, RegionsOnOneLaunchStreamKeepTheirStreams) {
  const qd::StreamRef a = fake_launch_stream(1), b = fake_launch_stream(2);
  std::vector<std::uint32_t> on_a, on_b;
  {
    PooledStreams first_a(2, a);
    PooledStreams first_b(2, b);
    on_a = slots_of(first_a);
    on_b = slots_of(first_b);
  }
  // Released a's first, so a's streams are the oldest free ones; each launch
  // stream still gets back exactly its own, in the same order.
  for (int round = 0; round < 3; ++round) {
    PooledStreams again_b(2, b);
    EXPECT_EQ(slots_of(again_b), on_b);
    PooledStreams again_a(2, a);
    EXPECT_EQ(slots_of(again_a), on_a);
  }
}

TEST_F(PoolTest, AnotherLaunchStreamGetsTheStreamReleasedLongestAgo) {
  const qd::StreamRef a = fake_launch_stream(1), b = fake_launch_stream(2),
                      c = fake_launch_stream(3);
  std::uint32_t released_first = 0;
  {
    PooledStreams first(1, a);
    PooledStreams second(1, b);
    released_first = second.slot(0); // destroyed before `first`
  }
  PooledStreams newcomer(1, c);
  EXPECT_EQ(newcomer.slot(0), released_first);
  EXPECT_EQ(live(qd::stream_pool_stats()), 2u);
}

TEST_F(PoolTest, EventsAreReusedMostRecentFirst) {
  std::uint32_t last = 0;
  {
    qd::detail::PooledEvents three(3);
    last = three.slot(0);
  }
  // The release pushes in reverse, so slot(0) is on top.
  PooledEvent one;
  EXPECT_EQ(one.slot(), last);
  EXPECT_EQ(live(qd::event_pool_stats()), 3u);
}

// The cpu backend ignores stream priorities: a region with them works, its
// "streams" are the default stream, and each block still holds a slot of its
// priority's pool, given back there.
TEST_F(PoolTest, PrioritiesOnTheCpuBackendAreIgnoredButPooled) {
  static constexpr qd::StreamPriority kPriorities[] = {
      qd::StreamPriority::high, qd::StreamPriority::normal,
      qd::StreamPriority::low};
  const qd::detail::CallDevice device;
  const PoolStats high = qd::stream_pool_stats(0, qd::StreamPriority::high);
  {
    PooledStreams streams(3, {}, device, kPriorities);
    for (std::size_t i = 0; i < 3; ++i)
      EXPECT_TRUE(streams[i].is_default());
    EXPECT_EQ(qd::stream_pool_stats(0, qd::StreamPriority::high).in_use, 1u);
    EXPECT_EQ(qd::stream_pool_stats(0, qd::StreamPriority::low).in_use, 1u);
    EXPECT_EQ(qd::stream_pool_stats().in_use, 1u);
  }
  const PoolStats after = qd::stream_pool_stats(0, qd::StreamPriority::high);
  EXPECT_EQ(after.in_use, 0u);
  EXPECT_EQ(after.acquired - high.acquired, 1u);
  EXPECT_EQ(qd::stream_pool_stats(0, qd::StreamPriority::low).in_use, 0u);
}
