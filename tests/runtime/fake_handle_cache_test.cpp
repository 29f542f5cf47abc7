// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-thread cache in front of the pools' mutex (runtime/handle_cache.h)
// on the fake device: a thread gets its own handles back without the lock,
// the counters stay right, trim and thread exit take cached handles back,
// the limit is still shared only when every stream is held, and concurrent
// threads (with trims in between) never get one event or, below the limit,
// one stream at once.
#include "fake_support.h"

#include <device_pools.h>
#include <handle_pool.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {

using qd::PoolStats;
using qd::detail::CallDevice;
using qd::detail::DevicePools;
using qd::detail::HandlePool;
using qd::detail::PooledEvents;
using qd::detail::PooledStreams;
using qd_fake_test::FakeTest;
using qd_fake_test::live;

DevicePools& pools(int device = 0) {
  return qd::detail::device_pools(device);
}

std::vector<std::uint32_t> slots_of(const qd::detail::PooledHandles& h) {
  std::vector<std::uint32_t> slots;
  for (std::size_t i = 0; i < h.size(); ++i)
    slots.push_back(h.slot(i));
  return slots;
}

std::vector<void*> natives_of(const PooledStreams& s) {
  std::vector<void*> out;
  for (std::size_t i = 0; i < s.size(); ++i)
    out.push_back(s[i].native());
  return out;
}

// One region as generated code runs it: its streams, its fork and join
// events, one launch per block.
void region(std::size_t blocks, qd::StreamRef launch) {
  const CallDevice device;
  PooledStreams streams(blocks, launch, device);
  PooledEvents events(blocks + 1, device);
  events.record(0, launch);
  for (std::size_t b = 0; b < blocks; ++b)
    events.wait(0, streams[b]);
  for (std::size_t b = 0; b < blocks; ++b)
    qd_fake_test::fake_launch(1, 32, streams[b], "cached", 1);
  for (std::size_t b = 0; b < blocks; ++b) {
    events.record(b + 1, streams[b]);
    events.wait(b + 1, launch);
  }
}

// Runs `body` on a thread of its own and waits for it to exit.
template <class Body> void on_a_thread(Body body) {
  std::thread t(body);
  t.join();
}

class FakeHandleCache : public FakeTest {};

TEST_F(FakeHandleCache, AThreadGetsItsOwnHandlesBackInTheSameOrder) {
  qd::Stream launch;
  std::vector<std::uint32_t> streams, events;
  {
    PooledStreams s(3, launch);
    PooledEvents e(4);
    streams = slots_of(s);
    events = slots_of(e);
  }
  for (int round = 0; round < 100; ++round) {
    PooledStreams s(3, launch);
    PooledEvents e(4);
    ASSERT_EQ(slots_of(s), streams) << "round " << round;
    ASSERT_EQ(slots_of(e), events) << "round " << round;
  }
}

TEST_F(FakeHandleCache, TheCommonPathTakesNoLock) {
  qd::Stream launch;
  region(1, launch); // the first call of each shape fills the caches
  region(8, launch);
  HandlePool& streams = pools().streams;
  HandlePool& events = pools().events;
  const std::size_t streams_locked = streams.locked_calls();
  const std::size_t events_locked = events.locked_calls();
  for (int i = 0; i < 1000; ++i) {
    region(1, launch);
    region(8, launch);
  }
  EXPECT_EQ(streams.locked_calls(), streams_locked);
  EXPECT_EQ(events.locked_calls(), events_locked);
}

TEST_F(FakeHandleCache, TheCommonPathRunsWhileAnotherThreadHoldsThePoolsMutex) {
  qd::Stream launch;
  region(1, launch);
  region(8, launch);
  // Another thread holds both pools' mutexes until this one is done, or
  // gives up after 5 s: a fast path that locked would wait for that.
  std::mutex m;
  std::condition_variable cv;
  bool held = false, done = false, gave_up = false;
  std::thread holder([&] {
    auto streams_lock = pools().streams.lock_for_testing();
    auto events_lock = pools().events.lock_for_testing();
    std::unique_lock<std::mutex> lock(m);
    held = true;
    cv.notify_all();
    gave_up = !cv.wait_for(lock, std::chrono::seconds(5), [&] { return done; });
  });
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return held; });
  }
  for (int i = 0; i < 100; ++i) {
    region(1, launch);
    region(8, launch);
  }
  {
    std::lock_guard<std::mutex> lock(m);
    done = true;
  }
  cv.notify_all();
  holder.join();
  EXPECT_FALSE(gave_up) << "a cached acquisition or release waited for the "
                           "pool's mutex";
}

