// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
enum K { A, B };
#pragma qd kernel
void leaf(float* a, int n) { for (int i = 0; i < n; ++i) a[i] += 1.0f; }
#pragma qd kernel graph
void k(float* a, float* b, int n, int steps, K kind)
{
    float t = 0.0f;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        if (s == 1) continue;
        switch (kind) { case A: leaf(a, n); break; default: { a[0] = t; break; } }
        #pragma qd stream_parallel
        { leaf(b, n); }
        #pragma qd stream_parallel
        for (int i = 0; i < n; ++i) a[i] *= 0.5f;
        float* tmp = a; a = b; b = tmp;
        t += 0.5f;
    }
    int m = n;
    #pragma qd loop seq
    while (m > 1) { m /= 2; if (m < 4) break; }
}
