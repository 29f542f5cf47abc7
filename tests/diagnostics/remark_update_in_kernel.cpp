// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A block's copies are ordered on the block's stream.
#pragma qd kernel
void halves(double* a, double* b, int n)
{
#pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            a[i] += 1;
#pragma qd update host(a[0:n]) // expected-remark {{these copies are enqueued on its block's stream, in order with the work around them; in graph mode the kernel's calls run in stream mode, as copies to and from pageable host memory are not captured into graphs}}
    }
#pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)  // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            b[i] += 1;
    }
}
