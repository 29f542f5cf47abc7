// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Use a plain body, and catch qd::Error where the kernel is called.
#pragma qd kernel
void scale(float* x, float s, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
