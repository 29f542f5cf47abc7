// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Run a recurrence in order: the whole loop as one serial task (a compound
// statement of its own), or, inside a parallel loop, without
// '#pragma qd loop vector', so that each iteration of the parallel loop runs
// it in order. Reading the neighbours of a separate input array is fine.
// So is a distance that no two iterations are apart: one that is not a
// multiple of the step, or one as long as the span of the loop's values
// (a halo copy of h elements, h apart).
#pragma qd kernel
void prefix_product(float* x, const float* c, int n)
{
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wqd-serial-loop"
    {
        for (int i = 1; i < n; ++i)
            x[i] = x[i - 1] * c[i];
    }
#pragma clang diagnostic pop
}

#pragma qd kernel
void row_sweep(float* X, const float* A, int n)
{
    for (int i1 = 0; i1 < n; ++i1) {
        for (int i2 = 1; i2 < n; ++i2)
            X[i1 * n + i2] = X[i1 * n + i2 - 1] * A[i1 * n + i2];
    }
}

#pragma qd kernel
void column_sweep(float* Y, const float* X, int n)
{
    for (int i = 0; i < n - 1; ++i)
        for (int j = 0; j < n; ++j)
            Y[i * n + j] = X[(i + 1) * n + j] + 1.0f;
}

#pragma qd kernel
void stepped(float* x, int n)
{
    for (int i = 0; i < n - 1; i += 2)
        x[i + 1] = x[i];
    int i;
    for (i = 0; i < n - 2; i += 3) {
        x[i + 1] = x[i];
        x[i + 2] = x[i];
    }
}

constexpr int kHalo = 2;

#pragma qd kernel
void halo_copy(float* q, int nx)
{
    int i;
    for (i = 0; i < kHalo; i++) {
        q[i] = q[nx + i];
        q[nx + kHalo + i] = q[kHalo + i];
    }
}

#pragma qd kernel
void halo_copy_given(float* q, int nx, int h)
{
    for (int i = 0; i < h; i++) {
        q[i] = q[nx + i];
        q[nx + h + i] = q[h + i];
    }
}

#pragma qd kernel
void halo_shift(float* q, int n)
{
    // From kHalo: the values kHalo .. 2 * kHalo - 1, kHalo apart at most 1.
    for (int i = kHalo; i < 2 * kHalo; ++i)
        q[i - kHalo] = q[i];
    for (int i = n; i > n - kHalo; --i)
        q[i - kHalo] = q[i];
}

#pragma qd kernel
void counting_down(float* x, int n)
{
    for (int i = n - 1; i >= 1; i -= 2)
        x[i - 1] = x[i];
}

#pragma qd kernel
void stepped_rows(float* q, int rows)
{
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector
        for (int j = 0; j < 12; j += 3)
            q[r * 12 + j + 1] = q[r * 12 + j];
    }
}
