// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The GPU suite's checks of properties that have no serial counterpart
// (timing, pool statistics). They print `check <name> PASS|FAIL|SKIP <detail>`
// lines, which tests/gpu/run_on_device.sh counts as tests and
// compare_results.py ignores (it compares `name value` lines only).
//
// The serial reference build defines QD_SERIAL_REFERENCE: there the pragmas
// are ignored, calls block, and no pool is used, so these checks are skipped.
// QD_SUITE_QUICK=1 in the environment (set for compute-sanitizer runs, which
// slow the device down by orders of magnitude) skips timing checks as well.
#ifndef QD_GPU_SUITE_CHECKS_H
#define QD_GPU_SUITE_CHECKS_H

#include <qd/detail/launch_support.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace qd_suite {

inline bool serial_reference() {
#ifdef QD_SERIAL_REFERENCE
  return true;
#else
  return false;
#endif
}

// True when the environment asks for a short run (sanitizers).
inline bool quick() {
  const char* q = std::getenv("QD_SUITE_QUICK");
  return q != nullptr && *q != '\0' && *q != '0';
}

// Whether this program's kernels run in graph mode: the GPU suite runs every
// program twice, translated as written and with --graphs (targets cudagraph
// and hipgraph). Graph-mode calls take no pooled streams or events, so the
// pool statistics that stream mode is checked against do not apply; ask
// after the program's first kernel call. Always false on the serial
// reference and in stream mode, where no graph is ever cached.
inline bool graph_mode() { return qd::detail::cached_graph_count() != 0; }

// Whether timing properties can be checked in this run.
inline bool timing_checks() { return !serial_reference() && !quick(); }

inline bool check(const char* name, bool ok, const char* fmt, ...) {
  std::printf("check %s %s ", name, ok ? "PASS" : "FAIL");
  va_list args;
  va_start(args, fmt);
  std::vprintf(fmt, args);
  va_end(args);
  std::printf("\n");
  return ok;
}

// A check that cannot run here (a missing device, a runtime feature not in
// this tree): reported, and counted as skipped, never as passed.
inline void skip(const char* name, const char* reason) {
  std::printf("check %s SKIP %s\n", name, reason);
}

inline double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace qd_suite

#endif // QD_GPU_SUITE_CHECKS_H
