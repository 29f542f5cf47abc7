#include "device_pools.h"

#include "backend.h"

#include <memory>
#include <string>
#include <vector>

namespace qd {
namespace detail {
namespace {

void* create_pooled_stream() { return backend::stream_create_non_blocking(); }
void destroy_pooled_stream(void* s) noexcept { backend::stream_destroy(s); }
// Pooled events only order streams; timing would make record/wait slower.
void* create_pooled_event() { return backend::event_create(/*timing=*/false); }
void destroy_pooled_event(void* e) noexcept { backend::event_destroy(e); }

class Registry {
public:
  explicit Registry(int devices) {
    pools_.reserve(static_cast<std::size_t>(devices));
    for (int d = 0; d < devices; ++d)
      pools_.push_back(std::unique_ptr<DevicePools>(new DevicePools{
          HandlePool(&create_pooled_stream, &destroy_pooled_stream),
          HandlePool(&create_pooled_event, &destroy_pooled_event)}));
  }

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
  // Deliberately never destroyed. Destroying pooled streams from a static
  // destructor races with the CUDA/HIP runtime's own teardown (calls then fail
  // with "driver shutting down" or crash), and a thread still inside a kernel
  // call at exit would find its pool's mutex gone. The driver reclaims every
  // handle when the process's context is torn down. The device count is read
  // once: it cannot change while the process runs.
  static Registry* const instance = new Registry(backend::device_count());
  return *instance;
}

} // namespace

DevicePools& device_pools(int device) { return registry().at(device); }

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
PoolStats event_pool_stats() {
  return detail::current_device_pools().events.stats();
}
PoolStats event_pool_stats(int device) {
  return detail::device_pools(device).events.stats();
}

std::size_t trim_pools() {
  detail::DevicePools& pools = detail::current_device_pools();
  return pools.streams.trim() + pools.events.trim();
}

} // namespace qd
