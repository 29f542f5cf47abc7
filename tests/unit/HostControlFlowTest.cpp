// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostControlFlowTest.cpp - Host 'if', 'switch', 'loop seq' -----------===//
//
// Which statements the analysis runs on the host (SPEC section 1, "Real
// programs"), and which keep their device meaning.
//
//===----------------------------------------------------------------------===//
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

/// The step shape of the only kernel of \p Code, and its diagnostics.
std::pair<std::string, std::vector<std::string>> shapeOf(llvm::StringRef Code) {
  std::string Shape;
  ParseResult R = parse(Code, [&](ASTContext &, std::vector<KernelPlan> &Plans,
                                  DirectiveList &) {
    if (Plans.size() == 1)
      Shape = shape(Plans[0].Steps);
  });
  return {Shape, R.messages()};
}

TEST(HostControlFlow, IfOnHostValueChoosesSteps) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, int n, bool twice) {
  if (twice && n > 2) {
    for (int i = 0; i < n; ++i) a[i] *= 2.f;
    a[0] = 1.f;
  } else
    for (int i = 0; i < n; ++i) a[i] = 0.f;
}
)cpp");
  EXPECT_EQ(Messages, std::vector<std::string>{});
  EXPECT_EQ(Shape, "HostIf{ParallelLoop SerialTask | ParallelLoop}");
}

TEST(HostControlFlow, IfOnDeviceDataStaysASerialTask) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  if (a[0] > 0.f)
    a[1] = 2.f;
}
)cpp");
  EXPECT_EQ(Shape, "SerialTask");
}

TEST(HostControlFlow, IfOnReductionResultStaysASerialTask) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, float *out, int n) {
  float s = 0.f;
#pragma qd loop reduction(+: s)
  for (int i = 0; i < n; ++i) s += a[i];
  if (s > 1.f)
    out[0] = s;
}
)cpp");
  EXPECT_EQ(Shape, "HostScalar ParallelLoop SerialTask");
}

TEST(HostControlFlow, SwitchArmsWithScopesAndFallthrough) {
  auto [Shape, Messages] = shapeOf(R"cpp(
enum Kind { A, B, C };
#pragma qd kernel
void k(float *a, int n, Kind kind) {
  switch (kind) {
  case A:
    for (int i = 0; i < n; ++i) a[i] = 1.f;
    break;
  case B: {
    const float v = 2.f;
    for (int i = 0; i < n; ++i) a[i] = v;
  }
  default:
    a[0] = 3.f;
  }
}
)cpp");
  EXPECT_EQ(Messages, std::vector<std::string>{});
  EXPECT_EQ(Shape, "HostSwitch{ParallelLoop HostJump | HostScalar "
                   "ParallelLoop | SerialTask}");
}

TEST(HostControlFlow, SeqLoopsAndHostStatements) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n, int steps) {
  float t = 0.f;
#pragma qd loop seq
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n; ++i) b[i] = a[i] + t + s;
    float *tmp = a;
    a = b;
    b = tmp;
    t += 0.5f;
  }
  int left = steps;
#pragma qd loop seq
  while (left > 0) {
    if (left == 2) break;
    --left;
  }
}
)cpp");
  EXPECT_EQ(Messages, std::vector<std::string>{});
  EXPECT_EQ(Shape, "HostScalar HostLoop{ParallelLoop HostScalar HostStatement "
                   "HostStatement HostStatement} HostScalar "
                   "HostLoop{HostIf{HostJump} HostStatement}");
}

TEST(HostControlFlow, RegionInsideSeqLoop) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n, int steps) {
#pragma qd loop seq
  for (int s = 0; s < steps; ++s) {
#pragma qd stream_parallel
    for (int i = 0; i < n; ++i) a[i] += s;
#pragma qd stream_parallel
    for (int i = 0; i < n; ++i) b[i] -= s;
  }
}
)cpp");
  EXPECT_EQ(Messages, std::vector<std::string>{});
  EXPECT_EQ(Shape, "HostLoop{Region[ParallelLoop | ParallelLoop]}");
}

TEST(HostControlFlow, WhileWithoutSeqStaysASerialTask) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  int i = 0;
  while (i < n) { a[i] = 0.f; ++i; }
}
)cpp");
  EXPECT_EQ(Shape, "HostScalar SerialTask");
}

