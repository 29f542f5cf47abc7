// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Name every template parameter, even one the body does not use.
#pragma qd kernel
template <class T, int Unroll>
void fill(T* x, T v, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = v;
}

template void fill<float, 4>(float*, float, int);
