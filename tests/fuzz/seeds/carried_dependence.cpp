// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A parallel or vector loop whose iterations provably depend on each other:
// an iteration reads an element that another iteration writes, at a constant
// distance along the loop variable. The iterations run concurrently, so the
// read sees either the old or the new value; the serial program always sees
// the new one. A recurrence such as a prefix product or adi's row sweep must
// run in order.
#pragma qd kernel
void prefix_product(float* x, const float* c, int n)
{
    for (int i = 1; i < n; ++i)
        x[i] = x[i - 1] * c[i]; // expected-error {{the iterations of this parallel loop depend on each other: 'x[i - 1]' reads the element that 'x[i]' writes in an earlier iteration, 1 apart along 'i', and the iterations run concurrently; run the loop in order as a serial task by putting it in a compound statement of its own}} expected-note {{'x[i]' is written here by every iteration}}
}

#pragma qd kernel
void row_sweep(float* X, const float* A, int n)
{
    for (int i1 = 0; i1 < n; ++i1) {
        #pragma qd loop vector
        for (int i2 = 1; i2 < n; ++i2)
            X[i1 * n + i2] = X[i1 * n + i2 - 1] * A[i1 * n + i2]; // expected-error {{the iterations of this vector loop depend on each other: 'X[i1 * n + i2 - 1]' reads the element that 'X[i1 * n + i2]' writes in an earlier iteration, 1 apart along 'i2'}} expected-note {{'X[i1 * n + i2]' is written here by every iteration}}
    }
}

#pragma qd kernel
void column_sweep(float* X, int n)
{
    for (int i = 0; i < n - 1; ++i)
        for (int j = 0; j < n; ++j)
            X[i * n + j] = X[(i + 1) * n + j] + 1.0f; // expected-error {{'X[(i + 1) * n + j]' reads the element that 'X[i * n + j]' writes in a later iteration, 1 apart along 'i'}} expected-note {{'X[i * n + j]' is written here by every iteration}}
}
