// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// ReductionScratch and max_grid_size on the fake device, whose grids are
// capped (fake::kMultiprocessors multiprocessors) as a GPU's are: the layout
// of one call's scratch, that it is taken from and given back to the
// stream-ordered pool on the launch stream (also when the call throws), and
// that failures of the pool leave nothing behind.
#include "fake_support.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

using qd::detail::grid_size;
using qd::detail::max_grid_size;
using qd::detail::PartialsShape;
using qd::detail::ReductionScratch;
using qd_fake_test::FakeTest;

constexpr unsigned kPerSm = qd::detail::kThreadsPerSm;
constexpr unsigned kSms = qd::fake::kMultiprocessors;

class FakeReductionScratch : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    for (int d = 0; d < qd::device_count(); ++d)
      before_.push_back(qd::fake::counts(d));
  }

  void TearDown() override {
    qd::fake::fail_pool_allocation(0);
    qd::fake::fail_memset(0);
    // Every test gives back all it took, on every device.
    for (int d = 0; d < qd::device_count(); ++d) {
      const qd::fake::Counts now = qd::fake::counts(d);
      EXPECT_EQ(now.pool_bytes_in_use, before_[d].pool_bytes_in_use)
          << "device " << d;
      EXPECT_EQ(now.pool_allocations - before_[d].pool_allocations,
                now.pool_frees - before_[d].pool_frees)
          << "device " << d;
    }
    FakeTest::TearDown();
  }

  qd::fake::Counts before(int device = 0) const { return before_[device]; }

private:
  std::vector<qd::fake::Counts> before_;
};

bool aligned16(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

TEST_F(FakeReductionScratch, MaxGridSizeIsTheCapOfGridSize) {
  for (unsigned b : {1u, 3u, 32u, 96u, 100u, 256u, 1000u, 1024u}) {
    const unsigned cap = max_grid_size(b);
    EXPECT_EQ(cap, std::max(1u, kPerSm / b) * kSms * qd::detail::kGridWaves) << b;
    EXPECT_EQ(grid_size(~std::uint64_t{0}, b), cap) << b;
    for (std::uint64_t n = 0; n < 100000; n = n * 3 + 1)
      EXPECT_GE(cap, grid_size(n, b)) << n << " " << b;
  }
}

TEST_F(FakeReductionScratch, LayoutIsAlignedDistinctAndLargeEnough) {
  qd::Stream stream;
  const std::vector<PartialsShape> shapes = {
      {256, sizeof(float)}, {96, sizeof(double)}, {1, sizeof(bool)},
      {1024, sizeof(long long)}, {3, 16}};
  ReductionScratch scratch(stream, 3, 2,
                           {shapes[0], shapes[1], shapes[2], shapes[3],
                            shapes[4]});
  // [begin, end) of every piece, which must not overlap.
  std::vector<std::pair<const char*, const char*>> pieces;
  for (unsigned i = 0; i < 3; ++i) {
    const char* slot = scratch.slot<char>(i);
    EXPECT_TRUE(aligned16(slot));
    pieces.push_back({slot, slot + ReductionScratch::kSlotBytes});
  }
  for (unsigned i = 0; i < 2; ++i) {
    const char* counter = reinterpret_cast<const char*>(scratch.counter(i));
    pieces.push_back({counter, counter + sizeof(unsigned)});
  }
  for (unsigned i = 0; i < shapes.size(); ++i) {
    const char* array = scratch.partials<char>(i);
    EXPECT_TRUE(aligned16(array)) << i;
    pieces.push_back(
        {array, array + max_grid_size(shapes[i].block_dim) *
                            shapes[i].element_size});
  }
  std::sort(pieces.begin(), pieces.end());
  const char* base = scratch.slot<char>(0);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    EXPECT_LT(pieces[i].first, pieces[i].second) << i;
    EXPECT_LE(pieces[i].second, base + scratch.bytes()) << i;
    if (i > 0) {
      EXPECT_LE(pieces[i - 1].second, pieces[i].first) << i;
    }
  }
  // Typed views land on the same bytes.
  EXPECT_EQ(static_cast<void*>(scratch.partials<double>(1)),
            static_cast<void*>(scratch.partials<char>(1)));
  EXPECT_EQ(static_cast<void*>(scratch.slot<double>(2)),
            static_cast<void*>(scratch.slot<char>(2)));
}

