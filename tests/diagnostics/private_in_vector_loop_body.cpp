// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A loop body with vector loops runs on a group of threads that share the
// body's own locals; a private kernel local would not be shared.
#pragma qd kernel
void row_scale(const float* a, float* out, int rows, int cols)
{
    float scale;
    for (int r = 0; r < rows; ++r) {
        scale = 1.0f / cols; // expected-error {{'scale' is a kernel local declared without an initializer that this loop's body writes, which makes it private to each iteration; a loop body with vector loops cannot have such locals: declare 'scale' inside the loop body}}
        float sum = 0.0f;
        #pragma qd loop vector reduction(+: sum)
        for (int c = 0; c < cols; ++c)
            sum += a[r * cols + c];
        out[r] = sum * scale;
    }
}
