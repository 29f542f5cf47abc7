// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A device-condition loop with 'check_every(N)' (docs/pragmas.md, "Loops
// whose condition the GPU computes"): the GPU tests the condition once per
// iteration and records the first test that fails; the host enqueues N
// iterations at a time and reads that record back between them.
//
// Once a test fails, every later launch of the loop's body returns at once,
// so the work of iterations the host enqueued past the serial program's last
// changes nothing. Their host statements did run, though: CheckEvery keeps
// the values they change at each test and, when the read-back says test j
// failed, puts back the ones kept at test j, which are the serial program's
// values after its loop.
//
// The names here are emitted by the translator; renaming one breaks every
// generated file.
#ifndef QD_DETAIL_CHECK_EVERY_H
#define QD_DETAIL_CHECK_EVERY_H

#include "../qd.h"
#include "reduction_scratch.h"

#include <array>
#include <tuple>

namespace qd {
namespace detail {

// In one slot of the call's reduction scratch. `active` is 1 until a test
// fails; `stopped` is then that test's index within its group of N.
struct LoopPredicate {
  unsigned active;
  unsigned stopped;
};

template <unsigned N, class... T> class CheckEvery {
  static_assert(N > 1, "check_every(1) reads the condition every iteration");

public:
  // `values`: the host values the loop's host statements change that
  // outlive the loop.
  CheckEvery(const LoopPredicate* predicate, StreamRef stream, T&... values)
      : predicate_(predicate), stream_(stream), values_(values...) {}
  CheckEvery(const CheckEvery&) = delete;
  CheckEvery& operator=(const CheckEvery&) = delete;

  // Whether the host enqueues another iteration: after every N tests, the
  // host waits for the stream and reads the record; if a test failed, the
  // values go back to that test's and the loop is over.
  bool next() {
    if (tests_ < N)
      return true;
    LoopPredicate seen{};
    read_device_bytes(&seen, predicate_, sizeof seen, stream_);
    if (!seen.active) {
      values_ = kept_[seen.stopped];
      return false;
    }
    tests_ = 0;
    return true;
  }

  // Just before the launch of a test: keeps the values it sees and returns
  // its index, which the test records if it fails.
  unsigned test() {
    kept_[tests_] = values_;
    return tests_++;
  }

private:
  const LoopPredicate* predicate_;
  StreamRef stream_;
  std::tuple<T&...> values_;
  std::array<std::tuple<T...>, N> kept_{};
  unsigned tests_ = 0;
};

// `auto qd_check = check_every<N>(slot, stream, it, u, v);`: the value types
// come from the variables.
template <unsigned N, class... T>
CheckEvery<N, T...> check_every(const LoopPredicate* predicate,
                                StreamRef stream, T&... values) {
  return CheckEvery<N, T...>(predicate, stream, values...);
}

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_CHECK_EVERY_H
