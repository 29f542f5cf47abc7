// Run a recurrence in order: the whole loop as one serial task (a compound
// statement of its own), or, inside a parallel loop, without
// '#pragma qd loop vector', so that each iteration of the parallel loop runs
// it in order. Reading the neighbours of a separate input array is fine.
#pragma qd kernel
void prefix_product(float* x, const float* c, int n)
{
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wqd-serial-loop"
    {
        for (int i = 1; i < n; ++i)
            x[i] = x[i - 1] * c[i];
    }
#pragma clang diagnostic pop
}

#pragma qd kernel
void row_sweep(float* X, const float* A, int n)
{
    for (int i1 = 0; i1 < n; ++i1) {
        for (int i2 = 1; i2 < n; ++i2)
            X[i1 * n + i2] = X[i1 * n + i2 - 1] * A[i1 * n + i2];
    }
}

#pragma qd kernel
void column_sweep(float* Y, const float* X, int n)
{
    for (int i = 0; i < n - 1; ++i)
        for (int j = 0; j < n; ++j)
            Y[i * n + j] = X[(i + 1) * n + j] + 1.0f;
}