TEST_F(FakeReductionScratch, StartsZeroedWithOneMemset) {
  qd::Stream stream;
  for (int round = 0; round < 3; ++round) {
    const unsigned long long memsets = qd::fake::counts(0).memsets;
    ReductionScratch scratch(stream, 2, 1, {{128, 8}, {7, 4}});
    EXPECT_EQ(qd::fake::counts(0).memsets, memsets + 1);
    const char* bytes = scratch.slot<char>(0);
    EXPECT_TRUE(std::all_of(bytes, bytes + scratch.bytes(),
                            [](char c) { return c == 0; }));
    // Dirty it: the next round's scratch may be the same memory.
    std::memset(scratch.slot<char>(0), 0xab, scratch.bytes());
  }
}

TEST_F(FakeReductionScratch, TakenAndGivenBackOnTheLaunchStream) {
  qd::Stream stream;
  const void* memory = nullptr;
  std::size_t bytes = 0;
  {
    ReductionScratch scratch(stream, 1, 1, {{256, 4}});
    memory = scratch.slot<char>(0);
    bytes = scratch.bytes();
    const qd::fake::PoolOperation taken = qd::fake::last_pool_allocation();
    EXPECT_EQ(taken.pointer, memory);
    EXPECT_EQ(taken.bytes, bytes);
    EXPECT_EQ(taken.stream, stream.ref().native());
    EXPECT_EQ(taken.device, 0);
    EXPECT_EQ(qd::fake::counts(0).pool_allocations,
              before().pool_allocations + 1);
    EXPECT_EQ(qd::fake::counts(0).pool_frees, before().pool_frees);
    EXPECT_EQ(qd::fake::counts(0).pool_bytes_in_use,
              before().pool_bytes_in_use + bytes);
  }
  const qd::fake::PoolOperation freed = qd::fake::last_pool_free();
  EXPECT_EQ(freed.pointer, memory);
  EXPECT_EQ(freed.stream, stream.ref().native());
  EXPECT_EQ(freed.bytes, bytes);
  EXPECT_EQ(qd::fake::counts(0).pool_frees, before().pool_frees + 1);
  // Nothing waited for the stream: giving back is ordered on it, not a sync.
}

TEST_F(FakeReductionScratch, GivenBackWhenTheCallThrows) {
  qd::Stream stream;
  const void* memory = nullptr;
  try {
    ReductionScratch scratch(stream, 1, 1, {{64, 8}});
    memory = scratch.slot<char>(0);
    // A loop's launch fails after the scratch was taken, as a generated
    // call's would.
    qd::testing::inject_launch_failure(1);
    qd_fake_test::fake_launch(grid_size(1000, 64), 64, stream, "sum", 12);
    ADD_FAILURE() << "the launch did not throw";
  } catch (const qd::Error& e) {
    EXPECT_NE(std::string(e.what()).find("qd kernel 'sum'"), std::string::npos);
  }
  ASSERT_NE(memory, nullptr);
  const qd::fake::PoolOperation freed = qd::fake::last_pool_free();
  EXPECT_EQ(freed.pointer, memory);
  EXPECT_EQ(freed.stream, stream.ref().native());
  EXPECT_EQ(qd::fake::counts(0).pool_frees, before().pool_frees + 1);
}

TEST_F(FakeReductionScratch, UsesTheDefaultStreamWhenTheCallDoes) {
  { ReductionScratch scratch({}, 1, 0, {}); }
  EXPECT_EQ(qd::fake::last_pool_allocation().stream, nullptr);
  EXPECT_EQ(qd::fake::last_pool_free().stream, nullptr);
  EXPECT_EQ(qd::fake::last_pool_free().pointer,
            qd::fake::last_pool_allocation().pointer);
}

TEST_F(FakeReductionScratch, ComesFromTheCurrentDevicesPool) {
  ASSERT_GE(qd::device_count(), 2);
  qd::set_device(1);
  {
    qd::Stream stream; // a stream of device 1, as a call there would use
    ReductionScratch scratch(stream, 1, 1, {{32, 4}});
    EXPECT_EQ(qd::fake::last_pool_allocation().device, 1);
    EXPECT_EQ(qd::fake::counts(1).pool_allocations,
              before(1).pool_allocations + 1);
    EXPECT_EQ(qd::fake::counts(0).pool_allocations,
              before(0).pool_allocations);
    // Switching devices before the call ends must not matter.
    qd::set_device(0);
  }
  EXPECT_EQ(qd::fake::last_pool_free().device, 1);
  EXPECT_EQ(qd::fake::counts(1).pool_frees, before(1).pool_frees + 1);
}

