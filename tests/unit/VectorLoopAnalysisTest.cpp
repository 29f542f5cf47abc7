// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- VectorLoopAnalysisTest.cpp - analyzeVectorLoops --------------------===//
//
// Each case is a kernel whose first step is a parallel loop with vector
// loops: which statements of its body every thread of a group runs, which
// one thread runs and what it then shares, and the layout chosen.
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelModel.h"
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

struct Summary {
  /// One letter per body statement: R replicated, L leader, V vector loop;
  /// a leader's shared locals follow in brackets.
  std::string Kinds;
  VectorMapping Mapping = VectorMapping::Contiguous;
  unsigned Length = 0;
  unsigned BlockDim = 0;
};

Summary summarize(llvm::StringRef Code) {
  Summary Out;
  ParseResult R = parse(
      Code, [&](ASTContext &, std::vector<KernelPlan> &Plans, DirectiveList &) {
        ASSERT_EQ(Plans.size(), 1u);
        ASSERT_FALSE(Plans[0].Steps.empty());
        const Step &S = Plans[0].Steps[0];
        ASSERT_EQ(S.Kind, StepKind::ParallelLoop);
        ASSERT_TRUE(S.Vector.has_value());
        for (const BodyStatement &BS : S.Vector->Statements) {
          Out.Kinds += BS.Kind == BodyStatementKind::Replicated ? "R"
                       : BS.Kind == BodyStatementKind::Leader   ? "L"
                                                                : "V";
          if (!BS.Shared.empty()) {
            Out.Kinds += "[";
            for (const VarDecl *Var : BS.Shared)
              Out.Kinds += Var->getName().str() + (Var == BS.Shared.back() ? "" : ",");
            Out.Kinds += "]";
          }
        }
        Out.Mapping = S.Vector->Mapping;
        Out.Length = S.Vector->Length;
        Out.BlockDim = S.BlockDim;
      });
  EXPECT_TRUE(R.Succeeded) << ::testing::PrintToString(R.messages());
  return Out;
}

TEST(VectorLoopAnalysis, RowsTakeTheContiguousLayout) {
  Summary S = summarize(R"(
#pragma qd kernel
void gemv(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    #pragma qd loop vector reduction(+: t)
    for (int j = 0; j < n; ++j) t += A[i * n + j] * x[j];
    y[i] = t;
  }
})");
  EXPECT_EQ(S.Kinds, "RVL");
  EXPECT_EQ(S.Mapping, VectorMapping::Contiguous);
  EXPECT_EQ(S.Length, 32u);
  EXPECT_EQ(S.BlockDim, 256u);
}

TEST(VectorLoopAnalysis, ColumnsTakeTheStridedLayoutAndAWarpOfThem) {
  Summary S = summarize(R"(
#pragma qd kernel
void gemv_t(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector vector_length(16) reduction(+: t)
    for (int i = 0; i < n; ++i) t += A[i * n + j] * x[i];
    y[j] = t;
  }
})");
  EXPECT_EQ(S.Mapping, VectorMapping::Strided);
  EXPECT_EQ(S.Length, 16u);
  EXPECT_EQ(S.BlockDim, 512u); // 32 columns of 16 threads
}

TEST(VectorLoopAnalysis, AGivenBlockSizeIsKept) {
  Summary S = summarize(R"(
#pragma qd kernel
void gemv_t(int n, const float* A, const float* x, float* y) {
  #pragma qd loop block_dim(128)
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    #pragma qd loop vector reduction(+: t)
    for (int i = 0; i < n; ++i) t += A[i * n + j] * x[i];
    y[j] = t;
  }
})");
  EXPECT_EQ(S.Mapping, VectorMapping::Strided);
  EXPECT_EQ(S.BlockDim, 128u);
}

TEST(VectorLoopAnalysis, LeadersShareTheLocalsTheyMayChange) {
  Summary S = summarize(R"(
float scale(float v);
#pragma qd kernel
void f(int n, const float* a, float* out, int* flags) {
  for (int i = 0; i < n; ++i) {
    float s = a[i];
    float bias = 0.f;
    float both[2] = {0.f, 0.f};
    if (s > 0.f) { bias = 0.5f; flags[i] = 1; }
    if (s < 0.f) { both[1] = s; out[i] = 0.f; }
    float k = scale(s);
    #pragma qd loop vector
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = bias + both[1] + k;
    bias = bias * 2.f;
  }
})");
  // A call of the user's 'scale' may have effects: its declaration is
  // evaluated by the leader alone. The last statement only changes a local.
  EXPECT_EQ(S.Kinds, "RRRL[bias]L[both]LVR");
}

