// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Multiple devices, per-thread current devices, stream destruction and event
// timing on the fake device layer.
#include "fake_support.h"

#include <atomic>
#include <chrono>
#include <set>
#include <thread>
#include <vector>

namespace {

using qd::detail::PooledEvents;
using qd::detail::PooledStreams;
using qd_fake_test::FakeTest;
using qd_fake_test::live;

class FakeDevices : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    if (qd::device_count() < 2)
      GTEST_SKIP() << "needs QD_FAKE_DEVICES >= 2";
  }
};

TEST_F(FakeDevices, CurrentDeviceIsPerThread) {
  qd::set_device(1);
  int seen_by_new_thread = -1;
  std::thread([&] { seen_by_new_thread = qd::current_device(); }).join();
  EXPECT_EQ(seen_by_new_thread, 0); // a new thread starts on device 0
  EXPECT_EQ(qd::current_device(), 1);
  qd::set_device(0);
  EXPECT_THROW(qd::set_device(qd::device_count()), qd::Error);
  EXPECT_THROW(qd::set_device(-1), qd::Error);
  EXPECT_EQ(qd::current_device(), 0);
}

TEST_F(FakeDevices, PoolsArePerDevice) {
  const qd::PoolStats before0 = qd::stream_pool_stats(0);
  const qd::PoolStats before1 = qd::stream_pool_stats(1);
  {
    PooledStreams on0(3);
    qd::set_device(1);
    PooledStreams on1(2);
    EXPECT_EQ(qd::stream_pool_stats().in_use, 2u); // device 1's
    EXPECT_EQ(qd::stream_pool_stats(0).in_use, 3u);
    for (std::size_t i = 0; i < 3; ++i)
      EXPECT_EQ(qd::fake::stream_device(on0[i].native()), 0);
    for (std::size_t i = 0; i < 2; ++i)
      EXPECT_EQ(qd::fake::stream_device(on1[i].native()), 1);
    // on0 is given back to device 0's pool although device 1 is current.
  }
  qd::set_device(0);
  EXPECT_EQ(qd::stream_pool_stats(0).created - before0.created, 3u);
  EXPECT_EQ(qd::stream_pool_stats(1).created - before1.created, 2u);
  EXPECT_EQ(qd::stream_pool_stats(0).in_use, 0u);
  EXPECT_EQ(qd::stream_pool_stats(1).in_use, 0u);
}

TEST_F(FakeDevices, TwoThreadsOnTwoDevicesConcurrently) {
  constexpr int kCycles = 2000;
  const qd::PoolStats before[2] = {qd::stream_pool_stats(0),
                                   qd::stream_pool_stats(1)};
  const qd::fake::Counts fake_before[2] = {qd::fake::counts(0),
                                           qd::fake::counts(1)};
  std::atomic<int> wrong_device{0};
  auto worker = [&](int device) {
    qd::set_device(device);
    qd::Stream launch;
    for (int c = 0; c < kCycles; ++c) {
      const std::size_t n = 1 + static_cast<std::size_t>(c % (device + 3));
      PooledStreams streams(n, launch);
      PooledEvents events(n + 1);
      events.record(0, launch);
      for (std::size_t b = 0; b < n; ++b) {
        if (qd::fake::stream_device(streams[b].native()) != device)
          wrong_device.fetch_add(1);
        events.wait(0, streams[b]);
        qd_fake_test::fake_launch(1, 1, streams[b], "per_device", 1);
        events.record(1 + b, streams[b]); // throws on another device's stream
        events.wait(1 + b, launch);
      }
    }
  };
  std::thread t0(worker, 0), t1(worker, 1);
  t0.join();
  t1.join();
  EXPECT_EQ(wrong_device.load(), 0);
  for (int d = 0; d < 2; ++d) {
    const qd::PoolStats s = qd::stream_pool_stats(d);
    const std::size_t max_blocks = static_cast<std::size_t>(d + 3);
    EXPECT_EQ(s.in_use, 0u);
    EXPECT_EQ(s.created - before[d].created, max_blocks) << "device " << d;
    std::size_t expected = 0;
    for (int c = 0; c < kCycles; ++c)
      expected += 1 + static_cast<std::size_t>(c) % max_blocks;
    EXPECT_EQ(s.acquired - before[d].acquired, expected) << "device " << d;
    EXPECT_EQ(qd::fake::counts(d).launches - fake_before[d].launches,
              expected);
  }
}

