// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Many threads acquiring and releasing at once: no slot may be lent to two
// holders at the same time, and the counters must balance.
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace {

using qd::detail::PooledEvent;
using qd::detail::PooledStreams;

// One "held" flag per pool slot, set by the holder while it holds the slot.
class SlotFlags {
public:
  explicit SlotFlags(std::size_t n) : flags_(new std::atomic<bool>[n]()), n_(n) {}
  void take(std::uint32_t slot) {
    if (slot >= n_) {
      out_of_range_.fetch_add(1);
      return;
    }
    if (flags_[slot].exchange(true))
      collisions_.fetch_add(1);
  }
  void give(std::uint32_t slot) {
    if (slot < n_)
      flags_[slot].store(false);
  }
  int collisions() const { return collisions_.load(); }
  int out_of_range() const { return out_of_range_.load(); }

private:
  std::unique_ptr<std::atomic<bool>[]> flags_;
  std::size_t n_;
  std::atomic<int> collisions_{0};
  std::atomic<int> out_of_range_{0};
};

TEST(PoolStressTest, EightThreadsNeverShareASlot) {
  ASSERT_EQ(qd::stream_pool_stats().in_use, 0u);
  qd::trim_pools();
  const qd::PoolStats streams_before = qd::stream_pool_stats();
  const qd::PoolStats events_before = qd::event_pool_stats();

  constexpr int kThreads = 8;
  constexpr int kCycles = 2000;
  constexpr std::size_t kMaxBlocks = 4;
  // Slots are numbered from the pool's creation count upwards, and a correct
  // pool never holds more than kThreads * kMaxBlocks streams at once.
  SlotFlags stream_flags(streams_before.created + kThreads * kMaxBlocks);
  SlotFlags event_flags(events_before.created + kThreads);
  std::atomic<std::size_t> expected_streams{0};

  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int c = 0; c < kCycles; ++c) {
        const std::size_t n = 1 + static_cast<std::size_t>(t + c) % kMaxBlocks;
        PooledStreams streams(n);
        PooledEvent event;
        expected_streams.fetch_add(n, std::memory_order_relaxed);
        for (std::size_t i = 0; i < n; ++i)
          stream_flags.take(streams.slot(i));
        event_flags.take(event.slot());
        if (c % 7 == 0)
          std::this_thread::yield(); // widen the window for overlap
        event_flags.give(event.slot());
        for (std::size_t i = 0; i < n; ++i)
          stream_flags.give(streams.slot(i));
      }
    });
  }
  for (auto& th : threads)
    th.join();

  EXPECT_EQ(stream_flags.collisions(), 0);
  EXPECT_EQ(event_flags.collisions(), 0);
  EXPECT_EQ(stream_flags.out_of_range(), 0) << "pool created too many streams";
  EXPECT_EQ(event_flags.out_of_range(), 0) << "pool created too many events";

  const qd::PoolStats streams_after = qd::stream_pool_stats();
  const qd::PoolStats events_after = qd::event_pool_stats();
  EXPECT_EQ(streams_after.in_use, 0u);
  EXPECT_EQ(events_after.in_use, 0u);
  EXPECT_EQ(streams_after.acquired - streams_before.acquired,
            expected_streams.load());
  EXPECT_EQ(events_after.acquired - events_before.acquired,
            std::size_t{kThreads} * kCycles);
  // high_water covers the whole process; earlier tests may have raised it.
  EXPECT_LE(streams_after.high_water,
            std::max(streams_before.high_water,
                     std::size_t{kThreads} * kMaxBlocks));
  EXPECT_LE(streams_after.created - streams_before.created,
            std::size_t{kThreads} * kMaxBlocks);
  EXPECT_EQ(streams_after.reused - streams_before.reused,
            (streams_after.acquired - streams_before.acquired) -
                (streams_after.created - streams_before.created));
}

} // namespace
