// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GraphLoopsTest.cpp - 'loop seq' loops as conditional nodes ---------===//
//
// What analysis/GraphLoops.cpp decides for a 'loop seq' loop in a
// graph-mode kernel on a target with conditional nodes: the test the GPU
// runs between iterations (its parts), the host values that move to the
// device, or why not: a loop whose condition reads a reduction's result
// then keeps stream mode, one whose condition the host computes is
// unrolled.
//
//===----------------------------------------------------------------------===//
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

/// What the first device-condition loop's step says, read while the AST
/// lives.
struct GraphLoop {
  std::vector<std::string> TestParts; // the source of each part
  unsigned Trailing = 0;
  std::vector<std::string> Moved;
  std::vector<unsigned> MovedSlots;
  std::string NoGraphLoop;
  const Stmt *StreamOnly = nullptr;
  std::vector<std::string> OnDevice; // body host statements the GPU runs
};

std::pair<std::optional<GraphLoop>, std::vector<std::string>>
firstGraphLoop(llvm::StringRef Code, bool ConditionalNodes = true,
               bool AllGraphs = false) {
  std::optional<GraphLoop> Found;
  ParseOptions Options;
  Options.Analysis.ConditionalNodes = ConditionalNodes;
  Options.Analysis.GraphTarget = ConditionalNodes ? "cuda" : "hip";
  Options.Analysis.AllGraphs = AllGraphs;
  ParseResult R = parse(
      Code,
      [&](ASTContext &Context, std::vector<KernelPlan> &Plans, DirectiveList &) {
        if (Plans.empty())
          return;
        forEachStep(Plans[0].Steps, [&](const Step &S) {
          if (Found || S.Kind != StepKind::HostLoop || S.Captures.empty())
            return;
          GraphLoop L;
          for (const Step &Part : S.GraphTest)
            L.TestParts.push_back(sourceText(Context, Part.S));
          L.Trailing = S.GraphTrailing;
          for (const Capture &C : S.GraphMoved) {
            L.Moved.push_back(C.Var->getNameAsString());
            L.MovedSlots.push_back(C.Slot);
          }
          L.NoGraphLoop = S.NoGraphLoop;
          L.StreamOnly = Plans[0].StreamOnly;
          for (const Step &B : S.Branches.front())
            if (B.Kind == StepKind::HostStatement && !B.GraphTest.empty())
              L.OnDevice.push_back(sourceText(Context, B.GraphTest.front().S));
          Found = L;
        });
      },
      Options);
  return {Found, R.messages()};
}

const char *Jacobi = R"cpp(
#pragma qd kernel graph
void k(float *u, float *v, int n, float tol, int *out) {
  float res = 1e30f;
  int it = 0;
#pragma qd loop seq
  for (int s = 0; res > tol && it < 100; ++s) {
    res = 0.f;
#pragma qd loop reduction(max: res)
    for (int i = 0; i < n; ++i) res = res > u[i] - v[i] ? res : u[i] - v[i];
    float *t = u;
    u = v;
    v = t;
    ++it;
  }
  out[0] = it;
}
)cpp";

} // namespace

TEST(GraphLoops, TheTrailingHostStatementsAndTheConditionAreTheTest) {
  auto [Loop, Messages] = firstGraphLoop(Jacobi);
  EXPECT_EQ(Messages, std::vector<std::string>{});
  ASSERT_TRUE(Loop);
  EXPECT_EQ(Loop->NoGraphLoop, "");
  EXPECT_EQ(Loop->StreamOnly, nullptr);
  EXPECT_EQ(Loop->Trailing, 4u);
  EXPECT_EQ(Loop->TestParts,
            (std::vector<std::string>{"float *t = u;", "u = v", "v = t", "++it",
                                      "++s", "res > tol && it < 100"}));
  // Changed between iterations, in the order the parts change them; 't' is
  // the test's own; 'res' already lives on the device (slot 0).
  EXPECT_EQ(Loop->Moved, (std::vector<std::string>{"u", "v", "it", "s"}));
  EXPECT_EQ(Loop->MovedSlots, (std::vector<unsigned>{1, 2, 3, 4}));
}

