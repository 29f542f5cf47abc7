// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma qd kernel
void every_other(float* a, int n)
{
    for (int i = 0; i < n; i += 1) {
        int j = 2 * i;
        if (j < n)
            a[j] = 0.0f;
    }
}
