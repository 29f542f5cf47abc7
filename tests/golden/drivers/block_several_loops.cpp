// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case block_several_loops (see driver_support.h).
// Exercises prepare_inputs: row normalisation (host scalars, two loops) in one block and
// density / serial running-sum CDF / normalisation in the other.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int rows = 301, cols = 37, bins = 1000;
  Mirrored<float> matrix(rows * cols, [](std::size_t i) { return pattern(i, -1.0, 1.0); });
  Mirrored<float> row_norm(rows);
  Mirrored<int> counts(bins, [](std::size_t i) { return static_cast<int>(pattern(i + 5) * 50); });
  Mirrored<float> density(bins), cdf(bins);
  Mirrored<float> total(1);
  prepare_inputs(matrix.device(), row_norm.device(), rows, cols, counts.device(),
                 density.device(), cdf.device(), total.device(), bins, 0.125f);
  print_summary("matrix", matrix);
  print_summary("row_norm", row_norm);
  print_summary("density", density);
  print_summary("cdf", cdf);
  print_summary("total", total);
  return 0;
}
