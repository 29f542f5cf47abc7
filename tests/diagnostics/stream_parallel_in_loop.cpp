// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'stream_parallel' block inside a parallel loop, or inside an 'if' whose
// condition needs device data (a serial task). Blocks are top-level
// statements of the kernel, or of a host 'if', 'switch' or 'loop seq' body.
#pragma qd kernel
void update_layers(float* layers, int layer_count, int n)
{
    for (int l = 0; l < layer_count; ++l) {
        #pragma qd stream_parallel // expected-error {{'#pragma qd stream_parallel' cannot appear inside a loop body or a statement; it must be a top-level statement of the kernel, or of a host 'if', 'switch' or '#pragma qd loop seq' body}}
        {
            for (int i = 0; i < n; ++i)
                layers[l * n + i] *= 0.5f;
        }
    }
}

#pragma qd kernel
void maybe_clear(float* a, float* b, int n, const int* clear_b)
{
    if (clear_b[0]) {
        #pragma qd stream_parallel // expected-error {{cannot appear inside a loop body or a statement}}
        {
            b[0] = 0.0f;
        }
    }
    a[0] = 0.0f;
}
