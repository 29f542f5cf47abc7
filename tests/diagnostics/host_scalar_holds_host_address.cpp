// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host scalar that holds the address of another host value. Host scalars
// are computed on the host and passed to device code by value, so device
// code would receive an address in host memory, which it cannot use.
#pragma qd kernel
void set_flag(float* x, int n)
{
    int flag = 0;
    int* pf = &flag; // expected-error {{'pf' would hold the address of host value 'flag', which lives in host memory that device code cannot reach; keep the value in device memory (a qd::Buffer or a pointer parameter) instead}}
    const int* pn = &n; // expected-error {{'pn' would hold the address of host value 'n'}}
    for (int i = 0; i < n; ++i) {
        if (x[i] < 0.0f)
            *pf = 1;
        x[i] += static_cast<float>(*pn);
    }
}

struct Weights {
    float w[3];
};

#pragma qd kernel
void weigh(float* x, Weights p, int n)
{
    const float* first = p.w; // expected-error {{'first' would hold the address of host value 'p'}}
    for (int i = 0; i < n; ++i)
        x[i] *= first[i % 3];
}
