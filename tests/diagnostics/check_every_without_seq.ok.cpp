// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void halve(float* a, int n)
{
    #pragma qd loop
    for (int i = 0; i < n; ++i)
        a[i] = 0.5f * a[i];
}
