// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "handle_pool.h"

#include <algorithm>
#include <cassert>
#include <iterator>

namespace qd {
namespace detail {

HandlePool::~HandlePool() {
  if (cache_id_ == HandleCache::kNoCache)
    return;
  std::lock_guard<std::mutex> registry(cache_registry_mutex());
  std::lock_guard<std::mutex> lock(mutex_);
  for (HandleCache* cache : caches_)
    cache->pool_ = nullptr; // its thread deletes it at exit
  caches_.clear();
}

void HandlePool::acquire(PoolLease* leases, std::size_t n,
                         const void* affinity) {
  if (n == 0)
    return;
  HandleCache* cache = nullptr;
  if (cache_id_ != HandleCache::kNoCache) {
    cache = HandleCache::of_thread(cache_id_);
    if (!cache)
      cache = HandleCache::make_for_thread(*this, cache_id_);
    else if (cache->take(leases, n, affinity))
      return; // the fast path: no lock
  }
  std::size_t held = 0; // leases[0, held) are filled and held
  std::unique_lock<std::mutex> lock(mutex_);
  ++locked_calls_;
  // This thread's cached handles compete with the free ones, in the order
  // they were released.
  if (cache)
    reclaim_locked(*cache, false);
  for (;;) {
    held += take_free_locked(leases + held, std::min(n - held, free_.size()),
                             affinity);
    if (held == n)
      return;
    // Handles idle in other threads' caches come before new or shared ones:
    // the pool creates as many handles as are held at once, and shares only
    // when every live stream is held.
    if (reclaim_some_locked(n - held) != 0)
      continue;
    const std::size_t live = live_locked() + creating_;
    const std::size_t to_create =
        std::min(n - held, live < limit_ ? limit_ - live : 0);
    const std::size_t to_share = n - held - to_create;
    // At the limit, the rest is shared. When other threads are creating
    // handles right now, the lent-out ones may not yet be enough for this
    // acquisition to get distinct handles; wait the few microseconds until
    // those are registered rather than hand one handle out twice. (This
    // blocks on a driver call of another thread, never on device work.)
    if (to_share != 0 && creating_ != 0 &&
        shareable_locked(leases, held) < to_share) {
      creations_done_.wait(lock);
      continue;
    }
    if (to_create == 0) {
      // No room and nothing free: every live handle is lent out, and there
      // is at least one (limit >= 1, and no creations are in flight or
      // enough lent-out handles exist). From here on releases bypass the
      // caches, and what was parked before this point is reclaimed now
      // (HandleCache::park says why both are needed).
      set_sharing_locked(true);
      if (reclaim_all_locked(true) != 0) {
        settle_sharing_locked();
        continue;
      }
      share_locked(leases, held, to_share);
      return;
    }
    create_locked(lock, leases, held, to_create);
    held += to_create;
    // Loop: handles released meanwhile are free again, and what is still
    // missing is shared.
  }
}

void HandlePool::create_locked(std::unique_lock<std::mutex>& lock,
                               PoolLease* leases, std::size_t held,
                               std::size_t n) {
  creating_ += n;
  lock.unlock();
  // Create outside the lock: a driver call must not stall every other thread
  // that is launching a region.
  PoolLease* fresh = leases + held;
  std::size_t created = 0;
  try {
    for (; created < n; ++created)
      fresh[created].handle = create_();
    lock.lock();
    reserve_locked(n);
  } catch (...) {
    // All or nothing: destroy what was created, give back what was held.
    if (!lock.owns_lock())
      lock.lock();
    creating_ -= n;
    lock.unlock();
    creations_done_.notify_all();
    for (std::size_t i = 0; i < created; ++i)
      destroy_(fresh[i].handle);
    release(leases, held);
    throw;
  }
  register_held_locked(fresh, n);
  creating_ -= n;
  creations_done_.notify_all();
}

void HandlePool::release(const PoolLease* leases, std::size_t n,
                         const void* affinity) noexcept {
  if (n == 0)
    return;
  if (cache_id_ != HandleCache::kNoCache)
    if (HandleCache* cache = HandleCache::of_thread(cache_id_))
      if (cache->park(leases, n, affinity))
        return; // the fast path: no lock
  std::lock_guard<std::mutex> lock(mutex_);
  ++locked_calls_;
  // In reverse, so that the next acquire of the same affinity, which takes
  // from the back, hands out the same handles in the same order.
  for (std::size_t i = n; i-- > 0;)
    give_back_locked(leases[i].slot, affinity);
  settle_sharing_locked();
}

void HandlePool::give_back_locked(std::uint32_t slot,
                                  const void* affinity) noexcept {
  assert(slot < holders_.size() && holders_[slot] != 0 &&
         "slot released more often than lent");
  if (holders_[slot] > 1)
    --excess_;
  if (--holders_[slot] == 0)
    free_.push_back(FreeSlot{slot, affinity}); // capacity reserved
  --stats_.in_use;
}

std::size_t HandlePool::reclaim_locked(HandleCache& cache,
                                       bool always) noexcept {
  HandleCache::Parked parked[HandleCache::kSlots];
  const std::size_t k = cache.reclaim(parked, always);
  for (std::size_t i = 0; i < k; ++i)
    give_back_locked(parked[i].lease.slot, parked[i].affinity);
  return k;
}

std::size_t HandlePool::reclaim_some_locked(std::size_t wanted) noexcept {
  // From a rotating start, and only as many caches as it takes: a thread
  // that misses takes from one or two others, not from all of them (which
  // would make them all miss next).
  std::size_t k = 0;
  const std::size_t count = caches_.size();
  for (std::size_t i = 0; i < count && k < wanted; ++i) {
    reclaim_cursor_ = (reclaim_cursor_ + 1) % count;
    k += reclaim_locked(*caches_[reclaim_cursor_], false);
  }
  return k;
}

std::size_t HandlePool::reclaim_all_locked(bool always) noexcept {
  std::size_t k = 0;
  for (HandleCache* cache : caches_)
    k += reclaim_locked(*cache, always);
  return k;
}

void HandlePool::set_sharing_locked(bool on) noexcept {
  sharing_ = on;
  for (HandleCache* cache : caches_)
    cache->set_sharing(on);
}

bool HandlePool::adopt_cache(HandleCache& cache) noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  try {
    caches_.push_back(&cache);
  } catch (...) {
    return false;
  }
  cache.set_sharing(sharing_);
  return true;
}

void HandlePool::forget_cache(HandleCache& cache) noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  reclaim_locked(cache, false);
  // Its hits stay counted after it is gone.
  const std::size_t hits = cache.hits();
  stats_.acquired += hits;
  stats_.reused += hits;
  caches_.erase(std::find(caches_.begin(), caches_.end(), &cache));
}

