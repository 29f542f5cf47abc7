// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd host' statements: host code that runs in order with the
// kernel's work, at the top level of a kernel, in a 'loop seq' body and in
// stream_parallel blocks. qd::current_stream() is the statement's stream:
// the launch stream, or its block's. The "library" here is the user's own
// function that enqueues a copy on the stream it is given, as cuBLAS or NCCL
// would; the streams seen are recorded for the driver. Host code may assign host scalars that later device code
// reads. In a graph-mode kernel (solve_twice, and every kernel with
// --graphs) the statement runs while the call describes its graph, on a
// stream the call captures: what it enqueues is a node of the graph. A
// host 'if' branch may itself be host code (fallback), which may assign a
// loop variable that an earlier parallel loop made private.
#include <qd/qd.h>

#include <cstring>

// Copies n floats of device memory on `stream`, without waiting; the CPU
// path is the program's own, for builds without a GPU runtime.
static void copy_async(float* dst, const float* src, int n, qd::StreamRef stream)
{
#if defined(__HIPCC__)
    (void)hipMemcpyAsync(dst, src, sizeof(float) * n, hipMemcpyDeviceToDevice, stream);
#elif defined(CUDART_VERSION)
    (void)cudaMemcpyAsync(dst, src, sizeof(float) * n, cudaMemcpyDeviceToDevice, stream);
#else
    (void)stream;
    std::memcpy(dst, src, sizeof(float) * n);
#endif
}

#pragma qd kernel
void solve(float* a, float* b, float* c, int n, int steps, qd::StreamRef* seen)
{
    for (int i = 0; i < n; ++i)
        a[i] = a[i] * 0.5f;
    #pragma qd host
    {
        seen[0] = qd::current_stream();
        copy_async(c, a, n, qd::current_stream()); // after the loop above
    }
    int taken = 0;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        for (int i = 0; i < n; ++i)
            b[i] += c[i] * static_cast<float>(s);
        #pragma qd host
        {
            copy_async(c, b, n / 2, qd::current_stream());
            ++taken;
        }
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            b[i] = c[i] + static_cast<float>(taken);
        #pragma qd host
        {
            seen[1] = qd::current_stream();
            copy_async(c + n / 2, b, n - n / 2, qd::current_stream());
        }
    }
    #pragma qd stream_parallel
    {
        #pragma qd host
        seen[2] = qd::current_stream();
        for (int i = 0; i < n; ++i)
            a[i] = a[i] * 2.0f;
    }
    for (int i = 0; i < n; ++i)
        b[i] += c[i];
}

#pragma qd kernel graph
void solve_twice(float* a, float* b, float* c, int n, int steps, qd::StreamRef* seen)
{
    solve(a, b, c, n, steps, seen);
    solve(a, b, c, n, steps + 1, seen + 3);
}

// 'reuse': in graph mode, a call whose pointers and count are an earlier
// call's records the copy that call captured, without running the statement
// again; one with another count runs it.
#pragma qd kernel graph
void mirror(float* a, float* c, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = a[i] + 1.0f;
    #pragma qd host reuse
    copy_async(c, a, n, qd::current_stream());
    for (int i = 0; i < n; ++i)
        a[i] = c[i] * 2.0f - a[i];
}

// The 'else' branch is host code: the directive between 'else' and its
// braces. Its loop assigns 'll' before reading it, as the serial program
// does, though the parallel loop above left 'll' private.
#pragma qd kernel
void fallback(float* a, float* c, int n, int on_device)
{
    int ll;
    for (ll = 0; ll < n; ll++)
        a[ll] = a[ll] + 1.0f;
    if (on_device) {
        for (int i = 0; i < n; ++i)
            c[i] = a[i] * 3.0f;
    } else
    #pragma qd host
    {
        for (ll = 0; ll < 2; ll++)
            copy_async(c + ll * (n / 2), a + ll, n / 2, qd::current_stream());
    }
    for (int i = 0; i < n; ++i)
        a[i] = c[i] - a[i];
}