TEST_F(FakeHandleCache, CachedHandlesAreIdleInTheCounters) {
  const PoolStats before = qd::stream_pool_stats();
  const PoolStats events_before = qd::event_pool_stats();
  constexpr int kRounds = 50;
  for (int round = 0; round < kRounds; ++round) {
    PooledStreams s(3);
    PooledEvents e(4);
    EXPECT_EQ(qd::stream_pool_stats().in_use, 3u);
    EXPECT_EQ(qd::event_pool_stats().in_use, 4u);
  }
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.in_use, 0u) << "cached handles are not in use";
  EXPECT_EQ(live(after), 3u);
  EXPECT_EQ(after.created - before.created, 3u);
  EXPECT_EQ(after.acquired - before.acquired, 3u * kRounds);
  EXPECT_EQ(after.reused - before.reused, 3u * (kRounds - 1));
  EXPECT_EQ(after.acquired, after.created + after.reused + after.shared);
  // Process-wide, so earlier tests may have raised it; these 3 did not.
  EXPECT_EQ(after.high_water, std::max<std::size_t>(before.high_water, 3u));
  const PoolStats events = qd::event_pool_stats();
  EXPECT_EQ(events.in_use, 0u);
  EXPECT_EQ(events.acquired - events_before.acquired, 4u * kRounds);
  EXPECT_EQ(events.reused - events_before.reused, 4u * (kRounds - 1));
}

TEST_F(FakeHandleCache, TrimDestroysWhatAnotherThreadCached) {
  // A thread caches 3 streams and 4 events, then waits (alive, so its cache
  // keeps them) while this one trims; then it runs a region again.
  std::mutex m;
  std::condition_variable cv;
  int stage = 0;
  std::vector<void*> cached;
  std::vector<void*> after_trim;
  std::thread worker([&] {
    {
      PooledStreams s(3);
      PooledEvents e(4);
      cached = natives_of(s);
    }
    std::unique_lock<std::mutex> lock(m);
    stage = 1;
    cv.notify_all();
    cv.wait(lock, [&] { return stage == 2; });
    lock.unlock();
    {
      PooledStreams s(3);
      PooledEvents e(4);
      after_trim = natives_of(s);
      e.record(0, s[0]); // a destroyed handle would be a fake misuse
      e.wait(0, s[1]);
    }
  });
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return stage == 1; });
  }
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::trim_pools(), 7u);
  for (void* s : cached)
    EXPECT_TRUE(qd::fake::stream_destroyed(s));
  EXPECT_EQ(live(qd::stream_pool_stats()), 0u);
  EXPECT_EQ(live(qd::event_pool_stats()), 0u);
  {
    std::lock_guard<std::mutex> lock(m);
    stage = 2;
  }
  cv.notify_all();
  worker.join();
  for (void* s : after_trim)
    EXPECT_FALSE(qd::fake::stream_destroyed(s));
  EXPECT_EQ(live(qd::stream_pool_stats()), 3u);
}

TEST_F(FakeHandleCache, AnExitingThreadGivesItsHandlesBack) {
  qd::Stream launch;
  std::vector<std::uint32_t> theirs;
  const PoolStats before = qd::stream_pool_stats();
  on_a_thread([&] {
    PooledStreams s(3, launch);
    theirs = slots_of(s);
  });
  // Back on the free list, tagged with their launch stream: this thread's
  // region on the same stream gets them, in the same order, without
  // creating any.
  PooledStreams mine(3, launch);
  EXPECT_EQ(slots_of(mine), theirs);
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.created - before.created, 3u);
  EXPECT_EQ(after.reused - before.reused, 3u);
  EXPECT_EQ(after.in_use, 3u);
}

TEST_F(FakeHandleCache, AnExitedThreadsHitsStayCounted) {
  const PoolStats before = qd::event_pool_stats();
  on_a_thread([] {
    for (int i = 0; i < 10; ++i)
      PooledEvents e(2);
  });
  const PoolStats after = qd::event_pool_stats();
  EXPECT_EQ(after.acquired - before.acquired, 20u);
  EXPECT_EQ(after.reused - before.reused, 18u);
  EXPECT_EQ(after.created - before.created, 2u);
  EXPECT_EQ(after.in_use, 0u);
}

