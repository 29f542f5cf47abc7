// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-device stream and event pools.
#ifndef QD_RUNTIME_DEVICE_POOLS_H
#define QD_RUNTIME_DEVICE_POOLS_H

#include "handle_pool.h"

namespace qd {
namespace detail {

// A stream's priority is fixed when the driver creates it, so each priority
// has a pool of its own; each is bounded by stream_pool_limit() on its own.
struct DevicePools {
  HandlePool streams; // non-blocking streams, bounded by stream_pool_limit()
  HandlePool events;  // events with timing disabled, unbounded (never shared)
  HandlePool high_streams; // as `streams`, at the device's greatest priority
  HandlePool low_streams;  // as `streams`, at the device's least priority

  HandlePool& streams_for(StreamPriority priority) noexcept {
    switch (priority) {
    case StreamPriority::high:
      return high_streams;
    case StreamPriority::low:
      return low_streams;
    case StreamPriority::normal:
      break;
    }
    return streams;
  }
};

// The driver's number for `priority` on the current device: 0 (the default)
// for normal, the ends of the device's range for high and low. The second
// form takes the range already asked of the driver (`least`, `greatest`).
int driver_stream_priority(StreamPriority priority);
int driver_stream_priority(StreamPriority priority, int least, int greatest);

// A new non-blocking stream of `priority` on the current device, as the
// pools create them.
void* create_stream(StreamPriority priority);

// Pools of `device`; throws qd::Error for a device that does not exist.
DevicePools& device_pools(int device);
// Pools of the calling thread's current device.
DevicePools& current_device_pools();

} // namespace detail
} // namespace qd

#endif // QD_RUNTIME_DEVICE_POOLS_H