TEST(GraphLoops, AHostStatementInTheBodyRunsOnTheGPUAtItsPlace) {
  std::string Code = Jacobi;
  // '++it;' first in the body rather than last.
  Code.replace(Code.find("    res = 0.f;"), 0, "    ++it;\n");
  Code.erase(Code.find("    ++it;\n  }"), 10);
  auto [Loop, Messages] = firstGraphLoop(Code);
  EXPECT_EQ(Messages, std::vector<std::string>{});
  ASSERT_TRUE(Loop);
  EXPECT_EQ(Loop->NoGraphLoop, "");
  EXPECT_EQ(Loop->Trailing, 3u);
  EXPECT_EQ(Loop->TestParts,
            (std::vector<std::string>{"float *t = u;", "u = v", "v = t", "++s",
                                      "res > tol && it < 100"}));
  EXPECT_EQ(Loop->Moved, (std::vector<std::string>{"u", "v", "s", "it"}));
  EXPECT_EQ(Loop->OnDevice, (std::vector<std::string>{"++it"}));
}

TEST(GraphLoops, OnlyGraphModeOnATargetWithConditionalNodes) {
  // A stream-mode kernel, or HIP's graphs: nothing decided, and graph mode
  // without conditional nodes keeps the kernel in stream mode.
  std::string Stream = Jacobi;
  Stream.replace(Stream.find("kernel graph"), 12, "kernel");
  auto [InStreamMode, M1] = firstGraphLoop(Stream);
  ASSERT_TRUE(InStreamMode);
  EXPECT_TRUE(InStreamMode->TestParts.empty());
  auto [AllGraphs, M2] = firstGraphLoop(Stream, true, /*AllGraphs=*/true);
  ASSERT_TRUE(AllGraphs);
  EXPECT_EQ(AllGraphs->TestParts.size(), 6u);
  auto [Hip, M3] = firstGraphLoop(Jacobi, /*ConditionalNodes=*/false);
  ASSERT_TRUE(Hip);
  EXPECT_TRUE(Hip->TestParts.empty());
  EXPECT_NE(Hip->StreamOnly, nullptr);
  EXPECT_EQ(Hip->NoGraphLoop,
            "the 'hip' target's graphs have no conditional nodes");
}

TEST(GraphLoops, WhatKeepsStreamModeIsNamed) {
  struct Case {
    const char *Body;  // the loop's body after the reduction
    const char *After; // after the loop
    const char *Why;
  } Cases[] = {
      {"switch (n) { case 2: ++it; break; default: break; } "
       "for (int i = 0; i < n; ++i) v[i] = u[i];",
       "out[0] = it;",
       "a host statement in a 'switch' or stream_parallel block of the "
       "loop's body (line 12)"},
      {"++it;", "for (int i = 0; i < it; ++i) out[i] = 1;",
       "the host reads 'it' after the loop, and the GPU has its value"},
      {"it = next(it);", "",
       "the GPU would call 'next' between iterations"},
      {"if (it > 3) break; ++it;", "", "a 'break', 'continue' or 'return' in "
                                       "the loop's body (line 12)"},
  };
  for (const Case &C : Cases) {
    const std::string Code = std::string(R"cpp(
int next(int);
#pragma qd kernel graph
void k(float *u, float *v, int n, float tol, int *out) {
  float res = 1e30f;
  int it = 0;
#pragma qd loop seq
  while (res > tol && it < 100) {
    res = 0.f;
#pragma qd loop reduction(max: res)
    for (int i = 0; i < n; ++i) res = res > u[i] ? res : u[i];
    )cpp") + C.Body + "\n  }\n  " +
                             C.After + "\n}\n";
    auto [Loop, Messages] = firstGraphLoop(Code);
    ASSERT_TRUE(Loop) << C.Body;
    EXPECT_TRUE(Loop->TestParts.empty()) << C.Body;
    EXPECT_EQ(Loop->NoGraphLoop, C.Why) << C.Body;
    EXPECT_NE(Loop->StreamOnly, nullptr) << C.Body;
  }
}
