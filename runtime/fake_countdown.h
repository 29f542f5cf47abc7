// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fake device's failure injection counters (fake_device.h, "failure
// injection"): shared by fake_device.cpp and fake_graph.cpp. Test-only.
#ifndef QD_RUNTIME_FAKE_COUNTDOWN_H
#define QD_RUNTIME_FAKE_COUNTDOWN_H

#include <atomic>

namespace qd {
namespace fake {

// Counts one event down; true when it reaches zero now (the injected one).
// 0 means disarmed: nothing counts down.
inline bool countdown_hits(std::atomic<unsigned>& countdown) noexcept {
  unsigned n = countdown.load(std::memory_order_relaxed);
  while (n != 0)
    if (countdown.compare_exchange_weak(n, n - 1, std::memory_order_relaxed))
      return n == 1;
  return false;
}

} // namespace fake
} // namespace qd

#endif // QD_RUNTIME_FAKE_COUNTDOWN_H
