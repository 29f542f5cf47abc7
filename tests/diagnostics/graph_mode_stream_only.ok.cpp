// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode for every kernel: host code is captured into the call's
// graph, and a loop whose condition the GPU computes is one conditional
// node.
#include <qd/qd.h>

void snapshot(float* copy, const float* a, int n, qd::StreamRef stream); // the user's library

#pragma qd kernel
void scale(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] *= 2.0f;
    #pragma qd host
    snapshot(copy, a, n, qd::current_stream());
}

#pragma qd kernel graph
void step(float* a, float* copy, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] += 1.0f;
    scale(a, copy, n);
    #pragma qd host
    snapshot(copy, a, n, qd::current_stream());
}

// A loop whose condition the GPU computes, with nothing but the GPU
// between its iterations: one conditional node of the graph, no warning.
#pragma qd kernel graph
void converge(float* a, int n, float tol, int* steps)
{
    float top = 1e30f;
    int k = 0;
    #pragma qd loop seq
    while (top > tol && k < 10) {
        top = 0.0f;
        #pragma qd loop reduction(max: top)
        for (int i = 0; i < n; ++i) {
            a[i] = 0.5f * a[i];
            top = a[i] > top ? a[i] : top;
        }
        ++k;
    }
    steps[0] = k;
}
