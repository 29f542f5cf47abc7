// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// reduce_partials, the last block's fold of a grid reduction's per-block
// partials, and reduce_partials_apart, the same fold in a combine kernel of
// its own, on the fake device (threads as fibers). Grids of several waves
// (grid_size) give them thousands of partials, which they load in batches
// of different sizes; the result of both must stay the one of the plain
// fold, bit for bit, or a reduction would change its value with the grid.
#include "fake_cuda/cuda_runtime.h"
#include "fake_support.h"

#include <qd/detail/reduce.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace {

using qd::detail::ReduceOp;

constexpr unsigned kBlock = 64;

// The fold before batching: thread t folds t, t + kBlock, ... one load at a
// time, then the block's tree.
template <ReduceOp Op, class T>
__global__ void plain_fold(const T* partials, unsigned n, T* out) {
  __shared__ T shared[kBlock];
  T acc = qd::detail::reduce_identity<Op, T>();
  for (unsigned i = threadIdx.x; i < n; i += kBlock)
    acc = qd::detail::reduce_combine<Op, T>(acc, partials[i]);
  acc = qd::detail::block_reduce<Op, kBlock, T>(acc, shared);
  if (threadIdx.x == 0)
    *out = acc;
}

template <ReduceOp Op, class T>
__global__ void batched_fold(const T* partials, unsigned n, T* out) {
  __shared__ T shared[kBlock];
  const T acc = qd::detail::reduce_partials<Op, kBlock, T>(partials, n, shared);
  if (threadIdx.x == 0)
    *out = acc;
}

template <ReduceOp Op, class T>
__global__ void apart_fold(const T* partials, unsigned n, T* out) {
  __shared__ T shared[kBlock];
  const T acc = qd::detail::reduce_partials_apart<Op, kBlock, T>(partials, n, shared);
  if (threadIdx.x == 0)
    *out = acc;
}

template <ReduceOp Op, class T>
void expect_same_fold(const std::vector<T>& partials) {
  const unsigned n = static_cast<unsigned>(partials.size());
  T plain{}, batched{}, apart{};
  qd_fake_launch(&plain_fold<Op, T>, 1, kBlock, 0, nullptr)(partials.data(), n, &plain);
  qd_fake_launch(&batched_fold<Op, T>, 1, kBlock, 0, nullptr)(partials.data(), n, &batched);
  qd_fake_launch(&apart_fold<Op, T>, 1, kBlock, 0, nullptr)(partials.data(), n, &apart);
  EXPECT_EQ(0, std::memcmp(&plain, &batched, sizeof(T)))
      << n << " partials: " << plain << " vs " << batched;
  EXPECT_EQ(0, std::memcmp(&plain, &apart, sizeof(T)))
      << n << " partials: " << plain << " vs " << apart << " (apart)";
}

// block_reduce's barriers need the fake device's fibers, which the
// ThreadSanitizer build runs without.
class FakeReducePartials : public qd_fake_test::FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    if (!QD_FAKE_FIBERS)
      GTEST_SKIP() << "built without fibers (ThreadSanitizer)";
  }
};

// Counts below, at and around whole batches (kPartialsBatch * kBlock = 512
// partials; kApartPartialsBatch * kBlock = 2048), and the thousands a
// multi-wave grid gives.
const unsigned kCounts[] = {0,    1,    63,   64,   65,   511,  512,  513,  575,
                            1024, 1500, 2047, 2048, 2049, 2111, 4224, 8448};

TEST_F(FakeReducePartials, BatchedFoldEqualsThePlainFoldBitForBit) {
  static_assert(qd::detail::kPartialsBatch == 8, "kCounts straddle 8 * kBlock");
  static_assert(qd::detail::kApartPartialsBatch == 32, "kCounts straddle 32 * kBlock");
  std::mt19937 random(44);
  // Magnitudes over many decades, so that any other summation order
  // rounds differently.
  std::uniform_real_distribution<double> exponent(-20.0, 20.0);
  std::uniform_real_distribution<double> sign(-1.0, 1.0);
  for (unsigned n : kCounts) {
    std::vector<double> d(n);
    std::vector<float> f(n);
    std::vector<int> k(n);
    for (unsigned i = 0; i < n; ++i) {
      d[i] = (sign(random) < 0 ? -1.0 : 1.0) * std::exp2(exponent(random));
      f[i] = static_cast<float>(d[i]);
      k[i] = static_cast<int>(random() % 2000001) - 1000000;
    }
    expect_same_fold<ReduceOp::Sum>(d);
    expect_same_fold<ReduceOp::Sum>(f);
    expect_same_fold<ReduceOp::Max>(d);
    expect_same_fold<ReduceOp::Min>(k);
    expect_same_fold<ReduceOp::Sum>(k);
  }
}

TEST_F(FakeReducePartials, FoldsEveryPartialOnce) {
  // Ones: the sum is the count, whatever the order; a partial skipped or
  // read twice by the batches would show.
  for (unsigned n : kCounts) {
    const std::vector<long long> ones(n, 1);
    long long sum = -1;
    qd_fake_launch(&batched_fold<ReduceOp::Sum, long long>, 1, kBlock, 0, nullptr)(
        ones.data(), n, &sum);
    EXPECT_EQ(sum, static_cast<long long>(n));
    sum = -1;
    qd_fake_launch(&apart_fold<ReduceOp::Sum, long long>, 1, kBlock, 0, nullptr)(
        ones.data(), n, &sum);
    EXPECT_EQ(sum, static_cast<long long>(n)) << "apart";
  }
}

} // namespace
