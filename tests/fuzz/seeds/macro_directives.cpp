// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Loops, blocks, directives and whole statements that come from macro
// expansions: each means what its expanded text means. Pieces that a macro
// holds only part of (a loop's bounds and body) are copied expanded; whole
// invocations (FOR_EACH's body, SET_FIRST) are copied as written.

#define FILL(p, n, v) for (int i = 0; i < (n); ++i) (p)[i] = (v)
#define FOR_EACH(i, n) for (int i = 0; i < (n); ++i)
#define PAR_SCALE(p, n, s) \
    _Pragma("qd loop block_dim(64)") for (int i = 0; i < (n); ++i) { (p)[i] *= (s); }
#define TWO_BLOCKS(a, b, n) \
    _Pragma("qd stream_parallel") { FOR_EACH(i, n) (a)[i] += 1.0f; } \
    _Pragma("qd stream_parallel") { FOR_EACH(i, n) (b)[i] -= 1.0f; }
#define TIME_LOOP(t, steps) _Pragma("qd loop seq") for (int t = 0; t < (steps); ++t)
#define SET_FIRST(p, v) (p)[0] = (v)

#pragma qd kernel
void macro_statements(float* a, float* b, float* total, int n, int steps)
{
    FILL(a, n, 1.0f);
    FOR_EACH(i, n) { b[i] = 0.5f * i; }
    PAR_SCALE(a, n, 3.0f)
    TWO_BLOCKS(a, b, n)
    TIME_LOOP(t, steps) {
        FOR_EACH(i, n) a[i] += 0.25f * t;
    }
    // Several directives on one line.
    _Pragma("qd stream_parallel") { _Pragma("qd loop block_dim(32)") FOR_EACH(i, n) a[i] *= 2.0f; }
    SET_FIRST(total, a[n > 0 ? n - 1 : 0] + 1.0f);
}
