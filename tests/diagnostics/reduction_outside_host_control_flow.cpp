// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'top' is declared before the host 'if': after it, the variable would be
// the reduction's result on one path and the host's value on the other.
// (Before a 'loop seq' that is fine: the variable becomes the device's at
// the loop, and keeps accumulating from one iteration to the next.)
#include <algorithm>

#pragma qd kernel
void energy(const float* u, float* out, int n, int steps, bool extra)
{
    float sum = 0.0f;
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += u[i];
    }
    float top = 0.0f;
    if (extra) {
        #pragma qd loop reduction(max: top) // expected-error {{reduction variable 'top' is declared outside the host 'if' or 'switch' around this loop, so after it the variable would be the reduction's result on some paths and the host's value on others; declare it, with its initial value, inside}}
        for (int i = 0; i < n; ++i)
            top = std::max(top, u[i]);
    }
    out[0] = sum + top;
}
