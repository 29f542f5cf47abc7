// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The condition reads device memory, so the 'if' is a serial task on the
// device; its 'break' cannot stop the host's loop.
#pragma qd kernel
void converge(float* a, const float* residual, int n, int steps)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        for (int i = 0; i < n; ++i)
            a[i] *= 0.5f;
        if (residual[0] < 1e-6f)
            break; // expected-error {{'break' is inside a statement that runs as a serial task on the device, so it cannot leave the host loop or switch around it; make the condition around it a host value}}
    }
}
