// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One driver handle per device, created on first use and never destroyed:
// the backends' stream-ordered memory pools (backend.h, pool_malloc_async).
//
// The handles live in the backend rather than in DevicePools because only
// the backend knows their type and how to make one; the pools above it see
// pool_malloc_async(device, ...) and nothing else.
#ifndef QD_RUNTIME_LAZY_DEVICE_HANDLES_H
#define QD_RUNTIME_LAZY_DEVICE_HANDLES_H

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>

namespace qd {
namespace backend {

template <class Handle> class LazyDeviceHandles {
public:
  explicit LazyDeviceHandles(int devices)
      : size_(devices > 0 ? static_cast<std::size_t>(devices) : 0),
        handles_(new std::atomic<Handle>[size_]()) {}

  bool contains(int device) const noexcept {
    return device >= 0 && static_cast<std::size_t>(device) < size_;
  }

  // The handle of `device` (which contains() must accept), made by
  // create(device) on the first call for it. Once made, a lookup is one
  // acquire load: this runs on every kernel call that reduces. Creations are
  // serialized so that racing threads make one handle, not one each; a
  // create() that throws leaves the slot empty for the next call to retry.
  template <class Create> Handle get(int device, Create create) {
    std::atomic<Handle>& slot = handles_[static_cast<std::size_t>(device)];
    Handle handle = slot.load(std::memory_order_acquire);
    if (handle)
      return handle;
    std::lock_guard<std::mutex> lock(creating_);
    handle = slot.load(std::memory_order_relaxed);
    if (!handle) {
      handle = create(device);
      slot.store(handle, std::memory_order_release);
    }
    return handle;
  }

private:
  std::size_t size_;
  std::unique_ptr<std::atomic<Handle>[]> handles_;
  std::mutex creating_;
};

} // namespace backend
} // namespace qd

#endif // QD_RUNTIME_LAZY_DEVICE_HANDLES_H
