// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A valid kernel for the command-line tests.
#pragma qd kernel
void fill(float* x, int n) {
  for (int i = 0; i < n; ++i) x[i] = 1.f;
}
