// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A condition of host values only: the host tests it without waiting for
// the GPU, so there is nothing to read back.
#pragma qd kernel
void smooth(float* a, int n, int steps)
{
    #pragma qd loop seq check_every(4) // expected-warning {{'check_every' has no effect here: the condition of this loop reads no reduction result, so the host evaluates it without waiting for the GPU}}
    for (int t = 0; t < steps; ++t) {
        for (int i = 0; i < n; ++i)
            a[i] = 0.5f * a[i];
    }
}
