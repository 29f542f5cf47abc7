// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host scalars: scalar locals initialised from parameters, constants and earlier host scalars,
// evaluated on the host and captured by value in loop bodies and used in loop bounds.

#include <cmath>

constexpr float kPi = 3.14159265f;
const int kHalo = 1;

#pragma qd kernel
void sample_grid(float* values, float* derivative, int n, float x0, float x1, float amplitude)
{
    const float h = (x1 - x0) / (n - 1);       // from parameters
    const float inv_2h = 0.5f / h;             // from an earlier host scalar
    float omega = 2.0f * kPi / (x1 - x0);      // from a constant and parameters
    double scale = amplitude * 0.5;            // another scalar type
    int last = n - kHalo;                      // bound from a host scalar and a constant
    unsigned count = static_cast<unsigned>(n); // a cast is fine (no dereference)
    auto first = kHalo;                        // auto deduces int

    for (unsigned i = 0; i < count; ++i) {
        float x = x0 + h * i;
        values[i] = static_cast<float>(scale) * (1.0f + sinf(omega * x));
    }
    for (int i = first; i < last; ++i)
        derivative[i] = (values[i + 1] - values[i - 1]) * inv_2h;
}
