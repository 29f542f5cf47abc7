// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A loop body's lambda without a capture default reads a global: after
// translation the global's value is a local, which it would have to capture.
double* profile = nullptr;

#pragma qd kernel
void sample(double* out, int n)
{
    for (int i = 0; i < n; ++i) {
        auto at = [i]() { return profile[i]; }; // expected-error {{'profile' is read in a lambda without a capture default; device code receives the namespace-scope variable's value as a local variable, which only a lambda with '[=]' or '[&]' can use; add one}}
        out[i] = at();
    }
}
