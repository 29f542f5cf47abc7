// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where a thread of a generated __global__ function is in its launch.
// Included by qd/detail/cuda.h and qd/detail/hip.h.
//
// Generated device code reads the CUDA/HIP built-in variables only through
// these functions. They are declared here, outside every scope of the user's
// code, so a kernel parameter, host scalar or reduction variable named
// 'gridDim', 'blockDim', 'threadIdx', 'blockIdx' or 'warpSize' is ordinary
// C++ in the user's code and cannot capture the launch's own numbers (it
// once gave a wrong grid stride and half the elements unwritten; issue 27).
#ifndef QD_DETAIL_THREAD_INDEX_H
#define QD_DETAIL_THREAD_INDEX_H

#include <cstdint>

namespace qd {
namespace detail {

// This thread's index in the whole grid.
__device__ inline std::uint64_t grid_thread() {
  return std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
}
// Threads in the grid: the step of a grid-stride loop.
__device__ inline std::uint64_t grid_threads() {
  return std::uint64_t(blockDim.x) * gridDim.x;
}
__device__ inline unsigned block_index() { return blockIdx.x; }
__device__ inline unsigned grid_blocks() { return gridDim.x; }
__device__ inline unsigned thread_in_block() { return threadIdx.x; }

} // namespace detail
} // namespace qd

#endif // QD_DETAIL_THREAD_INDEX_H
