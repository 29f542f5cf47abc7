// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Statements before and after a parallel region, in order: a serial task, a host scalar and a
// parallel loop before the fork; after the join, a loop reading both blocks' output and a
// final serial task.

#pragma qd kernel
void blend_layers(const float* base, float* layer_a, float* layer_b, float* out, float* meta,
                  int n, float weight)
{
    meta[0] = weight;                              // serial task, before the region
    const float complement = 1.0f - weight;        // host scalar
    for (int i = 0; i < n; ++i)                    // parallel loop, before the region
        out[i] = base[i];

    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            layer_a[i] = weight * out[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            layer_b[i] = complement * out[i] * out[i];
    }

    for (int i = 0; i < n; ++i)                    // after the join: sees both blocks' writes
        out[i] = layer_a[i] + layer_b[i];
    meta[1] = out[0];                              // serial task, last
}
