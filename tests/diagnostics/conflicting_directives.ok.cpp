// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The loop is the kernel's.
#include <qd/qd.h>

#pragma qd kernel
void scale(float* a, int n)
{
    #pragma qd loop
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
}
