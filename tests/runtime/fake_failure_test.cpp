// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Failures in the middle of a region, through code qd-translate generated
// for CUDA (tests/golden/expected/four_blocks.cu: one region of 4 blocks,
// one loop launch each), compiled for the fake device by
// fake_cuda/rewrite_launches.cmake. The launches, the launch checks, the
// guards and the fork/join events are the generated ones.
#include "fake_support.h"

#include FOUR_BLOCKS_FAKE // defines grade_channels(...)

#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

namespace {

using qd_fake_test::FakeTest;
using qd_fake_test::live;

constexpr int kPixels = 1000;

struct Image {
  qd::Buffer<float> red{kPixels}, green{kPixels}, blue{kPixels},
      alpha{kPixels};
  std::vector<float> host_red, host_green, host_blue, host_alpha;

  Image() {
    host_red.resize(kPixels);
    for (int i = 0; i < kPixels; ++i)
      host_red[i] = static_cast<float>(i % 100) / 100.f;
    host_green = host_blue = host_alpha = host_red;
    red.copy_from_host(host_red.data());
    green.copy_from_host(host_green.data());
    blue.copy_from_host(host_blue.data());
    alpha.copy_from_host(host_alpha.data());
  }

  void grade(qd::StreamRef stream) {
    grade_channels(red.data(), green.data(), blue.data(), alpha.data(),
                   kPixels, 2.f, 0.5f, stream);
  }

  // The kernel's serial meaning, applied `times` times to the initial image.
  bool matches(int times) const {
    std::vector<float> r = host_red, g = host_green, b = host_blue,
                       a = host_alpha;
    for (int t = 0; t < times; ++t)
      for (int i = 0; i < kPixels; ++i) {
        r[i] = powf(r[i], 2.f);
        g[i] = 1.0f - g[i];
        b[i] = fminf(fmaxf(b[i], 0.0f), 1.0f);
        a[i] = a[i] >= 0.5f ? 1.0f : 0.0f;
      }
    std::vector<float> out(kPixels);
    red.copy_to_host(out.data());
    if (out != r)
      return false;
    green.copy_to_host(out.data());
    if (out != g)
      return false;
    blue.copy_to_host(out.data());
    if (out != b)
      return false;
    alpha.copy_to_host(out.data());
    return out == a;
  }
};

class FakeFailure : public FakeTest {};

TEST_F(FakeFailure, TheRegionRunsAndChecksFourLaunches) {
  Image image;
  qd::Stream stream;
  const unsigned long long before = qd::testing::launch_checks();
  const unsigned long long waits = qd::fake::counts(0).stream_waits;
  image.grade(stream);
  EXPECT_EQ(qd::testing::launch_checks() - before, 4u);
  // 4 fork waits and 4 join waits; the unwind guard adds none.
  EXPECT_EQ(qd::fake::counts(0).stream_waits - waits, 8u);
  EXPECT_TRUE(image.matches(1));
  EXPECT_EQ(live(qd::stream_pool_stats()), 4u);
  EXPECT_EQ(live(qd::event_pool_stats()), 5u); // fork + 4 joins
}

TEST_F(FakeFailure, ThirdLaunchFailsWithKernelLineAndDriverMessage) {
  Image image;
  qd::Stream stream;
  const qd::fake::Counts fake_before = qd::fake::counts(0);
  qd::testing::inject_launch_failure(3);
  try {
    image.grade(stream);
    FAIL() << "the injected launch failure was not reported";
  } catch (const qd::Error& e) {
    EXPECT_TRUE(e.is_launch_failure());
    EXPECT_EQ(e.kernel(), "grade_channels");
    EXPECT_EQ(e.file(), "four_blocks.cpp");
    EXPECT_EQ(e.line(), 23u); // block 3's loop in tests/golden/four_blocks.cpp
    EXPECT_EQ(e.driver_message(), "invalid configuration argument");
    EXPECT_STREQ(e.what(), "qd kernel 'grade_channels' (four_blocks.cpp:23): "
                           "launch failed: invalid configuration argument");
  }
  // The fake driver saw the 0-block grid and rejected it; blocks 1 and 2 ran.
  const qd::fake::Counts fake_after = qd::fake::counts(0);
  EXPECT_EQ(fake_after.failed_launches - fake_before.failed_launches, 1u);
  EXPECT_EQ(fake_after.launches - fake_before.launches, 2u);
  // The launch stream still waited for every block (RegionUnwindJoin): 4
  // fork waits, then 4 join waits although the explicit join never ran.
  EXPECT_EQ(fake_after.stream_waits - fake_before.stream_waits, 8u);
  // The guards gave everything back; check_launch consumed the error.
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::fake::peek_last_error(), qd::fake::kSuccess);

  // Exactly one check failed: the next call works, on the same pooled
  // streams, and the stream is usable.
  Image fresh;
  const qd::PoolStats streams = qd::stream_pool_stats();
  fresh.grade(stream);
  EXPECT_TRUE(fresh.matches(1));
  EXPECT_EQ(qd::stream_pool_stats().created, streams.created);
  EXPECT_EQ(qd::stream_pool_stats().reused - streams.reused, 4u);
  EXPECT_NO_THROW(stream.synchronize());
}

TEST_F(FakeFailure, DriverReportedFailureCarriesTheDriverMessage) {
  Image image;
  qd::fake::fail_launch(2);
  try {
    image.grade({});
    FAIL() << "the fake launch failure was not reported";
  } catch (const qd::Error& e) {
    EXPECT_EQ(e.line(), 18u);
    EXPECT_EQ(e.driver_message(), "unspecified launch failure");
  }
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  Image fresh;
  fresh.grade({});
  EXPECT_TRUE(fresh.matches(1));
}

