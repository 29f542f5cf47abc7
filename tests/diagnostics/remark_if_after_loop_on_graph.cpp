// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// After a loop that is a conditional node, a host 'if' on what the GPU
// counted is an IF node of the call's graph: the GPU tests it, and the call
// does not wait for the loop. An 'else' is a second IF node.
#pragma qd kernel graph
void capped(float* a, int n, int steps, int limit, int* flag)
{
    int k = 0;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) { // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; 'k', 's' live on the device from the loop on}}
        #pragma qd loop
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            a[i] *= 0.75f;
        k += 2;
    }
    if (k > limit) // expected-remark {{in graph mode this 'if' is a conditional IF node of the call's graph: it reads 'k', which the GPU keeps from the loop before it, so one GPU thread tests it and the host does not wait; its 'else' is a second IF node}}
        flag[0] = 1;
    else
        flag[1] = 1;
}

// The same after a node nested in another's body, on the inner counter.
#pragma qd kernel graph
void stalled(float* u, float* v, int n, int steps, float tol, int* flag)
{
    #pragma qd loop seq
    for (int step = 0; step < steps; ++step) { // expected-remark {{in graph mode this loop is one conditional WHILE node of the call's graph, the same size whatever its trip count; 'step' lives on the device from the loop on}}
        float change = 1e30f;
        int it = 0;
        #pragma qd loop seq
        while (change > tol && it < 50) { // expected-remark {{the GPU tests this condition in a conditional WHILE node of the call's graph, so the call does not wait for the loop; 'it' lives on the device from the loop on}}
            change = 0.0f;
            #pragma qd loop reduction(max: change)
            for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
                v[i] = 0.5f * u[i];
                change = change > v[i] ? change : v[i];
            }
            ++it;
        }
        if (it == 50) // expected-remark {{in graph mode this 'if' is a conditional IF node of the call's graph: it reads 'it', which the GPU keeps from the loop before it, so one GPU thread tests it and the host does not wait}}
            flag[step] = 1;
    }
}
