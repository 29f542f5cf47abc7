// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Vectorize one level, here the inner, contiguous one; the outer loop of the
// body runs whole in every thread of the group (or make the two dimensions
// one vector loop).
#pragma qd kernel
void blur_tiles(const float* in, float* out, int tiles, int tile_h, int tile_w)
{
    for (int t = 0; t < tiles; ++t) {
        #pragma qd loop vector
        for (int p = 0; p < tile_h * tile_w; ++p)
            out[t * tile_h * tile_w + p] = 0.5f * in[t * tile_h * tile_w + p];
    }

    for (int t = 0; t < tiles; ++t) {
        #pragma qd loop vector vector_length(64)
        for (int x = 0; x < tile_w; ++x) {
            for (int y = 1; y < tile_h; ++y)
                out[(t * tile_h + y) * tile_w + x] += out[(t * tile_h + y - 1) * tile_w + x];
        }
    }
}
