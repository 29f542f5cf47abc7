// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The reduction operators and identities of qd/detail/reduce.h, on the host
// (they are QD_HOST_DEVICE): every operator's identity is neutral, and each
// combine means what the serial `var = var op e` (or std::min/std::max)
// means.
#include <qd/detail/reduce.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace {

using qd::detail::reduce_combine;
using qd::detail::reduce_identity;
using qd::detail::ReduceOp;

// Checked at compile time too: the device side needs them as constants.
static_assert(reduce_identity<ReduceOp::Sum, int>() == 0);
static_assert(reduce_identity<ReduceOp::Min, int>() ==
              std::numeric_limits<int>::max());
static_assert(reduce_identity<ReduceOp::Max, int>() ==
              std::numeric_limits<int>::lowest());
static_assert(reduce_identity<ReduceOp::Min, unsigned char>() == 255);
static_assert(reduce_identity<ReduceOp::Max, signed char>() == -128);
static_assert(reduce_identity<ReduceOp::Min, long long>() ==
              std::numeric_limits<long long>::max());
static_assert(reduce_identity<ReduceOp::Max, unsigned long>() == 0);
static_assert(reduce_identity<ReduceOp::BitAnd, unsigned short>() == 0xffff);
static_assert(reduce_identity<ReduceOp::BitAnd, long>() == -1L);
static_assert(reduce_identity<ReduceOp::Min, double>() ==
              std::numeric_limits<double>::infinity());
static_assert(reduce_identity<ReduceOp::Max, float>() ==
              -std::numeric_limits<float>::infinity());
static_assert(reduce_combine<ReduceOp::Product>(3, 4) == 12);
static_assert(qd::detail::reduce_floor_pow2(1) == 1);
static_assert(qd::detail::reduce_floor_pow2(96) == 64);
static_assert(qd::detail::reduce_floor_pow2(1024) == 1024);

template <class T> std::vector<T> samples() {
  if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else if constexpr (std::is_floating_point_v<T>) {
    const T inf = std::numeric_limits<T>::infinity();
    return {T(0), T(-0.0), T(1), T(-1), T(2.5), T(-1e30),
            std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest(),
            inf, -inf};
  } else {
    std::vector<T> v = {T(0), T(1), T(2), T(7), T(0x5a),
                        std::numeric_limits<T>::max(),
                        std::numeric_limits<T>::lowest()};
    if constexpr (std::is_signed_v<T>)
      v.insert(v.end(), {T(-1), T(-7)});
    return v;
  }
}

// combine(identity, x) == x == combine(x, identity) for every sample x.
template <ReduceOp Op, class T> void expect_neutral() {
  const T e = reduce_identity<Op, T>();
  for (const T x : samples<T>()) {
    if constexpr ((Op == ReduceOp::LogicalAnd || Op == ReduceOp::LogicalOr) &&
                  !std::is_same_v<T, bool>) {
      // Logical operators yield 0 or 1: neutral for truth, not for value.
      EXPECT_EQ((reduce_combine<Op, T>(e, x)), T(x != T(0))) << +x;
      EXPECT_EQ((reduce_combine<Op, T>(x, e)), T(x != T(0))) << +x;
    } else {
      EXPECT_EQ((reduce_combine<Op, T>(e, x)), x) << +x;
      EXPECT_EQ((reduce_combine<Op, T>(x, e)), x) << +x;
    }
  }
}

template <class T> void expect_arithmetic_identities_neutral() {
  expect_neutral<ReduceOp::Sum, T>();
  expect_neutral<ReduceOp::Product, T>();
  expect_neutral<ReduceOp::Min, T>();
  expect_neutral<ReduceOp::Max, T>();
  expect_neutral<ReduceOp::LogicalAnd, T>();
  expect_neutral<ReduceOp::LogicalOr, T>();
}

template <class T> void expect_bit_identities_neutral() {
  expect_neutral<ReduceOp::BitAnd, T>();
  expect_neutral<ReduceOp::BitOr, T>();
  expect_neutral<ReduceOp::BitXor, T>();
}

