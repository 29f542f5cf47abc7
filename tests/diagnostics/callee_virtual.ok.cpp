// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Use plain data and a non-virtual function (or a 'kind' field and a
// 'switch' when there are several kinds).
struct Square {
    float side;
    float area() const { return side * side; }
};

#pragma qd kernel
void areas(const Square* shapes, float* out, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = shapes[i].area();
}
