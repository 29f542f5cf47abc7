// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// y = A x with one row per thread: its loads of A do not coalesce.
#pragma qd kernel
void gemv(float* y, const float* A, const float* x, int n) {
  for (int i = 0; i < n; ++i) {
    float t = 0;
    for (int j = 0; j < n; ++j) t += A[i * n + j] * x[j];
    y[i] = t;
  }
}
