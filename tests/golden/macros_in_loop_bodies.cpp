// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Object-like and function-like macros in loop bounds and bodies (a 2D stencil with a halo);
// the macros must survive in the output and still expand correctly in device code.

#define HALO 1
#define WEIGHT_CENTRE 0.5f
#define WEIGHT_SIDE (0.125f)
#define IDX(row, col, pitch) ((row) * (pitch) + (col))
#define SQR(x) ((x) * (x))
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : ((v) > (hi) ? (hi) : (v)))
#define INTERIOR(n) ((n) - 2 * HALO)
#define ACCUMULATE(dst, expr) do { (dst) += (expr); } while (0)

#pragma qd kernel
void stencil_2d(const float* in, float* out, float* energy, int width, int height)
{
    const int cells = INTERIOR(width) * INTERIOR(height);
    for (int c = 0; c < cells; ++c) {
        int row = HALO + c / INTERIOR(width);
        int col = HALO + c % INTERIOR(width);
        float v = WEIGHT_CENTRE * in[IDX(row, col, width)];
        ACCUMULATE(v, WEIGHT_SIDE * in[IDX(row - 1, col, width)]);
        ACCUMULATE(v, WEIGHT_SIDE * in[IDX(row + 1, col, width)]);
        ACCUMULATE(v, WEIGHT_SIDE * in[IDX(row, col - 1, width)]);
        ACCUMULATE(v, WEIGHT_SIDE * in[IDX(row, col + 1, width)]);
        out[IDX(row, col, width)] = CLAMP(v, -1.0f, 1.0f);
    }
    for (int row = HALO; row < height - HALO; ++row) {
        float e = 0.0f;
        for (int col = HALO; col < width - HALO; ++col)
            e += SQR(out[IDX(row, col, width)]);
        energy[row] = e;
    }
}

#undef ACCUMULATE
