// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void smooth(float* a, int n, int steps)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        for (int i = 0; i < n; ++i)
            a[i] = 0.5f * a[i];
    }
}
