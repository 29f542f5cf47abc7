// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Neighbouring threads read elements two apart: each warp's loads touch
// twice the memory they use. The remark gives the distance in bytes; the
// body has no loop that a vector loop could make coalesce, so it suggests
// nothing (store the data so that neighbouring threads read neighbouring
// elements, or use both elements in one iteration).
#pragma qd kernel
void real_part(float* re, const float* complex_pairs, int n)
{
    for (int i = 0; i < n; ++i) // expected-remark {{parallel loop over 'i'}}
        re[i] = complex_pairs[2 * i]; // expected-remark {{'complex_pairs[2 * i]' reads addresses 8 bytes apart in neighbouring threads, so its loads do not coalesce}}
}

// A template's element type is not known, so the distance is in elements.
#pragma qd kernel
template <typename T>
void transpose(T* out, const T* in, int rows, int cols)
{
    for (int i = 0; i < rows; ++i) // expected-remark {{parallel loop over 'i'}}
        for (int j = 0; j < cols; ++j)
            out[j * rows + i] = in[i * cols + j]; // expected-remark {{'in[i * cols + j]' reads addresses cols elements apart in neighbouring threads, so its loads do not coalesce; make the loop over 'j' a '#pragma qd loop vector' loop so that neighbouring threads take neighbouring 'j'}}
}

// A recurrence along the inner loop (adi's row sweep): a vector loop over
// 'i2' would split dependent iterations across threads, so no vector loop is
// suggested ('{{$}}' ends the message there).
#pragma qd kernel
void row_sweep(float* X, const float* A, int n)
{
    for (int i1 = 0; i1 < n; ++i1) // expected-remark {{parallel loop over 'i1'}}
        for (int i2 = 1; i2 < n; ++i2)
            X[i1 * n + i2] = X[i1 * n + i2 - 1] * A[i1 * n + i2]; // expected-remark-re {{'X[i1 * n + i2]' writes addresses 4 * n bytes apart in neighbouring threads, so its stores do not coalesce{{$}}}} expected-remark-re {{'X[i1 * n + i2 - 1]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce{{$}}}} expected-remark-re {{'A[i1 * n + i2]' reads addresses 4 * n bytes apart in neighbouring threads, so its loads do not coalesce{{$}}}}
}
