// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A per-thread cache in front of a HandlePool's mutex (docs/runtime.md,
// "The per-thread cache").
//
// A kernel called in a loop from one thread acquires and releases the same
// few streams and events on every call. Each HandlePool (one device's
// streams of one priority, or its events) keeps, per thread, a small cache
// of the handles that thread released last, with the affinity they were
// released with: the next acquisition of the same affinity takes them back
// without touching the pool's mutex, and a release puts them there again.
//
// A cached handle still belongs to the pool: the pool counts it as lent (to
// the cache), and takes it back whenever it needs it, from any thread's cache
// (HandlePool::reclaim_locked): before it creates or shares a handle, in
// trim(), and when a thread exits. The owner and the pool hand entries over
// through one atomic word per cache, `mask_`, so that every entry goes to
// exactly one of them:
//
//   bit i < kSlots  entry i holds a handle (the owner writes an entry only
//                   while its bit is clear, then sets the bit);
//   kBusy           the pool is reading the entries it has just taken.
//
//   owner, take:    load (busy: a miss); pick entries whose bits are set;
//                   CAS the bits off. A failed CAS (the pool took them
//                   meanwhile) is a miss.
//   owner, park:    load (busy: a miss, since the entries the pool is
//                   reading have clear bits already); write entries of clear
//                   bits; set them with fetch_or; then, if the pool is
//                   sharing streams, take them back with a CAS (see park()).
//   pool, reclaim:  (its mutex held) CAS every set bit off and kBusy on;
//                   read those entries; clear kBusy.
//
// The owner's fast path is a load, a compare-and-swap or fetch_or on a line
// no other thread writes (except a reclaiming pool), and plain reads and
// writes of its own entries: no lock and no shared counter. The entries
// themselves are plain memory; the acquire/release order of `mask_` orders
// the owner's writes before the pool's reads.
#ifndef QD_RUNTIME_HANDLE_CACHE_H
#define QD_RUNTIME_HANDLE_CACHE_H

#include "qd/detail/launch_support.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace qd {
namespace detail {

class HandlePool;

class HandleCache {
public:
  // Entries per thread and pool. A region of b blocks takes b streams and
  // b + 1 events, so regions of up to 31 blocks run lock-free; larger ones
  // use the pool's mutex as before.
  static constexpr unsigned kSlots = 32;
  // Pools that get caches: the first kMaxPools pools constructed with one (4
  // per device, so 16 devices); later ones work without.
  static constexpr std::uint32_t kMaxPools = 64;
  static constexpr std::uint32_t kNoCache = ~std::uint32_t{0};

  // One reclaimed entry.
  struct Parked {
    PoolLease lease;
    const void* affinity;
    std::uint64_t order; // larger = released later
  };

  // --- the owner thread ---------------------------------------------------

  // The calling thread's cache of pool `id` (< kMaxPools), or null.
  static HandleCache* of_thread(std::uint32_t id) noexcept;
  // Makes the calling thread's cache of `pool` (pool id `id`) and registers
  // it with the pool; null when the thread is exiting or memory is short
  // (the pool then works without one). Never throws.
  static HandleCache* make_for_thread(HandlePool& pool,
                                      std::uint32_t id) noexcept;

  // Fills leases[0, n) with n entries released with `affinity`, the most
  // recently released first (as the pool's free list would), and true; or
  // false and nothing taken.
  bool take(PoolLease* leases, std::size_t n, const void* affinity) noexcept;
  // Keeps leases[0, n), released with `affinity`, so that the next take()
  // of the same affinity gets them in the same order; true. False when they
  // do not fit, the pool is reclaiming right now, or the pool is sharing
  // streams (a lease may have another holder, whose count only the pool's
  // mutex can take down): the caller then releases them to the pool.
  bool park(const PoolLease* leases, std::size_t n,
            const void* affinity) noexcept;

  // --- the pool, its mutex held -------------------------------------------

  // Takes every entry out; writes them to out[0, kSlots) in release order,
  // the earliest first; returns how many. `always`: make the atomic
  // read-modify-write even when the cache looks empty, which a pool about to
  // share needs (HandlePool::acquire, park()).
  std::size_t reclaim(Parked* out, bool always) noexcept;
  // Whether the pool shares streams right now; park() reads it. Set before
  // the reclaim that precedes a share, cleared once no stream has a second
  // holder.
  void set_sharing(bool on) noexcept {
    sharing_.store(on, std::memory_order_relaxed);
  }
  // Entries held right now, and hand-outs taken from the cache so far.
  std::size_t parked() const noexcept;
  std::size_t hits() const noexcept {
    return hits_.load(std::memory_order_relaxed);
  }

  HandleCache(const HandleCache&) = delete;
  HandleCache& operator=(const HandleCache&) = delete;

private:
  friend class ThreadHandleCaches;
  friend class HandlePool;
  HandleCache(HandlePool* pool, std::uint32_t id) noexcept
      : pool_(pool), id_(id) {}
  ~HandleCache() = default;

  static constexpr std::uint64_t kFull = (std::uint64_t{1} << kSlots) - 1;
  static constexpr std::uint64_t kBusy = std::uint64_t{1} << 63;

  struct Entry {
    PoolLease lease;
    const void* affinity;
    std::uint64_t order;
  };

  // What the fast path touches comes first: the mask, the counters and the
  // pool's sharing flag share the first cache line with entry 0, so that a
  // region of one block touches one line of its cache per pool.
  alignas(64) std::atomic<std::uint64_t> mask_{0};
  // Written by the owner only (relaxed load and store, no read-modify-write);
  // read by the pool's stats().
  std::atomic<std::size_t> hits_{0};
  std::atomic<bool> sharing_{false}; // written by the pool, its mutex held
  std::uint64_t order_ = 0;          // the owner's release counter
  Entry entries_[kSlots];
  // Null once the pool is destroyed (HandlePool::~HandlePool); read and
  // written under cache_registry_mutex().
  HandlePool* pool_;
  const std::uint32_t id_;
  HandleCache* next_in_thread_ = nullptr; // the thread's list of caches
};

// Taken around a thread's exit and a pool's destruction, before the pool's
// own mutex, so that neither sees the other half done.
std::mutex& cache_registry_mutex() noexcept;

// The next pool id for a pool with a cache, or HandleCache::kNoCache once
// kMaxPools are taken.
std::uint32_t next_cache_id() noexcept;

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_HANDLE_CACHE_H
