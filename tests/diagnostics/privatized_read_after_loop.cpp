// After a parallel loop, its assigned loop variable and the locals it made
// private have no host value: the serial program would read what the last
// iteration left (the end bound, for the loop variable).
#pragma qd kernel
void tail(float* a, int* out, int n)
{
    int i;
    float last;
    for (i = 0; i < n; i++) {
        last = a[i];
        a[i] = last * 2.0f;
    }
    out[0] = i; // expected-error {{'i' has no value here: it was private to each iteration of the parallel loop at line 9, and the serial program would read the value that the last one left; assign 'i' before reading it}}
    for (int k = 0; k < n; ++k)
        a[k] += last; // expected-error {{'last' has no value here: it was private to each iteration of the parallel loop at line 9}}
    if (i > 1) // expected-error {{'i' has no value here}}
        a[0] = 0.0f;
}

// A host loop tests its condition again after each trip: a local that the
// body's device code makes private has no value there.
#pragma qd kernel
void settle(float* a, int n, float tol, int* steps)
{
    float gap;
    int k = 0;
    #pragma qd loop seq
    do {
        for (int i = 0; i < n; ++i)
            a[i] = 0.5f * a[i];
        gap = a[0] - tol;
        ++k;
    } while (gap > 0.0f && k < 100); // expected-error {{'gap' has no value here: it was private to each run of the serial task at line 31}}
    steps[0] = k;
}

// A 'loop seq' body runs again: what its top reads, the parallel loop at its
// bottom made private in the trip before.
#pragma qd kernel
void trips(float* a, int* out, int n, int steps)
{
    int i;
    float last;
    i = 0;
    last = 0.0f;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) { // expected-note {{the next trip of this host loop reads 'i' after line 51 made it private}} expected-note {{the next trip of this host loop reads 'last' after line 51 made it private}}
        out[s] = i; // expected-error {{'i' has no value here: it was private to each iteration of the parallel loop at line 51}}
        if (last > 1.0f) // expected-error {{'last' has no value here: it was private to each iteration of the parallel loop at line 51}}
            a[0] = 0.0f;
        for (i = 0; i < n; i++) {
            last = a[i];
            a[i] = last * 2.0f;
        }
    }
}
