// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case reduction (see driver_support.h).
// Inputs are multiples of 1/64 in [-1, 1), so float sums of them are exact
// in any order and every build must print the same bits; the product and
// the normalized array are compared within the usual tolerance. The empty
// loop's results must be its initializers.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <qd/testing.h>

#include <cmath>

int main() {
  using namespace qd_driver;
  const int n = 4099; // not a multiple of any block size
  auto dyadic = [](std::size_t i) { return std::floor(pattern(i, -64.0, 64.0)) / 64.0; };
  Mirrored<float> a(n, dyadic);
  Mirrored<int> flags(n, [](std::size_t i) { return int(std::size_t(pattern(i + 3, 0.0, 256.0))); });
  Mirrored<float> out(n + 2);
  Mirrored<int> counts(4);
  sums(a.device(), flags.device(), n, out.device(), counts.device());
  print_summary("sums.out", out);
  print_summary("sums.counts", counts);

  Mirrored<float> range(2);
  Mirrored<int> bools(2);
  Mirrored<float> none(1);
  Mirrored<int> lowest(1);
  ranges(a.device(), n, 0, range.device(), bools.device(), none.device(), lowest.device());
  print_summary("ranges.range", range);
  print_summary("ranges.bools", bools);
  print_summary("ranges.none", none);
  print_summary("ranges.lowest", lowest);

  const int h = 37, w = 129;
  Mirrored<double> grid(std::size_t(h) * w, [](std::size_t i) { return pattern(i + 7, 0.0, 2.0); });
  Mirrored<double> normalized(h + 1);
  grid_total(grid.device(), h, w, normalized.device());
  print_summary("grid_total", normalized);

  Mirrored<float> best_f(1);
  largest<float>(a.device(), n, -100.0f, best_f.device());
  print_summary("largest.float", best_f);
  Mirrored<int> best_i(1);
  largest<int>(flags.device(), n, -1, best_i.device());
  print_summary("largest.int", best_i);

  // Every 7th value NaN, from a NaN start and from a number.
  Mirrored<double> with_nans(n, [](std::size_t i) {
    return i % 7 == 3 ? std::nan("") : pattern(i + 11, -5.0, 5.0);
  });
  Mirrored<double> extremes(3);
  nan_aware(with_nans.device(), n, std::nan(""), extremes.device());
  print_summary("nan_aware.nan_start", extremes);
  nan_aware(with_nans.device(), n, 0.25, extremes.device());
  print_summary("nan_aware.number_start", extremes);

  // The same loops on grids of more blocks than the single-pass combine
  // takes, so that a kernel launched after each loop combines its blocks'
  // partials (qd::detail::combine_apart): with one multiprocessor counted,
  // 4 waves are 32 blocks of 256 threads, on the fake device and on a GPU.
  qd::testing::limit_multiprocessors(1);
  const int big = 50001;
  Mirrored<float> big_a(big, dyadic);
  Mirrored<int> big_flags(big, [](std::size_t i) { return int(std::size_t(pattern(i + 5, 0.0, 256.0))); });
  Mirrored<float> big_out(big + 2);
  sums(big_a.device(), big_flags.device(), big, big_out.device(), counts.device());
  print_summary("apart.sums.out", big_out);
  print_summary("apart.sums.counts", counts);
  ranges(big_a.device(), big, 0, range.device(), bools.device(), none.device(), lowest.device());
  print_summary("apart.ranges.range", range);
  print_summary("apart.ranges.bools", bools);
  const int big_h = 211, big_w = 239;
  Mirrored<double> big_grid(std::size_t(big_h) * big_w, [](std::size_t i) { return pattern(i + 13, 0.0, 2.0); });
  Mirrored<double> big_normalized(big_h + 1);
  grid_total(big_grid.device(), big_h, big_w, big_normalized.device());
  print_summary("apart.grid_total", big_normalized);
  largest<float>(big_a.device(), big, -100.0f, best_f.device());
  print_summary("apart.largest.float", best_f);
  qd::testing::limit_multiprocessors(0);
  return 0;
}
