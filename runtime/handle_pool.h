// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A thread-safe pool of reusable driver handles (streams or events) of one
// device, optionally bounded.
//
// Creating a stream or event is a driver call of tens of microseconds and, on
// some drivers, a point of contention; a kernel with stream_parallel regions
// would pay it on every call. The pool creates handles only when its free
// list is empty, so a program creates as many as it ever holds at once and
// then only reuses them.
//
// A bounded pool (streams) creates at most `limit` live handles. Past that,
// acquisitions are served with handles that are already lent out: the holders
// share them. That is only correct for handles whose concurrent use the driver
// orders by itself (a stream is a queue: two holders' work runs in enqueue
// order), never for events, whose record/wait pairs two holders would mix up.
//
// In front of the mutex, each thread keeps a small cache of the handles it
// released last (handle_cache.h): a kernel called in a loop takes its
// streams and events back from there without a lock. Cached handles stay the
// pool's: it reclaims them from every thread's cache before it creates or
// shares one, in trim(), and when the thread exits.
#ifndef QD_RUNTIME_HANDLE_POOL_H
#define QD_RUNTIME_HANDLE_POOL_H

#include "handle_cache.h"
#include "qd/detail/launch_support.h"
#include "qd/qd.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <vector>

namespace qd {
namespace detail {

class HandlePool {
public:
  using CreateFn = void* (*)();
  using DestroyFn = void (*)(void*) noexcept;
  static constexpr std::size_t kUnbounded =
      std::numeric_limits<std::size_t>::max();

  // `thread_caches`: keep per-thread caches in front of the mutex (see
  // handle_cache.h); the device pools do.
  HandlePool(CreateFn create, DestroyFn destroy,
             std::size_t limit = kUnbounded, bool thread_caches = true) noexcept
      : create_(create), destroy_(destroy),
        cache_id_(thread_caches ? next_cache_id() : HandleCache::kNoCache),
        limit_(limit) {}
  HandlePool(const HandlePool&) = delete;
  HandlePool& operator=(const HandlePool&) = delete;
  // Detaches the threads' caches (their handles are left alone, as the free
  // ones are). The device pools are never destroyed; tests' pools are.
  ~HandlePool();

  // Fills leases[0, n). All or nothing: when creating a handle fails, what was
  // taken goes back and the driver's error propagates. Each handle is, in this
  // order of preference: the one most recently released with the same
  // `affinity`, else the one released longest ago (see the free list below),
  // else a new one while fewer than limit() are alive, else one already lent
  // out that this acquisition does not hold yet (the least shared), else, only
  // when `n` exceeds the number of live handles, one this acquisition already
  // holds.
  //
  // The calling thread's cache serves the acquisition without the mutex when
  // it holds n handles of `affinity` (the ones this thread released last
  // with it); otherwise the cache's handles go back to the free list first,
  // and the free list decides as above. Before it creates or shares a
  // handle, the pool takes back the handles idle in other threads' caches.
  void acquire(PoolLease* leases, std::size_t n, const void* affinity = nullptr);
  // Gives leases[0, n) back, tagged with `affinity`: into the calling
  // thread's cache when they fit (and the pool shares no stream right now),
  // else to the free list. Never allocates, so it is safe in destructors
  // during stack unwinding.
  void release(const PoolLease* leases, std::size_t n,
               const void* affinity = nullptr) noexcept;

  // The counters (PoolStats). A handle in a thread's cache counts as a
  // free one for `in_use`; taking it from there counts as `reused`. It
  // counts as lent for `high_water` (the pool does not see when a cached
  // handle is taken again), which keeps high_water equal to `created` below
  // the limit without trims; with one thread it is exact.
  PoolStats stats() const;
  // Destroys the idle handles, those in every thread's cache included;
  // returns how many. Their slots are retired, so slot numbers stay unique
  // for the life of the process.
  std::size_t trim() noexcept;

  // The most live handles the pool creates. Lowering it below the live count
  // destroys nothing (trim() does); the pool just creates no more until it is
  // below the limit again. Must be at least 1.
  void set_limit(std::size_t limit);
  std::size_t limit() const;

  // For tests: how many acquisitions and releases took the mutex (the
  // cache's fast path takes none), and the mutex itself, held.
  std::size_t locked_calls() const;
  std::unique_lock<std::mutex> lock_for_testing() const {
    return std::unique_lock<std::mutex>(mutex_);
  }

