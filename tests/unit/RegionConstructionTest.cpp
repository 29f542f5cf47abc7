// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RegionConstructionTest.cpp - analyzeKernels' KernelPlans -----------===//
//
// The step sequence analyzeKernels builds for valid kernels: kinds in order,
// region boundaries, block sizes, captures.
//
//===----------------------------------------------------------------------===//
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

using PlanFn = std::function<void(ASTContext &, std::vector<KernelPlan> &)>;

/// Analyzes \p Code, expects exactly the diagnostics \p Expected (none by
/// default) and every directive consumed, then calls \p Fn.
void analyze(llvm::StringRef Code, const PlanFn &Fn,
             std::vector<std::string> Expected = {}) {
  bool Called = false;
  ParseResult R =
      parse(Code, [&](ASTContext &Ctx, std::vector<KernelPlan> &Plans,
                      DirectiveList &Directives) {
        for (const Directive &D : Directives.all())
          EXPECT_TRUE(D.Consumed) << directiveName(D.Kind).str() << " at line "
                                  << lineOf(Ctx, D.Loc);
        Fn(Ctx, Plans);
        Called = true;
      });
  EXPECT_TRUE(Called);
  EXPECT_EQ(R.messages(), Expected);
}

std::vector<unsigned> blockDims(const std::vector<Step> &Steps) {
  std::vector<unsigned> Out;
  for (const Step &S : Steps)
    Out.push_back(S.BlockDim);
  return Out;
}

TEST(RegionConstruction, SingleLoopKernel) {
  analyze(R"cpp(
#pragma qd kernel
void scale(float *a, int n, float s) {
  for (int i = 0; i < n; ++i) a[i] *= s;
}
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            const KernelPlan &P = Plans[0];
            ASSERT_NE(P.Function, nullptr);
            EXPECT_EQ(P.Function->getName(), "scale");
            EXPECT_EQ(P.Template, nullptr);
            EXPECT_EQ(lineOf(Ctx, P.PragmaLoc), 2u);
            EXPECT_EQ(P.BlockDim, 256u);
            EXPECT_EQ(shape(P.Steps), "ParallelLoop");
            const Step &L = P.Steps[0];
            EXPECT_EQ(sourceText(Ctx, L.S),
                      "for (int i = 0; i < n; ++i) a[i] *= s");
            ASSERT_NE(L.Loop.Var, nullptr);
            EXPECT_EQ(L.Loop.Var->getName(), "i");
            EXPECT_EQ(sourceText(Ctx, L.Loop.End), "n");
            EXPECT_EQ(L.BlockDim, 256u);
            EXPECT_EQ(captureNames(L.Captures),
                      (std::vector<std::string>{"a", "s"}));
          });
}

TEST(RegionConstruction, MixedKernelStepKindsInOrder) {
  analyze(R"cpp(
#pragma qd kernel block_dim(128)
void mix(float *a, float *b, int n, float s) {
  int half = n / 2;
  a[0] = s;
  for (int i = 0; i < half; ++i) a[i] = s * i + half;
#pragma qd stream_parallel
  {
    for (int i = 0; i < n; ++i) a[i] += 1.f;
  }
#pragma qd stream_parallel
  {
    b[0] = 2.f;
  }
  float t = s * 2.f;
  b[1] = a[1] + t;
}
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            const KernelPlan &P = Plans[0];
            EXPECT_EQ(P.BlockDim, 128u);
            EXPECT_EQ(shape(P.Steps),
                      "HostScalar SerialTask ParallelLoop "
                      "Region[ParallelLoop | SerialTask] HostScalar "
                      "SerialTask");
            ASSERT_EQ(P.Steps.size(), 6u);
            EXPECT_EQ(sourceText(Ctx, P.Steps[0].S), "int half = n / 2;");
            EXPECT_EQ(sourceText(Ctx, P.Steps[1].S), "a[0] = s");
            EXPECT_EQ(blockDims(P.Steps),
                      (std::vector<unsigned>{0, 1, 128, 0, 0, 1}));
            EXPECT_EQ(captureNames(P.Steps[1].Captures),
                      (std::vector<std::string>{"a", "s"}));
            EXPECT_EQ(captureNames(P.Steps[2].Captures),
                      (std::vector<std::string>{"a", "s", "half"}));
            EXPECT_EQ(captureNames(P.Steps[5].Captures),
                      (std::vector<std::string>{"a", "b", "t"}));

            const Step &Region = P.Steps[3];
            ASSERT_EQ(Region.Blocks.size(), 2u);
            EXPECT_EQ(Region.S, Region.Blocks[0].Body);
            EXPECT_EQ(lineOf(Ctx, Region.Blocks[0].PragmaLoc), 7u);
            EXPECT_EQ(lineOf(Ctx, Region.Blocks[1].PragmaLoc), 11u);
            EXPECT_TRUE(isa<CompoundStmt>(Region.Blocks[0].Body));
            EXPECT_EQ(lineOf(Ctx, Region.Blocks[1].Body->getBeginLoc()), 12u);
            const Step &InnerLoop = Region.Blocks[0].Steps[0];
            EXPECT_EQ(InnerLoop.BlockDim, 128u);
            EXPECT_EQ(captureNames(InnerLoop.Captures),
                      std::vector<std::string>{"a"});
            const Step &InnerTask = Region.Blocks[1].Steps[0];
            EXPECT_EQ(InnerTask.BlockDim, 1u);
            EXPECT_EQ(sourceText(Ctx, InnerTask.S), "b[0] = 2.f");
            EXPECT_EQ(captureNames(InnerTask.Captures),
                      std::vector<std::string>{"b"});
          });
}

