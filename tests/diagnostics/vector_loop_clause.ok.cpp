// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 'block_dim' on the parallel loop; instead of 'collapse', one vector loop
// over the flattened index.
#pragma qd kernel
void scale_images(float* pixels, const float* gain, int images, int h, int w)
{
    #pragma qd loop block_dim(64)
    for (int i = 0; i < images; ++i) {
        #pragma qd loop vector
        for (int p = 0; p < h * w; ++p)
            pixels[i * h * w + p] *= gain[i];
    }

    for (int i = 0; i < images; ++i) {
        #pragma qd loop vector
        for (int p = 0; p < h * w; ++p)
            pixels[i * h * w + p] += 1.0f;
    }
}
