// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "device_pools.h"

#include "backend.h"

#include <atomic>
#include <limits>
#include <cerrno>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace qd {
namespace detail {
namespace {

void* create_pooled_stream() { return create_stream(StreamPriority::normal); }
void* create_high_stream() { return create_stream(StreamPriority::high); }
void* create_low_stream() { return create_stream(StreamPriority::low); }
void destroy_pooled_stream(void* s) noexcept { backend::stream_destroy(s); }
// Pooled events only order streams; timing would make record/wait slower.
void* create_pooled_event() { return backend::event_create(/*timing=*/false); }
void destroy_pooled_event(void* e) noexcept { backend::event_destroy(e); }

// QD_STREAM_POOL_LIMIT, or the default when it is unset or empty. A value
// that is not a positive integer throws: a misspelt limit silently replaced by
// the default would hide the very setting someone is trying to test.
std::size_t limit_from_environment() {
  const char* text = std::getenv("QD_STREAM_POOL_LIMIT");
  if (!text || !*text)
    return kDefaultStreamPoolLimit;
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (*text < '0' || *text > '9' || *end != '\0' || errno == ERANGE ||
      value == 0 || value > std::numeric_limits<std::size_t>::max())
    throw Error(std::string("QD_STREAM_POOL_LIMIT=") + text +
                " is not a positive integer");
  return static_cast<std::size_t>(value);
}

// The limit every device's stream pool gets. Read from the environment once,
// on first use (a throwing initializer is retried on the next use), and then
// only changed by set_stream_pool_limit.
std::atomic<std::size_t>& stream_limit_setting() {
  static std::atomic<std::size_t> limit{limit_from_environment()};
  return limit;
}

class Registry {
public:
  explicit Registry(int devices) {
    const std::size_t limit = stream_limit_setting().load();
    pools_.reserve(static_cast<std::size_t>(devices));
    for (int d = 0; d < devices; ++d)
      pools_.push_back(std::unique_ptr<DevicePools>(new DevicePools{
          HandlePool(&create_pooled_stream, &destroy_pooled_stream, limit),
          HandlePool(&create_pooled_event, &destroy_pooled_event),
          HandlePool(&create_high_stream, &destroy_pooled_stream, limit),
          HandlePool(&create_low_stream, &destroy_pooled_stream, limit)}));
  }

  std::size_t size() const { return pools_.size(); }

  DevicePools& at(int device) {
    if (device < 0 || static_cast<std::size_t>(device) >= pools_.size())
      throw Error("no device " + std::to_string(device) + " (" +
                  std::to_string(pools_.size()) + " " + backend::kName +
                  " device(s))");
    return *pools_[static_cast<std::size_t>(device)];
  }

private:
  std::vector<std::unique_ptr<DevicePools>> pools_;
};

Registry& registry() {
  // Deliberately never destroyed, as PyTorch leaks its stream pools (RMM's
  // cuda_stream_pool destroys its streams in its destructor, but an RMM pool
  // is an object its user owns and destroys while the driver is up; ours are
  // process-wide). Destroying pooled streams from a static destructor races
  // with the CUDA/HIP runtime's own teardown, whose order relative to ours is
  // unspecified (calls then fail with "driver shutting down" or crash), and a
  // thread still inside a kernel call at exit would find its pool's mutex
  // gone. The driver reclaims every handle when the process's context is torn
  // down; trim_pools() gives idle ones back earlier. The device count is read
  // once: it cannot change while the process runs.
  static Registry* const instance = new Registry(backend::device_count());
  return *instance;
}

} // namespace

DevicePools& device_pools(int device) { return registry().at(device); }

int driver_stream_priority(StreamPriority priority, int least, int greatest) {
  // CUDA and HIP number priorities downwards: `greatest` is the smallest
  // number (-5 on Hopper), `least` the largest (0 there, the default too).
  return priority == StreamPriority::high  ? greatest
         : priority == StreamPriority::low ? least
                                           : 0;
}

int driver_stream_priority(StreamPriority priority) {
  if (priority == StreamPriority::normal)
    return 0;
  int least = 0, greatest = 0;
  backend::stream_priority_range(least, greatest);
  return driver_stream_priority(priority, least, greatest);
}

// The priority is asked of the driver at each creation rather than cached:
// creations are rare (the pools reuse), and the range is per device.
void* create_stream(StreamPriority priority) {
  if (priority == StreamPriority::normal)
    return backend::stream_create_non_blocking();
  return backend::stream_create_with_priority(driver_stream_priority(priority));
}

DevicePools& current_device_pools() {
  return registry().at(backend::current_device());
}

} // namespace detail

PoolStats stream_pool_stats() {
  return detail::current_device_pools().streams.stats();
}
PoolStats stream_pool_stats(int device) {
  return detail::device_pools(device).streams.stats();
}
PoolStats stream_pool_stats(int device, StreamPriority priority) {
  return detail::device_pools(device).streams_for(priority).stats();
}
PoolStats event_pool_stats() {
  return detail::current_device_pools().events.stats();
}
PoolStats event_pool_stats(int device) {
  return detail::device_pools(device).events.stats();
}

void set_stream_pool_limit(std::size_t limit) {
  if (limit == 0)
    throw Error("the stream pool limit must be at least 1");
  // Serialized, so that concurrent calls cannot leave devices with different
  // limits.
  static std::mutex setting;
  std::lock_guard<std::mutex> lock(setting);
  detail::Registry& pools = detail::registry();
  detail::stream_limit_setting().store(limit);
  for (std::size_t d = 0; d < pools.size(); ++d) {
    detail::DevicePools& device = pools.at(static_cast<int>(d));
    device.streams.set_limit(limit);
    device.high_streams.set_limit(limit);
    device.low_streams.set_limit(limit);
  }
}

std::size_t stream_pool_limit() {
  return detail::stream_limit_setting().load();
}

std::size_t trim_pools() {
  detail::DevicePools& pools = detail::current_device_pools();
  return pools.streams.trim() + pools.high_streams.trim() +
         pools.low_streams.trim() + pools.events.trim();
}

} // namespace qd
