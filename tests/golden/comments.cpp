// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Comments everywhere: between a pragma and its statement, between blocks of one region (they
// do not split it), inside bodies, trailing, block comments, and comments that look like code.

/* A block comment mentioning #pragma qd kernel and #pragma qd stream_parallel:
   text in comments is not a directive. */

#pragma qd kernel
// a line comment between the kernel pragma and the function
/* and a block comment */
void damp_and_split(float* a, float* b, const float* src, int n, float damping) // trailing
{
    // leading comment in the body
    const float keep = 1.0f - damping;  /* trailing block comment on a host scalar */

    #pragma qd loop block_dim(128)
    // comment between the loop pragma and the loop
    for (int i = 0; i < n; ++i) {   // } an unbalanced brace in a comment {{
        a[i] = src[i] * keep;       /* for (int j = 0; j < n; ++j) { */
    }

    #pragma qd stream_parallel
    // comment between the pragma and the block
    {
        /* the first block */
        for (int i = 0; i < n; ++i)
            a[i] = a[i] /* inline comment */ * a[i];
    }   // trailing comment after the first block

    /* A comment between two blocks: they still form one region.
       #pragma qd stream_parallel   <- not a directive */
    #pragma qd stream_parallel
    /* comment between the pragma and the block */ {
        // the second block
        for (int i = 0; i < n; ++i)
            b[i] = -src[i];  // "a string-looking comment with a quote ' and a \ backslash
    }
    // final comment
}
// comment after the kernel
