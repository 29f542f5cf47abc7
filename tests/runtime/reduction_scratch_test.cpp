// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// max_grid_size and ReductionScratch on the cpu backend. The cpu backend
// does not cap grids (max_grid_size is kMaxGridDim), so partial arrays, sized
// by that cap, are tested on the fake device (fake_reduction_scratch_test.cpp);
// the cpu target never emits them.
#include <qd/detail/launch_support.h>
#include <qd/qd.h>
#include <qd/testing.h>

#include <gtest/gtest.h>

#include <cstdint>

namespace {

using qd::detail::grid_size;
using qd::detail::max_grid_size;
using qd::detail::ReductionScratch;

TEST(MaxGridSizeTest, IsTheCapOfGridSize) {
  for (unsigned b : {1u, 32u, 96u, 256u, 1000u, 1024u}) {
    EXPECT_EQ(max_grid_size(b), qd::detail::kMaxGridDim) << b;
    EXPECT_EQ(grid_size(~std::uint64_t{0}, b), max_grid_size(b)) << b;
    for (std::uint64_t n : {std::uint64_t{0}, std::uint64_t{1},
                            std::uint64_t{1} << 20, std::uint64_t{1} << 40})
      EXPECT_GE(max_grid_size(b), grid_size(n, b)) << n << " " << b;
  }
}

TEST(MaxGridSizeTest, IsNotALaunchCheck) {
  const unsigned long long before = qd::testing::launch_checks();
  qd::testing::inject_launch_failure(1);
  EXPECT_GE(max_grid_size(256), 1u); // the armed failure is not taken here
  EXPECT_EQ(qd::testing::launch_checks(), before);
  EXPECT_EQ(grid_size(10, 256), 0u); // but here
  qd::testing::inject_launch_failure(0);
}

TEST(MaxGridSizeTest, ZeroBlockDimIsAnError) {
  EXPECT_THROW(max_grid_size(0), qd::Error);
}

TEST(ReductionScratchTest, SlotsAndCountersAreAlignedDistinctAndZeroed) {
  ReductionScratch scratch({}, 3, 2, {});
  EXPECT_EQ(scratch.bytes(), 3 * 16u + 16u); // two counters, padded to 16
  for (unsigned i = 0; i < 3; ++i) {
    double* slot = scratch.slot<double>(i);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(slot) % 16, 0u);
    EXPECT_EQ(*slot, 0.0);
    EXPECT_EQ(*scratch.slot<long long>(i), 0);
    if (i > 0) {
      EXPECT_EQ(reinterpret_cast<char*>(slot) -
                    reinterpret_cast<char*>(scratch.slot<double>(i - 1)),
                16);
    }
  }
  EXPECT_EQ(*scratch.counter(0), 0u);
  EXPECT_EQ(*scratch.counter(1), 0u);
  EXPECT_EQ(scratch.counter(1), scratch.counter(0) + 1);
  EXPECT_GE(reinterpret_cast<char*>(scratch.counter(0)),
            reinterpret_cast<char*>(scratch.slot<char>(2)) + 16);
  *scratch.counter(1) = 7; // the memory is the caller's to use
}

TEST(ReductionScratchTest, NothingToHoldAllocatesNothing) {
  ReductionScratch scratch({}, 0, 0, {});
  EXPECT_EQ(scratch.bytes(), 0u);
}

TEST(ReductionScratchTest, ZeroBlockDimIsAnError) {
  EXPECT_THROW(ReductionScratch({}, 1, 1, {{0, 4}}), qd::Error);
}

} // namespace
