#include "handle_pool.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <limits>

namespace qd {
namespace detail {

void HandlePool::acquire(PoolLease* leases, std::size_t n,
                         const void* affinity) {
  if (n == 0)
    return;
  std::size_t taken = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    taken = std::min(n, free_.size());
    take_free_locked(leases, taken, affinity);
  }
  if (taken == n)
    return;

  // Create outside the lock: a driver call must not stall every other thread
  // that is launching a region.
  std::size_t created = 0;
  auto undo = [&]() noexcept {
    for (std::size_t i = 0; i < created; ++i)
      destroy_(leases[taken + i].handle);
    release(leases, taken);
  };
  try {
    for (; taken + created < n; ++created)
      leases[taken + created].handle = create_();
    std::lock_guard<std::mutex> lock(mutex_);
    reserve_locked(created);
    register_held_locked(leases + taken, created);
  } catch (...) {
    undo();
    throw;
  }
}

void HandlePool::release(const PoolLease* leases, std::size_t n,
                         const void* affinity) noexcept {
  if (n == 0)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  // In reverse, so that the next acquire of the same affinity, which takes
  // from the back, hands out the same handles in the same order.
  for (std::size_t i = n; i-- > 0;) {
    const std::uint32_t slot = leases[i].slot;
    assert(slot < held_.size() && held_[slot] && "slot released twice");
    held_[slot] = 0;
    free_.push_back(FreeSlot{slot, affinity}); // capacity reserved
  }
  stats_.in_use -= n;
}

PoolStats HandlePool::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

std::size_t HandlePool::trim() noexcept {
  std::vector<void*> doomed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
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

void HandlePool::take_free_locked(PoolLease* leases, std::size_t n,
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
    assert(!held_[slot] && "free slot is lent out");
    held_[slot] = 1;
    leases[i] = PoolLease{handles_[slot], slot};
  }
  stats_.acquired += n;
  stats_.reused += n;
  note_in_use_locked(n);
}

void HandlePool::reserve_locked(std::size_t n) {
  const std::size_t slots = handles_.size() + n;
  if (slots > std::numeric_limits<std::uint32_t>::max())
    throw Error("too many pooled handles");
  handles_.reserve(slots);
  held_.reserve(slots);
  free_.reserve(slots);
}

void HandlePool::register_held_locked(PoolLease* leases, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    leases[i].slot = static_cast<std::uint32_t>(handles_.size());
    handles_.push_back(leases[i].handle); // capacity reserved: cannot throw
    held_.push_back(1);
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
