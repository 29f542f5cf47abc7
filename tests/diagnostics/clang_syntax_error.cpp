// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A C++ error that clang itself reports (here a missing semicolon). It is
// shown as clang shows it; qd's own analysis does not run on a source that
// does not parse, and nothing is written.
#pragma qd kernel
void fill(float* x, float v, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = v // expected-error {{expected ';' after expression}}
}
