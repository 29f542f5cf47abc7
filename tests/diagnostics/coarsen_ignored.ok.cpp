// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void scale(float* a, int h, int w)
{
    #pragma qd loop collapse(2) coarsen(4)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (x != y)
                a[y * w + x] *= 2.0f;
        }
    #pragma qd loop collapse(2) coarsen(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            a[y * w + x] += 1.0f;
    float total = 0.0f;
    #pragma qd loop collapse(2) reduction(+: total)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            total += a[y * w + x];
    #pragma qd loop collapse(2) coarsen(4)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float v = a[y * w + x];
            float u = v * 2.0f;
            a[y * w + x] = u;
        }
    #pragma qd loop collapse(2) coarsen(4)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float taps[2];
            taps[0] = a[y * w + x];
            taps[1] = 1.0f;
            a[y * w + x] = taps[0] + taps[1];
        }
    a[0] = total;
}
