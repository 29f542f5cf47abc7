// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Changing a parameter or host scalar in device code, for example to count
// or accumulate. Device code gets its own copy of every host value, so the
// change would be lost; the serial program would see it. Every way code may
// change a variable counts: assignment, '++', a reference, a pointer, a call
// by non-const reference, a non-const member function, a lambda that
// captures by reference, a non-const reference member of an aggregate.
struct Params {
    float scale;
    int n;
    void halve() { scale *= 0.5f; }
};

void bump(int& v) { v += 1; }

#pragma qd kernel
void count_and_scale(float* x, Params p, int n)
{
    int count = 0;
    int last = -1;
    int total = 0;
    for (int i = 0; i < n; ++i) {
        if (x[i] > 0.0f)
            ++count; // expected-error {{'count' is a host value that device code receives by value; incrementing or decrementing it here may change it, and the change would not reach later statements or other threads; use a local copy, or device memory}}
    }
    if (x[0] > 0.0f) { // a serial task: its condition reads device memory
        p.scale = 2.0f; // expected-error {{'p' is a host value that device code receives by value; assigning to it here}}
    }
    if (x[1] > 0.0f)
        n -= 1; // expected-error {{'n' is a host value that device code receives by value; assigning to it here}}
    for (int i = 0; i < n; ++i) {
        int& r = total; // expected-error {{'total' is a host value that device code receives by value; binding a non-const reference to it here}}
        r += static_cast<int>(x[i]);
    }
    for (int i = 0; i < n; ++i) {
        int* q = &last; // expected-error {{'last' is a host value that device code receives by value; taking its address here}}
        *q = i;
    }
    bump(count); // expected-error {{'count' is a host value that device code receives by value; passing it by non-const reference here}}
    for (int i = 0; i < n; ++i)
        bump(total); // expected-error {{'total' is a host value that device code receives by value; passing it by non-const reference here}}
    p.halve(); // expected-error {{'p' is a host value that device code receives by value; calling a non-const member function on it here}}
    for (int i = 0; i < n; ++i) {
        auto remember = [&] { last = i; }; // expected-error {{'last' is a host value that device code receives by value; assigning to it here}}
        remember();
    }
    x[0] = static_cast<float>(count + last + total) * p.scale;
}

// A non-const reference member bound to a host value may change it wherever
// the aggregate goes, through any member function, a const one included
// (the reference itself is not made const): the binding is where it may
// change, in a nested aggregate too, and so is a constructor's by-reference
// parameter.
struct Bumper {
    int& n;
    void hit() { ++n; }
};
struct QuietBumper {
    int& n;
    void hit() const { ++n; }
};
struct Scored {
    float weight;
    Bumper bumper;
};
struct Holder {
    explicit Holder(int& r) : n(r) {}
    int& n;
    void hit() { ++n; }
};

#pragma qd kernel
void count_hits(float* x, int n, int limit)
{
    int hits = 0;
    int misses = 0;
    int rounds = 0;
    int kept = 0;
    for (int i = 0; i < n; ++i) {
        Bumper b{hits}; // expected-error {{'hits' is a host value that device code receives by value; binding a non-const reference member to it here may change it, and the change would not reach later statements or other threads; use a local copy, or device memory}}
        if (x[i] > 0.0f)
            b.hit();
    }
    for (int i = 0; i < n; ++i) {
        const QuietBumper q = {limit}; // expected-error {{'limit' is a host value that device code receives by value; binding a non-const reference member to it here}}
        q.hit();
    }
    for (int i = 0; i < n; ++i) {
        Scored s{1.0f, {misses}}; // expected-error {{'misses' is a host value that device code receives by value; binding a non-const reference member to it here}}
        s.bumper.hit();
        x[i] *= s.weight;
    }
    for (int i = 0; i < n; ++i) {
        struct Local {
            int& r;
            void hit() { ++r; }
        };
        Local l{rounds}; // expected-error {{'rounds' is a host value that device code receives by value; binding a non-const reference member to it here}}
        l.hit();
    }
    for (int i = 0; i < n; ++i) {
        Holder h(kept); // expected-error {{'kept' is a host value that device code receives by value; passing it by non-const reference here}}
        h.hit();
    }
    x[0] = static_cast<float>(hits + misses + rounds + kept + limit);
}
