// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// "Every k iterations" in a loop whose counter the GPU keeps: the 'if' is
// a conditional IF node of the loop's body, tested on the GPU in each
// iteration. An 'if' on values no iteration changes stays the host's.
#pragma qd kernel graph
void relax(float* a, float* marks, int n, int every, int steps)
{
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) { // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; 's' lives on the device from the loop on}}
        #pragma qd loop
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            a[i] *= 0.75f;
        if (s % every == 0) { // expected-remark {{in graph mode this 'if' is a conditional IF node in the body of the loop's node: it reads 's', which the GPU changes between iterations, so one GPU thread tests it in each iteration}}
            #pragma qd loop
            for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
                marks[i] += a[i];
        }
        if (n > 64) {
            #pragma qd loop
            for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
                marks[i] *= 0.5f;
        }
    }
}
