// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <qd/qd.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

namespace {

static_assert(!std::is_copy_constructible_v<qd::Buffer<float>>);
static_assert(!std::is_copy_assignable_v<qd::Buffer<float>>);
static_assert(std::is_nothrow_move_constructible_v<qd::Buffer<float>>);
static_assert(std::is_nothrow_move_assignable_v<qd::Buffer<float>>);

TEST(BufferTest, RoundTrip) {
  std::vector<float> in(1000);
  std::iota(in.begin(), in.end(), -3.5f);
  qd::Buffer<float> buf(in.size());
  ASSERT_EQ(buf.size(), in.size());
  EXPECT_EQ(buf.size_bytes(), in.size() * sizeof(float));
  ASSERT_NE(buf.data(), nullptr);
  buf.copy_from_host(in.data());
  std::vector<float> out(in.size(), 0.f);
  buf.copy_to_host(out.data());
  qd::synchronize(); // the documented rule, even though cpu copies are sync
  EXPECT_EQ(out, in);
}

TEST(BufferTest, RoundTripOnAStream) {
  qd::Stream s;
  std::vector<std::int64_t> in = {std::numeric_limits<std::int64_t>::min(), -1,
                                  0, 42};
  qd::Buffer<std::int64_t> buf(in.size());
  buf.copy_from_host(in.data(), s);
  std::vector<std::int64_t> out(in.size());
  buf.copy_to_host(out.data(), s);
  s.synchronize();
  EXPECT_EQ(out, in);
}

TEST(BufferTest, DeviceWritesAreVisible) {
  // On the cpu backend device memory is host memory: writing through data()
  // stands in for a kernel.
  qd::Buffer<int> buf(4);
  for (int i = 0; i < 4; ++i)
    buf.data()[i] = i * i;
  int out[4] = {};
  buf.copy_to_host(out);
  EXPECT_EQ(out[3], 9);
  EXPECT_EQ(out[2], 4);
}

TEST(BufferTest, AlignedLikeCudaMalloc) {
  qd::Buffer<char> buf(3);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(buf.data()) % 256, 0u);
}

TEST(BufferTest, EmptyBuffer) {
  qd::Buffer<double> buf(0);
  EXPECT_EQ(buf.size(), 0u);
  EXPECT_TRUE(buf.empty());
  EXPECT_NO_THROW(buf.copy_from_host(nullptr));
  EXPECT_NO_THROW(buf.copy_to_host(nullptr));
  qd::Buffer<double> defaulted;
  EXPECT_EQ(defaulted.data(), nullptr);
}

TEST(BufferTest, MoveTransfersOwnership) {
  qd::Buffer<int> a(10);
  int* p = a.data();
  qd::Buffer<int> b(std::move(a));
  EXPECT_EQ(b.data(), p);
  EXPECT_EQ(b.size(), 10u);
  EXPECT_EQ(a.data(), nullptr); // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(a.size(), 0u);      // NOLINT(bugprone-use-after-move)
  qd::Buffer<int> c(3);
  c = std::move(b);
  EXPECT_EQ(c.data(), p);
  EXPECT_EQ(c.size(), 10u);
  EXPECT_EQ(b.data(), nullptr); // NOLINT(bugprone-use-after-move)
}

TEST(BufferTest, SizeOverflowIsAnError) {
  using Big = std::int64_t;
  EXPECT_THROW(qd::Buffer<Big>(std::numeric_limits<std::size_t>::max() / 2),
               qd::Error);
}

TEST(BufferTest, NullHostPointerIsAnError) {
  qd::Buffer<int> buf(2);
  EXPECT_THROW(buf.copy_from_host(nullptr), qd::Error);
  EXPECT_THROW(buf.copy_to_host(nullptr), qd::Error);
}

} // namespace
