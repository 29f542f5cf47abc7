// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Without 'tile(on)', a product whose operands a tile cannot share says
// which read and why.
#pragma qd kernel
void lower(int n, const float* a, const float* b, float* c)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i) // expected-remark {{collapse(2) loop over 'i', 'j': blocks of 256 threads on the GPU; each thread runs 4 neighbouring 'i' for one 'j' when the nest has enough iterations to keep every thread the GPU holds busy (else one iteration per thread); neighbouring threads take neighbouring 'j'}}
        for (int j = 0; j < n; ++j) {
            float s = 0.0f;
            for (int k = 0; k < n; ++k)
                if (k <= i)
                    s += a[i * n + k] * b[k * n + j]; // expected-remark {{'a[i * n + k]' in this 'k' loop is read alike by a row of outputs, which a tile in shared memory could load once, but the nest is not tiled: it is read under a condition, so a tile could load elements that the loop never reads}}
            c[i * n + j] = s;
        }
}
