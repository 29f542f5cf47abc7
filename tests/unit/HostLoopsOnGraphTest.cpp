// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostLoopsOnGraphTest.cpp - Host-value loops as conditional nodes ---===//
//
// A 'loop seq' loop whose condition the host computes (a time loop) is, in
// a graph-mode kernel on CUDA, one conditional WHILE node rather than one
// copy of its body per iteration, unless its trip count is a small
// constant, it is in the body of another such node, or it needs the host
// between iterations: then it is unrolled, and NoGraphLoop says why.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/LoopForm.h"
#include "ParseHelper.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

struct HostLoop {
  std::string Header; // the loop's condition
  std::vector<std::string> Moved;
  std::vector<std::string> Unset; // moved, but given no host value
  unsigned IfNodes = 0;            // host 'if's of the body that are IF nodes
  std::string NoGraphLoop;
};

/// Every host-value loop of the first kernel, outer before inner.
std::vector<HostLoop> hostLoops(llvm::StringRef Code,
                                bool ConditionalNodes = true) {
  std::vector<HostLoop> Found;
  ParseOptions Options;
  Options.Analysis.ConditionalNodes = ConditionalNodes;
  Options.Analysis.GraphTarget = ConditionalNodes ? "cuda" : "hip";
  ParseResult R = parse(
      Code,
      [&](ASTContext &Context, std::vector<KernelPlan> &Plans, DirectiveList &) {
        if (Plans.empty())
          return;
        forEachStep(Plans[0].Steps, [&](const Step &S) {
          if (S.Kind != StepKind::HostLoop || !S.Captures.empty())
            return;
          HostLoop L;
          L.Header = sourceText(Context, hostLoopCondition(S.S));
          for (const Capture &C : S.GraphMoved)
            L.Moved.push_back(C.Var->getNameAsString());
          for (const VarDecl *Var : S.GraphUnset)
            L.Unset.push_back(Var->getNameAsString());
          for (const Step &B : S.Branches.front())
            L.IfNodes += B.Kind == StepKind::HostIf && !B.GraphTest.empty();
          if (S.GraphTest.empty())
            L.NoGraphLoop = S.NoGraphLoop;
          Found.push_back(std::move(L));
        });
      },
      Options);
  EXPECT_EQ(R.messages(), std::vector<std::string>{});
  return Found;
}

std::string kernel(llvm::StringRef Body, llvm::StringRef Mode = "graph") {
  return (R"cpp(
void report(int);
float weight(int);
#pragma qd kernel )cpp" +
          Mode + R"cpp(
void k(float *u, float *v, int n, int steps, float dt) {
  float t = 0.f;
)cpp" + Body + "\n}\n")
      .str();
}

const char *TimeLoop = R"cpp(
#pragma qd loop seq
  for (int step = 0; step < steps; ++step) {
    for (int i = 0; i < n; ++i) v[i] = u[i] + dt * step;
    float *w = u;
    u = v;
    v = w;
    t += dt;
  }
  for (int i = 0; i < n; ++i) u[i] = t;
)cpp";

/// The trip count of the first 'for' in \p Code, a kernel's body.
std::optional<std::uint64_t> tripCount(llvm::StringRef Loop) {
  std::optional<std::uint64_t> Trips;
  bool Seen = false;
  ParseOptions Options;
  Options.Analyze = false;
  parse(
      "void f(int n, int *a) {\n" + Loop.str() + "\n}\n",
      [&](ASTContext &Context, std::vector<KernelPlan> &, DirectiveList &) {
        struct Finder : RecursiveASTVisitor<Finder> {
          const ForStmt *For = nullptr;
          bool VisitForStmt(ForStmt *S) {
            if (!For)
              For = S;
            return true;
          }
        } F;
        F.TraverseDecl(Context.getTranslationUnitDecl());
        if (F.For) {
          Seen = true;
          Trips = constantTripCount(F.For);
        }
      },
      Options);
  EXPECT_TRUE(Seen) << Loop.str();
  return Trips;
}

} // namespace

TEST(HostLoopsOnGraph, ATimeLoopIsOneNodeAndItsSwappedValuesMove) {
  const std::vector<HostLoop> Loops = hostLoops(kernel(TimeLoop));
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_EQ(Loops[0].NoGraphLoop, "");
  // 't' is read after the loop, but only by device code.
  EXPECT_EQ(Loops[0].Moved,
            (std::vector<std::string>{"u", "v", "t", "step"}));
}

