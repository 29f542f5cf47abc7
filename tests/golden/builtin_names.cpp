// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// User names that CUDA and HIP also use for their built-in variables:
// a struct parameter named 'gridDim' (a simulation grid), a host scalar
// named 'blockDim', a reduction variable named 'threadIdx', a body local
// named 'warpSize'. They are ordinary C++ in the user's code; the generated
// grid-stride loops and reductions must still use the launch's own numbers.

struct Grid {
    int x; // cells along each axis, as a grid type names them
    int y;
};

#pragma qd kernel
void fill_grid(float* field, float* total, Grid gridDim, int blockIdx)
{
    const int blockDim = gridDim.x * gridDim.y;
    for (int i = 0; i < blockDim; ++i) {
        const int warpSize = i % gridDim.x;
        field[i] = static_cast<float>(warpSize + blockIdx);
    }
    float threadIdx = 0.0f;
    #pragma qd loop reduction(+: threadIdx)
    for (int i = 0; i < blockDim; ++i)
        threadIdx += field[i];
    total[0] = threadIdx;
}
