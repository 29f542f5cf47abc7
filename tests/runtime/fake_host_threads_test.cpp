// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// '#pragma qd host' statements and device-condition loops called from two
// host threads at once, on the fake device: the CUDA translations of
// tests/golden/host_code.cpp and device_condition_loops.cpp. Each thread's
// host code must see its own call's streams (qd::current_stream() is per
// thread), and each thread's loop must read back its own call's results,
// so that both compute what one thread alone computes. Under
// ThreadSanitizer (scripts/tsan.sh) a current stream shared by the threads
// is a reported race.
#include HOST_CODE_FAKE             // solve(...), solve_twice(...)
#include DEVICE_CONDITION_LOOPS_FAKE // jacobi(...), ...

#include "fake_support.h"

#include <thread>
#include <vector>

namespace {

using qd_fake_test::FakeTest;

constexpr int kN = 257;

struct SolveResult {
  std::vector<float> a, b, c;
  qd::StreamRef seen[3];
};

// One call of solve() on `launch`, from fresh inputs.
SolveResult run_solve(qd::StreamRef launch, int steps) {
  SolveResult r;
  r.a.resize(kN);
  r.b.resize(kN);
  r.c.assign(kN, 0.0f);
  for (int i = 0; i < kN; ++i) {
    r.a[i] = 0.01f * static_cast<float>(i % 17) - 0.05f;
    r.b[i] = 0.5f + 0.001f * static_cast<float>(i);
  }
  // Fake device memory is host memory.
  solve(r.a.data(), r.b.data(), r.c.data(), kN, steps, r.seen, launch);
  return r;
}

TEST_F(FakeTest, HostCodeOnTwoThreadsSeesEachCallsOwnStreams) {
  const SolveResult alone = run_solve({}, 3);
  qd::Stream first, second;
  const qd::StreamRef launches[2] = {first, second};
  // Many calls each, so that the two threads' host code interleaves.
  constexpr int kCalls = 40;
  SolveResult results[2];
  int wrong_stream[2] = {};
  auto calls = [&](int t) {
    for (int call = 0; call < kCalls; ++call) {
      results[t] = run_solve(launches[t], 3);
      wrong_stream[t] += results[t].seen[0] != launches[t];
    }
  };
  std::thread t0(calls, 0);
  std::thread t1(calls, 1);
  t0.join();
  t1.join();
  for (int t = 0; t < 2; ++t) {
    EXPECT_EQ(wrong_stream[t], 0) << "thread " << t;
    const SolveResult& r = results[t];
    EXPECT_EQ(r.a, alone.a) << "thread " << t;
    EXPECT_EQ(r.b, alone.b) << "thread " << t;
    EXPECT_EQ(r.c, alone.c) << "thread " << t;
    EXPECT_EQ(r.seen[0], launches[t]) << "top-level host code, thread " << t;
    EXPECT_NE(r.seen[1], launches[t]) << "block 1's host code, thread " << t;
    EXPECT_NE(r.seen[2], launches[t]) << "block 2's host code, thread " << t;
    EXPECT_NE(r.seen[1], r.seen[2]) << "thread " << t;
  }
  EXPECT_TRUE(qd::current_stream().is_default());
}

TEST_F(FakeTest, DeviceConditionLoopsOnTwoThreadsReadTheirOwnResults) {
#if !QD_FAKE_FIBERS
  GTEST_SKIP() << "its reductions need the fake device's fibers, which the "
                  "ThreadSanitizer build runs without";
#endif
  // Two problems that stop after different iterations.
  auto run = [](float scale, qd::StreamRef launch, int& iterations, float& residual,
                std::vector<float>& u) {
    u.assign(kN, 0.0f);
    for (int i = 0; i < kN; ++i)
      u[i] = scale * static_cast<float>((i * 37) % 101) / 101.0f;
    std::vector<float> v(kN, 0.0f);
    jacobi(u.data(), v.data(), kN, 0.05f, 200, &iterations, &residual, launch);
  };
  int alone_its[2] = {}, its[2] = {};
  float alone_res[2] = {}, res[2] = {};
  std::vector<float> alone_u[2], u[2];
  run(1.0f, {}, alone_its[0], alone_res[0], alone_u[0]);
  run(4.0f, {}, alone_its[1], alone_res[1], alone_u[1]);
  ASSERT_NE(alone_its[0], alone_its[1]);
  qd::Stream first, second;
  std::thread t0([&] { run(1.0f, first, its[0], res[0], u[0]); });
  std::thread t1([&] { run(4.0f, second, its[1], res[1], u[1]); });
  t0.join();
  t1.join();
  for (int t = 0; t < 2; ++t) {
    EXPECT_EQ(its[t], alone_its[t]) << "thread " << t;
    EXPECT_EQ(res[t], alone_res[t]) << "thread " << t;
    EXPECT_EQ(u[t], alone_u[t]) << "thread " << t;
  }
}

} // namespace
