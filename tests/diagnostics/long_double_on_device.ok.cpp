// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'long double' on the host: a parameter the host converts, host code, and
// a literal that converts where the compiler folds it.
#include <cstdio>

#pragma qd kernel
void scaled(double* a, int n, long double scale)
{
    double s = static_cast<double>(scale);
    for (int i = 0; i < n; ++i)
        a[i] = a[i] * s + static_cast<double>(0.5L);
    #pragma qd host
    std::printf("scale %Lg\n", scale * 2.0L);
}
