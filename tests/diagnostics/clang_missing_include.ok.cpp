// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Include headers that exist on the include path.
#include <qd/atomic.h>

#pragma qd kernel
void scale(float* x, float s, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
