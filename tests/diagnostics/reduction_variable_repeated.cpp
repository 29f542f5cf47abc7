// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One variable cannot be reduced with two operators in one loop.
#include <algorithm>

#pragma qd kernel
void range(const float* a, int n, float* out)
{
    float lo = 1e30f;
    #pragma qd loop reduction(min: lo) reduction(max: lo) // expected-error {{'lo' is named in more than one reduction of this loop; a variable is reduced with one operator, so name it once}}
    for (int i = 0; i < n; ++i)
        lo = std::min(lo, a[i]);
    out[0] = lo;
}
