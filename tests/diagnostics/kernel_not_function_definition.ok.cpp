// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Put '#pragma qd kernel' right before the function's definition. A
// declaration elsewhere needs no pragma.
void saxpy(float* y, const float* x, float a, int n);

struct Particles {
    float* x;
    float* v;
};

#pragma qd kernel
void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}