TEST_F(FakeDevices, EventsRecordOnlyOnStreamsOfTheirDevice) {
  qd::Event on0; // device 0
  qd::set_device(1);
  qd::Stream on1;
  const unsigned long long misuses = qd::fake::misuses();
  EXPECT_THROW(on0.record(on1), qd::Error); // as cudaEventRecord would
  EXPECT_NO_THROW(on0.wait(on1));           // cross-device waits are fine
  qd::set_device(0);
  // The fixture checks that runtime code never misuses handles; this test
  // did so on purpose.
  EXPECT_EQ(qd::fake::misuses() - misuses, 1u);
  misuses_expected(1);
}

TEST_F(FakeDevices, TrimIsPerDevice) {
  qd::set_device(1);
  { PooledStreams idle(3); }
  qd::set_device(0);
  { PooledStreams idle(2); }
  EXPECT_EQ(qd::trim_pools(), 2u);
  EXPECT_EQ(live(qd::stream_pool_stats(1)), 3u);
  qd::set_device(1);
  EXPECT_EQ(qd::trim_pools(), 3u);
  qd::set_device(0);
}

class FakeStreams : public FakeTest {};

TEST_F(FakeStreams, StreamDestructorWaitsForItsWork) {
  const std::size_t busy_before = qd::fake::counts(0).streams_destroyed_busy;
  void* native = nullptr;
  {
    qd::Stream s;
    native = s.ref().native();
    ASSERT_NE(native, nullptr);
    qd_fake_test::fake_launch(4, 64, s, "k", 1);
    EXPECT_TRUE(qd::fake::stream_busy(native));
  }
  EXPECT_TRUE(qd::fake::stream_destroyed(native));
  EXPECT_EQ(qd::fake::counts(0).streams_destroyed_busy, busy_before)
      << "~Stream destroyed the stream without waiting for its work";
}

