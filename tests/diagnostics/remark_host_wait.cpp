// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// MPI on host buffers needs the GPU's results first.
void send(const double* buffer, int n);

#pragma qd kernel
void exchange(double* halo, int n)
{
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        halo[i] *= 2;
#pragma qd update host(halo[0:n]) // expected-remark {{these copies are enqueued on the launch stream, in order with the work around them; in graph mode the kernel's calls run in stream mode, as copies to and from pageable host memory are not captured into graphs}}
#pragma qd host wait
    send(halo, n); // expected-remark {{the host waits here until the work enqueued before this statement on the launch stream is done; in graph mode the kernel's calls run in stream mode, so that the wait is here and not at the end of a graph}}
}
