// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <cstring>

#pragma qd kernel
void halve(float* a, float* copy, int n, float limit, int stop)
{
    float total = 1e30f;
    #pragma qd loop seq
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        #pragma qd host
        std::memcpy(copy, a, 0);
    }
    total = 1e30f;
    #pragma qd loop seq check_every(4)
    for (int k = 0; total > limit; ++k) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        #pragma qd loop seq
        for (int pass = 0; pass < 2; ++pass) {
            if (pass == stop)
                break;
        }
        switch (stop) {
        case 1:
            break;
        default:
            for (int i = 0; i < n; ++i)
                a[i] = 0.5f * a[i];
        }
    }
}
