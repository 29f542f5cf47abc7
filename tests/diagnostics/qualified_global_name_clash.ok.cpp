// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Globals named with a qualifier, whose bare names nothing else in the
// kernel has: read on the host at the call, as unqualified ones are.
namespace config {
int level = 0;
double* profile = nullptr;
}

#pragma qd kernel
void fill(float* a, int n)
{
    for (int i = 0; i < n; ++i)
        a[i] = static_cast<float>(config::level + config::profile[i]);
}
