// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calling, from a loop body, a standard library function that has no device
// version: std::swap is not constexpr in C++17, so nvcc and hipcc reject it
// in device code.
#include <utility>

#pragma qd kernel
void swap_halves(float* a, float* b, int n)
{
    for (int i = 0; i < n; ++i)
        std::swap(a[i], b[i]); // expected-error-re {{function 'std::swap' cannot be called from device code: it is declared in system header '{{.*}}', which has no device version of it; device code may call constexpr functions (std::min, std::max, std::clamp) and the math functions of <cmath>}}
}
