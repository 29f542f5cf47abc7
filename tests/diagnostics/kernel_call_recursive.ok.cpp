// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The repetition as a host loop.
#pragma qd kernel
void halve(float* a, int n)
{
    #pragma qd loop seq
    for (int m = n; m > 1; m /= 2)
        for (int i = 0; i < m; ++i)
            a[i] *= 0.5f;
}
