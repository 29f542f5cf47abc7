// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A tile is a block of outputs of a collapse(2) nest: a lone loop, or a
// deeper nest, has none.
#pragma qd kernel
void products(const float* a, const float* b, float* c, int n, int batch)
{
    #pragma qd loop tile(on) // expected-error {{'tile(on)' needs a 'collapse(2)' nest over the outputs of a product, with its sequential loop in the body; this loop has no 'collapse'}}
    for (int i = 0; i < n; ++i) {
        float s = 0.0f;
        for (int k = 0; k < n; ++k)
            s += a[i * n + k] * b[k];
        c[i] = s;
    }
    #pragma qd loop collapse(3) tile(on) // expected-error {{'tile(on)' needs a 'collapse(2)' nest over the outputs of a product, with its sequential loop in the body; this loop has 'collapse(3)'}}
    for (int t = 0; t < batch; ++t)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                float s = 0.0f;
                for (int k = 0; k < n; ++k)
                    s += a[(t * n + i) * n + k] * b[k * n + j];
                c[(t * n + i) * n + j] = s;
            }
}
