// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In graph mode on CUDA, a time loop whose condition the host computes is
// one conditional node of the call's graph: the graph has the same size
// for 10 steps or 10,000, and a call with another step count updates it
// rather than building another.
#pragma qd kernel graph
void advance(float* u, float* v, int n, int steps, float dt)
{
    float t = 0.0f;
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) { // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; 'u', 'v', 't', 'step' live on the device from the loop on}}
        #pragma qd loop
        for (int i = 1; i < n - 1; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            v[i] = u[i] + dt * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
        float* w = u;
        u = v;
        v = w;
        t += dt;
    }
    #pragma qd loop seq
    do {
        #pragma qd loop
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            u[i] *= 0.5f;
    } while (n > steps); // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; nothing the host changes lives on the device from the loop on}}
}