TEST_F(FakeReductionScratch, AnAllocationFailureThrowsAndLeavesNothing) {
  qd::Stream stream;
  qd::fake::fail_pool_allocation(1);
  try {
    ReductionScratch scratch(stream, 1, 1, {{256, 4}});
    ADD_FAILURE() << "no exception";
  } catch (const qd::Error& e) {
    EXPECT_EQ(e.call(), "fakeMallocFromPoolAsync");
    EXPECT_NE(std::string(e.what()).find("out of memory"), std::string::npos);
  }
  const qd::fake::Counts now = qd::fake::counts(0);
  EXPECT_EQ(now.failed_pool_allocations, before().failed_pool_allocations + 1);
  EXPECT_EQ(now.pool_allocations, before().pool_allocations);
  EXPECT_EQ(now.memsets, before().memsets);
  // The pool works again afterwards.
  ReductionScratch scratch(stream, 1, 1, {{256, 4}});
  EXPECT_EQ(*scratch.counter(0), 0u);
}

TEST_F(FakeReductionScratch, AMemsetFailureGivesTheMemoryBack) {
  qd::Stream stream;
  qd::fake::fail_memset(1);
  EXPECT_THROW(ReductionScratch(stream, 2, 2, {{128, 8}}), qd::Error);
  const qd::fake::Counts now = qd::fake::counts(0);
  EXPECT_EQ(now.pool_allocations, before().pool_allocations + 1);
  EXPECT_EQ(now.pool_frees, before().pool_frees + 1);
  EXPECT_EQ(qd::fake::last_pool_free().stream, stream.ref().native());
}

TEST_F(FakeReductionScratch, ManyPartialArraysSpillToTheHeap) {
  qd::Stream stream;
  constexpr unsigned kArrays = 40; // past the inline offsets
  ReductionScratch scratch(
      stream, kArrays, kArrays,
      {{1, 1},   {2, 2},   {3, 4},   {4, 8},   {5, 16},  {6, 1},   {7, 2},
       {8, 4},   {9, 8},   {10, 16}, {11, 1},  {12, 2},  {13, 4},  {14, 8},
       {15, 16}, {16, 1},  {17, 2},  {18, 4},  {19, 8},  {20, 16}, {21, 1},
       {22, 2},  {23, 4},  {24, 8},  {25, 16}, {26, 1},  {27, 2},  {28, 4},
       {29, 8},  {30, 16}, {31, 1},  {32, 2},  {33, 4},  {34, 8},  {35, 16},
       {36, 1},  {37, 2},  {38, 4},  {39, 8},  {1024, 16}});
  const char* end = scratch.slot<char>(0) + scratch.bytes();
  const char* previous_end = reinterpret_cast<const char*>(
      scratch.counter(kArrays - 1) + 1);
  for (unsigned i = 0; i < kArrays; ++i) {
    const char* array = scratch.partials<char>(i);
    EXPECT_TRUE(aligned16(array)) << i;
    EXPECT_GE(array, previous_end) << i;
    const std::size_t element = std::size_t{1} << (i % 5);
    previous_end =
        array + max_grid_size(i == kArrays - 1 ? 1024 : i + 1) * element;
    EXPECT_LE(previous_end, end) << i;
  }
}

TEST_F(FakeReductionScratch, NothingToHoldTakesNothing) {
  qd::Stream stream;
  { ReductionScratch scratch(stream, 0, 0, {}); }
  EXPECT_EQ(qd::fake::counts(0).pool_allocations, before().pool_allocations);
  EXPECT_EQ(qd::fake::counts(0).memsets, before().memsets);
}

TEST_F(FakeReductionScratch, AZeroBlockDimIsAnErrorBeforeAnythingIsTaken) {
  qd::Stream stream;
  EXPECT_THROW(ReductionScratch(stream, 1, 1, {{256, 4}, {0, 4}}), qd::Error);
  EXPECT_EQ(qd::fake::counts(0).pool_allocations, before().pool_allocations);
}

} // namespace
