// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The rectangular form: every pair, with the condition in the body.
#pragma qd kernel
void lower(float* a, int n)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (j <= i)
                a[i * n + j] = 1.0f;
}
