// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host 'if's around the directive decide; jumps inside the statement stay
// inside it.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void step(float* a, float* copy, int n, int steps)
{
    if (copy != nullptr) {
        #pragma qd host
        snapshot(copy, a, n, qd::current_stream());
    }
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        if (s % 2 != 0) {
            #pragma qd host
            for (int part = 0; part < 2; ++part) {
                if (part == 1 && n < 2)
                    break;
                snapshot(copy + part * (n / 2), a + part * (n / 2), n / 2, qd::current_stream());
            }
        }
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
    }
}
