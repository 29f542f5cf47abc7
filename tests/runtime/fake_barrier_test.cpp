// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The fake CUDA shim runs a block's threads as fibers, so kernels that share
// data through __shared__ memory and __syncthreads (the tiled products of
// issue 25) run on the fake device as on a GPU, and a barrier that some
// threads skip is caught instead of passing unnoticed.
#include <cuda_runtime.h>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace {

// Each block reverses its slice of `data` through shared memory: a thread
// reads what another wrote, which needs the barrier between them.
__global__ void reverse_blocks(int* data, int n) {
  __shared__ int slice[64];
  const unsigned base = blockIdx.x * blockDim.x;
  const unsigned t = threadIdx.x;
  if (base + t < static_cast<unsigned>(n))
    slice[t] = data[base + t];
  __syncthreads();
  const unsigned from = blockDim.x - 1 - t;
  if (base + t < static_cast<unsigned>(n) && base + from < static_cast<unsigned>(n))
    data[base + t] = slice[from];
  __syncthreads();
}

// Only the lower half of the block reaches the barrier.
__global__ void divergent_barrier(int* data) {
  if (threadIdx.x < blockDim.x / 2)
    __syncthreads();
  data[threadIdx.x] = 1;
}

TEST(FakeBarrier, SharedMemoryIsSharedAcrossTheBarrier) {
  if (!QD_FAKE_FIBERS)
    GTEST_SKIP() << "built without fibers (ThreadSanitizer)";
  std::vector<int> data(128);
  std::iota(data.begin(), data.end(), 0);
  qd_fake_launch(&reverse_blocks, 2, 64, 0, nullptr)(data.data(), 128);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  for (int i = 0; i < 128; ++i)
    EXPECT_EQ(data[i], (i / 64) * 64 + 63 - i % 64) << i;
}

TEST(FakeBarrierDeathTest, ABarrierSomeThreadsSkipAborts) {
  if (!QD_FAKE_FIBERS)
    GTEST_SKIP() << "built without fibers (ThreadSanitizer)";
  std::vector<int> data(8);
  EXPECT_DEATH(qd_fake_launch(&divergent_barrier, 1, 8, 0, nullptr)(data.data()),
               "a thread ended while others of its block wait in __syncthreads");
}

} // namespace

namespace {

// Each lane adds its neighbour's value, passed by a warp shuffle.
__global__ void shuffle_sums(int* data) {
  const unsigned t = threadIdx.x;
  const int mine = data[t];
  const int next = __shfl_down_sync(0xffffffffu, mine, 1);
  data[t] = mine + next;
}

// Only lane 0 reaches the warp barrier that names all 32 lanes.
__global__ void lone_syncwarp(int* data) {
  if (threadIdx.x == 0)
    __syncwarp();
  data[threadIdx.x] = 1;
}

TEST(FakeBarrier, WarpShufflesReadTheOtherLanes) {
  if (!QD_FAKE_FIBERS)
    GTEST_SKIP() << "built without fibers (ThreadSanitizer)";
  std::vector<int> data(64);
  std::iota(data.begin(), data.end(), 0);
  qd_fake_launch(&shuffle_sums, 1, 64, 0, nullptr)(data.data());
  for (int t = 0; t < 64; ++t) // the last lane of each warp keeps its own
    EXPECT_EQ(data[t], t % 32 == 31 ? 2 * t : 2 * t + 1) << t;
}

TEST(FakeBarrierDeathTest, AWarpBarrierALaneNeverReachesAborts) {
  if (!QD_FAKE_FIBERS)
    GTEST_SKIP() << "built without fibers (ThreadSanitizer)";
  std::vector<int> data(32);
  EXPECT_DEATH(qd_fake_launch(&lone_syncwarp, 1, 32, 0, nullptr)(data.data()),
               "a warp barrier's mask names a lane that has ended");
}

} // namespace
