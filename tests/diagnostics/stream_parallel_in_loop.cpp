// A 'stream_parallel' block inside a loop or an 'if', to launch one block
// per iteration or only under a condition. Blocks must be top-level
// statements of the kernel; their number is fixed.
#pragma qd kernel
void update_layers(float* layers, int layer_count, int n)
{
    for (int l = 0; l < layer_count; ++l) {
        #pragma qd stream_parallel // expected-error {{'#pragma qd stream_parallel' cannot appear inside a loop body or a statement; it must be a top-level statement of the kernel}}
        {
            for (int i = 0; i < n; ++i)
                layers[l * n + i] *= 0.5f;
        }
    }
}

#pragma qd kernel
void maybe_clear(float* a, float* b, int n, int clear_b)
{
    if (clear_b) {
        #pragma qd stream_parallel // expected-error {{cannot appear inside a loop body or a statement}}
        {
            b[0] = 0.0f;
        }
    }
    a[0] = 0.0f;
}