TEST_F(FakeHandleCache, StreamsIdleInAnotherThreadsCacheComeBeforeNewOnes) {
  qd::set_stream_pool_limit(2);
  std::mutex m;
  std::condition_variable cv;
  int stage = 0;
  std::thread worker([&] {
    { PooledStreams s(2); } // cached here while the thread waits
    std::unique_lock<std::mutex> lock(m);
    stage = 1;
    cv.notify_all();
    cv.wait(lock, [&] { return stage == 2; });
  });
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return stage == 1; });
  }
  const PoolStats before = qd::stream_pool_stats();
  {
    // At the limit: the other thread's idle streams, not shared ones.
    PooledStreams s(2);
    const std::vector<void*> natives = natives_of(s);
    EXPECT_NE(natives[0], natives[1]);
  }
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.created, before.created);
  EXPECT_EQ(after.shared, before.shared);
  EXPECT_EQ(after.reused - before.reused, 2u);
  {
    std::lock_guard<std::mutex> lock(m);
    stage = 2;
  }
  cv.notify_all();
  worker.join();
}

TEST_F(FakeHandleCache, IdleHandlesInAnotherThreadsCacheComeBeforeNewOnes) {
  // Below any limit (events have none): the pool creates only as many
  // handles as are held at once, wherever the idle ones wait.
  std::mutex m;
  std::condition_variable cv;
  int stage = 0;
  std::thread worker([&] {
    { PooledEvents e(3); }
    std::unique_lock<std::mutex> lock(m);
    stage = 1;
    cv.notify_all();
    cv.wait(lock, [&] { return stage == 2; });
  });
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return stage == 1; });
  }
  const PoolStats before = qd::event_pool_stats();
  { PooledEvents e(3); }
  const PoolStats after = qd::event_pool_stats();
  EXPECT_EQ(after.created, before.created);
  EXPECT_EQ(after.reused - before.reused, 3u);
  {
    std::lock_guard<std::mutex> lock(m);
    stage = 2;
  }
  cv.notify_all();
  worker.join();
}

TEST_F(FakeHandleCache, ASharedStreamIsNeverCachedWhileItHasAnotherHolder) {
  qd::set_stream_pool_limit(1);
  auto* first = new PooledStreams(1);
  PooledStreams second(1); // shares the only stream
  void* only = second[0].native();
  delete first; // must not park it: `second` still holds it
  EXPECT_EQ(qd::stream_pool_stats().in_use, 1u);
  const PoolStats before = qd::stream_pool_stats();
  {
    PooledStreams third(1); // shares again, counted as shared
    EXPECT_EQ(third[0].native(), only);
  }
  const PoolStats after = qd::stream_pool_stats();
  EXPECT_EQ(after.shared - before.shared, 1u);
  EXPECT_EQ(after.reused, before.reused);
}

TEST_F(FakeHandleCache, EachDeviceHasItsOwnCaches) {
  ASSERT_GE(qd::device_count(), 2);
  qd::set_device(1);
  qd::Stream on1;
  qd::set_device(0);
  qd::Stream on0;
  for (int round = 0; round < 2; ++round) {
    qd::set_device(0);
    region(2, on0);
    qd::set_device(1);
    region(2, on1);
  }
  const std::size_t locked0 = pools(0).streams.locked_calls();
  const std::size_t locked1 = pools(1).streams.locked_calls();
  for (int round = 0; round < 50; ++round) {
    qd::set_device(0);
    {
      PooledStreams s(2, on0);
      EXPECT_EQ(qd::fake::stream_device(s[0].native()), 0);
    }
    qd::set_device(1);
    {
      PooledStreams s(2, on1);
      EXPECT_EQ(qd::fake::stream_device(s[0].native()), 1);
    }
  }
  qd::set_device(0);
  EXPECT_EQ(pools(0).streams.locked_calls(), locked0);
  EXPECT_EQ(pools(1).streams.locked_calls(), locked1);
  EXPECT_EQ(live(qd::stream_pool_stats(0)), 2u);
  EXPECT_EQ(live(qd::stream_pool_stats(1)), 2u);
}

TEST_F(FakeHandleCache, ARegionLargerThanTheCacheUsesThePool) {
  const std::size_t locked = pools().streams.locked_calls();
  { PooledStreams big(40); }
  { PooledStreams big(40); }
  EXPECT_EQ(pools().streams.locked_calls() - locked, 4u);
  EXPECT_EQ(live(qd::stream_pool_stats()), 32u) << "the default limit";
}

// PooledEvents with its native handles visible, for the fake's claims.
class VisibleEvents : public PooledEvents {
public:
  using PooledEvents::PooledEvents;
  using PooledEvents::handle;
};

