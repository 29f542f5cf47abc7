// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd kernel' on something that is not a function at all.
#pragma qd kernel // expected-error {{'#pragma qd kernel' must be followed by a function definition or declaration}}
float gain = 2.0f;

#pragma qd kernel // expected-error {{'#pragma qd kernel' must be followed by a function definition or declaration}}
struct Particles {
    float* x;
    float* v;
};

void saxpy(float* y, const float* x, float a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] = a * x[i] + y[i];
}
