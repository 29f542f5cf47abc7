// The RAII guards generated code uses around kernel calls and parallel
// regions. Nothing here waits for the GPU: acquiring is a free-list pop (or a
// stream creation the first time), record/wait only enqueue, giving back is a
// free-list push, and a StreamCallGuard waits at most for another thread to
// finish enqueueing.
#include "device_pools.h"

#include "backend.h"

#include <cstdint>
#include <exception>
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

// The pool is remembered rather than looked up again: the caller may have
// switched devices since, and the handles belong to the device they were
// created on.
PooledHandles::~PooledHandles() { pool_->release(leases(), size_, affinity_); }

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