template <class T> void expect_integer_identities_neutral() {
  expect_arithmetic_identities_neutral<T>();
  expect_bit_identities_neutral<T>();
}

TEST(ReduceOpTest, IdentitiesAreNeutral) {
  expect_arithmetic_identities_neutral<float>();
  expect_arithmetic_identities_neutral<double>();
  expect_arithmetic_identities_neutral<bool>();
  expect_bit_identities_neutral<bool>();
  expect_integer_identities_neutral<char>();
  expect_integer_identities_neutral<signed char>();
  expect_integer_identities_neutral<unsigned char>();
  expect_integer_identities_neutral<short>();
  expect_integer_identities_neutral<unsigned short>();
  expect_integer_identities_neutral<int>();
  expect_integer_identities_neutral<unsigned>();
  expect_integer_identities_neutral<long>();
  expect_integer_identities_neutral<unsigned long>();
  expect_integer_identities_neutral<long long>();
  expect_integer_identities_neutral<unsigned long long>();
}

TEST(ReduceOpTest, IntegerSumAndProduct) {
  EXPECT_EQ((reduce_identity<ReduceOp::Sum, int>()), 0);
  EXPECT_EQ((reduce_identity<ReduceOp::Product, int>()), 1);
  EXPECT_EQ(reduce_combine<ReduceOp::Sum>(40, 2), 42);
  EXPECT_EQ(reduce_combine<ReduceOp::Sum>(-5, 3), -2);
  EXPECT_EQ(reduce_combine<ReduceOp::Product>(-6, 7), -42);
  EXPECT_EQ(reduce_combine<ReduceOp::Sum>(4000000000u, 500000000u),
            4000000000u + 500000000u); // wraps, as `u += e` does
  // Narrow types convert back, as `c += e` does.
  EXPECT_EQ(reduce_combine<ReduceOp::Sum>(static_cast<unsigned char>(200),
                                          static_cast<unsigned char>(100)),
            static_cast<unsigned char>(44));
  // 65535 * 65535 would overflow int, the type unsigned short promotes to.
  EXPECT_EQ(reduce_combine<ReduceOp::Product>(
                static_cast<unsigned short>(65535),
                static_cast<unsigned short>(65535)),
            static_cast<unsigned short>(1));
}

TEST(ReduceOpTest, MinAndMaxAreStdMinAndStdMax) {
  for (int a : {-3, 0, 5})
    for (int b : {-4, 0, 5, 9}) {
      EXPECT_EQ(reduce_combine<ReduceOp::Min>(a, b), std::min(a, b));
      EXPECT_EQ(reduce_combine<ReduceOp::Max>(a, b), std::max(a, b));
    }
  EXPECT_EQ(reduce_combine<ReduceOp::Min>(7u, 4294967295u), 7u);
  EXPECT_EQ(reduce_combine<ReduceOp::Max>(7u, 4294967295u), 4294967295u);
  // Ties keep the left operand, as std::min/std::max do: visible for zeros.
  EXPECT_TRUE(std::signbit(reduce_combine<ReduceOp::Min>(-0.0, 0.0)));
  EXPECT_FALSE(std::signbit(reduce_combine<ReduceOp::Min>(0.0, -0.0)));
  EXPECT_TRUE(std::signbit(reduce_combine<ReduceOp::Max>(-0.0, 0.0)));
  // A NaN on the right is dropped, as std::min(var, NaN) drops it.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(reduce_combine<ReduceOp::Min>(1.0, nan), 1.0);
  EXPECT_EQ(reduce_combine<ReduceOp::Max>(1.0, nan), 1.0);
}

