// The RAII guards generated code uses around parallel regions. Nothing here
// may block the host: acquiring is a free-list pop (or a stream creation the
// first time), record/wait only enqueue, and giving back is a free-list push.
#include "device_pools.h"

#include "backend.h"

namespace qd {
namespace detail {

PooledHandles::PooledHandles(Kind kind, std::size_t n, const void* affinity)
    : affinity_(affinity), size_(n) {
  DevicePools& pools = current_device_pools();
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

void PooledEvents::record(std::size_t i, StreamRef s) {
  backend::event_record(handle(i), s.native());
}

void PooledEvents::wait(std::size_t i, StreamRef s) const {
  backend::stream_wait_event(s.native(), handle(i));
}

} // namespace detail
} // namespace qd
