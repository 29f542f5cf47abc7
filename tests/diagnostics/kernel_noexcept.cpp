// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel declared 'noexcept'. Its generated entry points check every
// launch and throw qd::Error on failure; through 'noexcept' that exception
// ends the program instead of reaching the caller.
#pragma qd kernel
void scale(float* x, float s, int n) noexcept // expected-warning {{kernel 'scale' is noexcept, but its entry points report a failed launch by throwing qd::Error, which would call std::terminate; remove 'noexcept' [-Wqd-noexcept-kernel]}}
{
    for (int i = 0; i < n; ++i)
        x[i] *= s;
}
