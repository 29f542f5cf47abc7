// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void products(const float* a, const float* b, float* c, int n, int batch)
{
    #pragma qd loop
    for (int i = 0; i < n; ++i) {
        float s = 0.0f;
        for (int k = 0; k < n; ++k)
            s += a[i * n + k] * b[k];
        c[i] = s;
    }
    #pragma qd loop seq
    for (int t = 0; t < batch; ++t) {
        #pragma qd loop collapse(2) tile(on)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                float s = 0.0f;
                for (int k = 0; k < n; ++k)
                    s += a[(t * n + i) * n + k] * b[k * n + j];
                c[(t * n + i) * n + j] = s;
            }
    }
}
