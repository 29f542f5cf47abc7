// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A float matrix product as a qd kernel, written the natural way: the
// translated nests that bench/product_bench.cu compares with hand-written
// kernels and cublasSgemm. It comes twice: as the translator builds it by
// default (tiled in shared memory, 4x4 outputs per thread) and with
// 'tile(off)', one output per thread, so that the gain is visible.

// c = a * b for n x n row-major matrices.
#pragma qd kernel
void product(const float* a, const float* b, float* c, int n) {
  #pragma qd loop collapse(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0.f;
      for (int k = 0; k < n; ++k)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

#pragma qd kernel
void product_one(const float* a, const float* b, float* c, int n) {
  #pragma qd loop collapse(2) tile(off) coarsen(1)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0.f;
      for (int k = 0; k < n; ++k)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}
