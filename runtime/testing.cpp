// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd::testing (include/qd/testing.h): launch failure injection. Built into
// every runtime library so that GPU tests can use it too.
//
// launch_check_fails() runs on every launch, so while disarmed it must cost
// nothing a launch would notice: one relaxed load of the countdown, a line
// that is only ever read while disarmed (no cache-line traffic between
// threads), and a per-thread counter increment. A process-wide atomic counter
// would make every launching thread write one shared line: in a
// microbenchmark on 2 cores it cost ~18 ns per call, 35-50 ns with two
// threads, against ~3 ns for the per-thread counter (docs/runtime.md).
#include "qd/detail/launch_support.h"
#include "qd/testing.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

namespace qd {
namespace detail {
namespace {

// Launch checks until the injected failure; 0 = disarmed.
std::atomic<unsigned> failure_countdown{0};

// qd::testing::limit_32bit_index; read once per collapsed launch.
std::atomic<std::uint64_t> index_32bit_limit{~std::uint64_t{0}};

// qd::testing::limit_multiprocessors; 0 = the device's own count.
std::atomic<int> multiprocessor_limit{0};

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

// Launch checks per thread. Each thread's counter is written only by that
// thread (a plain load and store, no locked instruction) and read by
// launch_checks(); a thread's count moves to `retired` when it exits.
class ThreadChecks;
struct CheckRegistry {
  std::mutex mutex;
  ThreadChecks* threads = nullptr; // intrusive list of live threads' counters
  unsigned long long retired = 0;
};

CheckRegistry& check_registry() {
  // Never destroyed: threads may exit (and retire their counts) during
  // static destruction.
  static CheckRegistry* const instance = new CheckRegistry;
  return *instance;
}

class ThreadChecks {
public:
  ThreadChecks() {
    CheckRegistry& r = check_registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    next_ = r.threads;
    if (next_)
      next_->prev_ = this;
    r.threads = this;
  }
  ~ThreadChecks() {
    CheckRegistry& r = check_registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.retired += count();
    (prev_ ? prev_->next_ : r.threads) = next_;
    if (next_)
      next_->prev_ = prev_;
  }
  ThreadChecks(const ThreadChecks&) = delete;
  ThreadChecks& operator=(const ThreadChecks&) = delete;

  void add_one() noexcept {
    count_.store(count_.load(std::memory_order_relaxed) + 1,
                 std::memory_order_relaxed);
  }
  unsigned long long count() const noexcept {
    return count_.load(std::memory_order_relaxed);
  }
  const ThreadChecks* next() const noexcept { return next_; }

private:
  std::atomic<unsigned long long> count_{0};
  ThreadChecks* prev_ = nullptr;
  ThreadChecks* next_ = nullptr;
};

thread_local ThreadChecks this_thread_checks;

} // namespace

bool launch_check_fails() noexcept {
  this_thread_checks.add_one();
  if (failure_countdown.load(std::memory_order_relaxed) == 0)
    return false;
  return take_armed_check();
}

std::uint64_t test_32bit_index_limit() noexcept {
  return index_32bit_limit.load(std::memory_order_relaxed);
}

int test_multiprocessor_limit() noexcept {
  return multiprocessor_limit.load(std::memory_order_relaxed);
}

} // namespace detail

namespace testing {

void limit_multiprocessors(int count) {
  if (count < 0)
    throw Error("qd::testing::limit_multiprocessors: " + std::to_string(count) +
                " multiprocessors");
  detail::multiprocessor_limit.store(count, std::memory_order_relaxed);
}

void limit_32bit_index(unsigned long long iterations) {
  detail::index_32bit_limit.store(iterations, std::memory_order_relaxed);
}

void inject_launch_failure(unsigned nth) {
  detail::failure_countdown.store(nth, std::memory_order_relaxed);
}

unsigned long long launch_checks() {
  detail::CheckRegistry& r = detail::check_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  unsigned long long total = r.retired;
  for (const detail::ThreadChecks* t = r.threads; t; t = t->next())
    total += t->count();
  return total;
}

} // namespace testing
} // namespace qd
