// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The trip count is passed by value (read it from device memory before the
// call), or the loop reads only host scalars.
#pragma qd kernel
void iterate(float* a, int count, int n)
{
    #pragma qd loop seq
    for (int t = 0; t < count; ++t)
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
    int k = 0;
    #pragma qd loop seq
    while (k < n) {
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
        k += 4;
    }
}
