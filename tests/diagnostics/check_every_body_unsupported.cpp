// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The iterations a 'check_every' loop runs past the serial program's last
// have their launches turned off; what the body does otherwise cannot be.
#include <cmath>
#include <cstring>

#pragma qd kernel
void scale(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.5f * a[i];
}

#pragma qd kernel
void halve(float* a, float* copy, int n, float limit, int stop)
{
    float total = 1e30f;
    #pragma qd loop seq check_every(4)
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        #pragma qd host
        std::memcpy(copy, a, 0); // expected-error {{a 'check_every' loop runs iterations past the serial program's last one with their work turned off on the GPU, which a '#pragma qd host' statement cannot be; remove 'check_every' to read the condition every iteration}}
    }
    total = 1e30f;
    #pragma qd loop seq check_every(4)
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        scale(a, n); // expected-error {{a 'check_every' loop runs iterations past the serial program's last one with their work turned off on the GPU, which a call of another kernel cannot be; remove 'check_every' to read the condition every iteration}}
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
            continue; // expected-error {{a 'check_every' loop runs iterations past the serial program's last one with their work turned off on the GPU, which 'continue' out of the loop cannot be; remove 'check_every' to read the condition every iteration}}
        }
    }
    total = 1e30f;
    #pragma qd loop seq check_every(4)
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        if (stop == 7)
            return; // expected-error {{a 'check_every' loop runs iterations past the serial program's last one with their work turned off on the GPU, which 'return' out of the loop cannot be; remove 'check_every' to read the condition every iteration}}
    }
    total = 1e30f;
    #pragma qd loop seq check_every(4)
    while (total > limit) {
        total = 0.0f;
        #pragma qd loop reduction(+: total)
        for (int i = 0; i < n; ++i)
            total += a[i];
        float top = 1.0f;
        #pragma qd loop seq
        while (top > limit) { // expected-error {{a 'check_every' loop runs iterations past the serial program's last one with their work turned off on the GPU, which a nested loop whose condition the GPU computes cannot be; remove 'check_every' to read the condition every iteration}}
            top = 0.0f;
            #pragma qd loop reduction(max: top)
            for (int i = 0; i < n; ++i)
                top = std::fmax(top, a[i]);
        }
    }
}