// A body that combines with fmax/fmin gets FMax/FMin: the combine of the
// partial results must be fmax/fmin too, so that a NaN initial value gives
// way to the loop's values, as in the serial loop.
TEST(ReduceOpTest, FMaxAndFMinAreFmaxAndFmin) {
  const double nan = std::nan("");
  const double values[] = {-2.5, -0.0, 0.0, 1.0, 3.25, nan};
  for (double a : values)
    for (double b : values) {
      const double max = reduce_combine<ReduceOp::FMax>(a, b);
      const double min = reduce_combine<ReduceOp::FMin>(a, b);
      if (std::isnan(a) && std::isnan(b)) {
        EXPECT_TRUE(std::isnan(max) && std::isnan(min));
        continue;
      }
      // fmax(-0.0, 0.0) may be either zero; compare values, not bits.
      EXPECT_EQ(max, std::fmax(a, b)) << a << " " << b;
      EXPECT_EQ(min, std::fmin(a, b)) << a << " " << b;
    }
  EXPECT_EQ(reduce_combine<ReduceOp::FMax>(nan, 1.0), 1.0);
  EXPECT_EQ(reduce_combine<ReduceOp::FMin>(static_cast<float>(nan), -1.0f), -1.0f);
  EXPECT_EQ((reduce_identity<ReduceOp::FMax, float>()),
            (reduce_identity<ReduceOp::Max, float>()));
  EXPECT_EQ((reduce_identity<ReduceOp::FMin, double>()),
            (reduce_identity<ReduceOp::Min, double>()));
  // On integers (a template kernel's T), they are max and min.
  EXPECT_EQ(reduce_combine<ReduceOp::FMax>(3, 7), 7);
  EXPECT_EQ(reduce_combine<ReduceOp::FMin>(3, 7), 3);
}

TEST(ReduceOpTest, InfinityIsTheFloatingMinMaxIdentity) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ((reduce_identity<ReduceOp::Min, float>()), inf);
  EXPECT_EQ((reduce_identity<ReduceOp::Max, float>()), -inf);
  EXPECT_EQ((reduce_identity<ReduceOp::Min, double>()),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ((reduce_identity<ReduceOp::Max, double>()),
            -std::numeric_limits<double>::infinity());
  // The largest finite value is not enough: an infinite input must win.
  EXPECT_EQ(reduce_combine<ReduceOp::Min>(reduce_identity<ReduceOp::Min, float>(),
                                          inf),
            inf);
  EXPECT_EQ(reduce_combine<ReduceOp::Max>(-inf, -1e38f), -1e38f);
}

TEST(ReduceOpTest, IntegerMinMaxIdentitiesAreTheLimits) {
  EXPECT_EQ((reduce_identity<ReduceOp::Min, unsigned>()),
            std::numeric_limits<unsigned>::max());
  EXPECT_EQ((reduce_identity<ReduceOp::Max, unsigned>()), 0u);
  EXPECT_EQ((reduce_identity<ReduceOp::Min, char>()),
            std::numeric_limits<char>::max());
  EXPECT_EQ((reduce_identity<ReduceOp::Max, char>()),
            std::numeric_limits<char>::lowest());
  EXPECT_EQ((reduce_identity<ReduceOp::Max, short>()),
            std::numeric_limits<short>::lowest());
  EXPECT_EQ((reduce_identity<ReduceOp::Min, unsigned long long>()),
            std::numeric_limits<unsigned long long>::max());
  EXPECT_EQ((reduce_identity<ReduceOp::Max, long>()),
            std::numeric_limits<long>::lowest());
}

TEST(ReduceOpTest, BitwiseOperators) {
  EXPECT_EQ((reduce_identity<ReduceOp::BitAnd, unsigned>()), ~0u);
  EXPECT_EQ((reduce_identity<ReduceOp::BitAnd, int>()), -1);
  EXPECT_EQ((reduce_identity<ReduceOp::BitOr, int>()), 0);
  EXPECT_EQ((reduce_identity<ReduceOp::BitXor, int>()), 0);
  EXPECT_EQ(reduce_combine<ReduceOp::BitAnd>(0b1100u, 0b1010u), 0b1000u);
  EXPECT_EQ(reduce_combine<ReduceOp::BitOr>(0b1100u, 0b1010u), 0b1110u);
  EXPECT_EQ(reduce_combine<ReduceOp::BitXor>(0b1100u, 0b1010u), 0b0110u);
  EXPECT_EQ(reduce_combine<ReduceOp::BitAnd>(-1, 6), 6);
  EXPECT_EQ(reduce_combine<ReduceOp::BitXor>(static_cast<signed char>(-1),
                                             static_cast<signed char>(1)),
            static_cast<signed char>(-2));
}

