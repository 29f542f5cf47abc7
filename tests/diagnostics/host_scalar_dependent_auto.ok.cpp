// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Write the type.
#pragma qd kernel
template <class T>
void scale(T* x, T factor, int n)
{
    T f2 = factor * factor;
    for (int i = 0; i < n; ++i)
        x[i] *= f2;
}

template void scale<float>(float*, float, int);

#pragma qd kernel
template <class T>
void shift(T* x, int n)
{
    T sum = T(0);
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += x[i];
    const T twice = sum + sum;
    for (int i = 0; i < n; ++i)
        x[i] += twice;
}

template void shift<double>(double*, int);
