// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <qd/atomic.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <thread>
#include <vector>

namespace {

template <class T> class AtomicTest : public ::testing::Test {};
using AtomicTypes =
    ::testing::Types<int, unsigned, long, unsigned long, long long,
                     unsigned long long, float, double>;
TYPED_TEST_SUITE(AtomicTest, AtomicTypes, ); // the empty name generator keeps clang from warning (C++20 extension)

TYPED_TEST(AtomicTest, AddReturnsOldValue) {
  TypeParam x = TypeParam(5);
  EXPECT_EQ(qd::atomic_add(&x, TypeParam(3)), TypeParam(5));
  EXPECT_EQ(x, TypeParam(8));
}

TYPED_TEST(AtomicTest, MinStoresOnlySmaller) {
  TypeParam x = TypeParam(10);
  EXPECT_EQ(qd::atomic_min(&x, TypeParam(20)), TypeParam(10));
  EXPECT_EQ(x, TypeParam(10));
  EXPECT_EQ(qd::atomic_min(&x, TypeParam(4)), TypeParam(10));
  EXPECT_EQ(x, TypeParam(4));
}

TYPED_TEST(AtomicTest, MaxStoresOnlyLarger) {
  TypeParam x = TypeParam(10);
  EXPECT_EQ(qd::atomic_max(&x, TypeParam(2)), TypeParam(10));
  EXPECT_EQ(x, TypeParam(10));
  EXPECT_EQ(qd::atomic_max(&x, TypeParam(40)), TypeParam(10));
  EXPECT_EQ(x, TypeParam(40));
}

TEST(AtomicSignedTest, NegativeValues) {
  int i = -5;
  EXPECT_EQ(qd::atomic_min(&i, -7), -5);
  EXPECT_EQ(i, -7);
  long long ll = std::numeric_limits<long long>::min() + 1;
  EXPECT_EQ(qd::atomic_add(&ll, -1LL), std::numeric_limits<long long>::min() + 1);
  EXPECT_EQ(ll, std::numeric_limits<long long>::min());
  EXPECT_EQ(qd::atomic_max(&ll, -1LL), std::numeric_limits<long long>::min());
  EXPECT_EQ(ll, -1LL);
}

TEST(AtomicUnsignedTest, AddWrapsLikeCuda) {
  unsigned u = std::numeric_limits<unsigned>::max();
  EXPECT_EQ(qd::atomic_add(&u, 2u), std::numeric_limits<unsigned>::max());
  EXPECT_EQ(u, 1u);
}

TEST(AtomicOverloadTest, FixedWidthAndConvertedOperands) {
  std::int64_t i64 = 1;
  std::size_t sz = 1;
  std::uint32_t u32 = 1;
  float f = 1.f;
  EXPECT_EQ(qd::atomic_add(&i64, std::int64_t{2}), 1);
  EXPECT_EQ(qd::atomic_add(&sz, std::size_t{2}), 1u);
  EXPECT_EQ(qd::atomic_add(&u32, 2u), 1u);
  EXPECT_EQ(qd::atomic_add(&f, 2), 1.f); // int operand converts, like CUDA
  EXPECT_EQ(i64, 3);
  EXPECT_EQ(sz, 3u);
  EXPECT_EQ(u32, 3u);
  EXPECT_EQ(f, 3.f);
}

TEST(AtomicFloatTest, NanIsNeverStoredAndNeverReplaced) {
  float x = 1.f;
  qd::atomic_min(&x, std::nanf(""));
  qd::atomic_max(&x, std::nanf(""));
  EXPECT_EQ(x, 1.f);
  double y = std::nan("");
  EXPECT_TRUE(std::isnan(qd::atomic_min(&y, 0.0)));
  EXPECT_TRUE(std::isnan(y));
  // add still terminates with a NaN in memory (bitwise compare-and-swap).
  EXPECT_TRUE(std::isnan(qd::atomic_add(&y, 1.0)));
}

TEST(AtomicFloatTest, SignedZerosCompareEqual) {
  float x = 0.f;
  qd::atomic_min(&x, -0.f);
  EXPECT_FALSE(std::signbit(x));
}

constexpr int kThreads = 8;
constexpr int kIterations = 100000;

template <class Body> void hammer(Body body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &body] {
      for (int i = 0; i < kIterations; ++i)
        body(t, i);
    });
  for (auto& th : threads)
    th.join();
}

TEST(AtomicThreadsTest, ConcurrentAddsAreNotLost) {
  int counter = 0;
  long long wide = 0;
  double sum = 0.0; // whole numbers below 2^53 add exactly
  float fsum = 0.f; // likewise below 2^24
  hammer([&](int, int) {
    qd::atomic_add(&counter, 1);
    qd::atomic_add(&wide, 3LL);
    qd::atomic_add(&sum, 1.0);
    qd::atomic_add(&fsum, 1.f);
  });
  EXPECT_EQ(counter, kThreads * kIterations);
  EXPECT_EQ(wide, 3LL * kThreads * kIterations);
  EXPECT_EQ(sum, double(kThreads) * kIterations);
  EXPECT_EQ(fsum, float(kThreads * kIterations));
}

TEST(AtomicThreadsTest, ConcurrentMinMaxFindTheExtremes) {
  int imax = std::numeric_limits<int>::min();
  unsigned long long umin = std::numeric_limits<unsigned long long>::max();
  double dmax = -1e300;
  float fmin = 1e30f;
  hammer([&](int t, int i) {
    const int v = t * kIterations + i; // distinct per call
    qd::atomic_max(&imax, v);
    qd::atomic_min(&umin, static_cast<unsigned long long>(v) + 17);
    qd::atomic_max(&dmax, double(v) * 0.5);
    qd::atomic_min(&fmin, float(v) - 3.f);
  });
  const int top = kThreads * kIterations - 1;
  EXPECT_EQ(imax, top);
  EXPECT_EQ(umin, 17ull);
  EXPECT_EQ(dmax, double(top) * 0.5);
  EXPECT_EQ(fmin, -3.f);
}

} // namespace