PoolStats HandlePool::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  PoolStats s = stats_;
  // Under the mutex the caches' handles can only move between their thread
  // and its cache, so what is parked is at most what stats_ counts as lent.
  for (const HandleCache* cache : caches_) {
    s.in_use -= cache->parked();
    const std::size_t hits = cache->hits();
    s.acquired += hits;
    s.reused += hits;
  }
  return s;
}

std::size_t HandlePool::locked_calls() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return locked_calls_;
}

std::size_t HandlePool::trim() noexcept {
  std::vector<void*> doomed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    reclaim_all_locked(false);
    try {
      doomed.reserve(free_.size());
    } catch (...) {
      return 0;
    }
    for (const FreeSlot& free : free_) {
      doomed.push_back(handles_[free.slot]);
      handles_[free.slot] = nullptr;
    }
    free_.clear();
    stats_.destroyed += doomed.size();
  }
  for (void* handle : doomed)
    destroy_(handle);
  return doomed.size();
}

void HandlePool::set_limit(std::size_t limit) {
  if (limit == 0)
    throw Error("the stream pool limit must be at least 1");
  {
    std::lock_guard<std::mutex> lock(mutex_);
    limit_ = limit;
  }
  // A raised limit lets waiting acquisitions create instead.
  creations_done_.notify_all();
}

