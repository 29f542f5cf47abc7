// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernel parameters that cannot be copied to the device: a non-const
// reference (to return a result) that device code uses, an rvalue reference, a class that is not
// trivially copyable (std::vector, a class with a user-defined copy), a host
// function pointer, an unnamed parameter.
#include <vector>

struct Table {
    float* values;
    int size;
    Table(const Table& other); // user-defined copy: not trivially copyable
};

#pragma qd kernel
void count_positive(const float* x, int n, int& count) // expected-error {{parameter 'count' of kernel 'count_positive' cannot be passed to the device: it is a non-const reference, which the device cannot write through; pass a pointer to device memory, or use it only in '#pragma qd host' statements}}
{
    for (int i = 0; i < n; ++i)
        if (x[i] > 0.0f)
            ++count; // expected-note {{device code uses 'count' here}}
}

#pragma qd kernel
void scale_all(std::vector<float> v, float s) // expected-error {{parameter 'v' of kernel 'scale_all' cannot be passed to the device: 'std::vector<float>' is not trivially copyable}}
{
    v[0] *= s;
}

#pragma qd kernel
void lookup(const Table& t, float* out, int n) // expected-error {{parameter 't' of kernel 'lookup' cannot be passed to the device: 'const Table' is not trivially copyable}}
{
    for (int i = 0; i < n; ++i)
        out[i] = t.values[i % t.size];
}

#pragma qd kernel
void apply(float* x, int n,
           float (*f)(float),  // expected-error {{parameter 'f' of kernel 'apply' cannot be passed to the device: a host function pointer cannot be called on the device}}
           float&& bias,       // expected-error {{parameter 'bias' of kernel 'apply' cannot be passed to the device: rvalue references are not supported; pass by value}}
           int)                // expected-error {{parameter '' of kernel 'apply' cannot be passed to the device: it has no name}}
{
    for (int i = 0; i < n; ++i)
        x[i] = f(x[i]) + bias;
}
