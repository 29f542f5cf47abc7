// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A called kernel with reductions: each call has its own reduction scratch,
// in a stream-mode caller (on a block's stream) and in a graph-mode caller
// (held by the caller's graph call until its graph is enqueued).
#include <algorithm>

#pragma qd kernel
void largest(const float* u, float* out, int n)
{
    float biggest = 0.0f;
    float total = 0.0f;
    #pragma qd loop reduction(max: biggest) reduction(+: total)
    for (int i = 0; i < n; ++i) {
        biggest = std::max(biggest, u[i] < 0 ? -u[i] : u[i]);
        total += u[i];
    }
    out[0] = biggest;
    out[1] = total;
}

#pragma qd kernel
void both(const float* u, const float* v, float* out, int n)
{
    #pragma qd stream_parallel
    largest(u, out, n);
    #pragma qd stream_parallel
    largest(v, out + 2, n);
}

#pragma qd kernel graph
void repeated(const float* u, float* out, int n, int times)
{
    #pragma qd loop seq
    for (int t = 0; t < times; ++t)
        largest(u + t, out + 2 * t, n - t);
}
