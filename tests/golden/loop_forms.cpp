// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every supported canonical loop form: `<` and `<=`, `++i`, `i++` and `i += 1`, int / unsigned /
// long long / size_t / std::int64_t induction variables, a non-zero begin, bounds from host
// scalars, a bound expression that mixes parameters and constants, and a bound that calls a
// function (the cpu target then computes its bound from the trip count).

#include <algorithm>
#include <cstddef>
#include <cstdint>

constexpr int kOffset = 2;

#pragma qd kernel
void loop_forms(float* a, double* b, int* c, unsigned n, long long big_n, std::size_t count,
                int first, int last)
{
    for (int i = 0; i < static_cast<int>(n); ++i)      // <, ++i, int
        a[i] = 1.0f;
    for (int i = first; i <= last; i++)                 // <=, i++, non-zero begin
        a[i] += 2.0f;
    for (unsigned i = 0u; i < n; i += 1)                // unsigned, i += 1
        c[i] = static_cast<int>(i);
    for (long long i = 1; i < big_n; ++i)               // long long
        b[i] = static_cast<double>(i) * 0.5;
    for (std::size_t i = 0; i < count; i++)             // size_t
        b[i] += 1.0;
    const std::int64_t lo = first + kOffset;            // host scalars as bounds
    const std::int64_t hi = last - kOffset;
    for (std::int64_t i = lo; i <= hi; i += 1)          // int64_t, <=, i += 1, host-scalar bounds
        c[i] *= 2;
    for (int i = kOffset; i < first * 2 + kOffset; ++i) // bound from a parameter and a constant
        a[i] -= 0.5f;
    for (int i = 0; i < std::min(last, first * 3); ++i) // bound that calls a function
        a[i] *= 1.5f;
}
