// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd kernel' on a member function, defined in or out of its
// class. A kernel runs on the device and cannot use 'this'.
struct Grid {
    float* cells;
    int n;
    void clear();
};

#pragma qd kernel
void Grid::clear() // expected-error {{kernel 'clear' is a member function; kernels must be free functions at namespace scope}}
{
    for (int i = 0; i < n; ++i)
        cells[i] = 0.0f;
}
