// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A product's nest says which reads its tiles stage, in which tiles, and
// when; the staged reads get no coalescing remark of their own (the block
// loads them together).
#pragma qd kernel
void gemm(int n, int m, int p, float alpha, const float* a, const float* bt, float* c)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i) // expected-remark {{collapse(2) loop over 'i', 'j' computes a product in its 'k' loop, reading 'a[i * p + k]' and 'bt[j * p + k]' from shared memory: blocks of 256 threads each compute a 128x128 tile of outputs, 8x8 per thread, staged 8 'k' at a time, when the nest has one for every multiprocessor, else blocks of 64 threads a 64x64 tile, 8x8 per thread, staged 16 'k' at a time, when it has one of those for every multiprocessor (else one output per thread)}}
        for (int j = 0; j < m; ++j) {
            float s = 0.0f;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * bt[j * p + k];
            c[i * m + j] = alpha * s;
        }
}

// tile(on): the 4x4 tile of 256 threads, which has more threads on few
// tiles, where neither 8x8 tile fills the device.
#pragma qd kernel
void gemm_on(int n, int m, int p, const float* a, const float* b, float* c)
{
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i) // expected-remark {{collapse(2) loop over 'i', 'j' computes a product in its 'k' loop, reading 'a[i * p + k]' and 'b[k * m + j]' from shared memory: blocks of 256 threads each compute a 128x128 tile of outputs, 8x8 per thread, staged 8 'k' at a time, when the nest has one for every multiprocessor, else blocks of 64 threads a 64x64 tile, 8x8 per thread, when it has one of those for every multiprocessor, else blocks of 256 threads a 64x64 tile, 4x4 per thread, staged 16 'k' at a time}}
        for (int j = 0; j < m; ++j) {
            float s = 0.0f;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * b[k * m + j];
            c[i * m + j] = s;
        }
}

// 8-byte operands: chunks of 8, and no 128x128 tile, whose 64 outputs of
// 8 bytes per thread would not fit its registers.
#pragma qd kernel
void dgemm(int n, int m, int p, const double* a, const double* b, double* c)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i) // expected-remark {{collapse(2) loop over 'i', 'j' computes a product in its 'k' loop, reading 'a[i * p + k]' and 'b[k * m + j]' from shared memory: when the nest has a 64x64 tile for every multiprocessor, blocks of 256 threads each compute a 64x64 tile of outputs, 4x4 per thread, staged 8 'k' at a time (else one output per thread)}}
        for (int j = 0; j < m; ++j) {
            double s = 0.0;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * b[k * m + j];
            c[i * m + j] = s;
        }
}

#pragma qd kernel
void dgemm_on(int n, int m, int p, const double* a, const double* b, double* c)
{
    #pragma qd loop collapse(2) tile(on)
    for (int i = 0; i < n; ++i) // expected-remark {{collapse(2) loop over 'i', 'j' computes a product in its 'k' loop, reading 'a[i * p + k]' and 'b[k * m + j]' from shared memory: blocks of 256 threads each compute a 64x64 tile of outputs, 4x4 per thread, staged 8 'k' at a time}}
        for (int j = 0; j < m; ++j) {
            double s = 0.0;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * b[k * m + j];
            c[i * m + j] = s;
        }
}
