// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel local declared without an initializer that device code writes
// is private to each iteration (or serial task): a read before the write
// would see the previous iteration's value in the serial program and no
// value here. Reads count before writes in the same statement ('x += ...'),
// in one branch of an 'if', and in a nested loop before its write.
#pragma qd kernel
void prefix(const double* a, double* out, int n)
{
    double last, acc, pair[2];
    for (int i = 0; i < n; ++i) {
        if (i > 0)
            out[i] = last; // expected-error {{'last' may be read here before this iteration writes it; a kernel local declared without an initializer that device code writes is private to each iteration, like OpenACC's 'private', and starts with no value: write it first}}
        last = a[i];
    }
    for (int i = 0; i < n; ++i) {
        acc += a[i]; // expected-error {{'acc' may be read here before this iteration writes it}}
        out[i] = acc;
    }
    for (int i = 0; i < n; ++i) {
        if (a[i] > 0)
            pair[0] = a[i];
        out[i] = pair[0]; // expected-error {{'pair' may be read here before this iteration writes it}}
    }
    for (int i = 0; i < n; ++i) {
        acc = 0;
        for (int k = 0; k < 2; ++k) {
            acc += pair[k]; // expected-error {{'pair' may be read here before this iteration writes it}}
            pair[k] = a[i];
        }
        out[i] = acc;
    }
    if (a[0] > 0) {
        out[0] = pair[1]; // expected-error {{'pair' may be read here before this serial task writes it}}
        pair[1] = 1;
    }
}

// A private array declared with a host scalar that has a value: the array
// is still private, and a read before the write still has no value.
#pragma qd kernel
void squares(const long long* in, long long* out, int n)
{
    long long sq[3], base = 7;
    for (int i = 0; i < n; ++i) {
        out[i] = sq[0] + base; // expected-error {{'sq' may be read here before this iteration writes it}}
        for (int j = 0; j < 3; ++j)
            sq[j] = in[i] * j;
    }
}
