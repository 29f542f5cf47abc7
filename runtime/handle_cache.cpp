// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-thread handle caches (handle_cache.h) and their lifetime: made on a
// thread's first acquisition from a pool, given back to the pool when the
// thread exits.
#include "handle_cache.h"

#include "handle_pool.h"

#include <new>

namespace qd {
namespace detail {
namespace {

unsigned lowest_bit(std::uint64_t x) noexcept { // x != 0
#if defined(__GNUC__) || defined(__clang__)
  return static_cast<unsigned>(__builtin_ctzll(x));
#else
  unsigned i = 0;
  while (!(x & 1)) {
    x >>= 1;
    ++i;
  }
  return i;
#endif
}

unsigned highest_bit(std::uint64_t x) noexcept { // x != 0
#if defined(__GNUC__) || defined(__clang__)
  return 63u - static_cast<unsigned>(__builtin_clzll(x));
#else
  unsigned i = 63;
  while (!(x >> i))
    --i;
  return i;
#endif
}

unsigned count_bits(std::uint64_t x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return static_cast<unsigned>(__builtin_popcountll(x));
#else
  unsigned n = 0;
  for (; x; x &= x - 1)
    ++n;
  return n;
#endif
}

constexpr std::uint64_t bit(unsigned i) { return std::uint64_t{1} << i; }

// The calling thread's caches by pool id. Trivially constructed and
// destroyed, so reading it costs a thread-local access and nothing else;
// the object below owns what it points to.
thread_local HandleCache* t_caches[HandleCache::kMaxPools] = {};
// Set when the thread's caches are gone (its thread_local destructors are
// running): later acquisitions and releases of this thread use the pools'
// mutexes, and no cache is made again.
thread_local bool t_exited = false;

} // namespace

// Owns the calling thread's caches; its destructor, run when the thread
// exits (for the main thread: in exit(), before static destructors), gives
// every cached handle back to its pool. The pools are never destroyed
// (device_pools.cpp), and giving back makes no driver call, so this is safe
// however late it runs; a pool that was destroyed all the same (a test's own
// HandlePool) has detached its caches first.
class ThreadHandleCaches {
public:
  constexpr ThreadHandleCaches() noexcept = default;
  ThreadHandleCaches(const ThreadHandleCaches&) = delete;
  ThreadHandleCaches& operator=(const ThreadHandleCaches&) = delete;

  ~ThreadHandleCaches() {
    t_exited = true;
    std::lock_guard<std::mutex> registry(cache_registry_mutex());
    for (HandleCache* c = head_; c;) {
      HandleCache* next = c->next_in_thread_;
      t_caches[c->id_] = nullptr;
      if (c->pool_)
        c->pool_->forget_cache(*c);
      delete c;
      c = next;
    }
    head_ = nullptr;
  }

