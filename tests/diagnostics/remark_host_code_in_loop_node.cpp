// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A library call in the body of a loop that graph mode makes a conditional
// node is captured once, into a body where CUDA allows only kernel, memcpy,
// memset, empty and child-graph nodes. NCCL between two GPUs captures more
// than that (the 2-GPU run of samples/multi_gpu_jacobi's resident solve
// failed to instantiate), so the remark says what to do then.
#include <qd/qd.h>

void all_reduce(double* value); // ncclAllReduce on qd::current_stream()

#pragma qd kernel graph
void converge(double* u, double* norm, int n, double tol, int* steps)
{
    int it = 0;
    double residual = tol + 1.0;
    #pragma qd loop seq
    while (it < 100 && residual > tol) { // expected-remark {{the GPU tests this condition in a conditional WHILE node of the call's graph, so the call does not wait for the loop; 'it' lives on the device from the loop on}}
        double sum = 0.0;
        #pragma qd loop reduction(+: sum)
        for (int i = 0; i < n; ++i) { // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            u[i] *= 0.5;
            sum += u[i] * u[i];
        }
        norm[0] = sum;
        #pragma qd host reuse
        all_reduce(norm); // expected-remark {{in graph mode what this statement enqueues is captured once and runs in every iteration of the loop's conditional node; CUDA allows only kernel, memcpy, memset, empty and child-graph nodes in such a body, so a library whose capture holds other nodes (NCCL between two or more GPUs) makes the call throw qd::Error when the graph is instantiated; translate this kernel without graph mode there, and the host reads the condition in each iteration instead}}
        residual = norm[0];
        ++it;
    }
    steps[0] = it;
}
