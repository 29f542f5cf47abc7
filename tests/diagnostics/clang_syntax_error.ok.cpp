// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Fix the C++ error.
#pragma qd kernel
void fill(float* x, float v, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = v;
}
