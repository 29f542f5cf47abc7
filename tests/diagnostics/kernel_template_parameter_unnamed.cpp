// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel template with an unnamed template parameter. The generated
// device functions are templates too and must name every parameter.
#pragma qd kernel
template <class T, int> // expected-error {{template parameters of kernel 'fill' must be named; name each one, since the generated entry points pass them on}}
void fill(T* x, T v, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = v;
}

template void fill<float, 4>(float*, float, int);