TEST(RegionConstruction, ConsecutiveBlocksFormOneRegion) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, float *b, float *c, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) a[i] = 1.f; }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) b[i] = 2.f; }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) c[i] = 3.f; }
}
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps),
                      "Region[ParallelLoop | ParallelLoop | ParallelLoop]");
            const Step &R = Plans[0].Steps[0];
            ASSERT_EQ(R.Blocks.size(), 3u);
            EXPECT_EQ(captureNames(R.Blocks[0].Steps[0].Captures),
                      std::vector<std::string>{"a"});
            EXPECT_EQ(captureNames(R.Blocks[1].Steps[0].Captures),
                      std::vector<std::string>{"b"});
            EXPECT_EQ(captureNames(R.Blocks[2].Steps[0].Captures),
                      std::vector<std::string>{"c"});
            EXPECT_EQ(lineOf(Ctx, R.Blocks[2].PragmaLoc), 8u);
          });
}

TEST(RegionConstruction, StatementBetweenBlocksSplitsRegions) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n) {
#pragma qd stream_parallel
  { a[0] = 1.f; }
#pragma qd stream_parallel
  { b[0] = 1.f; }
  a[1] = b[0];
#pragma qd stream_parallel
  { a[2] = 1.f; }
  int m = n - 1;
#pragma qd stream_parallel
  { for (int i = 0; i < m; ++i) b[i] = 0.f; }
#pragma qd stream_parallel
  { for (int i = 0; i < m; ++i) a[i] = 0.f; }
}
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps),
                      "Region[SerialTask | SerialTask] SerialTask "
                      "Region[SerialTask] HostScalar "
                      "Region[ParallelLoop | ParallelLoop]");
            ASSERT_EQ(Plans[0].Steps.size(), 5u);
            EXPECT_EQ(
                captureNames(Plans[0].Steps[4].Blocks[1].Steps[0].Captures),
                std::vector<std::string>{"a"});
          });
}

TEST(RegionConstruction, BlockWithoutBraces) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n) {
#pragma qd stream_parallel
  for (int i = 0; i < n; ++i) a[i] = 0.f;
#pragma qd stream_parallel
  b[0] = 1.f;
}
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps),
                      "Region[ParallelLoop | SerialTask]");
            const Step &R = Plans[0].Steps[0];
            ASSERT_EQ(R.Blocks.size(), 2u);
            EXPECT_TRUE(isa<ForStmt>(R.Blocks[0].Body));
            EXPECT_EQ(R.Blocks[0].Steps[0].S, R.Blocks[0].Body);
            EXPECT_EQ(sourceText(Ctx, R.Blocks[1].Body), "b[0] = 1.f");
          });
}

