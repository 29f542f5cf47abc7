// The RAII guards generated code uses around parallel regions. Nothing here
// may block the host: acquiring is a free-list pop (or a stream creation the
// first time), record/wait only enqueue, and giving back is a free-list push.
#include "device_pools.h"

#include "backend.h"

namespace qd {
namespace detail {

PooledStreams::PooledStreams(std::size_t n)
    : pool_(&current_device_pools().streams), size_(n) {
  PoolLease* leases = inline_;
  if (n > kInlineLeases) {
    heap_.reset(new PoolLease[n]);
    leases = heap_.get();
  }
  pool_->acquire(leases, n);
}

// The pool is remembered rather than looked up again: the caller may have
// switched devices since, and the streams belong to the device they were
// created on.
PooledStreams::~PooledStreams() { pool_->release(leases(), size_); }

PooledEvent::PooledEvent() : pool_(&current_device_pools().events) {
  pool_->acquire(&lease_, 1);
}

PooledEvent::~PooledEvent() { pool_->release(&lease_, 1); }

void PooledEvent::record(StreamRef s) {
  backend::event_record(lease_.handle, s.native());
}

void PooledEvent::wait(StreamRef s) const {
  backend::stream_wait_event(s.native(), lease_.handle);
}

} // namespace detail
} // namespace qd
