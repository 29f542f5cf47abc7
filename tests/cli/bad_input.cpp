// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Invalid on purpose: the command-line tests check that nothing is written.
#pragma qd kernel
void fill(float* x, int n) {
  #pragma qd stream_parallel(4)
  {
    for (int i = 0; i < n; ++i) x[i] = 0.f;
  }
}