  void add(HandleCache* c) noexcept {
    c->next_in_thread_ = head_;
    head_ = c;
  }

private:
  HandleCache* head_ = nullptr;
};

namespace {
thread_local ThreadHandleCaches t_owner;
} // namespace

std::mutex& cache_registry_mutex() noexcept {
  // Never destroyed: threads may exit after static destructors ran.
  static std::mutex* const mutex = new std::mutex;
  return *mutex;
}

std::uint32_t next_cache_id() noexcept {
  static std::atomic<std::uint32_t> next{0};
  const std::uint32_t id = next.fetch_add(1, std::memory_order_relaxed);
  return id < HandleCache::kMaxPools ? id : HandleCache::kNoCache;
}

HandleCache* HandleCache::of_thread(std::uint32_t id) noexcept {
  return t_caches[id];
}

HandleCache* HandleCache::make_for_thread(HandlePool& pool,
                                          std::uint32_t id) noexcept {
  if (t_exited || id >= kMaxPools)
    return nullptr;
  if (t_caches[id])
    return t_caches[id];
  HandleCache* cache = new (std::nothrow) HandleCache(&pool, id);
  if (!cache)
    return nullptr;
  if (!pool.adopt_cache(*cache)) {
    delete cache;
    return nullptr;
  }
  t_owner.add(cache); // the first use constructs t_owner: its destructor runs at exit
  t_caches[id] = cache;
  return cache;
}

bool HandleCache::take(PoolLease* leases, std::size_t n,
                       const void* affinity) noexcept {
  if (n == 0 || n > kSlots)
    return false;
  std::uint64_t mask = mask_.load(std::memory_order_acquire);
  if (mask & kBusy)
    return false;
  // The entries of this affinity, the latest released first, as the pool's
  // free list would give them (HandlePool::take_free_locked). park() fills
  // the lowest clear bits, the latest release highest, so from the highest
  // bit down they are usually in order already and the insertion sort only
  // compares.
  unsigned match[kSlots];
  std::size_t k = 0;
  for (std::uint64_t bits = mask & kFull; bits;) {
    const unsigned b = highest_bit(bits);
    bits &= ~bit(b);
    if (entries_[b].affinity != affinity)
      continue;
    std::size_t j = k++;
    for (; j > 0 && entries_[match[j - 1]].order < entries_[b].order; --j)
      match[j] = match[j - 1];
    match[j] = b;
  }
  if (k < n)
    return false; // not enough of this affinity: the pool decides
  std::uint64_t taken = 0;
  for (std::size_t i = 0; i < n; ++i)
    taken |= bit(match[i]);
  // Fails only when the pool reclaimed meanwhile.
  if (!mask_.compare_exchange_strong(mask, mask & ~taken,
                                     std::memory_order_acquire,
                                     std::memory_order_relaxed))
    return false;
  for (std::size_t i = 0; i < n; ++i)
    leases[i] = entries_[match[i]].lease;
  hits_.store(hits_.load(std::memory_order_relaxed) + n,
              std::memory_order_relaxed);
  return true;
}

bool HandleCache::park(const PoolLease* leases, std::size_t n,
                       const void* affinity) noexcept {
  if (n == 0 || n > kSlots)
    return false;
  // Acquire: a reclaim that finished (cleared kBusy) has read its entries
  // before this thread writes new ones there.
  const std::uint64_t mask = mask_.load(std::memory_order_acquire);
  if (mask & kBusy)
    return false;
  std::uint64_t free = ~mask & kFull;
  if (count_bits(free) < n)
    return false;
  // Entries of clear bits: a reclaim that starts now takes only set ones.
  // In reverse, so that lease 0 is the latest and take() returns the leases
  // in their order.
  std::uint64_t placed = 0;
  for (std::size_t i = n; i-- > 0;) {
    const unsigned b = lowest_bit(free);
    free &= free - 1;
    placed |= bit(b);
    entries_[b] = Entry{leases[i], affinity, ++order_};
  }
  mask_.fetch_or(placed, std::memory_order_acq_rel);
  // A pool about to share a stream sets sharing_ and then reclaims every
  // cache with a read-modify-write of its mask. Either that reclaim comes
  // later in this mask's order, and takes these entries (then the pool holds
  // them, and nothing is shared that was parked), or it came earlier, and
  // this fetch_or, reading its result, sees sharing_ set: a lease here may
  // have a second holder, which only the pool's mutex can count down, so
  // they go back through the pool.
  if (!sharing_.load(std::memory_order_relaxed))
    return true;
  std::uint64_t now = mask_.load(std::memory_order_relaxed);
  while ((now & placed) == placed)
    if (mask_.compare_exchange_weak(now, now & ~placed,
                                    std::memory_order_acquire,
                                    std::memory_order_relaxed))
      return false; // ours again: the caller releases them to the pool
  // A reclaim takes every set bit at once: the pool has them, and gave them
  // back to its free list already.
  return true;
}

std::size_t HandleCache::reclaim(Parked* out, bool always) noexcept {
  std::uint64_t mask = mask_.load(std::memory_order_relaxed);
  if (!always && (mask & kFull) == 0)
    return 0;
  // One at a time: the pool's mutex is held, and a cache has one pool.
  while (!mask_.compare_exchange_weak(mask, (mask & ~kFull) | kBusy,
                                      std::memory_order_acq_rel,
                                      std::memory_order_relaxed)) {
  }
  std::size_t k = 0;
  for (std::uint64_t bits = mask & kFull; bits; bits &= bits - 1) {
    const Entry& e = entries_[lowest_bit(bits)];
    out[k++] = Parked{e.lease, e.affinity, e.order};
  }
  mask_.fetch_and(~kBusy, std::memory_order_release);
  // Release order, the earliest first (at most kSlots: insertion sort).
  for (std::size_t i = 1; i < k; ++i)
    for (std::size_t j = i; j > 0 && out[j - 1].order > out[j].order; --j) {
      const Parked t = out[j];
      out[j] = out[j - 1];
      out[j - 1] = t;
    }
  return k;
}

std::size_t HandleCache::parked() const noexcept {
  return count_bits(mask_.load(std::memory_order_relaxed) & kFull);
}

} // namespace detail
} // namespace qd
