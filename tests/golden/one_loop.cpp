// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One kernel whose body is a single parallel loop (SAXPY): one __global__, two host entry points.

#pragma qd kernel
void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}
