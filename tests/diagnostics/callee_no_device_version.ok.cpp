// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write the swap out, or call a function of your own (it becomes
// '__host__ __device__'). std::min, std::max and <cmath> are fine.
#include <algorithm>
#include <cmath>

inline void swap_values(float& x, float& y)
{
    float t = x;
    x = y;
    y = t;
}

#pragma qd kernel
void swap_halves(float* a, float* b, int n)
{
    for (int i = 0; i < n; ++i) {
        swap_values(a[i], b[i]);
        a[i] = std::max(std::fabs(a[i]), std::min(b[i], 1.0f));
    }
}
