// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GraphCall::split on the fake device: a '#pragma qd host wait' or
// '#pragma qd update' in graph mode ends the call's graph at the statement.
// The work before it runs as one graph launch before the host goes on, the
// work after it as another; a call that does not reach the statement stays
// one graph launch. Recorded as generated code records it
// (templates/gpu/graph_host_wait.mustache).
// First: the fake CUDA shim must come before qd's graph_call.h.
#include <cuda_runtime.h>

#include "fake_support.h"

#include <qd/detail/cuda.h>

#include <string>
#include <vector>

namespace {

using qd_fake_test::FakeTest;

__global__ void scale(float* a, int n, float s) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    a[i] *= s;
}

__global__ void shift(float* a, int n, float s) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    a[i] += s;
}

constexpr const char* kFile = "fake_graph_split_test.cpp";

// a *= 2; if `wait`: the graph ends, the host copies a to `seen`; a += 1.
void scale_wait_shift(qd::Buffer<float>& a, bool wait, std::vector<float>& seen) {
  static qd::detail::GraphSite site("scale_wait_shift", kFile, 1);
  const qd::detail::CallDevice device;
  qd::detail::GraphCall call(site, {}, device);
  const int n = static_cast<int>(a.size());
  call.launch(0, &scale, 1, 64, kFile, 2, a.data(), n, 2.0f);
  if (wait) {
    call.split(kFile, 3);
    call.stream().synchronize();
    a.copy_to_host(seen.data(), call.stream());
  }
  call.launch(0, &shift, 1, 64, kFile, 4, a.data(), n, 1.0f);
  call.submit();
}

class FakeGraphSplit : public FakeTest {
protected:
  void SetUp() override {
    FakeTest::SetUp();
    qd::detail::release_cached_graphs();
  }
  void TearDown() override {
    qd::detail::release_cached_graphs();
    FakeTest::TearDown();
  }
  static constexpr int kN = 40;
  qd::Buffer<float> a{kN};

  void fill() {
    std::vector<float> h(kN);
    for (int i = 0; i < kN; ++i)
      h[i] = static_cast<float>(i);
    a.copy_from_host(h.data());
  }
  std::vector<float> host() {
    std::vector<float> h(kN);
    a.copy_to_host(h.data());
    return h;
  }
};

TEST_F(FakeGraphSplit, ACallThatWaitsLaunchesTwoGraphsAndSeesTheFirst) {
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  for (int call = 0; call < 3; ++call) {
    fill();
    std::vector<float> seen(kN, -1.0f);
    scale_wait_shift(a, true, seen);
    const std::vector<float> h = host();
    for (int i = 0; i < kN; ++i) {
      ASSERT_EQ(seen[i], 2.0f * static_cast<float>(i)) << "call " << call;
      ASSERT_EQ(h[i], 2.0f * static_cast<float>(i) + 1.0f) << "call " << call;
    }
  }
  const qd::fake::GraphCounts after = qd::fake::graph_counts();
  // Two shapes (scale, then shift), each built once and launched per call.
  EXPECT_EQ(qd::detail::cached_graph_count(), 2u);
  EXPECT_EQ(after.execs_created - before.execs_created, 2u);
  EXPECT_EQ(after.graph_launches - before.graph_launches, 6u);
}

TEST_F(FakeGraphSplit, ACallThatDoesNotWaitStaysOneGraph) {
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  std::vector<float> unused(kN, -1.0f);
  for (int call = 0; call < 3; ++call) {
    fill();
    scale_wait_shift(a, false, unused);
    const std::vector<float> h = host();
    for (int i = 0; i < kN; ++i)
      ASSERT_EQ(h[i], 2.0f * static_cast<float>(i) + 1.0f) << "call " << call;
  }
  const qd::fake::GraphCounts after = qd::fake::graph_counts();
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
  EXPECT_EQ(after.graph_launches - before.graph_launches, 3u);
  EXPECT_EQ(unused[0], -1.0f);
}

// The same shape on both sides of the split: one cached graph, launched
// twice in one call with other arguments, which the second launch must see.
TEST_F(FakeGraphSplit, BothSidesMayShareOneCachedGraph) {
  static qd::detail::GraphSite site("scale_twice", kFile, 10);
  fill();
  {
    const qd::detail::CallDevice device;
    qd::detail::GraphCall call(site, {}, device);
    call.launch(0, &scale, 1, 64, kFile, 11, a.data(), kN, 2.0f);
    call.split(kFile, 12);
    call.launch(0, &scale, 1, 64, kFile, 13, a.data(), kN, 3.0f);
    call.submit();
  }
  const std::vector<float> h = host();
  for (int i = 0; i < kN; ++i)
    ASSERT_EQ(h[i], 6.0f * static_cast<float>(i));
  EXPECT_EQ(qd::detail::cached_graph_count(), 1u);
}

// Nothing after the split, or nothing before it: no empty graph launch.
TEST_F(FakeGraphSplit, AnEmptySideLaunchesNothing) {
  static qd::detail::GraphSite site("split_at_the_ends", kFile, 20);
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  fill();
  {
    const qd::detail::CallDevice device;
    qd::detail::GraphCall call(site, {}, device);
    call.split(kFile, 21);
    call.launch(0, &scale, 1, 64, kFile, 22, a.data(), kN, 2.0f);
    call.split(kFile, 23);
    call.submit();
  }
  const qd::fake::GraphCounts after = qd::fake::graph_counts();
  EXPECT_EQ(after.graph_launches - before.graph_launches, 1u);
  EXPECT_EQ(host()[5], 10.0f);
}

// Inside a region the graph cannot end: an error naming the line, and the
// call enqueues nothing.
TEST_F(FakeGraphSplit, ASplitInsideARegionIsAnErrorNamingTheLine) {
  static qd::detail::GraphSite site("split_in_region", kFile, 30);
  const qd::fake::GraphCounts before = qd::fake::graph_counts();
  fill();
  try {
    const qd::detail::CallDevice device;
    qd::detail::GraphCall call(site, {}, device);
    const std::uint32_t lanes = call.fork(0, 2);
    call.launch(lanes, &scale, 1, 64, kFile, 31, a.data(), kN, 2.0f);
    call.split(kFile, 32);
    FAIL() << "split inside a region did not throw";
  } catch (const qd::Error& e) {
    EXPECT_NE(std::string(e.what()).find("fake_graph_split_test.cpp:32"), std::string::npos)
        << e.what();
  }
  const qd::fake::GraphCounts after = qd::fake::graph_counts();
  EXPECT_EQ(after.graph_launches - before.graph_launches, 0u);
  EXPECT_EQ(host()[5], 5.0f);
}

} // namespace