TEST(ReduceOpTest, BoolOperators) {
  EXPECT_TRUE((reduce_identity<ReduceOp::BitAnd, bool>()));
  EXPECT_TRUE((reduce_identity<ReduceOp::Min, bool>()));
  EXPECT_FALSE((reduce_identity<ReduceOp::Max, bool>()));
  EXPECT_TRUE((reduce_identity<ReduceOp::LogicalAnd, bool>()));
  EXPECT_FALSE((reduce_identity<ReduceOp::LogicalOr, bool>()));
  for (bool a : {false, true})
    for (bool b : {false, true}) {
      // What `v = v op e` leaves in a bool (the product through a variable,
      // since a product in a boolean context draws a warning).
      EXPECT_EQ(reduce_combine<ReduceOp::Sum>(a, b), static_cast<bool>(a + b));
      const int product = a * b;
      EXPECT_EQ(reduce_combine<ReduceOp::Product>(a, b),
                static_cast<bool>(product));
      EXPECT_EQ(reduce_combine<ReduceOp::BitAnd>(a, b), static_cast<bool>(a & b));
      EXPECT_EQ(reduce_combine<ReduceOp::BitOr>(a, b), static_cast<bool>(a | b));
      EXPECT_EQ(reduce_combine<ReduceOp::BitXor>(a, b), static_cast<bool>(a ^ b));
      EXPECT_EQ(reduce_combine<ReduceOp::LogicalAnd>(a, b), a && b);
      EXPECT_EQ(reduce_combine<ReduceOp::LogicalOr>(a, b), a || b);
      EXPECT_EQ(reduce_combine<ReduceOp::Min>(a, b), std::min(a, b));
      EXPECT_EQ(reduce_combine<ReduceOp::Max>(a, b), std::max(a, b));
    }
}

TEST(ReduceOpTest, LogicalOperatorsOnArithmeticTypesGiveZeroOrOne) {
  EXPECT_EQ(reduce_combine<ReduceOp::LogicalAnd>(2.5f, -3.f), 1.f);
  EXPECT_EQ(reduce_combine<ReduceOp::LogicalAnd>(2.5f, 0.f), 0.f);
  EXPECT_EQ(reduce_combine<ReduceOp::LogicalOr>(0.f, -0.5f), 1.f);
  EXPECT_EQ(reduce_combine<ReduceOp::LogicalOr>(0.0, -0.0), 0.0);
  EXPECT_EQ(reduce_combine<ReduceOp::LogicalAnd>(7, -7), 1);
  EXPECT_EQ(reduce_combine<ReduceOp::LogicalOr>(0u, 0u), 0u);
  EXPECT_EQ((reduce_identity<ReduceOp::LogicalAnd, float>()), 1.f);
  EXPECT_EQ((reduce_identity<ReduceOp::LogicalOr, double>()), 0.0);
}

TEST(ReduceOpTest, FloatingSumAndProduct) {
  EXPECT_EQ(reduce_combine<ReduceOp::Sum>(0.1f, 0.2f), 0.1f + 0.2f);
  EXPECT_EQ(reduce_combine<ReduceOp::Sum>(0.1, 0.2), 0.1 + 0.2);
  EXPECT_EQ(reduce_combine<ReduceOp::Product>(1.5, -4.0), -6.0);
  EXPECT_EQ(reduce_combine<ReduceOp::Product>(1e30f, 1e30f),
            std::numeric_limits<float>::infinity());
}

} // namespace
