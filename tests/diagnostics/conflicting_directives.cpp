// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A statement either runs on the host as written or is a loop of the
// kernel, not both.
#include <qd/qd.h>

#pragma qd kernel
void scale(float* a, int n)
{
    #pragma qd host
    #pragma qd loop // expected-error {{'#pragma qd host' and '#pragma qd loop' cannot apply to one statement; host code runs on the host as written, so it is not a loop of the kernel}}
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
}
