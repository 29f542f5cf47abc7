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
  constexpr std::size_t kBlocks = 37;
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

TEST_F(PoolTest, FreeListIsFirstInFirstOut) {
  std::uint32_t a = 0, b = 0;
  {
    PooledStreams first(1);
    PooledStreams second(1);
    a = first.slot(0);
    b = second.slot(0);
  } // second is given back before first
  PooledStreams next(1);
  EXPECT_EQ(next.slot(0), b) << "the longest-idle stream should go first";
  EXPECT_NE(a, b);
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
