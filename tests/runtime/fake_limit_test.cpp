// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stream pool limit: sharing past it, the counters, the setting and the
// environment variable.
#include "fake_support.h"

#include <cstdlib>
#include <map>
#include <set>
#include <string>

namespace {

using qd::detail::PooledStreams;
using qd_fake_test::FakeTest;
using qd_fake_test::live;

std::set<void*> natives(const PooledStreams& s) {
  std::set<void*> out;
  for (std::size_t i = 0; i < s.size(); ++i)
    out.insert(s[i].native());
  return out;
}

class FakeLimit : public FakeTest {};

TEST_F(FakeLimit, DefaultAndValidation) {
  EXPECT_EQ(qd::kDefaultStreamPoolLimit, 32u);
  EXPECT_EQ(qd::stream_pool_limit(), qd::kDefaultStreamPoolLimit);
  EXPECT_THROW(qd::set_stream_pool_limit(0), qd::Error);
  EXPECT_EQ(qd::stream_pool_limit(), qd::kDefaultStreamPoolLimit);
  qd::set_stream_pool_limit(5);
  EXPECT_EQ(qd::stream_pool_limit(), 5u);
}

TEST_F(FakeLimit, RegionsBeyondTheLimitShare) {
  qd::set_stream_pool_limit(3);
  const qd::PoolStats before = qd::stream_pool_stats();
  {
    PooledStreams a(2);
    PooledStreams b(2); // one new stream, one of a's
    EXPECT_EQ(natives(b).size(), 2u) << "b got one stream twice";
    const qd::PoolStats s = qd::stream_pool_stats();
    EXPECT_EQ(s.created - before.created, 3u);
    EXPECT_EQ(s.shared - before.shared, 1u);
    EXPECT_EQ(s.in_use, 4u); // hand-outs, more than the 3 streams
    EXPECT_EQ(live(s), 3u);
  }
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
}

TEST_F(FakeLimit, ARegionLargerThanTheLimitUsesEveryStream) {
  qd::set_stream_pool_limit(3);
  PooledStreams big(7);
  EXPECT_EQ(natives(big).size(), 3u);
  const qd::PoolStats s = qd::stream_pool_stats();
  EXPECT_EQ(live(s), 3u);
  EXPECT_EQ(s.in_use, 7u);
  // Spread evenly: 7 blocks on 3 streams is 3 + 2 + 2.
  std::map<void*, int> blocks;
  for (std::size_t i = 0; i < big.size(); ++i)
    ++blocks[big[i].native()];
  for (const auto& [stream, count] : blocks) {
    EXPECT_GE(count, 2);
    EXPECT_LE(count, 3);
  }
}

TEST_F(FakeLimit, SharedStreamIsFreeOnlyWhenTheLastHolderGivesItBack) {
  qd::set_stream_pool_limit(1);
  auto* first = new PooledStreams(1);
  void* only = (*first)[0].native();
  PooledStreams second(1); // shares `only`
  EXPECT_EQ(second[0].native(), only);
  delete first;
  // Still lent to `second`: a newcomer shares it rather than getting it as
  // free (reused) or creating one beyond the limit.
  const qd::PoolStats before = qd::stream_pool_stats();
  {
    PooledStreams third(1);
    EXPECT_EQ(third[0].native(), only);
  }
  const qd::PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.shared - before.shared, 1u);
  EXPECT_EQ(after.reused, before.reused);
  EXPECT_EQ(after.created, before.created);
}

TEST_F(FakeLimit, SharingPrefersTheLeastSharedStream) {
  qd::set_stream_pool_limit(2);
  PooledStreams a(1), b(1); // two streams, one holder each
  PooledStreams c(1);       // shares one of them
  PooledStreams d(1);       // must share the other
  EXPECT_NE(c[0], d[0]);
}

TEST_F(FakeLimit, RaisingTheLimitCreatesInsteadOfSharing) {
  qd::set_stream_pool_limit(2);
  PooledStreams a(2);
  qd::set_stream_pool_limit(4);
  const qd::PoolStats before = qd::stream_pool_stats();
  PooledStreams b(2);
  EXPECT_EQ(qd::stream_pool_stats().created - before.created, 2u);
  EXPECT_EQ(qd::stream_pool_stats().shared, before.shared);
}

TEST_F(FakeLimit, LoweringTheLimitDestroysNothingAndStopsGrowth) {
  { PooledStreams six(6); }
  qd::set_stream_pool_limit(2);
  EXPECT_EQ(live(qd::stream_pool_stats()), 6u);
  const qd::PoolStats before = qd::stream_pool_stats();
  PooledStreams seven(7); // the 6 idle ones, then one shared
  const qd::PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.reused - before.reused, 6u);
  EXPECT_EQ(after.shared - before.shared, 1u);
  EXPECT_EQ(after.created, before.created);
  EXPECT_EQ(natives(seven).size(), 6u);
}

TEST_F(FakeLimit, TrimMakesRoomBelowTheLimit) {
  qd::set_stream_pool_limit(2);
  { PooledStreams two(2); }
  EXPECT_EQ(qd::trim_pools(), 2u);
  const qd::PoolStats before = qd::stream_pool_stats();
  PooledStreams two_more(2);
  EXPECT_EQ(qd::stream_pool_stats().created - before.created, 2u);
  EXPECT_EQ(qd::stream_pool_stats().shared, before.shared);
}

TEST_F(FakeLimit, EventsAreNotLimited) {
  qd::set_stream_pool_limit(1);
  qd::detail::PooledEvents many(50);
  const qd::PoolStats s = qd::event_pool_stats();
  EXPECT_EQ(s.shared, 0u);
  EXPECT_GE(live(s), 50u);
}

// Run by ctest in processes of their own with QD_STREAM_POOL_LIMIT set
// (tests/runtime/CMakeLists.txt); skipped otherwise. No fixture: the
// variable is read at the first use of the limit, which must be this test's.
TEST(FakeLimitEnvironment, ReadOnceAtFirstUse) {
  const char* text = std::getenv("QD_STREAM_POOL_LIMIT");
  if (!text)
    GTEST_SKIP() << "QD_STREAM_POOL_LIMIT is not set";
  const std::string value = text;
  if (value == "5") {
    EXPECT_EQ(qd::stream_pool_limit(), 5u);
    { PooledStreams region(7); }
    EXPECT_EQ(live(qd::stream_pool_stats()), 5u);
    // The setter overrides it; the variable is not read again.
    qd::set_stream_pool_limit(9);
    EXPECT_EQ(qd::stream_pool_limit(), 9u);
  } else {
    // Not a positive integer: every use of the pools says so.
    try {
      (void)qd::stream_pool_limit();
      FAIL() << "QD_STREAM_POOL_LIMIT=" << value << " was accepted";
    } catch (const qd::Error& e) {
      EXPECT_NE(std::string(e.what()).find("QD_STREAM_POOL_LIMIT=" + value),
                std::string::npos)
          << e.what();
    }
    EXPECT_THROW(PooledStreams(1), qd::Error);
  }
}

} // namespace
