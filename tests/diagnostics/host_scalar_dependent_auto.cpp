// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An 'auto' host scalar in a kernel template whose type depends on a
// template parameter. The host entry point must spell the type of every
// captured value, which is not known before instantiation, and of every
// device scalar's slot.
#pragma qd kernel
template <class T>
void scale(T* x, T factor, int n)
{
    auto f2 = factor * factor; // expected-error {{host scalar 'f2' needs an explicit type; its 'auto' type depends on a template parameter}}
    for (int i = 0; i < n; ++i)
        x[i] *= f2;
}

template void scale<float>(float*, float, int);

// One computed from a reduction's result lives on the device, in a slot
// whose type the generated code spells: 'auto' names none.
#pragma qd kernel
template <class T>
void shift(T* x, int n)
{
    T sum = T(0);
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += x[i];
    const auto twice = sum + sum; // expected-error {{device scalar 'twice' needs an explicit type; its 'auto' type depends on a template parameter}}
    for (int i = 0; i < n; ++i)
        x[i] += twice;
}

template void shift<double>(double*, int);
