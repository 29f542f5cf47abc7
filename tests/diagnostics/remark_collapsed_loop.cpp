// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 'collapse(N)' nest runs as one parallel loop over all the combinations
// of its indices, row-major: the innermost index varies fastest between
// neighbouring threads, so 'image[y * width + x]' coalesces. 'coarsen(1)'
// keeps one iteration per thread.
#pragma qd kernel
void shade(float* image, int height, int width)
{
    #pragma qd loop collapse(2) coarsen(1)
    for (int y = 0; y < height; ++y) // expected-remark {{collapse(2) loop over 'y', 'x': blocks of 256 threads on the GPU, one iteration per thread; the innermost index varies fastest, so neighbouring threads take neighbouring 'x'}}
        for (int x = 0; x < width; ++x)
            image[y * width + x] = 0.5f * float(x) + float(y);
}
