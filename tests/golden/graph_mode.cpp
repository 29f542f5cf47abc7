// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Graph mode ('#pragma qd kernel graph'): the same kernels as stream mode,
// each call one cached graph. A loop, a serial task and a region whose
// blocks have several loops, a task and a host scalar; a collapsed nest
// beside a block whose loops can all be empty; a template kernel; a kernel
// whose whole work can be empty. (Reductions in graph mode: every golden
// case runs translated with --graphs in the GPU suite.) The driver calls each with changing pointers and trip counts, so
// cached graphs are updated, and shapes change (a loop that becomes empty, a
// different grid).
#include <qd/qd.h>

#pragma qd kernel graph
void step(float* x, float* y, float* z, float* w, int n, float dt, float* summary)
{
    for (int i = 0; i < n; ++i)
        x[i] += dt * y[i];

    summary[0] = x[0];

    const int half = n / 2;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < half; ++i)
            y[i] -= dt * x[i];
        for (int i = half; i < n; ++i)
            y[i] += dt * x[i];
    }
    #pragma qd stream_parallel
    {
        summary[1] = x[n > 1 ? n - 1 : 0];
        for (int i = 0; i < n; ++i)
            w[i] = x[i] * x[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            z[i] = 2.0f * x[i];
    }

    for (int i = 0; i < n; ++i)
        x[i] = x[i] + y[i] - 0.5f * z[i];
}

#pragma qd kernel graph block_dim(128)
void stencil(const float* in, float* out, float* edge, int h, int w)
{
    #pragma qd stream_parallel
    {
        #pragma qd loop collapse(2)
        for (int r = 1; r < h - 1; ++r)
            for (int c = 1; c < w - 1; ++c)
                out[r * w + c] = 0.25f * (in[(r - 1) * w + c] + in[(r + 1) * w + c] +
                                          in[r * w + c - 1] + in[r * w + c + 1]);
    }
    #pragma qd stream_parallel
    {
        // Borders; a block whose loops are all empty when h or w is 0.
        for (int c = 0; c < w; ++c)
            edge[c] = in[c];
        for (int r = 1; r < h; ++r)
            edge[w + r - 1] = in[r * w];
    }
}

#pragma qd kernel graph
template <class T>
void scale(T* v, int n, T factor)
{
    for (int i = 0; i < n; ++i)
        v[i] = v[i] * factor;
}
