// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <qd/detail/launch_support.h>
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <limits>

namespace {

using qd::detail::grid_size;

TEST(GridSizeTest, BlocksPerSmIsANamedConstant) {
  EXPECT_EQ(qd::detail::kThreadsPerSm, 2048u);
  EXPECT_EQ(qd::detail::kGridWaves, 8u); // docs/performance.md
}

TEST(GridSizeTest, RoundsUp) {
  EXPECT_EQ(grid_size(1, 256), 1u);
  EXPECT_EQ(grid_size(256, 256), 1u);
  EXPECT_EQ(grid_size(257, 256), 2u);
  EXPECT_EQ(grid_size(1000, 128), 8u);
  EXPECT_EQ(grid_size(1000, 1), 1000u);
}

TEST(GridSizeTest, NeverZero) { EXPECT_EQ(grid_size(0, 256), 1u); }

TEST(GridSizeTest, CpuBackendDoesNotCapByMultiprocessors) {
  // On a GPU this would be capped at kGridWaves * kThreadsPerSm / block_dim
  // * SMs (at most some tens of thousands); the cpu backend returns the plain ceiling.
  EXPECT_EQ(grid_size(std::uint64_t{1} << 30, 32), (1u << 30) / 32);
}

TEST(GridSizeTest, SaturatesAtTheGridDimensionLimit) {
  EXPECT_EQ(grid_size(std::numeric_limits<std::uint64_t>::max(), 1),
            qd::detail::kMaxGridDim);
  EXPECT_EQ(grid_size(std::numeric_limits<std::uint64_t>::max(), 1024),
            qd::detail::kMaxGridDim);
}

TEST(GridSizeTest, ZeroBlockDimIsAnError) {
  EXPECT_THROW(grid_size(10, 0), qd::Error);
}

} // namespace
