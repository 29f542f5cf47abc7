// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Make the loop a top-level statement and move the condition into its body.
// A loop that must run in order (a prefix sum) can stay serial: write it as
// 'while' (or silence the warning with -Wno-qd-serial-loop).
#pragma qd kernel
void maybe_scale(float* x, int n, const int* enabled)
{
    for (int i = 0; i < n; ++i)
        if (enabled[0])
            x[i] *= 2.0f;
}

#pragma qd kernel
void prefix_sum(float* x, int n)
{
    {
        int i = 1;
        while (i < n) {
            x[i] += x[i - 1];
            ++i;
        }
    }
}
