// An early 'return' in a kernel, to skip the rest of the work when there is
// nothing to do. Each statement is a separate device task, so 'return' would
// end only that task; the later steps have already been enqueued.
#pragma qd kernel
void normalize(float* x, const float* norm, int n)
{
    if (norm[0] == 0.0f)
        return; // expected-error {{'return' is not allowed in a kernel statement that runs on the device; it would end only that task}}
    for (int i = 0; i < n; ++i)
        x[i] /= norm[0];
}

#pragma qd kernel
void clear(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = 0.0f;
    return; // expected-error {{'return' is not allowed in a kernel statement that runs on the device}}
}
