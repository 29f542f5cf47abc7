// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// collapse(N): a perfect loop nest launched once over the product of its trip
// counts, row-major. Mixed index types, an inclusive bound, a nonzero begin,
// block_dim beside collapse, and a nest inside a stream_parallel block.

#pragma qd kernel
void grid_and_volume(float* grid, double* volume, int h, int w, long nz, unsigned ny, int nx)
{
    // Each cell is added to, so a cell visited twice or never shows.
    #pragma qd loop collapse(2) block_dim(128)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            grid[y * w + x] += float(y) * 0.5f + float(x);

    #pragma qd stream_parallel
    {
        #pragma qd loop collapse(3)
        for (long z = 1; z <= nz; ++z) {
            for (unsigned y = 0; y < ny; y++) {
                for (int x = 2; x < nx + 2; x += 1) {
                    const long cell = ((z - 1) * long(ny) + long(y)) * nx + (x - 2);
                    volume[cell] += double(z) * 100.0 + double(y) * 10.0 + double(x);
                }
            }
        }
    }
    #pragma qd stream_parallel
    {
        // Only the first two rows: the nest need not cover the array.
        #pragma qd loop collapse(2)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < w; ++x)
                grid[y * w + x] *= 2.0f;
    }
}
