// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Standard constexpr functions in device code: std::min, std::max,
// std::clamp and std::numeric_limits, in loop bodies, in a helper, in a
// template kernel on dependent operands, and through 'using'. The CUDA
// output calls their device twins, so a plain 'nvcc -std=c++17' build
// computes the serial result; hipcc and the cpu target keep them.
#include <algorithm>
#include <limits>

inline float limited(float v, float bound)
{
    return std::clamp(v, -bound, bound);
}

#pragma qd kernel
void library_twins(const float* in, float* out, float* lowest, int n)
{
    for (int i = 0; i < n; ++i) {
        const float v = std::max(in[i], 0.0f) + std::min({in[i], 1.0f, 2.0f});
        out[i] = limited(v, 0.75f);
    }
    float least = std::numeric_limits<float>::max();
    #pragma qd loop reduction(min: least)
    for (int i = 0; i < n; ++i) {
        using std::min;
        least = min(least, in[i]);
    }
    lowest[0] = least;
}

#pragma qd kernel
template <typename T>
void largest_of(const T* in, T* out, int n)
{
    T best = std::numeric_limits<T>::lowest();
    #pragma qd loop reduction(max: best)
    for (int i = 0; i < n; ++i)
        best = std::max<T>(best, in[i]);
    out[0] = best;
}

template void largest_of<double>(const double*, double*, int);
