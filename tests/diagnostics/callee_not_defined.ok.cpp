// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Define the function in the translated file (it becomes
// '__host__ __device__'); other files can still call it.
float activation(float v) { return v > 0.0f ? v : 0.01f * v; }

#pragma qd kernel
void apply_activation(float* x, int n)
{
    for (int i = 0; i < n; ++i)
        x[i] = activation(x[i]);
}
