// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The block size belongs to the parallel loop, and a vector loop shares one
// loop's iterations; 'block_dim' and 'collapse' go elsewhere.
#pragma qd kernel
void scale_images(float* pixels, const float* gain, int images, int h, int w)
{
    for (int i = 0; i < images; ++i) {
        #pragma qd loop vector block_dim(64) // expected-error {{clause 'block_dim' is not allowed on a vector loop; it takes 'vector_length(N)', 'reduction(op: var, ...)' and 'independent'}}
        for (int p = 0; p < h * w; ++p)
            pixels[i * h * w + p] *= gain[i];
    }

    for (int i = 0; i < images; ++i) {
        #pragma qd loop vector collapse(2) // expected-error {{clause 'collapse' is not allowed on a vector loop; it takes 'vector_length(N)', 'reduction(op: var, ...)' and 'independent'}}
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                pixels[(i * h + y) * w + x] += 1.0f;
    }
}
