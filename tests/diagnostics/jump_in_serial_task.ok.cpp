// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// With the iteration count decided on the host, the loop runs to it.
#pragma qd kernel
void converge(float* a, int n, int steps)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
        if (t > 100)
            break;
    }
}