// Many threads on the cache's fast path, one more trimming all the while:
// below the limit no stream and never an event has two holders, and no
// handle is used after the trim destroyed it (the fixture checks the fake's
// misuse count).
TEST_F(FakeHandleCache, ThreadsAndTrimsNeverShareAHandle) {
  constexpr int kThreads = 6, kCycles = 3000;
  qd::set_stream_pool_limit(kThreads * 9);
  const PoolStats streams_before = qd::stream_pool_stats();
  std::atomic<std::size_t> collisions{0};
  std::atomic<bool> stop{false};
  std::thread trimmer([&] {
    while (!stop.load())
      qd::trim_pools();
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      qd::Stream own;
      const int holder = 0; // its address identifies this thread
      std::vector<void*> mine;
      for (int c = 0; c < kCycles; ++c) {
        // Mostly one shape per thread (the cache's case), now and then a
        // larger region (a miss, and other threads' caches reclaimed).
        const std::size_t n =
            c % 7 == 0 ? 8 : 1 + static_cast<std::size_t>(t % 3);
        PooledStreams streams(n, own);
        VisibleEvents events(n + 1);
        mine.clear();
        auto claim = [&](void* h) {
          if (qd::fake::claim(h, &holder) != nullptr)
            collisions.fetch_add(1);
          else
            mine.push_back(h);
        };
        for (std::size_t i = 0; i < n; ++i)
          claim(streams[i].native());
        for (std::size_t i = 0; i <= n; ++i)
          claim(events.handle(i));
        events.record(0, own);
        for (std::size_t b = 0; b < n; ++b) {
          events.wait(0, streams[b]);
          events.record(b + 1, streams[b]);
          events.wait(b + 1, own);
        }
        for (void* h : mine)
          qd::fake::release_claim(h, &holder);
      }
    });
  for (std::thread& t : threads)
    t.join();
  stop.store(true);
  trimmer.join();
  EXPECT_EQ(collisions.load(), 0u);
  EXPECT_EQ(qd::stream_pool_stats().in_use, 0u);
  EXPECT_EQ(qd::event_pool_stats().in_use, 0u);
  const PoolStats s = qd::stream_pool_stats();
  EXPECT_EQ(s.acquired, s.created + s.reused + s.shared);
  EXPECT_EQ(s.shared, streams_before.shared) << "no sharing below the limit";
  const PoolStats e = qd::event_pool_stats();
  EXPECT_EQ(e.acquired, e.created + e.reused);
  EXPECT_EQ(e.shared, 0u);
}

// A pool of the test's own, with counting create and destroy functions.
std::atomic<int> own_live{0};
void* create_own() {
  own_live.fetch_add(1);
  return new int(0);
}
void destroy_own(void* h) noexcept {
  own_live.fetch_sub(1);
  delete static_cast<int*>(h);
}

TEST(HandleCacheOwnPool, APoolWithoutCachesAlwaysLocks) {
  HandlePool pool(&create_own, &destroy_own, HandlePool::kUnbounded,
                  /*thread_caches=*/false);
  qd::detail::PoolLease lease;
  for (int i = 0; i < 10; ++i) {
    pool.acquire(&lease, 1);
    pool.release(&lease, 1);
  }
  EXPECT_EQ(pool.locked_calls(), 20u);
  EXPECT_EQ(pool.trim(), 1u);
  EXPECT_EQ(own_live.load(), 0);
}

TEST(HandleCacheOwnPool, APoolDestroyedBeforeTheThreadsThatCachedItsHandles) {
  auto* pool = new HandlePool(&create_own, &destroy_own);
  std::mutex m;
  std::condition_variable cv;
  int stage = 0;
  std::thread worker([&] {
    qd::detail::PoolLease leases[2];
    pool->acquire(leases, 2);
    pool->release(leases, 2); // cached by this thread
    std::unique_lock<std::mutex> lock(m);
    stage = 1;
    cv.notify_all();
    cv.wait(lock, [&] { return stage == 2; });
    // Exits after the pool is gone: its cache must not reach the pool.
  });
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return stage == 1; });
  }
  EXPECT_EQ(pool->stats().in_use, 0u);
  EXPECT_EQ(pool->trim(), 2u) << "trim reaches another thread's cache";
  qd::detail::PoolLease lease;
  pool->acquire(&lease, 1);
  pool->release(&lease, 1); // now cached by this thread
  delete pool;
  {
    std::lock_guard<std::mutex> lock(m);
    stage = 2;
  }
  cv.notify_all();
  worker.join();
  // The pool's idle handle is left alone (as the device pools' are at
  // exit); give it back by hand.
  EXPECT_EQ(own_live.load(), 1);
  destroy_own(lease.handle);
}

} // namespace
