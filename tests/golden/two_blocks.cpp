// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A parallel region of two stream_parallel blocks: x and y gradients of one image, computed
// concurrently; both blocks only read `image` and write disjoint outputs.
// The diagnostic pragmas around the kernel speak to qd-translate only: the
// generated files keep them as comments and GCC-form push/pop, so that g++,
// nvcc and hipcc build them with -Werror.

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wqd-race"
#pragma clang diagnostic warning "-Wqd-serial-loop"
#pragma qd kernel
void image_gradients(const float* image, float* grad_x, float* grad_y, int width, int height)
{
    const int pixels = width * height;

    #pragma qd stream_parallel
    {
        for (int p = 0; p < pixels; ++p) {
            int x = p % width;
            int xl = x > 0 ? x - 1 : x;
            int xr = x < width - 1 ? x + 1 : x;
            grad_x[p] = 0.5f * (image[p - x + xr] - image[p - x + xl]);
        }
    }
    #pragma qd stream_parallel
    {
        for (int p = 0; p < pixels; ++p) {
            int y = p / width;
            int yd = y > 0 ? p - width : p;
            int yu = y < height - 1 ? p + width : p;
            grad_y[p] = 0.5f * (image[yu] - image[yd]);
        }
    }
}
#pragma clang diagnostic pop
