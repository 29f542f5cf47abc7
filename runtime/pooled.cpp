// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The RAII guards generated code uses around kernel calls and parallel
// regions. Nothing here waits for the GPU: acquiring takes the handles from
// the thread's cache (no lock) or pops the free list (or creates a stream
// the first time), record/wait only enqueue, giving back puts them into the
// thread's cache or onto the free list (handle_cache.h), and a
// StreamCallGuard waits at most for another thread to finish enqueueing.
#include "device_pools.h"

#include "backend.h"

#include <cstdint>
#include <exception>
#include <iterator>
#include <memory>
#include <mutex>

namespace qd {
namespace detail {

PooledHandles::PooledHandles(Kind kind, std::size_t n, const void* affinity)
    : PooledHandles(kind, n, affinity, CallDevice()) {}

PooledHandles::PooledHandles(Kind kind, std::size_t n, const void* affinity,
                             const CallDevice& device)
    : affinity_(affinity), size_(n) {
  DevicePools& pools = device_pools(device.index());
  pool_ = kind == Kind::Streams ? &pools.streams : &pools.events;
  PoolLease* leases = inline_;
  if (n > kInlineLeases) {
    heap_.reset(new PoolLease[n]);
    leases = heap_.get();
  }
  pool_->acquire(leases, n, affinity_);
}

namespace {

// The pools of a region with priorities, in the order they are taken. A
// value that is none of the enumerators counts as normal, the same way on
// acquisition and release.
constexpr StreamPriority kPriorityOrder[] = {
    StreamPriority::normal, StreamPriority::high, StreamPriority::low};

StreamPriority priority_class(StreamPriority p) noexcept {
  return p == StreamPriority::high || p == StreamPriority::low
             ? p
             : StreamPriority::normal;
}

// Leases moved between a region's block order and one pool's contiguous
// batch go through a buffer of this many on the stack; more need the heap
// (acquisition) or several releases (release, which must not allocate).
constexpr std::size_t kBatch = 16;

// Gives back the leases of blocks of priority `p`, in block order, to the
// pool of `p`. Never allocates: runs in destructors during unwinding.
void release_priority(DevicePools& pools, const PoolLease* leases,
                      std::size_t n, const StreamPriority* priorities,
                      StreamPriority p, const void* affinity) noexcept {
  HandlePool& pool = pools.streams_for(p);
  PoolLease batch[kBatch];
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (priority_class(priorities[i]) != p)
      continue;
    batch[k++] = leases[i];
    if (k == kBatch) {
      pool.release(batch, k, affinity);
      k = 0;
    }
  }
  if (k != 0)
    pool.release(batch, k, affinity);
}

// One acquisition per priority that the region uses, each all or nothing;
// when a later one throws, what the earlier ones took goes back.
void acquire_by_priority(DevicePools& pools, PoolLease* leases, std::size_t n,
                         const StreamPriority* priorities,
                         const void* affinity) {
  std::size_t taken = 0; // priorities of kPriorityOrder acquired so far
  try {
    for (; taken < std::size(kPriorityOrder); ++taken) {
      const StreamPriority p = kPriorityOrder[taken];
      std::size_t k = 0;
      for (std::size_t i = 0; i < n; ++i)
        k += priority_class(priorities[i]) == p;
      if (k == 0)
        continue;
      PoolLease inline_batch[kBatch];
      std::unique_ptr<PoolLease[]> heap;
      PoolLease* batch = inline_batch;
      if (k > kBatch) {
        heap.reset(new PoolLease[k]);
        batch = heap.get();
      }
      pools.streams_for(p).acquire(batch, k, affinity);
      for (std::size_t i = 0, j = 0; i < n; ++i)
        if (priority_class(priorities[i]) == p)
          leases[i] = batch[j++];
    }
  } catch (...) {
    for (std::size_t t = 0; t < taken; ++t)
      release_priority(pools, leases, n, priorities, kPriorityOrder[t],
                       affinity);
    throw;
  }
}

} // namespace

PooledHandles::PooledHandles(std::size_t n, const void* affinity,
                             const CallDevice& device,
                             const StreamPriority* priorities)
    : affinity_(affinity), size_(n) {
  DevicePools& pools = device_pools(device.index());
  pool_ = &pools.streams;
  PoolLease* leases = inline_;
  if (n > kInlineLeases) {
    heap_.reset(new PoolLease[n]);
    leases = heap_.get();
  }
  // A region whose blocks are all normal takes the path of one pool.
  if (!any_priority(priorities, n)) {
    pool_->acquire(leases, n, affinity_);
    return;
  }
  acquire_by_priority(pools, leases, n, priorities, affinity_);
  priorities_ = priorities;
  pools_ = &pools;
}

// The pool is remembered rather than looked up again: the caller may have
// switched devices since, and the handles belong to the device they were
// created on.
PooledHandles::~PooledHandles() {
  if (!priorities_) {
    pool_->release(leases(), size_, affinity_);
    return;
  }
  for (StreamPriority p : kPriorityOrder)
    release_priority(*pools_, leases(), size_, priorities_, p, affinity_);
}

namespace {
// Striped rather than one lock per stream: streams come and go (and may be
// made by other libraries), and a map would need its own lock and cleanup.
constexpr std::size_t kCallLockStripes = 64; // 2^6: see call_lock_for

std::recursive_mutex& call_lock_for(const void* stream) {
  static std::recursive_mutex locks[kCallLockStripes];
  // Fibonacci hashing: drivers allocate stream objects at large, regular
  // strides, so only a multiplicative mix spreads them over the stripes.
  const std::uint64_t bits = reinterpret_cast<std::uintptr_t>(stream);
  return locks[(bits * 0x9E3779B97F4A7C15ull) >> 58]; // the top 6 bits
}
} // namespace

StreamCallGuard::StreamCallGuard(StreamRef launch)
    : lock_(&call_lock_for(launch.native())) {
  static_cast<std::recursive_mutex*>(lock_)->lock();
}

StreamCallGuard::~StreamCallGuard() {
  static_cast<std::recursive_mutex*>(lock_)->unlock();
}

void PooledEvents::record(std::size_t i, StreamRef s) {
  backend::event_record(handle(i), s.native());
}

void PooledEvents::wait(std::size_t i, StreamRef s) const {
  backend::stream_wait_event(s.native(), handle(i));
}

RegionUnwindJoin::RegionUnwindJoin(PooledEvents& events,
                                   const PooledStreams& streams,
                                   StreamRef launch) noexcept
    : events_(events), streams_(streams), launch_(launch),
      exceptions_(std::uncaught_exceptions()) {}

RegionUnwindJoin::~RegionUnwindJoin() {
  if (std::uncaught_exceptions() <= exceptions_)
    return;
  // The exception in flight is the error to report; a failure here (the
  // device may be in a bad state already) must not replace it or terminate.
  for (std::size_t b = 0; b < streams_.size(); ++b) {
    try {
      events_.record(b + 1, streams_[b]);
      events_.wait(b + 1, launch_);
    } catch (...) {
    }
  }
}

} // namespace detail
} // namespace qd
