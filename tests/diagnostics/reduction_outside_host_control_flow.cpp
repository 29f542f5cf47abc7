// 'sum' is declared before the seq loop: in the serial program it keeps
// accumulating from one step to the next.
#include <algorithm>

#pragma qd kernel
void energy(const float* u, float* out, int n, int steps, bool extra)
{
    float sum = 0.0f;
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        #pragma qd loop reduction(+: sum) // expected-error {{reduction variable 'sum' is declared outside the host 'if', 'switch' or 'loop seq' around this loop, so its value would depend on the branches and iterations that ran; declare it, with its initial value, inside}}
        for (int i = 0; i < n; ++i)
            sum += u[i];
    }
    float top = 0.0f;
    if (extra) {
        #pragma qd loop reduction(max: top) // expected-error {{reduction variable 'top' is declared outside the host 'if', 'switch' or 'loop seq'}}
        for (int i = 0; i < n; ++i)
            top = std::max(top, u[i]);
    }
    out[0] = sum + top;
}
