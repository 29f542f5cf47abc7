// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessAnalysisTest.cpp - analyzeAccesses ---------------------------===//
//
// Each case is a function 'f' whose first 'for' loop plays the parallel loop:
// its variable is the thread index, its body the code analyzed.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/AccessAnalysis.h"
#include "analysis/loops/LoopForm.h"
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

/// "text stride" per access, "W " before writes; the stride is the element
/// polynomial or "unknown: <reason>".
std::vector<std::string> accesses(llvm::StringRef Code) {
  std::vector<std::string> Out;
  ParseOptions Options;
  Options.Analyze = false;
  ParseResult R = parse(
      Code,
      [&](ASTContext &Ctx, std::vector<KernelPlan> &, DirectiveList &) {
        const FunctionDecl *FD = findFunction(Ctx, "f");
        ASSERT_NE(FD, nullptr);
        std::vector<const ForStmt *> Fors = forStmtsIn(FD->getBody());
        ASSERT_FALSE(Fors.empty());
        LoopForm Form;
        LoopFormMismatch Mismatch;
        ASSERT_TRUE(matchCanonicalLoop(Fors.front(), Form, Mismatch));
        for (const Access &A : analyzeAccesses(Form.Body, Form.Var, Ctx)) {
          std::string Line = (A.Write ? "W " : "") + sourceText(Ctx, A.E) + " ";
          Line += A.Stride.Known ? A.Stride.Elements.str()
                                 : "unknown: " + A.Stride.Reason;
          Out.push_back(Line);
        }
      },
      Options);
  EXPECT_TRUE(R.Succeeded) << ::testing::PrintToString(R.messages());
  return Out;
}

using Lines = std::vector<std::string>;

TEST(AccessAnalysis, RowPerThreadMatrixVector) {
  EXPECT_EQ(accesses(R"(
void f(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    float t = 0.f;
    for (int j = 0; j < n; ++j) t += A[i * n + j] * x[j];
    y[i] = t;
  }
})"),
            (Lines{"A[i * n + j] n", "x[j] 0", "W y[i] 1"}));
}

TEST(AccessAnalysis, ColumnPerThreadMatrixVector) {
  EXPECT_EQ(accesses(R"(
void f(int n, const float* A, const float* x, float* y) {
  for (int j = 0; j < n; ++j) {
    float t = 0.f;
    for (int i = 0; i < n; ++i) t += A[i * n + j] * x[i];
    y[j] = t;
  }
})"),
            (Lines{"A[i * n + j] 1", "x[i] 0", "W y[j] 1"}));
}

TEST(AccessAnalysis, ARowPointerMovesWithTheIndex) {
  EXPECT_EQ(accesses(R"(
void f(int n, const float* A, const float* x, float* y) {
  for (int i = 0; i < n; ++i) {
    const float* row = A + i * n;
    float t = 0.f;
    for (int j = i; j < n; ++j) t += row[j] * x[j];
    y[i] = t;
  }
})"),
            (Lines{"row[j] n + 1", "x[j] 1", "W y[i] 1"}));
}

TEST(AccessAnalysis, LocalsAreFollowedToTheirInitializers) {
  EXPECT_EQ(accesses(R"(
void f(int n, int w, float* a, const float* b) {
  for (int i = 0; i < n; ++i) {
    const int row = i * w;
    int col = 2 * i + 1;
    float* r = a + (i + 1) * 4;
    a[row + 3] = b[col];
    r[1] += 1.0f;
  }
})"),
            (Lines{"W a[row + 3] w", "b[col] 2", "W r[1] 4"}));
}

TEST(AccessAnalysis, ConstantsAndProductsOfNames) {
  EXPECT_EQ(accesses(R"(
void f(int n, int h, int w, float* a) {
  for (int i = 0; i < n; ++i) {
    a[-i + 100] = 1.0f;
    a[i * h * w + (w + 1) * i] = 2.0f;
    a[3 * (i - 1)] = 3.0f;
    *(a + 5 * i) = 4.0f;
    a[7] = 5.0f;
  }
})"),
            (Lines{"W a[-i + 100] -1", "W a[i * h * w + (w + 1) * i] h * w + w + 1",
                   "W a[3 * (i - 1)] 3", "W *(a + 5 * i) 5", "W a[7] 0"}));
}

TEST(AccessAnalysis, UnknownStridesSayWhy) {
  EXPECT_EQ(
      accesses(R"(
int g(int);
void f(int n, float* a, const int* idx) {
  for (int i = 0; i < n; ++i) {
    a[idx[i]] = 1.0f;
    a[i / 2] = 2.0f;
    a[i * i] = 3.0f;
    a[g(i)] = 4.0f;
    int k = i;
    k += n;
    a[k] = 5.0f;
  }
})"),
      (Lines{"W a[idx[i]] unknown: the index is loaded from memory ('idx[i]'), "
             "so it depends on the data",
             "idx[i] 1",
             "W a[i / 2] unknown: the index goes through '/'",
             "W a[i * i] unknown: the index is multiplied by an expression "
             "that depends on it",
             "W a[g(i)] unknown: the index goes through a call ('g(i)')",
             "W a[k] unknown: 'k' changes in the loop body in a way that "
             "depends on the index"}));
}

TEST(AccessAnalysis, PolynomialText) {
  Polynomial N = Polynomial::name("n"), W = Polynomial::name("w");
  EXPECT_EQ((Polynomial::constant(4) * N).str(), "4 * n");
  EXPECT_EQ((N * W + Polynomial::constant(1)).str(), "n * w + 1");
  EXPECT_EQ((Polynomial::constant(0) - Polynomial::constant(1)).str(), "-1");
  EXPECT_EQ((N - N).str(), "0");
  EXPECT_EQ((W - Polynomial::constant(2) * N).str(), "-2 * n + w");
  int64_t C = 0;
  EXPECT_TRUE((N - N + Polynomial::constant(3)).isConstant(C));
  EXPECT_EQ(C, 3);
  EXPECT_FALSE(N.isConstant(C));
}

} // namespace
