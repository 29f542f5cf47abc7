// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'continue' ends one row's iteration; the rows run statement by statement,
// so the clause cannot apply, and the loop keeps one iteration per thread.
#pragma qd kernel
void scale(float* a, int h, int w)
{
    #pragma qd loop collapse(2) coarsen(4) // expected-warning {{'coarsen(4)' is ignored: a 'continue' leaves an iteration early; each thread runs one iteration}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (x == y)
                continue;
            a[y * w + x] *= 2.0f;
        }
    #pragma qd loop collapse(2) coarsen(2) // expected-warning {{'coarsen(2)' is ignored: 'r' is a reference, and each row would need its own; each thread runs one iteration}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float& r = a[y * w + x];
            r += 1.0f;
        }
    float total = 0.0f;
    // A reduction coarsens: each thread's rows combine into its copy.
    #pragma qd loop collapse(2) coarsen(4) reduction(+: total)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            total += a[y * w + x];
    #pragma qd loop collapse(2) coarsen(4) // expected-warning {{'coarsen(4)' is ignored: the body uses 'decltype', whose type would change when each row's locals become references to its copy; each thread runs one iteration}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float v = a[y * w + x];
            decltype(v) u = v * 2.0f;
            a[y * w + x] = u;
        }
    #pragma qd loop collapse(2) coarsen(4) // expected-warning {{'coarsen(4)' is ignored: 'taps' is an array with an initializer; each thread runs one iteration}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float taps[2] = {a[y * w + x], 1.0f};
            a[y * w + x] = taps[0] + taps[1];
        }
    #pragma qd loop collapse(2) coarsen(4) // expected-warning {{'coarsen(4)' is ignored: the body declares a type; each thread runs one iteration}}
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            using real = float;
            a[y * w + x] = real(2) * a[y * w + x];
        }
}
