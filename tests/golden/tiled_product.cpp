// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Dense products in collapse(2) nests, tiled in shared memory on the GPU:
// a product with a local accumulator (tiled when the nest has a tile per
// multiprocessor), PolyBench's gemm (the output updated inside the product
// loop, a transposed operand, a 64-bit 'k', 'tile(on)'), a syr2k-like sum of two products
// with four operands, one read repeated and one read under a condition that
// stays a global read, an inclusive product bound and statements after the
// loop, and a product kept at one output per thread with 'tile(off)'.

#pragma qd kernel
void tiled_product(int n, int m, int p, const float* a, const float* b, float* c,
                   double alpha, double beta, const double* x, const double* y,
                   double* z, float* d, const float* w, float* e)
{
    // c = a * b: the operands of a product, staged when the nest is large.
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            float s = 0.f;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * b[k * m + j];
            c[i * m + j] = s;
        }

    // gemm: z = alpha * x * y^T + beta * z, updated in place; a 64-bit
    // product index, whose chunks are counted in 64 bits.
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            z[i * m + j] *= beta;
            for (long k = 0; k < p; ++k)
                z[i * m + j] += alpha * x[i * p + k] * y[j * p + k];
        }

    // Two products at once, a conditional read, an inclusive bound.
    #pragma qd loop collapse(2) tile(on)
    for (int i = 1; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            const int row = i * p;
            float lo = 0.f, hi = 0.f;
            for (int k = 0; k <= p - 1; ++k) {
                lo += a[row - p + k] * w[j * p + k] + a[i * p + k] * w[j * p + k];
                hi += (k % 2 == 0 ? a[i * p + k] : 1.f) * b[k * m + j];
            }
            const float mid = lo - hi;
            d[i * m + j] = mid * 0.5f;
        }

    // The same product, one output per thread.
    #pragma qd loop collapse(2) tile(off)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            float s = 0.f;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * b[k * m + j];
            e[i * m + j] = s;
        }
}

// The same product through pointers to rows, as C code with fixed-width
// arrays writes it: 'a[i][k]' and 'b[k][j]' are staged.
#define WIDTH 24

#pragma qd kernel
void tiled_product_rows(int n, const float a[][WIDTH], const float b[][WIDTH],
                        float c[][WIDTH])
{
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < WIDTH; ++j) {
            c[i][j] = 0.f;
            for (int k = 0; k < WIDTH; ++k)
                c[i][j] += a[i][k] * b[k][j];
        }
}
