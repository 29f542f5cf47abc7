// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calling a virtual function in device code. The object's virtual table
// lives in host memory, so the call cannot be made on the device.
struct Shape {
    virtual float area() const { return 0.0f; }
};
struct Square : Shape {
    float side;
    float area() const override { return side * side; }
};

#pragma qd kernel
void areas(const Square* shapes, float* out, int n)
{
    for (int i = 0; i < n; ++i)
        out[i] = shapes[i].area(); // expected-error {{virtual function 'Square::area' cannot be called from device code; call a non-virtual function, or switch on a type tag}}
}
