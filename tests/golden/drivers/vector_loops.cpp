// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case vector_loops (see driver_support.h).
// Inputs are multiples of 1/64 in [-1, 1), so float sums of them are exact
// in any order and every build must print the same bits.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <cmath>

int main() {
  using namespace qd_driver;
  const int rows = 301, cols = 77;
  auto dyadic = [](std::size_t i) { return std::floor(pattern(i, -64.0, 64.0)) / 64.0; };
  Mirrored<float> a(std::size_t(rows) * cols, dyadic);

  Mirrored<float> sums(rows);
  row_sums(a.device(), rows, cols, sums.device());
  print_summary("row_sums", sums);

  Mirrored<float> best(cols);
  column_max(a.device(), rows, cols, best.device());
  print_summary("column_max", best);

  Mirrored<int> skip(rows, [](std::size_t i) { return i % 7 == 3 ? 1 : 0; });
  Mirrored<float> out(std::size_t(rows) * cols);
  Mirrored<int> tickets(1);
  two_passes(a.device(), skip.device(), rows, cols, out.device(), tickets.device());
  print_summary("two_passes.out", out);
  print_summary("two_passes.tickets", tickets);

  const int batches = 3, batch_rows = 40, batch_cols = 50;
  Mirrored<double> m(std::size_t(batches) * batch_rows * batch_cols, dyadic);
  Mirrored<double> batch_sums(std::size_t(batches) * batch_rows);
  batched_row_sums<double>(m.device(), batches, batch_rows, batch_cols, batch_sums.device());
  print_summary("batched_row_sums", batch_sums);

  Mirrored<int> marks(rows, [](std::size_t i) { return int(i % 3); });
  Mirrored<float> shifted(std::size_t(rows) * cols);
  shifted_rows<float>(a.device(), marks.device(), rows, cols, shifted.device());
  print_summary("shifted_rows", shifted);
  return 0;
}
