// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In a 'collapse' nest the innermost index varies fastest between
// neighbouring threads. Here that is 'y', which moves 'image' a whole row,
// while 'x' would move it one element: swap the two loops.
#pragma qd kernel
void shade(float* image, int height, int width)
{
    #pragma qd loop collapse(2)
    for (int x = 0; x < width; ++x) // expected-remark {{collapse(2) loop over 'x', 'y'}}
        for (int y = 0; y < height; ++y)
            image[y * width + x] = 0.5f * float(x) + float(y); // expected-remark {{'image[y * width + x]' writes addresses 4 * width bytes apart in neighbouring threads, so its stores do not coalesce; make the loop over 'x' the innermost loop of the collapse(2) nest so that neighbouring threads take neighbouring 'x'}}
}