TEST(HostLoopsOnGraph, ATemporaryAssignedBeforeItIsReadGetsNoHostValue) {
  // C style: 'w' declared at the top, uninitialized; its value before the
  // loop is never read, so its slot is not set from it.
  const std::vector<HostLoop> Loops = hostLoops(kernel(R"cpp(
  float *w;
  int step;
#pragma qd loop seq
  for (step = 0; step < steps; step++) {
    for (int i = 0; i < n; ++i) v[i] = u[i] + dt;
    w = u;
    u = v;
    v = w;
  }
)cpp"));
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_EQ(Loops[0].Moved, (std::vector<std::string>{"w", "u", "v", "step"}));
  EXPECT_EQ(Loops[0].Unset, (std::vector<std::string>{"w"}));
  // Read before it is assigned ('v = w' first), or read after the loop:
  // the host's value counts.
  for (const char *Tail : {"v = w;\n    w = u;\n  }", "w = u;\n  }\n  for (int i = 0; i < n; ++i) w[i] = 0.f;"}) {
    const std::vector<HostLoop> Read = hostLoops(kernel(
        std::string("  float *w = v;\n#pragma qd loop seq\n  for (int step = 0; "
                    "step < steps; ++step) {\n    for (int i = 0; i < n; ++i) "
                    "v[i] = u[i] + dt;\n    ") + Tail));
    ASSERT_EQ(Read.size(), 1u) << Tail;
    EXPECT_FALSE(Read[0].Moved.empty()) << Tail;
    EXPECT_TRUE(Read[0].Unset.empty()) << Tail;
  }
}

TEST(HostLoopsOnGraph, OnlyInGraphModeOnATargetWithConditionalNodes) {
  const std::vector<HostLoop> Stream = hostLoops(kernel(TimeLoop, ""));
  ASSERT_EQ(Stream.size(), 1u);
  EXPECT_TRUE(Stream[0].Moved.empty());
  EXPECT_EQ(Stream[0].NoGraphLoop, "");
  const std::vector<HostLoop> Hip =
      hostLoops(kernel(TimeLoop), /*ConditionalNodes=*/false);
  ASSERT_EQ(Hip.size(), 1u);
  EXPECT_EQ(Hip[0].NoGraphLoop,
            "the 'hip' target's graphs have no conditional nodes");
}

TEST(HostLoopsOnGraph, BranchesAndDeclarationsFromMovedValuesStayInTheNode) {
  // An 'if'/'else' on the counter is an IF node (and its 'else' another); a
  // host statement in a branch of an 'if' the host decides runs on the GPU;
  // a time declared from the counter is a slot of the body, given no host
  // value, and an 'if' on it is an IF node too.
  const std::vector<HostLoop> Loops = hostLoops(kernel(R"cpp(
#pragma qd loop seq
  for (int step = 0; step < steps; ++step) {
    const float time = dt * step;
    if (step % 10 == 0) { for (int i = 0; i < n; ++i) u[i] = 0.f; }
    else { for (int i = 0; i < n; ++i) u[i] = 1.f; }
    if (n > 3) t += dt;
    if (time > 1.f) { for (int i = 0; i < n; ++i) v[i] = time; }
  })cpp"));
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_EQ(Loops[0].NoGraphLoop, "");
  EXPECT_EQ(Loops[0].Moved, (std::vector<std::string>{"step", "t", "time"}));
  EXPECT_EQ(Loops[0].Unset, std::vector<std::string>{"time"});
  EXPECT_EQ(Loops[0].IfNodes, 2u);
}

TEST(HostLoopsOnGraph, UnrolledWhenTheHostIsNeededBetweenIterations) {
  struct Case {
    const char *Body;
    const char *Why;
  } Cases[] = {
      // A loop bound, a host 'if' and a host call read the counter.
      {"for (int i = 0; i < step; ++i) u[i] = 0.f;",
       "the host reads 'step', which the GPU changes between iterations"},
      {"const float w = weight(step); "
       "for (int i = 0; i < n; ++i) u[i] = w;",
       "the GPU would call 'weight' in the declaration of 'w' (line 9)"},
      {"switch (n) { case 3: t += dt; break; default: break; } "
       "for (int i = 0; i < n; ++i) u[i] = t;",
       "a host statement in a 'switch' or stream_parallel block of the "
       "loop's body (line 9)"},
      {"if (step == 3) continue;",
       "a 'break', 'continue' or 'return' in the loop's body (line 9)"},
  };
  for (const Case &C : Cases) {
    const std::vector<HostLoop> Loops = hostLoops(kernel(
        std::string("#pragma qd loop seq\n  for (int step = 0; step < steps; "
                    "++step) {\n    ") +
        C.Body + "\n  }"));
    ASSERT_EQ(Loops.size(), 1u) << C.Body;
    EXPECT_EQ(Loops[0].NoGraphLoop, C.Why) << C.Body;
    EXPECT_TRUE(Loops[0].Moved.empty()) << C.Body;
  }
  // After the loop, the host reads what the GPU counted: a loop bound.
  // (An 'if' on it whose branches need no host is an IF node.)
  const std::vector<HostLoop> After = hostLoops(kernel(R"cpp(
#pragma qd loop seq
  while (t < 1.f) {
    for (int i = 0; i < n; ++i) u[i] += dt;
    t += dt;
  }
  for (int i = 0; i < static_cast<int>(t); ++i) u[i] = 0.f;
)cpp"));
  ASSERT_EQ(After.size(), 1u);
  EXPECT_EQ(After[0].NoGraphLoop,
            "the host reads 't' after the loop, and the GPU has its value");
}

TEST(HostLoopsOnGraph, AHostIfOnTheCounterIsAnIfNode) {
  // "Every 10 steps": the counter is the GPU's, so the GPU tests the 'if';
  // one on a parameter alone is the host's decision, the same every step.
  const std::vector<HostLoop> Loops = hostLoops(kernel(R"cpp(
#pragma qd loop seq
  for (int step = 0; step < steps; ++step) {
    for (int i = 0; i < n; ++i) v[i] = u[i] + dt;
    if (step % 10 == 0) {
      for (int i = 0; i < n; ++i) u[i] = v[i];
    }
    if (n > 100) {
      for (int i = 0; i < n; ++i) u[i] *= 0.5f;
    }
  }
)cpp"));
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_EQ(Loops[0].NoGraphLoop, "");
  EXPECT_EQ(Loops[0].IfNodes, 1u);
}

TEST(HostLoopsOnGraph, AFewIterationsTheSourceFixesAreUnrolled) {
  const std::vector<HostLoop> Loops = hostLoops(kernel(R"cpp(
#pragma qd loop seq
  for (int s = 0; s < 16; ++s)
    for (int i = 0; i < n; ++i) u[i] *= 0.5f;
#pragma qd loop seq
  for (int s = 0; s < 17; ++s)
    for (int i = 0; i < n; ++i) u[i] *= 0.5f;
)cpp"));
  ASSERT_EQ(Loops.size(), 2u);
  EXPECT_EQ(Loops[0].NoGraphLoop,
            "its trip count, 16, is a constant of at most 16");
  EXPECT_EQ(Loops[1].NoGraphLoop, "");
}

TEST(HostLoopsOnGraph, ALoopInANodesBodyIsRecordedOnce) {
  const std::vector<HostLoop> Loops = hostLoops(kernel(R"cpp(
#pragma qd loop seq
  for (int step = 0; step < steps; ++step) {
#pragma qd loop seq
    for (int s = 0; s < n; ++s)
      for (int i = 0; i < n; ++i) u[i] *= 0.5f;
  }
)cpp"));
  ASSERT_EQ(Loops.size(), 2u);
  EXPECT_EQ(Loops[0].NoGraphLoop, "");
  EXPECT_EQ(Loops[0].Moved, (std::vector<std::string>{"step"}));
  EXPECT_EQ(Loops[1].NoGraphLoop,
            "it is in the body of a loop that is a conditional node, which "
            "records its iterations once");
  EXPECT_TRUE(Loops[1].Moved.empty());
}

TEST(ConstantTripCount, CountsTheCanonicalForms) {
  EXPECT_EQ(tripCount("for (int i = 0; i < 10; ++i) a[i] = 0;"), 10u);
  EXPECT_EQ(tripCount("for (int i = 0; i <= 10; i += 3) a[i] = 0;"), 4u);
  EXPECT_EQ(tripCount("for (int i = 9; i >= 0; --i) a[i] = 0;"), 10u);
  EXPECT_EQ(tripCount("for (int i = 5; i < 5; ++i) a[i] = 0;"), 0u);
  EXPECT_EQ(tripCount("const int m = 4; for (int i = 0; i < m; i++) a[i] = 0;"),
            4u);
}

TEST(ConstantTripCount, NoneWhenTheSourceDoesNotFixIt) {
  EXPECT_EQ(tripCount("for (int i = 0; i < n; ++i) a[i] = 0;"), std::nullopt);
  // The body moves the variable.
  EXPECT_EQ(tripCount("for (int i = 0; i < 10; ++i) i += a[i];"),
            std::nullopt);
  EXPECT_EQ(tripCount("for (int i = 0; i < 10; ++i) { int &r = i; r = 9; }"),
            std::nullopt);
}
