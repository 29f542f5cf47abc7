// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A block's priority is 'high' or 'low', in parentheses, once. A boundary
// block whose rows feed a halo exchange asks for 'high'; the interior, which
// nothing waits for, keeps the default.
#pragma qd kernel
void sweep(const float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel priority(urgent) // expected-error {{malformed 'priority' clause; write 'priority(high)' for a block whose work others wait for (boundary rows that feed a halo exchange), or 'priority(low)' for background work}}
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i];
    }
    #pragma qd stream_parallel priority // expected-error {{malformed 'priority' clause}}
    {
        for (int i = 0; i < n; ++i)
            c[i] = a[i];
    }
}

#pragma qd kernel
void sweep2(const float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel priority(high // expected-error {{malformed 'priority' clause}}
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i];
    }
    #pragma qd stream_parallel priority(2) // expected-error {{malformed 'priority' clause}}
    {
        for (int i = 0; i < n; ++i)
            c[i] = a[i];
    }
}

#pragma qd kernel
void sweep3(const float* a, float* b, float* c, int n)
{
    #pragma qd stream_parallel priority(high) priority(low) // expected-error {{duplicate clause 'priority' on '#pragma qd stream_parallel'; remove one of them}}
    {
        for (int i = 0; i < n; ++i)
            b[i] = a[i];
    }
    #pragma qd stream_parallel priority(low) graph // expected-error {{'#pragma qd stream_parallel' takes no arguments, and no clause but 'priority(high|low)'}}
    {
        for (int i = 0; i < n; ++i)
            c[i] = a[i];
    }
}

// The priority belongs to a block's stream: a loop or a kernel has none.
#pragma qd kernel
void sweep4(float* b, int n)
{
    #pragma qd loop priority(high) // expected-error {{unknown clause 'priority' on '#pragma qd loop'}}
    for (int i = 0; i < n; ++i)
        b[i] = 0.0f;
}
