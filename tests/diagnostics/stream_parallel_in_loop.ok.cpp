// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Let the loop itself run in parallel (here over every element of every
// layer), and write one top-level block per independent piece of work.
#pragma qd kernel
void update_layers(float* layers, int layer_count, int n)
{
    for (int k = 0; k < layer_count * n; ++k)
        layers[k] *= 0.5f;
}

#pragma qd kernel
void maybe_clear(float* a, float* b, int n, int clear_b)
{
    #pragma qd stream_parallel
    {
        if (clear_b)
            b[0] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        a[0] = 0.0f;
    }
}
