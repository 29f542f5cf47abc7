// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd loop vector' marks a loop whose iterations the threads of a
// group share; the group runs one iteration of the parallel loop around it.
// It must stand right before a 'for' that is a direct statement of a
// parallel loop's body: not on the parallel loop itself, not inside an 'if'
// or a sequential loop of the body, not before a non-loop statement.
#pragma qd kernel
void normalize_rows(float* m, const float* scale, int rows, int cols)
{
    // The parallel loop itself: its iterations are already spread over all
    // threads.
    #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body; the parallel loop's iterations then go to groups of threads that share the vector loop's iterations}}
    for (int r = 0; r < rows; ++r)
        m[r * cols] = 0.0f;

    for (int r = 0; r < rows; ++r) {
        if (scale[r] != 0.0f) {
            #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body}}
            for (int c = 0; c < cols; ++c)
                m[r * cols + c] /= scale[r];
        }
    }

    for (int r = 0; r < rows; ++r) {
        int c = 0;
        #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body}}
        while (c < cols) {
            m[r * cols + c] *= 2.0f;
            ++c;
        }
    }

    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body}}
        m[r * cols] += 1.0f;
    }

    // Inside a sequential loop of the body.
    for (int r = 0; r < rows / 2; ++r) {
        for (int k = 0; k < 2; ++k) {
            #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body}}
            for (int c = 0; c < cols; ++c)
                m[(2 * r + k) * cols + c] -= 1.0f;
        }
    }

    // A serial task (its condition reads device memory), not a parallel loop.
    if (m[0] > 0.0f) {
        #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body}}
        for (int c = 0; c < cols; ++c) // expected-warning {{this loop is inside a statement that runs as a single-thread serial task, so it runs serially; make it a top-level statement of the kernel or block to run it in parallel}}
            m[c] = 1.0f;
    }
}

void host_normalize(float* m, int rows, int cols)
{
    for (int r = 0; r < rows; ++r) {
        #pragma qd loop vector // expected-error {{'#pragma qd loop vector' must be followed by a 'for' loop that is a direct statement of a parallel loop's body}}
        for (int c = 0; c < cols; ++c)
            m[r * cols + c] = 0.0f;
    }
}
