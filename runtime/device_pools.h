// The per-device stream and event pools.
#ifndef QD_RUNTIME_DEVICE_POOLS_H
#define QD_RUNTIME_DEVICE_POOLS_H

#include "handle_pool.h"

namespace qd {
namespace detail {

struct DevicePools {
  HandlePool streams; // non-blocking streams, bounded by stream_pool_limit()
  HandlePool events;  // events with timing disabled, unbounded (never shared)
};

// Pools of `device`; throws qd::Error for a device that does not exist.
DevicePools& device_pools(int device);
// Pools of the calling thread's current device.
DevicePools& current_device_pools();

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_DEVICE_POOLS_H
