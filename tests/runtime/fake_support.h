// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shared by the tests that run on the fake device layer (qd_runtime_fake).
#ifndef QD_TESTS_RUNTIME_FAKE_SUPPORT_H
#define QD_TESTS_RUNTIME_FAKE_SUPPORT_H

#include <fake_device.h>
#include <qd/detail/launch_support.h>
#include <qd/qd.h>
#include <qd/testing.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

namespace qd_fake_test {

inline std::size_t live(const qd::PoolStats& s) {
  return s.created - s.destroyed;
}

// Every test starts and ends with nothing lent out, no failure armed, the
// default limit and empty free lists on every device, and must not have
// made the fake report a misused handle.
class FakeTest : public ::testing::Test {
protected:
  // Each priority has a stream pool of its own.
  static constexpr qd::StreamPriority kPriorities[] = {
      qd::StreamPriority::normal, qd::StreamPriority::high,
      qd::StreamPriority::low};

  void SetUp() override {
    ASSERT_EQ(qd::current_device(), 0);
    qd::set_stream_pool_limit(qd::kDefaultStreamPoolLimit);
    for (int d = 0; d < qd::device_count(); ++d) {
      for (qd::StreamPriority p : kPriorities)
        ASSERT_EQ(qd::stream_pool_stats(d, p).in_use, 0u) << "device " << d;
      ASSERT_EQ(qd::event_pool_stats(d).in_use, 0u) << "device " << d;
      qd::set_device(d);
      qd::trim_pools();
    }
    qd::set_device(0);
    misuses_ = qd::fake::misuses();
  }

  void TearDown() override {
    qd::testing::inject_launch_failure(0);
    qd::fake::fail_stream_creation(0);
    qd::fake::fail_event_creation(0);
    qd::fake::fail_launch(0);
    qd::set_device(0);
    EXPECT_EQ(qd::fake::misuses(), misuses_)
        << "the fake device saw a destroyed, foreign or wrong-device handle";
    for (int d = 0; d < qd::device_count(); ++d) {
      std::size_t live_streams = 0;
      for (qd::StreamPriority p : kPriorities) {
        EXPECT_EQ(qd::stream_pool_stats(d, p).in_use, 0u) << "device " << d;
        live_streams += live(qd::stream_pool_stats(d, p));
      }
      EXPECT_EQ(qd::event_pool_stats(d).in_use, 0u) << "device " << d;
      // The pools and the fake agree on how many handles are alive: nothing
      // was created behind the pool's back or leaked on a failure path.
      const qd::fake::Counts fake = qd::fake::counts(d);
      // (Graph mode's capture streams are made apart from the pool.)
      EXPECT_EQ(fake.streams_created - fake.streams_destroyed,
                live_streams + qd::detail::capture_stream_count(d))
          << "device " << d;
      EXPECT_EQ(fake.events_created - fake.events_destroyed,
                live(qd::event_pool_stats(d)))
          << "device " << d;
    }
    qd::set_stream_pool_limit(qd::kDefaultStreamPoolLimit);
  }

  // For tests that misuse a handle on purpose.
  void misuses_expected(unsigned long long n) { misuses_ += n; }

private:
  unsigned long long misuses_ = 0;
};

// A launch as generated code makes it, minus the kernel: the driver's
// checks, then check_launch's throw. `line` is the user's source line.
inline void fake_launch(unsigned grid, unsigned block, qd::StreamRef s,
                        const char* kernel, unsigned line) {
  const int result = qd::fake::begin_launch(grid, block, s.native());
  (void)result;
  const int error = qd::fake::get_last_error();
  if (error != qd::fake::kSuccess)
    qd::detail::throw_launch_error(kernel, "fake_test.cpp", line,
                                   qd::fake::result_string(error));
}

} // namespace qd_fake_test

#endif // QD_TESTS_RUNTIME_FAKE_SUPPORT_H
