// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// MPI on host buffers needs the GPU's results first. At the kernel's top
// level or in a host 'if', a graph-mode call ends its graph at the wait or
// the copies; in a stream_parallel block the kernel runs in stream mode.
void send(const double* buffer, int n);

#pragma qd kernel
void exchange(double* halo, int n)
{
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        halo[i] *= 2;
#pragma qd update host(halo[0:n]) // expected-remark {{these copies are enqueued on the launch stream, in order with the work around them; in graph mode a call that gets here enqueues the graph of the work before it, then the copies, and describes the work after them into a graph of its own}}
#pragma qd host wait
    send(halo, n); // expected-remark {{the host waits here until the work enqueued before this statement on the launch stream is done; in graph mode a call that gets here enqueues the graph of the work before it, waits for it, and describes the work after it into a graph of its own}}
}

#pragma qd kernel graph
void exchange_if(double* halo, int n, int ranks)
{
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
        halo[i] *= 2;
    if (ranks > 1) {
#pragma qd host wait
        send(halo, n); // expected-remark {{the host waits here until the work enqueued before this statement on the launch stream is done; in graph mode a call that gets here enqueues the graph of the work before it, waits for it, and describes the work after it into a graph of its own}}
    }
}

#pragma qd kernel graph
void exchange_in_block(double* halo, double* inner, int n)
{
#pragma qd stream_parallel
    {
#pragma qd update host(halo[0:n]) // expected-remark {{these copies are enqueued on its block's stream, in order with the work around them; in graph mode the kernel's calls run in stream mode, as copies to and from pageable host memory are not captured into graphs}}
#pragma qd host wait
        send(halo, n); // expected-remark {{the host waits here until the work enqueued before this statement on its block's stream is done; in graph mode the kernel's calls run in stream mode, so that the wait is here and not at the end of a graph}}
    }
#pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i': blocks of 256 threads on the GPU, one iteration per thread}}
            inner[i] *= 2;
    }
}
