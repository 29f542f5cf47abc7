// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In graph mode, a loop whose condition the host computes is unrolled into
// the call's graph, one copy of its body per iteration, when it is not one
// conditional node; the remark says why not.
#pragma qd kernel graph
void smooth(float* u, int n, int steps)
{
    #pragma qd loop seq
    for (int s = 0; s < 4; ++s) // expected-remark {{in graph mode the call's graph holds this loop's body once per iteration, and a call with another trip count builds another graph; not one conditional WHILE node: its trip count, 4, is a constant of at most 16}}
        #pragma qd loop
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            u[i] *= 0.5f;
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) { // expected-remark {{in graph mode the call's graph holds this loop's body once per iteration, and a call with another trip count builds another graph; not one conditional WHILE node: the host reads 'step', which the GPU changes between iterations}}
        #pragma qd loop
        for (int i = 0; i < step; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            u[i] += 1.0f;
    }
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) { // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; 'step' lives on the device from the loop on}}
        #pragma qd loop seq
        for (int s = 0; s < n; ++s) // expected-remark {{in graph mode the call's graph holds this loop's body once per iteration, and a call with another trip count builds another graph; not one conditional WHILE node: it is in the body of a loop that is a conditional node, which records its iterations once}}
            #pragma qd loop
            for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
                u[i] *= 0.5f;
    }
}
