// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A reference parameter that a reduction combines into lives on the device
// for the whole call: host code may not use it, before or after the loop,
// but in a 'host wait' statement.

#pragma qd kernel
void totals(const double* q, int n, double& mass, double& copy)
{
    #pragma qd host
    mass = 2.0; // expected-error {{'mass' is a reference parameter that a reduction of this kernel combines into, so the call keeps its value on the device from its start until it hands it back at its end; '#pragma qd host' code is evaluated on the host, where it cannot use it; set it in a statement of its own ('mass = 0;'), or use it in a '#pragma qd host wait' statement, after the wait}}
    #pragma qd loop reduction(+: mass) // expected-note 2 {{'mass' becomes the result of this reduction}}
    for (int i = 0; i < n; ++i)
        mass += q[i];
    #pragma qd host
    copy = mass; // expected-error {{'mass' is a reference parameter that a reduction of this kernel combines into}}
}
