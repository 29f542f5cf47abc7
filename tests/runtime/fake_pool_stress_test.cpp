// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Many threads running region-shaped acquire/release cycles on the fake
// device, whose handles are distinct objects with owner markers: no stream or
// event may have two holders at once below the limit, the counters must add
// up, and past a small limit streams are shared, counted, and never handed
// to one region twice when that is avoidable.
#include "fake_support.h"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <atomic>
#include <cstdio>
#include <set>
#include <thread>
#include <vector>

namespace {

using qd::detail::PooledEvents;
using qd::detail::PooledStreams;
using qd_fake_test::FakeTest;

constexpr int kThreads = 16;
constexpr int kCycles = 10000;
// Region sizes: the common ones, and some beyond the guards' inline storage.
constexpr std::size_t kSizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 17};
constexpr std::size_t kLargest = 17;

struct Totals {
  std::atomic<std::size_t> streams{0};        // stream hand-outs
  std::atomic<std::size_t> events{0};         // event hand-outs
  std::atomic<std::size_t> collisions{0};     // a handle with two holders
  std::atomic<std::size_t> repeats{0};        // a region given one stream twice
  std::atomic<std::size_t> null_handles{0};   // fake handles are never null
};

// One region as generated code runs it (templates/gpu/stream_region.mustache):
// acquire, fork, a launch per block, join, give back. `exclusive`: every
// handle must be free of other holders (below the limit).
void run_region(std::size_t n, qd::StreamRef launch, bool exclusive,
                Totals& totals) {
  const int holder = 0; // its address identifies this region
  PooledStreams streams(n, launch);
  PooledEvents events(n + 1);
  totals.streams.fetch_add(n, std::memory_order_relaxed);
  totals.events.fetch_add(n + 1, std::memory_order_relaxed);

  std::vector<void*> natives;
  for (std::size_t i = 0; i < n; ++i)
    natives.push_back(streams[i].native());
  std::vector<void*> distinct = natives;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  const std::size_t limit = qd::stream_pool_limit();
  if (distinct.size() != std::min(n, limit))
    totals.repeats.fetch_add(1, std::memory_order_relaxed);

  std::vector<void*> claimed;
  auto claim = [&](void* handle) {
    if (!handle) {
      totals.null_handles.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (qd::fake::claim(handle, &holder) != nullptr)
      totals.collisions.fetch_add(1, std::memory_order_relaxed);
    else
      claimed.push_back(handle);
  };
  if (exclusive)
    for (void* s : natives)
      claim(s);

  events.record(0, launch);
  for (std::size_t b = 0; b < n; ++b)
    events.wait(0, streams[b]);
  for (std::size_t b = 0; b < n; ++b)
    qd_fake_test::fake_launch(1, 32, streams[b], "stress", 1);
  for (std::size_t b = 0; b < n; ++b) {
    events.record(1 + b, streams[b]);
    events.wait(1 + b, launch);
  }
  for (void* handle : claimed)
    qd::fake::release_claim(handle, &holder);
}

struct StressRun {
  qd::PoolStats streams, events;
  std::size_t stream_handouts = 0, event_handouts = 0;
  double seconds = 0;
};

// kThreads threads x kCycles regions; `shared_launch`: all threads launch on
// one stream, else each on its own.
StressRun run_threads(bool shared_launch, bool exclusive, Totals& totals) {
  const qd::PoolStats streams_before = qd::stream_pool_stats();
  const qd::PoolStats events_before = qd::event_pool_stats();
  qd::Stream common;
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      qd::Stream own;
      const qd::StreamRef launch = shared_launch ? common.ref() : own.ref();
      for (int c = 0; c < kCycles; ++c)
        run_region(kSizes[static_cast<std::size_t>(t + c) % std::size(kSizes)],
                   launch, exclusive, totals);
    });
  for (auto& th : threads)
    th.join();
  StressRun run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                              start)
                    .count();
  const qd::PoolStats s = qd::stream_pool_stats();
  const qd::PoolStats e = qd::event_pool_stats();
  run.streams = {s.created - streams_before.created,
                 s.destroyed - streams_before.destroyed,
                 s.in_use,
                 s.high_water,
                 s.acquired - streams_before.acquired,
                 s.reused - streams_before.reused,
                 s.shared - streams_before.shared};
  run.events = {e.created - events_before.created,
                e.destroyed - events_before.destroyed,
                e.in_use,
                e.high_water,
                e.acquired - events_before.acquired,
                e.reused - events_before.reused,
                e.shared - events_before.shared};
  run.stream_handouts = totals.streams.load();
  run.event_handouts = totals.events.load();
  return run;
}

