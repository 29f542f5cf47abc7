// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels for the --remarks tests: y = A x with one row per thread, whose
// loads of A do not coalesce, and a collapse nest in a stream_parallel block.
#pragma qd kernel
void gemv(float* y, const float* A, const float* x, int n) {
  for (int i = 0; i < n; ++i) {
    float t = 0;
    for (int j = 0; j < n; ++j) t += A[i * n + j] * x[j];
    y[i] = t;
  }
  #pragma qd stream_parallel
  {
    #pragma qd loop collapse(2) block_dim(128)
    for (int c = 0; c < n; ++c)
      for (int r = 0; r < n; ++r) y[r * n + c] = 0.f;
  }
}

// The same in C style, the loop variables declared at the top: the same
// distances.
#pragma qd kernel
void gemv_c(float* y, const float* A, const float* x, int n) {
  int i, j;
  for (i = 0; i < n; i++) {
    y[i] = 0.f;
    for (j = 0; j < n; j++) y[i] += A[i * n + j] * x[j];
  }
}