TEST(VectorLoopAnalysis, LeadersShareLocalsChangedThroughArraysLambdasAndAliases) {
  // Issue 27: an array handed to a function decays to a pointer that the
  // function writes through; a lambda that captures by reference changes
  // what it captures where it is called; a local pointer to an array
  // changes the array through the alias.
  Summary S = summarize(R"(
void fill2(int* p, int r) { p[0] = r; p[1] = r + 1; }
#pragma qd kernel
void f(int n, const float* a, float* out) {
  for (int i = 0; i < n; ++i) {
    int arr[2];
    fill2(arr, i);
    int s = 0;
    auto set = [&] { s = arr[0] + arr[1]; };
    set();
    int other[2] = {0, 0};
    int* alias = other;
    *alias = i;
    #pragma qd loop vector
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = a[j] * (float)(s + arr[1] + other[0]);
  }
})");
  EXPECT_EQ(S.Kinds, "RL[arr]RRL[s]RRL[other]V");
}

TEST(VectorLoopAnalysis, LeadersShareWhatLambdasChangeInTemplateKernels) {
  // Issue 42: in a template kernel's pattern a held lambda's call is a
  // plain call of the variable, not an operator call, whatever the lambda
  // does; a helper given the lambda may call it.
  Summary S = summarize(R"(
template <class F, class T> void apply_to(F& f, T v) { f(v); }
#pragma qd kernel
template <class T>
void f(int n, const T* a, T* out) {
  for (int i = 0; i < n; ++i) {
    T acc = T(0);
    int hits = 0;
    auto add = [&](T v) { acc += v; };
    auto& same = add;
    auto bump = [&](T) { ++hits; };
    add(a[i]);
    same(a[i]);
    apply_to(bump, a[i]);
    #pragma qd loop vector
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = a[j] + acc + T(hits);
  }
}
void use(const float* a, float* o) { f<float>(1, a, o); }
)");
  EXPECT_EQ(S.Kinds, "RRRRRL[acc]L[acc]L[hits]V");
}

TEST(VectorLoopAnalysis, LeadersShareLocalsHeldByReferenceInAggregates) {
  // Issue 42: an aggregate holding references to body locals changes them
  // through its member functions, const ones included; in a template, an
  // aggregate of a dependent type may hold them too.
  Summary S = summarize(R"(
struct Counter { int& count; void hit() const { ++count; } };
struct Outer { float w; Counter c; };
template <class T> struct Tally { T& sum; void add(T v) { sum += v; } };
#pragma qd kernel
template <class T>
void f(int n, const T* a, T* out) {
  for (int i = 0; i < n; ++i) {
    int seen = 0;
    int nested = 0;
    T extra = T(0);
    const Counter counter{seen};
    Outer outer{1.0f, {nested}};
    Tally<T> tally{extra};
    counter.hit();
    outer.c.hit();
    tally.add(a[i]);
    #pragma qd loop vector
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = a[j] + extra + T(seen + nested);
  }
}
void use(const float* a, float* o) { f<float>(1, a, o); }
)");
  EXPECT_EQ(S.Kinds, "RRRRRRL[seen,nested,extra]L[seen,nested,extra]"
                     "L[seen,nested,extra]V");
}

TEST(VectorLoopAnalysis, ALeaderDeclarationSharesWhatItsInitializerChanges) {
  // A declaration the leader evaluates may change earlier locals through
  // its initializer's calls.
  Summary S = summarize(R"(
int bump(int& v) { return ++v; }
#pragma qd kernel
void f(int n, const float* a, float* out) {
  for (int i = 0; i < n; ++i) {
    int acc = i;
    const int k = bump(acc);
    #pragma qd loop vector
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = a[j] * (float)(acc + k);
  }
})");
  EXPECT_EQ(S.Kinds, "RL[acc]V");
}

TEST(VectorLoopAnalysis, ACopyInAMutableLambdaIsNotShared) {
  Summary S = summarize(R"(
#pragma qd kernel
void f(int n, const float* a, float* out) {
  for (int i = 0; i < n; ++i) {
    int s = i;
    out[i] = [=]() mutable { s += 1; return (float)s; }();
    #pragma qd loop vector
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = a[j] * (float)s;
  }
})");
  EXPECT_EQ(S.Kinds, "RLV");
}

TEST(VectorLoopAnalysis, SeveralVectorLoopsInOneBody) {
  Summary S = summarize(R"(
#pragma qd kernel
void f(int n, int m, const float* a, float* out) {
  for (int i = 0; i < n; ++i) {
    float total = 0.f;
    #pragma qd loop vector vector_length(8) reduction(+: total)
    for (int j = 0; j < m; ++j) total += a[i * m + j];
    #pragma qd loop vector vector_length(8)
    for (int j = 0; j < m; ++j) out[i * m + j] = a[i * m + j] - total;
  }
})");
  EXPECT_EQ(S.Kinds, "RVV");
  EXPECT_EQ(S.Length, 8u);
  EXPECT_EQ(S.Mapping, VectorMapping::Contiguous);
}

} // namespace
