// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A local variable initialized from device memory, used by later
// statements. Its declaration runs on the device as a one-thread task, so
// the variable does not exist for the statements after it.
#pragma qd kernel
void normalize(float* x, const float* stats, int n)
{
    float mean = stats[0]; // expected-note {{'mean' is declared here}}
    float inv_std = 1.0f / stats[1]; // expected-note {{'inv_std' is declared here}}
    for (int i = 0; i < n; ++i)
        x[i] = (x[i] - mean) * inv_std; // expected-error {{'mean' is declared by a statement that runs on the device as a serial task, so later statements cannot use it; make it a host scalar or store it in device memory}}
    x[n] = inv_std; // expected-error {{'inv_std' is declared by a statement that runs on the device as a serial task, so later statements cannot use it}}
}
