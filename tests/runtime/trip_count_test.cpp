// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <qd/detail/launch_support.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace {

using qd::detail::trip_count;
constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();

// Usable in constant expressions (generated code may fold constant bounds).
static_assert(trip_count(0, 10, false) == 10);
static_assert(trip_count(0, 10, true) == 11);
static_assert(trip_count(10, 0, false) == 0);

TEST(TripCountTest, EmptyRanges) {
  EXPECT_EQ(trip_count(5, 5, false), 0u);
  EXPECT_EQ(trip_count(6, 5, false), 0u);
  EXPECT_EQ(trip_count(6, 5, true), 0u);
  EXPECT_EQ(trip_count(100, -100, true), 0u);
}

TEST(TripCountTest, InclusiveCountsTheEnd) {
  EXPECT_EQ(trip_count(5, 5, true), 1u);
  EXPECT_EQ(trip_count(1, 10, true), 10u);
  EXPECT_EQ(trip_count(1, 10, false), 9u);
}

TEST(TripCountTest, NegativeBegins) {
  EXPECT_EQ(trip_count(-5, 5, false), 10u);
  EXPECT_EQ(trip_count(-5, 5, true), 11u);
  EXPECT_EQ(trip_count(-20, -10, false), 10u);
  EXPECT_EQ(trip_count(-10, -20, false), 0u);
}

TEST(TripCountTest, UnsignedNeverWrapsAround) {
  EXPECT_EQ(trip_count(0u, 10u, false), 10u);
  EXPECT_EQ(trip_count(10u, 0u, false), 0u);
  EXPECT_EQ(trip_count(std::size_t{3}, std::size_t{2}, true), 0u);
  EXPECT_EQ(trip_count(0u, std::numeric_limits<unsigned>::max(), true),
            std::uint64_t{1} << 32);
}

TEST(TripCountTest, Int32Extremes) {
  constexpr int kMin = std::numeric_limits<int>::min();
  constexpr int kMax = std::numeric_limits<int>::max();
  EXPECT_EQ(trip_count(kMin, kMax, false), (std::uint64_t{1} << 32) - 1);
  EXPECT_EQ(trip_count(kMin, kMax, true), std::uint64_t{1} << 32);
  EXPECT_EQ(trip_count(kMax, kMax, true), 1u);
}

TEST(TripCountTest, Int64Extremes) {
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(trip_count(kMin, kMax, false), kMax64);
  EXPECT_EQ(trip_count(kMin, std::int64_t{0}, false), std::uint64_t{1} << 63);
  EXPECT_EQ(trip_count(std::int64_t{-1}, kMax, false), std::uint64_t{1} << 63);
  EXPECT_EQ(trip_count(kMax - 1, kMax, true), 2u);
  EXPECT_EQ(trip_count(kMin, kMin, true), 1u);
  // 2^64 iterations cannot be represented; saturates.
  EXPECT_EQ(trip_count(kMin, kMax, true), kMax64);
}

TEST(TripCountTest, Uint64Extremes) {
  EXPECT_EQ(trip_count(std::uint64_t{0}, kMax64, false), kMax64);
  EXPECT_EQ(trip_count(std::uint64_t{0}, kMax64, true), kMax64); // saturated
  EXPECT_EQ(trip_count(std::uint64_t{1}, kMax64, true), kMax64);
  EXPECT_EQ(trip_count(kMax64, kMax64, true), 1u);
  EXPECT_EQ(trip_count(kMax64, std::uint64_t{0}, true), 0u);
}

TEST(TripCountTest, NarrowTypes) {
  EXPECT_EQ(trip_count<std::int8_t>(-128, 127, true), 256u);
  EXPECT_EQ(trip_count<std::int8_t>(-128, 127, false), 255u);
  EXPECT_EQ(trip_count<std::uint8_t>(0, 255, true), 256u);
  EXPECT_EQ(trip_count<short>(-32768, 32767, true), 65536u);
  EXPECT_EQ(trip_count<unsigned short>(65535, 0, true), 0u);
  EXPECT_EQ(trip_count<char>('a', 'z', true), 26u);
  EXPECT_EQ(trip_count<long>(-3, 3, false), 6u);
  EXPECT_EQ(trip_count<unsigned long long>(7, 9, false), 2u);
}

} // namespace
