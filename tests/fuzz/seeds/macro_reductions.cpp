// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#define QD_PRAGMA(text) _Pragma(#text)
#define SUM_INTO(total, p, n) \
    QD_PRAGMA(qd loop reduction(+: total)) for (int i = 0; i < (n); ++i) total += (p)[i]
#define ROW_SUMS(out, in, rows, cols)                      \
    for (int r = 0; r < (rows); ++r) {                     \
        float acc = 0.0f;                                  \
        _Pragma("qd loop vector reduction(+: acc)")        \
        for (int c = 0; c < (cols); ++c)                   \
            acc += (in)[r * (cols) + c];                   \
        (out)[r] = acc;                                    \
    }
#pragma qd kernel
void macro_reductions(const float* in, float* rows, float* total, int n, int cols)
{
    ROW_SUMS(rows, in, n / cols, cols)
    float sum = 0.0f;
    SUM_INTO(sum, in, n);
    total[0] = sum;
}