  // HandleCache's registration (make_for_thread) and a thread's exit
  // (ThreadHandleCaches, with cache_registry_mutex() held): the pool lists
  // its caches, so that it can reclaim their handles. adopt_cache fails
  // only when memory is short.
  bool adopt_cache(HandleCache& cache) noexcept;
  void forget_cache(HandleCache& cache) noexcept;

private:
  // Gives back one hand-out of `slot`, tagged with `affinity`.
  void give_back_locked(std::uint32_t slot, const void* affinity) noexcept;
  // Moves the handles of `cache` (or of every cache) to the free list, in
  // the order they were released; returns how many. `always`: see
  // HandleCache::reclaim.
  std::size_t reclaim_locked(HandleCache& cache, bool always) noexcept;
  std::size_t reclaim_all_locked(bool always) noexcept;
  // Reclaims caches until at least `wanted` handles came back, or all were
  // tried; returns how many came back.
  std::size_t reclaim_some_locked(std::size_t wanted) noexcept;
  // Sets sharing_ and every cache's copy of it.
  void set_sharing_locked(bool on) noexcept;
  // Clears sharing_ once no stream has a second holder.
  void settle_sharing_locked() noexcept {
    if (excess_ == 0 && sharing_)
      set_sharing_locked(false);
  }
  std::size_t take_free_locked(PoolLease* leases, std::size_t n,
                               const void* affinity);
  // Creates leases[held, held + n) with `lock` released and registers them
  // as held; on failure releases leases[0, held) and rethrows.
  void create_locked(std::unique_lock<std::mutex>& lock, PoolLease* leases,
                     std::size_t held, std::size_t n);
  // Fills leases[held, held + n) with handles already lent out, preferring
  // ones not among leases[0, held) and then the least shared.
  void share_locked(PoolLease* leases, std::size_t held, std::size_t n);
  // Distinct lent-out slots that are not among leases[0, held).
  std::size_t shareable_locked(const PoolLease* leases, std::size_t held) const;
  // Makes room for `n` more slots; the only step of registration that can
  // throw, done before anything changes.
  void reserve_locked(std::size_t n);
  void register_held_locked(PoolLease* leases, std::size_t n);
  void note_in_use_locked(std::size_t more) noexcept;
  std::size_t live_locked() const noexcept {
    return stats_.created - stats_.destroyed;
  }

  const CreateFn create_;
  const DestroyFn destroy_;
  const std::uint32_t cache_id_; // HandleCache::kNoCache: no thread caches

  mutable std::mutex mutex_;
  // Signalled when creations in flight end, for acquisitions waiting to see
  // the handles other threads are creating (see acquire()).
  std::condition_variable creations_done_;
  std::size_t limit_;
  std::size_t creating_ = 0; // handles being created outside the lock

  std::vector<void*> handles_;          // slot -> handle (null once retired)
  std::vector<std::uint32_t> holders_;  // slot -> holders right now (0 = free)
  // Free slots in release order (the back was released last), each tagged
  // with the affinity it was released with; capacity for every slot, so
  // release() never allocates.
  //
  // Streams are tagged with the launch stream of the region that used them.
  // Giving a region on launch stream L the streams last joined into L costs
  // no concurrency (L already waits for their old work, and the new fork
  // comes after that) and keeps a kernel called in a loop on the same few
  // streams and events, as a hand-written fork/join would: the driver
  // submits measurably faster to recently used streams (docs/performance.md).
  // A region on another launch stream gets the stream released longest ago,
  // the most likely to have drained, so it rarely queues behind unrelated
  // work. Events carry no queue, so they are untagged and reused LIFO.
  struct FreeSlot {
    std::uint32_t slot;
    const void* affinity;
  };
  std::vector<FreeSlot> free_;
  // Where the search for a slot to share starts, so that sharing spreads
  // round-robin over the lent-out slots instead of piling onto slot 0.
  std::size_t share_cursor_ = 0;
  // stats_.in_use and high_water count the handles in threads' caches as
  // lent; stats() takes them out of in_use and adds the caches' hits.
  PoolStats stats_;
  // Hand-outs beyond the first of their slot (streams shared at the limit).
  std::size_t excess_ = 0;
  // Set before the pool shares a stream and cleared when excess_ is back to
  // 0; while set, releases skip the caches (see HandleCache::park). Each
  // cache has a copy, read without the lock on every cached release.
  bool sharing_ = false;
  std::size_t locked_calls_ = 0;
  std::vector<HandleCache*> caches_; // one per thread that used the pool
  std::size_t reclaim_cursor_ = 0;   // where reclaim_some_locked goes on
};

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_HANDLE_POOL_H
