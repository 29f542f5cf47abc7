// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// An early 'return' in a kernel, to skip the rest of the work when there is
// nothing to do. A condition on device data makes the 'if' a serial task on
// one GPU thread, so 'return' would end only that task; the later steps have
// already been enqueued. (A 'return;' in an 'if' on host values is the
// host's: see the valid twin.)
#pragma qd kernel
void normalize(float* x, const float* norm, int n)
{
    if (norm[0] == 0.0f)
        return; // expected-error {{'return' is not allowed in a kernel statement that runs on the device; it would end only that task}}
    for (int i = 0; i < n; ++i)
        x[i] /= norm[0];
}
