// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// qd_torch_kernels.cpp -- a translated kernel that PyTorch calls through
// ctypes (tests/gpu/torch_interop/torch_interop.py, docs/testing.md).
//
// scripts/gpu_stage.sh translates this file for CUDA; tests/gpu/device builds
// the translation into the shared library libqd_torch_interop.so. Its C entry
// points take PyTorch's stream as a `void*` (torch.cuda.Stream().cuda_stream)
// and wrap it in a non-owning qd::StreamRef, so the region orders itself with
// the work PyTorch queued on that stream before and after the call.

#include <qd/qd.h>

#include <cstdio>
#include <exception>

// `steps` dependent integer steps that no compiler can skip.
inline unsigned spin(unsigned seed, int steps)
{
    unsigned x = seed;
    for (int s = 0; s < steps; ++s)
        x = x * 1664525u + 1013904223u;
    return x;
}

// x[i] = 2 x[i] + 1 on the first half, x[i] = 0.5 x[i] - 3 on the second,
// one block each. The first thread of each block also spins for `steps`
// (its result goes to `sink`), which holds the whole launch back: a region
// that did not order itself with the launch stream would be caught.
#pragma qd kernel
void halves_affine(float* x, int n, unsigned* sink, int steps)
{
    const int half = n / 2;
    #pragma qd stream_parallel
    for (int i = 0; i < half; ++i) {
        if (i == 0)
            sink[0] = spin(1u, steps);
        x[i] = 2.0f * x[i] + 1.0f;
    }
    #pragma qd stream_parallel
    for (int i = half; i < n; ++i) {
        if (i == half)
            sink[1] = spin(2u, steps);
        x[i] = 0.5f * x[i] - 3.0f;
    }
}

// The same in graph mode: each call one cached CUDA graph, or, while PyTorch
// captures the stream (torch.cuda.graph), the same launches as stream mode,
// recorded into PyTorch's graph.
#pragma qd kernel graph
void halves_affine_graph(float* x, int n, unsigned* sink, int steps)
{
    const int half = n / 2;
    #pragma qd stream_parallel
    for (int i = 0; i < half; ++i) {
        if (i == 0)
            sink[0] = spin(1u, steps);
        x[i] = 2.0f * x[i] + 1.0f;
    }
    #pragma qd stream_parallel
    for (int i = half; i < n; ++i) {
        if (i == half)
            sink[1] = spin(2u, steps);
        x[i] = 0.5f * x[i] - 3.0f;
    }
}

#ifdef QD_STREAM_SHIMS
// The stream entry points that only the translation has (docs/testing.md).
void halves_affine(float* x, int n, unsigned* sink, int steps, qd::StreamRef)
{
    halves_affine(x, n, sink, steps);
}
void halves_affine_graph(float* x, int n, unsigned* sink, int steps, qd::StreamRef)
{
    halves_affine_graph(x, n, sink, steps);
}
#endif

namespace {

// Where the spinning threads write; allocated on the first call's device.
unsigned* sink()
{
    static qd::Buffer<unsigned> buffer(2);
    return buffer.data();
}

int transform(void* cuda_stream, float* x, int n, int steps, bool graph = false) noexcept
{
    try {
        if (graph)
            halves_affine_graph(x, n, sink(), steps, qd::StreamRef::from_native(cuda_stream));
        else
            halves_affine(x, n, sink(), steps, qd::StreamRef::from_native(cuda_stream));
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "qd_torch_transform: %s\n", e.what());
        return 1;
    }
}

} // namespace

// Enqueues the transform of x[0..n) on `cuda_stream` (a cudaStream_t; 0 is
// the legacy default stream) and returns without waiting. 0 on success, 1
// when the launch failed (the message goes to stderr).
extern "C" int qd_torch_transform(void* cuda_stream, float* x, int n)
{
    return transform(cuda_stream, x, n, 0);
}

// The same, with each block held back by `steps` spin steps.
extern "C" int qd_torch_transform_delayed(void* cuda_stream, float* x, int n, int steps)
{
    return transform(cuda_stream, x, n, steps);
}

// The same in graph mode.
extern "C" int qd_torch_transform_graph(void* cuda_stream, float* x, int n)
{
    return transform(cuda_stream, x, n, 0, true);
}

// Pooled streams and events of the current device lent out right now (0
// between calls: every call gives its handles back).
extern "C" long qd_torch_pools_in_use()
{
    return static_cast<long>(qd::stream_pool_stats().in_use + qd::event_pool_stats().in_use);
}
