// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In graph mode on CUDA, a loop until a residual is small enough is one
// conditional node of the call's graph: the GPU tests the condition, the
// host never waits, and the values the host changed between iterations
// live on the device.
#include <cmath>

#pragma qd kernel graph
void smooth(float* u, float* v, int n, float tol, int* steps)
{
    float res = 1e30f;
    int it = 0;
    #pragma qd loop seq
    while (res > tol && it < 1000) { // expected-remark {{the GPU tests this condition in a conditional WHILE node of the call's graph, so the call does not wait for the loop; 'u', 'v', 'it' live on the device from the loop on}}
        res = 0.0f;
        #pragma qd loop reduction(max: res)
        for (int i = 1; i < n - 1; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            v[i] = 0.5f * (u[i - 1] + u[i + 1]);
            res = std::fmax(res, std::fabs(v[i] - u[i]));
        }
        float* t = u;
        u = v;
        v = t;
        ++it;
    }
    steps[0] = it;
    float top = 1.0f;
    #pragma qd loop seq
    do {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            u[i] = 0.5f * u[i];
            top = std::fmax(top, std::fabs(u[i]));
        }
    } while (top > tol); // expected-remark {{the GPU tests this condition in a conditional WHILE node of the call's graph, so the call does not wait for the loop; nothing the host changes lives on the device from the loop on}}
}
