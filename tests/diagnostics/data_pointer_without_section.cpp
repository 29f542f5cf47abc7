// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A pointer says nothing of how many elements it points to.
void run(double* u, int n)
{
#pragma qd data copy(u) // expected-error {{'u' is a pointer, so the directive cannot know how many elements it points to; write a section, like 'u[0:n]'}}
    {
        u[0] = n;
    }
}
