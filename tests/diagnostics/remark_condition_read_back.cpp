// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A loop until a residual is small enough: in stream mode the host reads the
// residual back before each test, so the call returns only when the loop
// ends; in a block, the blocks after it are enqueued only then.
#include <cmath>

#pragma qd kernel
void smooth(float* u, float* v, float* w, int n, float tol)
{
    float res = 1e30f;
    #pragma qd loop seq
    while (res > tol) { // expected-remark {{the host reads 'res' back from the GPU before each test of this condition, so on GPU targets in stream mode the call waits here until the loop ends}}
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
    #pragma qd stream_parallel
    {
        float top = 1.0f;
        int halvings = 0;
        #pragma qd loop seq
        for (; top > tol && halvings < 100; ++halvings) { // expected-remark {{the host reads 'top' back from the GPU before each test of this condition, so on GPU targets in stream mode the call waits here until the loop ends and the blocks after this one start only then}}
            top = 0.0f;
            #pragma qd loop reduction(max: top)
            for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
                w[i] = 0.5f * w[i];
                top = std::fmax(top, w[i]);
            }
        }
    }
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        v[i] = v[i] + 1.0f;
}