// Deferred work (fake::defer) models a kernel still running on a
// non-blocking stream: only what waits for that stream runs it.
TEST_F(FakeStreams, DeferredWorkRunsWhenSomethingWaitsForItsStream) {
  std::vector<int> ran;
  qd::Stream s, other;
  auto defer = [&](int id) {
    qd::fake::defer(s.ref().native(), [&ran, id] { ran.push_back(id); });
  };
  defer(1);
  defer(2);
  EXPECT_TRUE(qd::fake::stream_busy(s.ref().native()));
  EXPECT_EQ(qd::fake::deferred_work(0), 2u);
  qd_fake_test::fake_launch(1, 1, other, "elsewhere", 1);
  qd_fake_test::fake_launch(1, 1, {}, "on_the_default_stream", 2);
  EXPECT_TRUE(ran.empty()) << "no order with other streams";
  qd_fake_test::fake_launch(1, 1, s, "after", 3);
  EXPECT_EQ(ran, (std::vector<int>{1, 2})) << "the stream's order";

  defer(3);
  s.synchronize();
  defer(4);
  qd::synchronize();
  defer(5);
  { qd::Buffer<float> b(4); } // cudaFree waits for the device
  EXPECT_EQ(ran, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_EQ(qd::fake::deferred_work(0), 0u);
  EXPECT_THROW(qd::fake::defer(nullptr, [] {}), qd::Error);

  void* native = nullptr;
  {
    qd::Stream doomed;
    native = doomed.ref().native();
    qd::fake::defer(native, [&ran] { ran.push_back(6); });
  }
  EXPECT_EQ(ran.back(), 6) << "~Stream waits for its stream";
  EXPECT_FALSE(qd::fake::stream_busy(s.ref().native()));
}

TEST_F(FakeStreams, PooledStreamsMayGoBackBusyAndAreNotDestroyed) {
  void* native = nullptr;
  {
    PooledStreams streams(1);
    native = streams[0].native();
    qd_fake_test::fake_launch(1, 1, streams[0], "k", 1);
  }
  EXPECT_TRUE(qd::fake::stream_busy(native)); // returning busy is correct
  EXPECT_FALSE(qd::fake::stream_destroyed(native));
  qd::synchronize(); // the device-wide wait covers pooled streams
  EXPECT_FALSE(qd::fake::stream_busy(native));
  EXPECT_EQ(qd::trim_pools(), 1u);
  EXPECT_TRUE(qd::fake::stream_destroyed(native));
}

TEST_F(FakeStreams, MovedStreamIsDestroyedOnce) {
  qd::Stream a;
  void* native = a.ref().native();
  {
    qd::Stream b(std::move(a));
    qd::Stream c;
    c = std::move(b); // c's own stream is destroyed here
  }
  EXPECT_TRUE(qd::fake::stream_destroyed(native));
  // ~a: moved from, destroys nothing (a second destroy is a misuse that the
  // fixture would report).
}

void expect_timing(qd::StreamRef s) {
  qd::Event start, end;
  start.record(s);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  qd_fake_test::fake_launch(1, 1, s, "timed", 1);
  end.record(s);
  end.synchronize();
  const float ms = qd::Event::elapsed_ms(start, end);
  EXPECT_GE(ms, 15.f);
  EXPECT_LT(ms, 5000.f);
}

TEST_F(FakeStreams, EventTimingOnAUserStream) {
  qd::Stream s;
  expect_timing(s);
}

TEST_F(FakeStreams, EventTimingOnAPooledStream) {
  PooledStreams streams(2);
  expect_timing(streams[1]);
}

TEST_F(FakeStreams, EventTimingOnTheDefaultStream) { expect_timing({}); }

TEST_F(FakeStreams, UnrecordedEventsHaveNoTime) {
  qd::Event start, end;
  start.record();
  EXPECT_THROW(qd::Event::elapsed_ms(start, end), qd::Error);
}

TEST_F(FakeStreams, HandlesAreDistinctObjects) {
  PooledStreams streams(3);
  PooledEvents events(3);
  std::set<void*> natives;
  for (std::size_t i = 0; i < 3; ++i)
    natives.insert(streams[i].native());
  EXPECT_EQ(natives.size(), 3u);
  EXPECT_EQ(natives.count(nullptr), 0u);
  qd::Stream user;
  EXPECT_EQ(natives.count(user.ref().native()), 0u);
}

TEST_F(FakeStreams, GridSizeCapsByFakeMultiprocessors) {
  // 8 waves of 2048 threads per multiprocessor x 4 multiprocessors, in
  // blocks of 256.
  EXPECT_EQ(qd::detail::grid_size(std::uint64_t{1} << 30, 256),
            qd::detail::kGridWaves * qd::detail::kThreadsPerSm / 256 *
                qd::fake::kMultiprocessors);
  EXPECT_EQ(qd::detail::grid_size(std::uint64_t{1} << 30, 256), 8u * 8u * 4u);
}

TEST_F(FakeStreams, MultiprocessorLimitCapsGridsAndDeviceChoices) {
  const qd::detail::CallDevice device;
  qd::testing::limit_multiprocessors(2);
  EXPECT_EQ(qd::detail::grid_size(std::uint64_t{1} << 30, 256, device), 8u * 8u * 2u);
  EXPECT_TRUE(qd::detail::tiling_fills_device(2, device));
  // Above the device's own 4, the limit changes nothing.
  qd::testing::limit_multiprocessors(64);
  EXPECT_EQ(qd::detail::grid_size(std::uint64_t{1} << 30, 256, device), 8u * 8u * 4u);
  EXPECT_FALSE(qd::detail::tiling_fills_device(2, device));
  EXPECT_THROW(qd::testing::limit_multiprocessors(-1), qd::Error);
  qd::testing::limit_multiprocessors(0);
  EXPECT_EQ(qd::detail::grid_size(std::uint64_t{1} << 30, 256, device), 8u * 8u * 4u);
}

TEST_F(FakeStreams, CoarsenedNestsGetFourTimesTheGridCap) {
  // 32 waves: fewer groups per thread keep more loads in flight.
  const qd::detail::CallDevice device;
  EXPECT_EQ(qd::detail::coarsened_grid_size(std::uint64_t{1} << 30, 256, device),
            32u * 8u * 4u);
  EXPECT_EQ(qd::detail::coarsened_grid_size(1000, 256, device), 4u);
  EXPECT_EQ(qd::detail::coarsened_grid_size(0, 256, device), 1u);
  EXPECT_THROW(qd::detail::coarsened_grid_size(1, 0, device), qd::Error);
  // A launch check, like grid_size: the injected failure returns 0.
  qd::testing::inject_launch_failure(1);
  EXPECT_EQ(qd::detail::coarsened_grid_size(1000, 256, device), 0u);
  EXPECT_EQ(qd::detail::coarsened_grid_size(1000, 256, device), 4u);
}

TEST_F(FakeStreams, CoarsenedNestsIndexIn32BitsUpToHalfOf2To32) {
  // A flat index below the iterations plus a stride below iterations +
  // block_dim must stay below 2^32.
  const std::uint64_t bound = ((std::uint64_t{1} << 32) - 256) / 2;
  EXPECT_TRUE(qd::detail::fits_32bit_index(bound, 256));
  EXPECT_FALSE(qd::detail::fits_32bit_index(bound + 1, 256));
  EXPECT_TRUE(qd::detail::fits_32bit_index(((std::uint64_t{1} << 32) - 1024) / 2, 1024));
  EXPECT_FALSE(qd::detail::fits_32bit_index(bound, 1024));
  EXPECT_THROW(qd::detail::fits_32bit_index(1, 0), qd::Error);
  // The test hook lowers the bound, and ~0 restores it.
  qd::testing::limit_32bit_index(100);
  EXPECT_TRUE(qd::detail::fits_32bit_index(100, 256));
  EXPECT_FALSE(qd::detail::fits_32bit_index(101, 256));
  qd::testing::limit_32bit_index(~0ull);
  EXPECT_TRUE(qd::detail::fits_32bit_index(bound, 256));
}

TEST_F(FakeStreams, ThirtyTwoBitCoarsenedNestsRunOneGroupPerThread) {
  // No wave cap: 2^30 groups in blocks of 256 get 2^22 blocks.
  EXPECT_EQ(qd::detail::one_group_per_thread_grid_size(std::uint64_t{1} << 30, 256),
            1u << 22);
  EXPECT_EQ(qd::detail::one_group_per_thread_grid_size(1000, 256), 4u);
  EXPECT_EQ(qd::detail::one_group_per_thread_grid_size(0, 256), 1u);
  EXPECT_THROW(qd::detail::one_group_per_thread_grid_size(1, 0), qd::Error);
  qd::testing::inject_launch_failure(1);
  EXPECT_EQ(qd::detail::one_group_per_thread_grid_size(1000, 256), 0u);
  EXPECT_EQ(qd::detail::one_group_per_thread_grid_size(1000, 256), 4u);
}

TEST_F(FakeStreams, CoarseningAndTilingAskForOneWaveNotTheGridCap) {
  // Coarsening pays while every thread the device holds at once (one wave)
  // still gets a group; the grid cap of several waves must not raise that
  // bar. Tiling wants a block per multiprocessor.
  const qd::detail::CallDevice device;
  const std::uint64_t wave =
      qd::detail::kThreadsPerSm * std::uint64_t{qd::fake::kMultiprocessors};
  EXPECT_TRUE(qd::detail::coarsening_fills_device(wave, 256, device));
  EXPECT_FALSE(qd::detail::coarsening_fills_device(wave - 1, 256, device));
  EXPECT_TRUE(qd::detail::tiling_fills_device(qd::fake::kMultiprocessors, device));
  EXPECT_FALSE(qd::detail::tiling_fills_device(qd::fake::kMultiprocessors - 1, device));
}

TEST_F(FakeStreams, ProductTilesCountPartialTiles) {
  // The tiles of a nest, whole or not, which tiling_fills_device weighs for
  // each tile size.
  const qd::detail::CollapsedSpace<2> space{{260, 270}, 260 * 270};
  EXPECT_EQ(qd::detail::product_tiles(space), 5u * 5u);
  EXPECT_EQ(qd::detail::product_tiles(space, 128), 3u * 3u);
}

} // namespace
