// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two PolyBench kernels as a C++ programmer ports them to qd: the serial
// loops as PolyBench writes them, with '#pragma qd kernel' and 'collapse',
// no inner vector loops and no restructuring (issue 45: they must run at
// least as fast as the CUDA that GPU PolyBench suites publish for them).
// bench/polybench_bench.cu times them against kernels of that design.

// doitgen: sum(r, q, p) = sum over s of a(r, q, s) c4(s, p), then written
// back into a. PolyBench's 'sum' is one row, reused for every (r, q); a
// parallel port gives each (r, q) its row.
#pragma qd kernel
void doitgen(float* a, const float* c4, float* sum, int nr, int nq, int np)
{
    #pragma qd loop collapse(3)
    for (int r = 0; r < nr; ++r)
        for (int q = 0; q < nq; ++q)
            for (int p = 0; p < np; ++p) {
                float s = 0.0f;
                for (int k = 0; k < np; ++k)
                    s += a[(r * nq + q) * np + k] * c4[k * np + p];
                sum[(r * nq + q) * np + p] = s;
            }
    #pragma qd loop collapse(3)
    for (int r = 0; r < nr; ++r)
        for (int q = 0; q < nq; ++q)
            for (int p = 0; p < np; ++p)
                a[(r * nq + q) * np + p] = sum[(r * nq + q) * np + p];
}

// fdtd-2d: tmax time steps of three field updates, in GPU PolyBench's layout
// (ex: nx rows of ny + 1, ey: nx + 1 rows of ny, hz: nx rows of ny). The
// host runs the time loop ('loop seq'); in graph mode it is one conditional
// WHILE node of the call's graph.
#pragma qd kernel
void fdtd2d(float* ex, float* ey, float* hz, const float* fict, int nx, int ny, int tmax)
{
    #pragma qd loop seq
    for (int t = 0; t < tmax; ++t) {
        for (int j = 0; j < ny; ++j)
            ey[j] = fict[t];
        #pragma qd loop collapse(2)
        for (int i = 1; i < nx; ++i)
            for (int j = 0; j < ny; ++j)
                ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
        #pragma qd loop collapse(2)
        for (int i = 0; i < nx; ++i)
            for (int j = 1; j < ny; ++j)
                ex[i * (ny + 1) + j] =
                    ex[i * (ny + 1) + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
        #pragma qd loop collapse(2)
        for (int i = 0; i < nx; ++i)
            for (int j = 0; j < ny; ++j)
                hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * (ny + 1) + j + 1] -
                                                          ex[i * (ny + 1) + j] +
                                                          ey[(i + 1) * ny + j] - ey[i * ny + j]);
    }
}
