// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Skip an iteration with 'continue'; 'break' is fine inside a nested loop
// or 'switch'. Report problems through device memory instead of throwing.
#pragma qd kernel
void clamp_until_nan(float* x, int n, int* overflow)
{
    for (int i = 0; i < n; ++i) {
        if (x[i] != x[i])
            continue;
        x[i] = x[i] > 1.0f ? 1.0f : x[i];
    }
    for (int i = 0; i < n; ++i) {
        if (x[i] == 0.0f)
            continue;
        x[i] = 1.0f / x[i];
    }
    for (int i = 0; i < n; ++i) {
        if (x[i] < 0.0f)
            continue;
        x[i] = x[i] * x[i];
    }
    for (int i = 0; i < n; ++i) {
        if (x[i] > 1e30f)
            overflow[0] = 1;
    }
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < 4; ++k) {
            if (x[i] > 100.0f)
                break;
            x[i] += 1.0f;
        }
    }
}
