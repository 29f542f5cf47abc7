// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A parallel region of four stream_parallel blocks, one per colour channel of a planar RGBA
// image, each applying a different per-pixel operation.

#include <cmath>

#pragma qd kernel
void grade_channels(float* red, float* green, float* blue, float* alpha, int pixels,
                    float gamma, float threshold)
{
    #pragma qd stream_parallel
    {   // red: gamma correction
        for (int i = 0; i < pixels; ++i)
            red[i] = powf(red[i], gamma);
    }
    #pragma qd stream_parallel
    {   // green: invert
        for (int i = 0; i < pixels; ++i)
            green[i] = 1.0f - green[i];
    }
    #pragma qd stream_parallel
    {   // blue: clamp to [0, 1]
        for (int i = 0; i < pixels; ++i)
            blue[i] = fminf(fmaxf(blue[i], 0.0f), 1.0f);
    }
    #pragma qd stream_parallel
    {   // alpha: binary mask
        for (int i = 0; i < pixels; ++i)
            alpha[i] = alpha[i] >= threshold ? 1.0f : 0.0f;
    }
}
