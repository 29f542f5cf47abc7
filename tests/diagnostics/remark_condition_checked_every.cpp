// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// With 'check_every(N)' the GPU tests the condition and the host reads the
// outcome every N iterations; the call still waits for the loop's end.
#include <cmath>

#pragma qd kernel
void smooth(float* u, float* v, int n, float tol)
{
    float res = 1e30f;
    #pragma qd loop seq check_every(10)
    while (res > tol) { // expected-remark {{the GPU tests this condition, and the host reads the outcome back every 10 iterations, so on GPU targets in stream mode the call waits here until the loop ends; up to 9 iterations after the last run with their work turned off}}
        res = 0.0f;
        #pragma qd loop reduction(max: res)
        for (int i = 1; i < n - 1; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            const float next = 0.5f * (u[i - 1] + u[i + 1]);
            res = std::fmax(res, std::fabs(next - u[i]));
            v[i] = next;
        }
        for (int i = 1; i < n - 1; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            u[i] = v[i];
    }
}
