// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Declared inside, each step's sum starts from its initial value; the result
// leaves the step through device memory.
#pragma qd kernel
void energy(const float* u, float* out, int n, int steps)
{
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        float sum = 0.0f;
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i)
            sum += u[i];
        out[t] = sum;
    }
}