TEST(HostControlFlow, DeviceWriteIsNotAHostStatement) {
  auto [Shape, Messages] = shapeOf(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  a[0] = n;
  n;
}
)cpp");
  EXPECT_EQ(Shape, "SerialTask SerialTask");
}

} // namespace

namespace {

/// What a HostLoop step says, read while the AST lives.
struct HostLoopSummary {
  unsigned CheckEvery = 0;
  unsigned PredicateSlot = 0;
  std::vector<std::string> Restored;
  size_t Branches = 0;
  /// The condition's task (Branches[1]), when there is one.
  std::optional<StepKind> TestKind;
  std::vector<std::string> TestCaptures;
};

/// The first HostLoop step of the only kernel of \p Code, and its
/// diagnostics.
std::pair<std::optional<HostLoopSummary>, std::vector<std::string>>
firstHostLoop(llvm::StringRef Code) {
  std::optional<HostLoopSummary> Found;
  ParseResult R = parse(Code, [&](ASTContext &, std::vector<KernelPlan> &Plans,
                                  DirectiveList &) {
    if (Plans.size() != 1)
      return;
    forEachStep(Plans[0].Steps, [&](const Step &S) {
      if (Found || S.Kind != StepKind::HostLoop)
        return;
      HostLoopSummary L;
      L.CheckEvery = S.CheckEvery;
      L.PredicateSlot = S.PredicateSlot;
      for (const VarDecl *Var : S.Restored)
        L.Restored.push_back(Var->getNameAsString());
      L.Branches = S.Branches.size();
      if (S.Branches.size() > 1 && S.Branches[1].size() == 1) {
        L.TestKind = S.Branches[1].front().Kind;
        L.TestCaptures = captureNames(S.Branches[1].front().Captures);
      }
      Found = L;
    });
  });
  return {Found, R.messages()};
}

} // namespace

TEST(HostControlFlow, CheckEveryTestsOnTheDeviceAndRestoresHostValues) {
  auto [Loop, Messages] = firstHostLoop(R"cpp(
#pragma qd kernel
void k(float *u, float *v, int n, float tol, int *out) {
  float res = 1e30f;
  float t = 0.f;
  int it = 0;
  int untouched = 3;
#pragma qd loop seq check_every(6)
  for (int s = 0; res > tol && it < n + untouched; ++s) {
    res = 0.f;
#pragma qd loop reduction(+: res)
    for (int i = 0; i < n; ++i) res += u[i] * v[i];
    float *tmp = u;
    u = v;
    v = tmp;
    int local = s;
    t += 0.5f + local;
    if (it > 2) ++it; else it += 2;
  }
  out[0] = it + untouched;
}
)cpp");
  EXPECT_EQ(Messages, std::vector<std::string>{});
  ASSERT_TRUE(Loop);
  EXPECT_EQ(Loop->CheckEvery, 6u);
  // 'res' has slot 0; the predicate comes after it.
  EXPECT_EQ(Loop->PredicateSlot, 1u);
  // Declared before the loop and changed by its host code; not 's' (the
  // loop's own), 'local' (the body's), 'untouched', or 'res' (a device
  // scalar).
  EXPECT_EQ(Loop->Restored, (std::vector<std::string>{"u", "v", "t", "it"}));
  ASSERT_EQ(Loop->Branches, 2u);
  EXPECT_EQ(Loop->TestKind, StepKind::SerialTask);
  EXPECT_EQ(Loop->TestCaptures,
            (std::vector<std::string>{"n", "tol", "res", "it", "untouched"}));
}

TEST(HostControlFlow, CheckEveryOfOneIsTheDefault) {
  auto [Loop, Messages] = firstHostLoop(R"cpp(
#pragma qd kernel
void k(float *u, int n, float tol) {
  float res = 1e30f;
#pragma qd loop seq check_every(1)
  while (res > tol) {
    res = 0.f;
#pragma qd loop reduction(+: res)
    for (int i = 0; i < n; ++i) res += u[i];
  }
}
)cpp");
  EXPECT_EQ(Messages, std::vector<std::string>{});
  ASSERT_TRUE(Loop);
  EXPECT_EQ(Loop->CheckEvery, 0u);
  EXPECT_EQ(Loop->Branches, 1u);
  EXPECT_FALSE(Loop->TestKind);
}