TEST(RegionConstruction, BlockWithSeveralLoops) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n, float s) {
#pragma qd stream_parallel
  {
    for (int i = 0; i < n; ++i) a[i] = s;
    int m = n / 2;
    for (int i = 0; i < m; ++i) a[i] += 1.f;
    a[0] = 0.f;
    for (int i = m; i <= n; i++) a[i] *= s;
  }
#pragma qd stream_parallel
  {
    for (int i = 0; i < n; ++i) b[i] = 0.f;
    for (int i = 0; i < n; ++i) b[i] += s;
  }
}
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps),
                      "Region[ParallelLoop HostScalar ParallelLoop "
                      "SerialTask ParallelLoop | ParallelLoop ParallelLoop]");
            const Block &B = Plans[0].Steps[0].Blocks[0];
            ASSERT_EQ(B.Steps.size(), 5u);
            EXPECT_TRUE(B.Steps[4].Loop.Inclusive);
            EXPECT_EQ(captureNames(B.Steps[0].Captures),
                      (std::vector<std::string>{"a", "s"}));
            EXPECT_EQ(captureNames(B.Steps[4].Captures),
                      (std::vector<std::string>{"a", "s"}));
          });
}

TEST(RegionConstruction, LoopBlockDimOverridesKernelBlockDim) {
  analyze(
      R"cpp(
#pragma qd kernel block_dim(128)
void k(float *a, int n) {
#pragma qd loop block_dim(64)
  for (int i = 0; i < n; ++i) a[i] = 0.f;
  for (int i = 0; i < n; ++i) a[i] += 1.f;
#pragma qd loop
  for (int i = 0; i < n; ++i) a[i] += 2.f;
#pragma qd stream_parallel
  {
#pragma qd loop block_dim(1024)
    for (int i = 0; i < n; ++i) a[i] += 3.f;
    for (int i = 0; i < n; ++i) a[i] += 4.f;
  }
}
)cpp",
      [](ASTContext &, std::vector<KernelPlan> &Plans) {
        ASSERT_EQ(Plans.size(), 1u);
        const KernelPlan &P = Plans[0];
        EXPECT_EQ(P.BlockDim, 128u);
        EXPECT_EQ(shape(P.Steps), "ParallelLoop ParallelLoop ParallelLoop "
                                  "Region[ParallelLoop ParallelLoop]");
        EXPECT_EQ(blockDims(P.Steps), (std::vector<unsigned>{64, 128, 128, 0}));
        EXPECT_EQ(blockDims(P.Steps[3].Blocks[0].Steps),
                  (std::vector<unsigned>{1024, 128}));
      });
}

TEST(RegionConstruction, DefaultBlockDimIs256) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  for (int i = 0; i < n; ++i) a[i] = 0.f;
#pragma qd loop block_dim(32)
  for (int i = 0; i < n; ++i) a[i] += 1.f;
  a[0] = 5.f;
}
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(Plans[0].BlockDim, 256u);
            EXPECT_EQ(blockDims(Plans[0].Steps),
                      (std::vector<unsigned>{256, 32, 1}));
          });
}

TEST(RegionConstruction, HostScalarsAndSerialTasks) {
  analyze(R"cpp(
struct Params { int n; float s; };
#pragma qd kernel
void k(float *a, Params p, const Params &q) {
  int n = p.n + q.n;
  const float s = p.s * 2.f;
  unsigned u = n, v = 2 * n;
  if (a[3] > 2) a[2] = s + u + v;
  a[1] = s;
  float first = a[0];
}
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            const std::vector<Step> &S = Plans[0].Steps;
            // 'first' reads device memory, so its declaration is a serial
            // task.
            EXPECT_EQ(shape(S), "HostScalar HostScalar HostScalar SerialTask "
                                "SerialTask SerialTask");
            ASSERT_EQ(S.size(), 6u);
            EXPECT_EQ(sourceText(Ctx, S[2].S), "unsigned u = n, v = 2 * n;");
            EXPECT_EQ(captureNames(S[3].Captures),
                      (std::vector<std::string>{"a", "s", "u", "v"}));
            EXPECT_EQ(captureNames(S[4].Captures),
                      (std::vector<std::string>{"a", "s"}));
            EXPECT_EQ(captureNames(S[5].Captures),
                      std::vector<std::string>{"a"});
            EXPECT_EQ(blockDims(S), (std::vector<unsigned>{0, 0, 0, 1, 1, 1}));
          });
}

// Regression: a later declarator may use an earlier one of the same
// declaration ('int m = n / 2, m2 = m * 2;'); both are host scalars.
TEST(RegionConstruction, LaterDeclaratorUsesEarlierHostScalar) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  int m = n / 2, m2 = m * 2;
  for (int i = m; i < m2; ++i) a[i] = 0.f;
}
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps), "HostScalar ParallelLoop");
          });
}

