#include "handle_pool.h"

#include <algorithm>
#include <cassert>
#include <limits>

namespace qd {
namespace detail {

void HandlePool::acquire(PoolLease* leases, std::size_t n) {
  if (n == 0)
    return;
  std::size_t taken = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    taken = std::min(n, ring_count_);
    take_free_locked(leases, taken);
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

void HandlePool::release(const PoolLease* leases, std::size_t n) noexcept {
  if (n == 0)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t slot = leases[i].slot;
    assert(slot < held_.size() && held_[slot] && "slot released twice");
    held_[slot] = 0;
    push_free_locked(slot);
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
      doomed.reserve(ring_count_);
    } catch (...) {
      return 0;
    }
    for (; ring_count_ > 0; --ring_count_) {
      const std::uint32_t slot = ring_[ring_head_];
      ring_head_ = (ring_head_ + 1) % ring_.size();
      doomed.push_back(handles_[slot]);
      handles_[slot] = nullptr;
    }
    stats_.destroyed += doomed.size();
  }
  for (void* handle : doomed)
    destroy_(handle);
  return doomed.size();
}

void HandlePool::take_free_locked(PoolLease* leases, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t slot = ring_[ring_head_];
    ring_head_ = (ring_head_ + 1) % ring_.size();
    --ring_count_;
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
  if (ring_.size() < slots) {
    // Re-linearize the ring into a larger one so release() never has to grow
    // it.
    std::vector<std::uint32_t> bigger(std::max(slots, 2 * ring_.size()));
    for (std::size_t i = 0; i < ring_count_; ++i)
      bigger[i] = ring_[(ring_head_ + i) % ring_.size()];
    ring_.swap(bigger);
    ring_head_ = 0;
  }
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

void HandlePool::push_free_locked(std::uint32_t slot) noexcept {
  ring_[(ring_head_ + ring_count_) % ring_.size()] = slot;
  ++ring_count_;
}

void HandlePool::note_in_use_locked(std::size_t more) noexcept {
  stats_.in_use += more;
  stats_.high_water = std::max(stats_.high_water, stats_.in_use);
}

} // namespace detail
} // namespace qd
