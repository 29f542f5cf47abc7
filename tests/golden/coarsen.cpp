// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Thread coarsening of collapse nests: each thread runs several neighbouring
// rows, statement by statement. A 3x3 stencil whose taps are an entered
// loop, the default (runtime-chosen) and explicit row counts that do not
// divide the rows, a 3-D 7-point stencil, locals of several kinds (arrays,
// structs, 'auto', list-initialized, const, shadowed), a loop whose header
// depends on the row (run per row), a descending coarsened loop, and loops
// that stay at one iteration per thread ('continue', 'coarsen(1)'), and
// coarsened reductions: a stencil's sum and max (the max written as serial
// code writes it, reading the variable: it runs row by row) and a count
// over rows that three do not divide.

struct Pair {
    float lo, hi;
};

#pragma qd kernel
void coarsen(int h, int w, const float* in, float* out, const float* k,
             float* acc, int nz, int ny, int nx, const double* u, double* v,
             double* totals)
{
    // The default: 4 rows per thread when the nest fills the device.
    #pragma qd loop collapse(2)
    for (int y = 1; y < h - 1; ++y)
        for (int x = 1; x < w - 1; ++x) {
            float s = 0.f;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    s += in[(y + dy) * w + x + dx] * k[(dy + 1) * 3 + dx + 1];
            out[y * w + x] = s;
        }

    // Three rows per thread, whatever the size; the locals of every kind.
    #pragma qd loop collapse(2) coarsen(3)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float tap[3];
            for (int d = 0; d < 3; ++d)
                tap[d] = in[y * w + (x + d) % w];
            Pair p = Pair{tap[0], tap[2]};
            auto mid = tap[1];
            int c{2};
            const float scale = 0.5f;
            for (int d = 0; d < 3; ++d) {
                float s = tap[d] * scale; // hides nothing: a new local per tap
                mid += s;
            }
            for (int r = 0; r < y % 3; ++r) // the header depends on the row
                mid += 1.f;
            if (x % 2 == 0)
                mid -= p.lo;
            else
                mid += p.hi * float(c);
            acc[y * w + x] += mid;
        }

    // A 7-point stencil, coarsened along its middle loop.
    #pragma qd loop collapse(3) coarsen(4)
    for (int z = 1; z < nz - 1; ++z)
        for (int y = 1; y < ny - 1; ++y)
            for (int x = 1; x < nx - 1; ++x) {
                const int i = (z * ny + y) * nx + x;
                v[i] = u[i] * -6.0 + u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx] +
                       u[i - nx * ny] + u[i + nx * ny];
            }

    // A descending coarsened loop over a nonzero begin.
    #pragma qd loop collapse(2) coarsen(2)
    for (int y = h - 1; y >= 1; --y)
        for (int x = 0; x < w; ++x)
            out[y * w + x] += 0.25f * out[y * w + x];

    // One iteration per thread: a 'continue' ends an iteration early.
    #pragma qd loop collapse(2)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (x == y)
                continue;
            acc[y * w + x] *= 2.f;
        }

    // Reductions, coarsened by default: each thread's rows combine into its
    // private copies, then the blocks combine.
    double sum = 0.0;
    double top = -1.0e30;
    #pragma qd loop collapse(2) reduction(+: sum) reduction(max: top)
    for (int y = 1; y < h - 1; ++y)
        for (int x = 1; x < w - 1; ++x) {
            const double c = in[y * w + x] - 0.25 * (in[(y - 1) * w + x] + in[(y + 1) * w + x]);
            sum += c;
            top = top > c ? top : c;
        }
    int positive = 0;
    #pragma qd loop collapse(2) coarsen(3) reduction(+: positive)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            positive += in[y * w + x] > 0.f ? 1 : 0;
    totals[0] = sum;
    totals[1] = top;
    totals[2] = positive;

    // One iteration per thread: turned off.
    #pragma qd loop collapse(2) coarsen(1)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            acc[y * w + x] -= 1.f;
}
