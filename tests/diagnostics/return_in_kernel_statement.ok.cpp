// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Test the condition where the work is done (each iteration checks it), or
// on host values, where 'return;' ends the kernel's work on the host.
#pragma qd kernel
void normalize(float* x, const float* norm, int n)
{
    if (n <= 0)
        return;
    for (int i = 0; i < n; ++i)
        if (norm[0] != 0.0f)
            x[i] /= norm[0];
}

#pragma qd kernel
void clear(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
    return;
}
