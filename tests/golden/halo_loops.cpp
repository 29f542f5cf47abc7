// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loops whose iterations read shifted elements of the array they write, yet
// never an element another iteration writes: the step and the trip count keep
// them apart (SPEC section 1, errors: a dependence is proven only within the
// loop's iteration space). A periodic halo copy of kHalo elements, kHalo
// apart over kHalo iterations; 'x[i + 1] = x[i]' stepping by 2; a step of 3;
// counting down by 2; a vector loop stepping by 2. Each runs in parallel and
// computes the serial result.

constexpr int kHalo = 2;

#pragma qd kernel
void halo_loops(float* q, float* x, float* y, float* rows, int nx, int n, int nrows)
{
    int i;
    for (i = 0; i < kHalo; i++) {           // both halos at once
        q[i] = q[nx + i];
        q[nx + kHalo + i] = q[kHalo + i];
    }
    for (i = 0; i < n - 1; i += 2)           // pairs: the odd from the even
        x[i + 1] = x[i];
    for (int k = 0; k < n - 2; k += 3) {     // triples
        y[k + 1] = y[k] * 0.5f;
        y[k + 2] = y[k] + y[k + 1];
    }
    for (i = n - 1; i >= 1; i -= 2)          // counting down in pairs
        y[i - 1] += y[i];
    for (int r = 0; r < nrows; ++r) {
        #pragma qd loop vector
        for (int j = 0; j < 16; j += 2)
            rows[r * 16 + j + 1] = rows[r * 16 + j] * 2.0f;
    }
}
