// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Leaving a parallel loop early with 'break', 'return' or 'goto', or using
// exceptions in its body. Iterations run concurrently on the device, so
// there is no "rest of the loop" to skip, and the device has no exceptions.
#pragma qd kernel
void clamp_until_nan(float* x, int n)
{
    for (int i = 0; i < n; ++i) {
        if (x[i] != x[i])
            break; // expected-error {{'break' is not allowed in a parallel loop body, whose iterations run concurrently; use 'continue' to skip an iteration}}
        x[i] = x[i] > 1.0f ? 1.0f : x[i];
    }
    for (int i = 0; i < n; ++i) {
        if (x[i] == 0.0f)
            return; // expected-error {{'return' is not allowed in a parallel loop body}}
        x[i] = 1.0f / x[i];
    }
    for (int i = 0; i < n; ++i) {
        if (x[i] < 0.0f)
            goto skip; // expected-error {{'goto' is not allowed in a parallel loop body}}
        x[i] = x[i] * x[i];
    skip:;
    }
    for (int i = 0; i < n; ++i) {
        if (x[i] > 1e30f)
            throw "overflow"; // expected-error {{'throw' is not allowed in a parallel loop body}}
    }
    for (int i = 0; i < n; ++i) {
        try { // expected-error {{'try' is not allowed in a parallel loop body}}
            x[i] += 1.0f;
        } catch (...) {
        }
    }
}
