// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A serial task right after a reducing loop runs in the loop's combine (in
// the last block to finish, or in the combine kernel launched after a large
// loop), not in a launch of its own. The tasks here add into totals, so a
// task that ran twice or not at all would show; one reads elements that
// other blocks of the loop wrote; one reads two results and a host value
// the loop also receives; one is in a graph-mode kernel that calls another.
// A task with a private local, and a task after a loop without reductions,
// keep their own launches.

#pragma qd kernel
void accumulate(const double* a, int n, double* total, double* mixed)
{
    double sum = 0.0;
    #pragma qd loop reduction(+: sum)
    for (int i = 0; i < n; ++i)
        sum += a[i];
    *total += sum;
    double top = -1.0e300;
    int positive = 0;
    #pragma qd loop reduction(max: top) reduction(+: positive)
    for (int i = 0; i < n; ++i) {
        top = a[i] > top ? a[i] : top;
        positive += a[i] > 0.0 ? 1 : 0;
    }
    mixed[0] += top * n + positive;
}

#pragma qd kernel
void scale_and_ends(double* u, int n, double* ends)
{
    double s = 0.0;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i) {
        u[i] = 2.0 * u[i] + 1.0;
        s += u[i];
    }
    ends[0] += u[0] + u[n - 1] + s;
    int scratch;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i)
        s += u[i];
    {
        scratch = n % 3;
        ends[1] += s * scratch;
    }
    for (int i = 0; i < n; ++i)
        u[i] -= 1.0;
    ends[2] += u[n - 1];
}

#pragma qd kernel graph
void accumulate_twice(const double* a, int n, double* total, double* mixed)
{
    accumulate(a, n, total, mixed);
    accumulate(a, n, total, mixed);
}
