// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd kernel' on a declaration without a body (the definition is
// elsewhere), or on something that is not a function at all.
#pragma qd kernel // expected-error {{'#pragma qd kernel' must be followed by a function definition}}
void saxpy(float* y, const float* x, float a, int n);

#pragma qd kernel // expected-error {{'#pragma qd kernel' must be followed by a function definition}}
struct Particles {
    float* x;
    float* v;
};

void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}
