// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One group of threads shares one vector loop at a time, so a vector loop
// cannot contain another one, directly or inside a statement of its body.
#pragma qd kernel
void blur_tiles(const float* in, float* out, int tiles, int tile_h, int tile_w)
{
    for (int t = 0; t < tiles; ++t) {
        #pragma qd loop vector // expected-note {{enclosing vector loop is here}}
        for (int y = 0; y < tile_h; ++y) {
            #pragma qd loop vector // expected-error {{vector loops cannot be nested: a group of threads shares one vector loop at a time; remove 'vector' from the inner loop, which then runs whole in each thread of the group}}
            for (int x = 0; x < tile_w; ++x)
                out[(t * tile_h + y) * tile_w + x] = 0.5f * in[(t * tile_h + y) * tile_w + x];
        }
    }

    for (int t = 0; t < tiles; ++t) {
        #pragma qd loop vector vector_length(64) // expected-note {{enclosing vector loop is here}}
        for (int y = 0; y < tile_h; ++y) {
            if (y > 0) {
                #pragma qd loop vector vector_length(64) // expected-error {{vector loops cannot be nested}}
                for (int x = 0; x < tile_w; ++x)
                    out[(t * tile_h + y) * tile_w + x] += out[(t * tile_h + y - 1) * tile_w + x];
            }
        }
    }
}
