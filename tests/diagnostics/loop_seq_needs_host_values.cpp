// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A seq loop runs on the host: its parts cannot read device memory. (A
// condition may read a reduction's result: the host reads it back.)
#pragma qd kernel
void iterate(float* a, const int* count, int n)
{
    #pragma qd loop seq
    for (int t = 0; t < count[0]; ++t) // expected-error {{the condition of a '#pragma qd loop seq' loop runs on the host, but 'count[0]' needs device data; it may use only parameters, constants and host scalars}}
        for (int i = 0; i < n; ++i)
            a[i] += 1.0f;
    #pragma qd loop seq
    for (int t = count[1]; t < n; ++t) // expected-error {{the initialization of a '#pragma qd loop seq' loop runs on the host, but 'count[1]' needs device data}}
        a[t] = 0.0f;
    #pragma qd loop seq
    for (int t = 0; t < n; t += count[2]) // expected-error {{the increment of a '#pragma qd loop seq' loop runs on the host, but 'count[2]' needs device data}}
        a[t] = 2.0f;
}