std::size_t HandlePool::limit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_;
}

std::size_t HandlePool::take_free_locked(PoolLease* leases, std::size_t n,
                                         const void* affinity) {
  for (std::size_t i = 0; i < n; ++i) {
    // Free lists hold a few dozen slots at most, so a scan is cheaper than
    // any index kept up to date on every release.
    auto it = std::find_if(free_.rbegin(), free_.rend(), [&](const FreeSlot& f) {
      return f.affinity == affinity;
    });
    const auto pick = it != free_.rend() ? std::prev(it.base()) : free_.begin();
    const std::uint32_t slot = pick->slot;
    free_.erase(pick);
    assert(holders_[slot] == 0 && "free slot is lent out");
    holders_[slot] = 1;
    leases[i] = PoolLease{handles_[slot], slot};
  }
  stats_.acquired += n;
  stats_.reused += n;
  note_in_use_locked(n);
  return n;
}

namespace {

bool holds(const PoolLease* leases, std::size_t n, std::uint32_t slot) {
  return std::any_of(leases, leases + n,
                     [&](const PoolLease& l) { return l.slot == slot; });
}

} // namespace

std::size_t HandlePool::shareable_locked(const PoolLease* leases,
                                         std::size_t held) const {
  std::size_t count = 0;
  for (std::uint32_t slot = 0; slot < holders_.size(); ++slot)
    if (holders_[slot] != 0 && !holds(leases, held, slot))
      ++count;
  return count;
}

void HandlePool::share_locked(PoolLease* leases, std::size_t held,
                              std::size_t n) {
  const std::size_t slots = holders_.size();
  for (std::size_t k = 0; k < n; ++k, ++held) {
    // The least shared lent-out slot that this acquisition does not hold
    // yet; when it holds every lent-out slot (it asked for more handles than
    // are alive), the least shared one overall. Scanning from a rotating
    // cursor breaks ties round-robin.
    std::size_t best = slots;
    for (int pass = 0; pass < 2 && best == slots; ++pass) {
      for (std::size_t i = 0; i < slots; ++i) {
        const std::size_t slot = (share_cursor_ + i) % slots;
        if (holders_[slot] == 0 ||
            (pass == 0 && holds(leases, held, static_cast<std::uint32_t>(slot))))
          continue;
        if (best == slots || holders_[slot] < holders_[best])
          best = slot;
      }
    }
    // acquire() shares only at the limit, where every live handle is lent
    // out and this acquisition holds at least one.
    assert(best != slots && "nothing to share");
    share_cursor_ = (best + 1) % slots;
    ++holders_[best];
    ++excess_; // the slot was lent out already
    leases[held] = PoolLease{handles_[best], static_cast<std::uint32_t>(best)};
  }
  stats_.acquired += n;
  stats_.shared += n;
  note_in_use_locked(n);
}

void HandlePool::reserve_locked(std::size_t n) {
  const std::size_t slots = handles_.size() + n;
  if (slots > std::numeric_limits<std::uint32_t>::max())
    throw Error("too many pooled handles");
  handles_.reserve(slots);
  holders_.reserve(slots);
  free_.reserve(slots);
}

void HandlePool::register_held_locked(PoolLease* leases, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    leases[i].slot = static_cast<std::uint32_t>(handles_.size());
    handles_.push_back(leases[i].handle); // capacity reserved: cannot throw
    holders_.push_back(1);
  }
  stats_.created += n;
  stats_.acquired += n;
  note_in_use_locked(n);
}

void HandlePool::note_in_use_locked(std::size_t more) noexcept {
  stats_.in_use += more;
  stats_.high_water = std::max(stats_.high_water, stats_.in_use);
}

} // namespace detail
} // namespace qd
