// qd::testing (include/qd/testing.h): launch failure injection. Built into
// every runtime library so that GPU tests can use it too.
#include "qd/detail/launch_support.h"
#include "qd/testing.h"

#include <atomic>

namespace qd {
namespace detail {
namespace {

// Launch checks until the injected failure; 0 = disarmed.
std::atomic<unsigned> failure_countdown{0};
std::atomic<unsigned long long> checks{0};

// The armed path: rare, so it may cost a compare-and-swap loop.
bool take_armed_check() noexcept {
  unsigned n = failure_countdown.load(std::memory_order_relaxed);
  // Exactly one check sees the countdown go from 1 to 0, however many
  // threads race here.
  while (n != 0)
    if (failure_countdown.compare_exchange_weak(n, n - 1,
                                                std::memory_order_relaxed))
      return n == 1;
  return false;
}

} // namespace

bool launch_check_fails() noexcept {
  checks.fetch_add(1, std::memory_order_relaxed);
  if (failure_countdown.load(std::memory_order_relaxed) == 0)
    return false;
  return take_armed_check();
}

} // namespace detail

namespace testing {

void inject_launch_failure(unsigned nth) {
  detail::failure_countdown.store(nth, std::memory_order_relaxed);
}

unsigned long long launch_checks() {
  return detail::checks.load(std::memory_order_relaxed);
}

} // namespace testing
} // namespace qd
