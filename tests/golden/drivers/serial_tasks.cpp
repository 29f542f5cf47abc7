// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case serial_tasks (see driver_support.h).
// Exercises finalize_bins twice: once with counts[0] == 0 (the device-side if is taken) and
// some other empty bins (safe_div by zero), once with counts[0] != 0; the serial task with
// its nested loop and the final helper call run after the parallel loop.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int nbins = 1009;
  auto count_of = [](std::size_t i) { return i % 7 == 0 ? 0 : static_cast<int>(1 + pattern(i) * 20); };
  Mirrored<float> sums(nbins, [](std::size_t i) { return pattern(i + 9, 0.0, 50.0); });
  Mirrored<int> counts(nbins, count_of);
  Mirrored<int> counts_first_full(nbins, [&](std::size_t i) { return i == 0 ? 4 : count_of(i); });
  Mirrored<float> mean(nbins);
  Mirrored<float> summary(3, [](std::size_t) { return 42.0; });
  finalize_bins(mean.device(), summary.device(), sums.device(), counts.device(), nbins);
  print_summary("empty_first.mean", mean);
  print_summary("empty_first.summary", summary);
  finalize_bins(mean.device(), summary.device(), sums.device(), counts_first_full.device(), nbins);
  print_summary("full_first.mean", mean);
  print_summary("full_first.summary", summary);
  return 0;
}
