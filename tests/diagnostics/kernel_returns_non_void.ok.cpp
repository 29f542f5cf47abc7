// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Return 'void' and write the result to device memory that the caller
// reads after synchronizing.
#include <qd/atomic.h>

#pragma qd kernel
void sum(const float* x, int n, float* total)
{
    total[0] = 0.0f;
    for (int i = 0; i < n; ++i)
        qd::atomic_add(total, x[i]);
}
