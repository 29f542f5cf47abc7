// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Inside a loop body the copy would run once per GPU thread.
#pragma qd kernel
void step(double* u, int n)
{
    for (int i = 0; i < n; ++i) {
#pragma qd update host(u[i:1]) // expected-error {{'#pragma qd update' in a kernel must be at the top level of the kernel, a stream_parallel block, a host 'if' or 'switch' branch, or a '#pragma qd loop seq' body, where its copy is enqueued in order with the work around it}}
        u[i] += 1;
    }
}