TEST_F(FakeFailure, EveryLaunchPositionReleasesEverything) {
  for (unsigned nth = 1; nth <= 4; ++nth) {
    Image image;
    const unsigned long long waits = qd::fake::counts(0).stream_waits;
    qd::testing::inject_launch_failure(nth);
    EXPECT_THROW(image.grade({}), qd::Error) << "launch " << nth;
    EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
    EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
    // Whichever launch failed, the launch stream waited for all 4 blocks
    // (RegionUnwindJoin), after the 4 fork waits.
    EXPECT_EQ(qd::fake::counts(0).stream_waits - waits, 8u)
        << "launch " << nth;
  }
  // One region's worth of streams and events, however often it failed.
  EXPECT_EQ(live(qd::stream_pool_stats()), 4u);
  EXPECT_EQ(live(qd::event_pool_stats()), 5u);
}

TEST_F(FakeFailure, StreamCreationFailureIsAllOrNothing) {
  Image image;
  const qd::fake::Counts before = qd::fake::counts(0);
  const qd::PoolStats pool_before = qd::stream_pool_stats();
  qd::fake::fail_stream_creation(3); // the region's third new stream
  try {
    image.grade({});
    FAIL() << "the stream creation failure was not reported";
  } catch (const qd::Error& e) {
    EXPECT_EQ(e.call(), "fakeStreamCreate");
    EXPECT_EQ(e.driver_message(), "out of memory");
  }
  const qd::fake::Counts after = qd::fake::counts(0);
  // The two streams created before the failure were destroyed again; the
  // pool registered none, and nothing was launched.
  EXPECT_EQ(after.streams_created - before.streams_created, 2u);
  EXPECT_EQ(after.streams_destroyed - before.streams_destroyed, 2u);
  EXPECT_EQ(after.launches, before.launches);
  EXPECT_EQ(qd::stream_pool_stats().created, pool_before.created);
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  Image fresh;
  fresh.grade({});
  EXPECT_TRUE(fresh.matches(1));
}

TEST_F(FakeFailure, CreationFailureGivesBackTheStreamsTakenFromTheFreeList) {
  { qd::detail::PooledStreams warm(2); } // two idle streams
  Image image;
  qd::fake::fail_stream_creation(2); // the region takes 2, creates 2: fails
  EXPECT_THROW(image.grade({}), qd::Error);
  const qd::PoolStats s = qd::stream_pool_stats();
  EXPECT_EQ(s.in_use, 0u);
  EXPECT_EQ(live(s), 2u) << "the free streams went back, the new one died";
  // And they are handed out again.
  qd::detail::PooledStreams again(2);
  EXPECT_EQ(qd::stream_pool_stats().created, s.created);
}

TEST_F(FakeFailure, EventCreationFailureReleasesTheStreams) {
  Image image;
  qd::fake::fail_event_creation(4);
  try {
    image.grade({});
    FAIL() << "the event creation failure was not reported";
  } catch (const qd::Error& e) {
    EXPECT_EQ(e.call(), "fakeEventCreate");
  }
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  EXPECT_EQ(live(qd::event_pool_stats()), 0u);
  EXPECT_EQ(live(qd::stream_pool_stats()), 4u); // kept for the next call
  Image fresh;
  fresh.grade({});
  EXPECT_TRUE(fresh.matches(1));
}

TEST_F(FakeFailure, FailureWhileStreamsAreSharedReleasesTheShares) {
  qd::set_stream_pool_limit(2); // 4 blocks on 2 streams: shared within
  const std::size_t created = qd::stream_pool_stats().created;
  Image image;
  qd::testing::inject_launch_failure(4);
  EXPECT_THROW(image.grade({}), qd::Error);
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  Image fresh;
  const qd::PoolStats before = qd::stream_pool_stats();
  fresh.grade({});
  EXPECT_TRUE(fresh.matches(1));
  const qd::PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.created - created, 2u);
  EXPECT_EQ(after.reused - before.reused, 2u);
  EXPECT_EQ(after.shared - before.shared, 2u);
}

TEST_F(FakeFailure, InjectionHitsExactlyOneCheckAcrossThreads) {
  constexpr int kThreads = 8, kChecks = 500;
  qd::testing::inject_launch_failure(1234);
  std::atomic<int> zeros{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < kChecks; ++i)
        if ((i % 2 ? qd::detail::grid_size(1000, 256)
                   : qd::detail::task_grid_size()) == 0)
          zeros.fetch_add(1);
    });
  for (auto& th : threads)
    th.join();
  EXPECT_EQ(zeros.load(), 1);
  EXPECT_EQ(qd::detail::grid_size(1000, 256), 4u) << "disarmed after firing";
  EXPECT_EQ(qd::detail::task_grid_size(), 1u);
}

TEST_F(FakeFailure, ZeroDisarms) {
  qd::testing::inject_launch_failure(1);
  qd::testing::inject_launch_failure(0);
  EXPECT_EQ(qd::detail::task_grid_size(), 1u);
  Image image;
  EXPECT_NO_THROW(image.grade({}));
}

} // namespace

// Not a failure, but the same generated region: calls of one kernel on one
// stream from many threads run one after another, as single launches would
// (qd::detail::StreamCallGuard in the generated entry point), instead of
// interleaving their blocks. Inverting green twice is the identity, so any
// lost or doubled update shows.
TEST_F(FakeFailure, ConcurrentCallsOnOneStreamDoNotInterleave) {
  Image image;
  qd::Stream stream;
  constexpr int kThreads = 8;
  constexpr int kCalls = 50;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int c = 0; c < kCalls; ++c)
        image.grade(stream);
    });
  for (std::thread& t : threads)
    t.join();
  EXPECT_TRUE(image.matches(kThreads * kCalls));
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
}
