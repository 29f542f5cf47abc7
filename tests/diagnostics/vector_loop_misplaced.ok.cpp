// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The vector loop is a direct statement of the parallel loop's body; a
// condition or a sequential loop goes inside it, not around it.
#pragma qd kernel
void normalize_rows(float* m, const float* scale, int rows, int cols)
{
    for (int r = 0; r < rows; ++r)
        m[r * cols] = 0.0f;

    for (int r = 0; r < rows; ++r) {
        const float s = scale[r];
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c)
            if (s != 0.0f)
                m[r * cols + c] /= s;
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c)
            m[r * cols + c] *= 2.0f;
    }

    for (int r = 0; r < rows; ++r)
        m[r * cols] += 1.0f;

    for (int r = 0; r < rows / 2; ++r) {
        #pragma qd loop vector
        for (int c = 0; c < cols; ++c)
            for (int k = 0; k < 2; ++k)
                m[(2 * r + k) * cols + c] -= 1.0f;
    }

    for (int c = 0; c < (rows > 0 ? cols : 0); ++c)
        m[c] = 1.0f;
}

void host_normalize(float* m, int rows, int cols)
{
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m[r * cols + c] = 0.0f;
}