void report(const char* name, const StressRun& run) {
  // One line per run for scripts/tsan.sh's summary.
  std::printf("[qd-stress] %s: threads=%d cycles=%d limit=%zu streams "
              "acquired=%zu created=%zu reused=%zu shared=%zu high_water=%zu; "
              "events acquired=%zu created=%zu; %.2f s\n",
              name, kThreads, kCycles, qd::stream_pool_limit(),
              run.streams.acquired, run.streams.created, run.streams.reused,
              run.streams.shared, run.streams.high_water, run.events.acquired,
              run.events.created, run.seconds);
}

void expect_balanced(const StressRun& run) {
  EXPECT_EQ(run.streams.acquired, run.stream_handouts);
  EXPECT_EQ(run.events.acquired, run.event_handouts);
  EXPECT_EQ(run.streams.in_use, 0u);
  EXPECT_EQ(run.events.in_use, 0u);
  EXPECT_EQ(run.streams.acquired,
            run.streams.created + run.streams.reused + run.streams.shared);
  EXPECT_EQ(run.events.acquired, run.events.created + run.events.reused);
  EXPECT_EQ(run.events.shared, 0u) << "events must never be shared";
  EXPECT_LE(run.streams.created, qd::stream_pool_limit());
  // Events are unbounded but created only when none is free: at most what
  // all threads hold at once.
  EXPECT_LE(run.events.created, std::size_t{kThreads} * (kLargest + 1));
}

class FakePoolStress : public FakeTest {
protected:
  // Room for every stream all threads can hold at once: no sharing, no
  // stream with two holders, none given twice to one region.
  void expect_no_sharing(bool shared_launch, const char* label) {
    qd::set_stream_pool_limit(std::size_t{kThreads} * kLargest);
    Totals totals;
    const StressRun run =
        run_threads(shared_launch, /*exclusive=*/true, totals);
    report(label, run);
    EXPECT_EQ(totals.collisions.load(), 0u);
    EXPECT_EQ(totals.repeats.load(), 0u);
    EXPECT_EQ(totals.null_handles.load(), 0u);
    EXPECT_EQ(run.streams.shared, 0u);
    expect_balanced(run);
  }
};

TEST_F(FakePoolStress, ThreadsOnTheirOwnLaunchStreamsNeverShareBelowTheLimit) {
  expect_no_sharing(/*shared_launch=*/false, "own launch streams");
}

TEST_F(FakePoolStress, ThreadsOnOneLaunchStreamNeverShareBelowTheLimit) {
  expect_no_sharing(/*shared_launch=*/true, "one launch stream");
}

TEST_F(FakePoolStress, PastASmallLimitStreamsAreSharedButNotWithinARegion) {
  // 16 threads want up to 16 x 17 streams at once; 8 exist. Regions of up to
  // 8 blocks must still get 8 distinct streams, larger ones all 8.
  constexpr std::size_t kLimit = 8;
  qd::set_stream_pool_limit(kLimit);
  Totals totals;
  const StressRun run = run_threads(/*shared_launch=*/false, /*exclusive=*/false,
                              totals);
  report("limit 8", run);
  EXPECT_EQ(totals.repeats.load(), 0u)
      << "a region got one stream twice although enough streams were alive";
  EXPECT_EQ(totals.null_handles.load(), 0u);
  EXPECT_EQ(run.streams.created, kLimit);
  EXPECT_GT(run.streams.shared, 0u);
  EXPECT_GT(run.streams.high_water, kLimit) << "hand-outs, not streams";
  expect_balanced(run);
}

} // namespace
