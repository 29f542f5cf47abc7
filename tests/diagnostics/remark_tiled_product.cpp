// A product's nest says which reads its tiles stage; the staged reads get
// no coalescing remark of their own (the block loads them together).
#pragma qd kernel
void gemm(int n, int m, int p, float alpha, const float* a, const float* bt, float* c)
{
    #pragma qd loop collapse(2)
    for (int i = 0; i < n; ++i) // expected-remark {{collapse(2) loop over 'i', 'j' computes a product in its 'k' loop: blocks of 256 threads each compute a 64x64 tile of outputs, 4x4 per thread, and read 'a[i * p + k]' and 'bt[j * p + k]' from shared memory, staged 16 'k' at a time when the nest has a tile for every multiprocessor (else one output per thread)}}
        for (int j = 0; j < m; ++j) {
            float s = 0.0f;
            for (int k = 0; k < p; ++k)
                s += a[i * p + k] * bt[j * p + k];
            c[i * m + j] = alpha * s;
        }
}
