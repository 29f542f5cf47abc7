// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Put '#pragma qd kernel' right before the function's definition, or on a
// declaration of it (as a header would); not on a variable or a type.
float gain = 2.0f;

struct Particles {
    float* x;
    float* v;
};

#pragma qd kernel
void saxpy(float* y, const float* x, float a, int n);

void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}
