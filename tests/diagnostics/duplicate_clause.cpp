// The same clause twice on one directive, for example after editing the
// block size in one place and adding it again in another.
#pragma qd kernel block_dim(64) block_dim(128) // expected-error {{duplicate clause 'block_dim' on '#pragma qd kernel'; remove one of them}}
void smooth(const float* in, float* out, int n)
{
    for (int i = 1; i < n - 1; ++i)
        out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}