TEST(RegionConstruction, TemplateKernel) {
  analyze(R"cpp(
template <class T>
struct Box { T v; };
#pragma qd kernel block_dim(32)
template <class T, int N>
void fill(T *out, T value, int n) {
  T twice = value + value;
  for (int i = 0; i < n; ++i) out[i] = twice;
  for (T i = 0; i < N; ++i) out[int(i)] += i;
}
void use(float *p) { fill<float, 4>(p, 1.f, 4); }
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            const KernelPlan &P = Plans[0];
            ASSERT_NE(P.Template, nullptr);
            EXPECT_EQ(P.Template->getTemplatedDecl(), P.Function);
            EXPECT_EQ(P.Function->getName(), "fill");
            EXPECT_EQ(P.BlockDim, 32u);
            EXPECT_EQ(shape(P.Steps), "HostScalar ParallelLoop ParallelLoop");
            EXPECT_EQ(captureNames(P.Steps[1].Captures),
                      (std::vector<std::string>{"out", "twice"}));
            EXPECT_EQ(captureNames(P.Steps[2].Captures),
                      std::vector<std::string>{"out"});
          });
}

TEST(RegionConstruction, SeveralKernelsInNamespaces) {
  analyze(R"cpp(
namespace outer {
#pragma qd kernel
void first(float *a) { a[0] = 1.f; }
namespace inner {
#pragma qd kernel block_dim(512)
void second(float *a, int n) {
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}
}
}
void notAKernel(float *a, int n) {
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}
#pragma qd kernel
void third(int n) { int m = n; (void)m; }
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 3u);
            EXPECT_EQ(Plans[0].Function->getQualifiedNameAsString(),
                      "outer::first");
            EXPECT_EQ(shape(Plans[0].Steps), "SerialTask");
            EXPECT_EQ(Plans[1].Function->getQualifiedNameAsString(),
                      "outer::inner::second");
            EXPECT_EQ(Plans[1].BlockDim, 512u);
            EXPECT_EQ(shape(Plans[1].Steps), "ParallelLoop");
            EXPECT_EQ(Plans[2].Function->getName(), "third");
            EXPECT_EQ(shape(Plans[2].Steps), "HostScalar SerialTask");
          });
}

TEST(RegionConstruction, UnderscorePragmaBlocksFormARegion) {
  analyze(R"cpp(
#define QD_KERNEL _Pragma("qd kernel block_dim(64)")
#define QD_BLOCK _Pragma("qd stream_parallel")
QD_KERNEL
void k(float *a, float *b, int n) {
  QD_BLOCK
  { for (int i = 0; i < n; ++i) a[i] = 0.f; }
  QD_BLOCK
  { for (int i = 0; i < n; ++i) b[i] = 0.f; }
}
)cpp",
          [](ASTContext &Ctx, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(Plans[0].BlockDim, 64u);
            EXPECT_EQ(lineOf(Ctx, Plans[0].PragmaLoc), 4u);
            EXPECT_EQ(shape(Plans[0].Steps),
                      "Region[ParallelLoop | ParallelLoop]");
            EXPECT_EQ(blockDims(Plans[0].Steps[0].Blocks[0].Steps),
                      std::vector<unsigned>{64});
            EXPECT_EQ(lineOf(Ctx, Plans[0].Steps[0].Blocks[1].PragmaLoc), 8u);
          });
}

TEST(RegionConstruction, NullStatementsAreSkipped) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  ;
  for (int i = 0; i < n; ++i) a[i] = 0.f;;
}
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps), "ParallelLoop");
          });
}

TEST(RegionConstruction, NestedLoopsInParallelLoopBodyStayInTheBody) {
  analyze(R"cpp(
#pragma qd kernel
void k(float *a, int n, int m) {
  for (int i = 0; i < n; ++i) {
    float acc = 0.f;
    for (int j = 0; j < m; ++j) {
      if (j == i) continue;
      if (j > 100) break;
      acc += j;
    }
    switch (i) { case 0: break; default: acc += 1.f; }
    a[i] = acc;
  }
}
)cpp",
          [](ASTContext &, std::vector<KernelPlan> &Plans) {
            ASSERT_EQ(Plans.size(), 1u);
            EXPECT_EQ(shape(Plans[0].Steps), "ParallelLoop");
            EXPECT_EQ(captureNames(Plans[0].Steps[0].Captures),
                      (std::vector<std::string>{"a", "m"}));
          });
}

} // namespace
