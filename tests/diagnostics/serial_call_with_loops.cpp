// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A stage of the serial program written as an ordinary function, called as
// a statement of a kernel: the call is a serial task, so the function's
// loops run on one GPU thread, with no error and a large slowdown.
void compute_fluxes(const double* state, double* flux, int n)
{
    for (int i = 0; i < n; ++i)
        flux[i] = 0.5 * (state[i] + state[i + 1]);
}

double smooth(double a, double b) { return 0.5 * (a + b); }

#pragma qd kernel
void step(const double* state, double* flux, int n)
{
    compute_fluxes(state, flux, n); // expected-warning {{'compute_fluxes' has loops, and this statement runs it as a single-thread serial task, so they run serially on one GPU thread; mark 'compute_fluxes' '#pragma qd kernel' and call it as a statement of its own to run its loops in parallel [-Wqd-serial-call]}}
    flux[0] = smooth(state[0], state[1]);
}
