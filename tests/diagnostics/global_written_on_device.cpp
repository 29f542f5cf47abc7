// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device code receives a namespace-scope variable as a copy read on the host
// at the call, so a change to it there would be lost: an error in every way
// device code may change a variable.
int steps_done = 0;
double last_value = 0.0;

void remember(double& slot, double v) { slot = v; }

#pragma qd kernel
void record(const double* a, int n)
{
    for (int i = 0; i < n; ++i)
        steps_done++; // expected-error {{'steps_done' is a namespace-scope variable, which device code receives as a copy read on the host at the call; incrementing or decrementing it here may change it, and the change would not reach the host or later statements; keep the value in device memory (a pointer parameter), or change it on the host}}
    if (a[0] > 0)
        remember(last_value, a[0]); // expected-error {{'last_value' is a namespace-scope variable, which device code receives as a copy read on the host at the call; passing it by non-const reference here may change it}}
}
