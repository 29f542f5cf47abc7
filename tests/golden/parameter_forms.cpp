// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Forms the translator once accepted and then wrote code that did not
// compile, or rejected although the serial program is fine (issue 27):
// '__restrict__' pointer parameters in graph mode, a loop variable typed
// 'decltype(parameter)', and loop bounds read from an array member of a
// 'const&' struct parameter, which the host has.

struct Window {
    int lim[2];
    float scale;
};

#pragma qd kernel graph
void scaled_copy(float* __restrict__ out, const float* __restrict__ in, const Window& w, int n)
{
    for (decltype(n) i = w.lim[0]; i < w.lim[1]; ++i)
        out[i] = w.scale * in[i];
    const int tail = w.lim[1];
    for (int i = tail; i < n; ++i)
        out[i] = in[i];
}
