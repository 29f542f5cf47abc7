// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The same lambda with a capture default captures the local that holds the
// global's value.
double* profile = nullptr;

#pragma qd kernel
void sample(double* out, int n)
{
    for (int i = 0; i < n; ++i) {
        auto at = [=]() { return profile[i]; };
        out[i] = at();
    }
}
