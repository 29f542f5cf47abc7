// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two variables, one per operator.
#include <algorithm>

#pragma qd kernel
void range(const float* a, int n, float* out)
{
    float lo = 1e30f;
    float hi = -1e30f;
    #pragma qd loop reduction(min: lo) reduction(max: hi)
    for (int i = 0; i < n; ++i) {
        lo = std::min(lo, a[i]);
        hi = std::max(hi, a[i]);
    }
    out[0] = lo;
    out[1] = hi;
}
