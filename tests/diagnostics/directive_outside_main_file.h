// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel in a header: only the source given to qd-translate is translated.
#pragma qd kernel
inline void clear(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = 0.0f;
}
