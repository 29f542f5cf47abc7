// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Several kernels in one file forming a pipeline (histogram -> exclusive scan -> scatter,
// i.e. a counting sort by key), called in sequence from host code.

#include <qd/atomic.h>

#pragma qd kernel
void clear_counts(int* counts, int buckets)
{
    for (int b = 0; b < buckets; ++b)
        counts[b] = 0;
}

#pragma qd kernel
void count_keys(int* counts, const int* keys, int n)
{
    for (int i = 0; i < n; ++i)
        qd::atomic_add(&counts[keys[i]], 1);
}

#pragma qd kernel
void exclusive_scan(int* offsets, const int* counts, int buckets)
{
    offsets[0] = 0;                                   // serial task
    {                                                 // serial task: small serial scan
        int running = 0;
        for (int b = 0; b < buckets; ++b) {
            offsets[b] = running;
            running += counts[b];
        }
    }
}

#pragma qd kernel
void scatter_by_key(int* sorted_index, int* cursor, const int* keys, const int* offsets,
                    int n, int buckets)
{
    for (int b = 0; b < buckets; ++b)
        cursor[b] = offsets[b];
    for (int i = 0; i < n; ++i) {
        int slot = qd::atomic_add(&cursor[keys[i]], 1);
        sorted_index[slot] = i;
    }
}

// Host code: the pipeline. Each call only enqueues work; the order is the call order.
void counting_sort(int* sorted_index, int* counts, int* offsets, int* cursor,
                   const int* keys, int n, int buckets)
{
    clear_counts(counts, buckets);
    count_keys(counts, keys, n);
    exclusive_scan(offsets, counts, buckets);
    scatter_by_key(sorted_index, cursor, keys, offsets, n, buckets);
}
