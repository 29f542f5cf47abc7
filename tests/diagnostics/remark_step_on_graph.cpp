// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In a loop that is a conditional node, the host statements of the body
// that are not its trailing ones (the clock first), a value declared from
// the counter, and a host statement in a branch each run on one GPU thread
// in every iteration. The trailing swap runs in the loop's own test.
#pragma qd kernel graph
void march(float* u, float* v, int n, int steps, float dt, float* clock)
{
    float t = 0.0f;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) { // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; 'u', 'v', 's', 't', 'w' live on the device from the loop on}}
        t += dt; // expected-remark {{in graph mode one GPU thread runs this statement at its place in each iteration of the loop's node, on the values the GPU keeps there}}
        const float w = 0.5f * static_cast<float>(s % 2); // expected-remark {{in graph mode one GPU thread runs this declaration at its place in each iteration of the loop's node}}
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            v[i] = u[i] + w * t;
        if (n > 8)
            t += dt; // expected-remark {{in graph mode one GPU thread runs this statement}}
        float* tmp = u;
        u = v;
        v = tmp;
    }
    clock[0] = t;
}
