// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 2-D fill as qd kernels: the translated loop nests that
// bench/collapse_bench.cu compares with a hand-written 2-D-grid kernel.
#pragma qd kernel
void fill_collapsed(float* a, int h, int w) {
  #pragma qd loop collapse(2)
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      a[y * w + x] = float(y) + 0.5f * float(x);
}

// The same nest without collapse: one thread per row, each writing its row
// alone. Reported so that the gain of collapse is visible.
#pragma qd kernel
void fill_rows(float* a, int h, int w) {
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      a[y * w + x] = float(y) + 0.5f * float(x);
}
