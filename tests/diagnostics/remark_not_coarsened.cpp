// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Without a 'coarsen' clause, a body that rows cannot share a thread in
// says why it runs one iteration per thread (an explicit clause warns).
#pragma qd kernel
void shade(float* image, int height, int width)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < height; ++y) // expected-remark {{collapse(2) loop over 'y', 'x': blocks of 256 threads on the GPU, one iteration per thread; the innermost index varies fastest, so neighbouring threads take neighbouring 'x'}} expected-remark {{each thread runs one iteration of this collapse(2) loop, not several neighbouring 'y': a 'continue' leaves an iteration early}}
        for (int x = 0; x < width; ++x) {
            if (x == y)
                continue;
            image[y * width + x] = 0.5f * float(x) + float(y);
        }
}
