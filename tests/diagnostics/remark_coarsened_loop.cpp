// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// By default a collapse nest whose body allows it runs 4 neighbouring rows
// per thread when it has iterations enough; 'coarsen(N)' asks for N always.
#pragma qd kernel
void shade(float* image, int height, int width)
{
    #pragma qd loop collapse(2)
    for (int y = 0; y < height; ++y) // expected-remark {{collapse(2) loop over 'y', 'x': blocks of 256 threads on the GPU; each thread runs 4 neighbouring 'y' for one 'x' when the nest has enough iterations to keep every thread the GPU holds busy (else one iteration per thread); neighbouring threads take neighbouring 'x'}}
        for (int x = 0; x < width; ++x)
            image[y * width + x] = 0.5f * float(x) + float(y);
    #pragma qd loop collapse(2) coarsen(8)
    for (int y = 0; y < height; ++y) // expected-remark {{collapse(2) loop over 'y', 'x': blocks of 256 threads on the GPU; each thread runs 8 neighbouring 'y' for one 'x'; neighbouring threads take neighbouring 'x'}}
        for (int x = 0; x < width; ++x)
            image[y * width + x] *= 2.0f;
}
