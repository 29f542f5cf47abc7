// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopRemarksTest.cpp - emitLoopRemarks ------------------------------===//
//
// Each case is a kernel; the test runs the analysis, then emitLoopRemarks on
// the plans, and compares the remarks ("LINE: remark: MESSAGE"). The cases
// with inner vector loops fill Step::Vector by hand, as the vector-loop
// analysis will.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/LoopForm.h"
#include "remarks/LoopRemarks.h"
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

using Lines = std::vector<std::string>;
using Prepare = std::function<void(ASTContext &, std::vector<KernelPlan> &)>;

Lines remarks(llvm::StringRef Code, const Prepare &Before = nullptr) {
  ParseResult R =
      parse(Code, [&](ASTContext &Ctx, std::vector<KernelPlan> &Plans,
                      DirectiveList &) {
        if (Before)
          Before(Ctx, Plans);
        emitLoopRemarks(Plans, Ctx);
      });
  EXPECT_TRUE(R.Succeeded) << ::testing::PrintToString(R.messages());
  EXPECT_EQ(R.count(DiagnosticsEngine::Error), 0u);
  EXPECT_EQ(R.count(DiagnosticsEngine::Warning), 0u);
  return R.messages(DiagnosticsEngine::Remark);
}

const std::string Gemv = R"(
#pragma qd kernel
void gemv(float* y, const float* A, const float* x, int n) {
  for (int i = 0; i < n; ++i) {
    float t = 0;
    for (int j = 0; j < n; ++j) t += A[i * n + j] * x[j];
    y[i] = t;
  }
})";

TEST(LoopRemarks, RowPerThreadMatrixVectorSuggestsAVectorLoop) {
  EXPECT_EQ(remarks(Gemv),
            (Lines{"4: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, one iteration per thread",
                   "6: remark: 'A[i * n + j]' reads addresses 4 * n bytes "
                   "apart in neighbouring threads, so its loads do not "
                   "coalesce; make the loop over 'j' a '#pragma qd loop "
                   "vector reduction(+: t)' loop so that neighbouring threads "
                   "take neighbouring 'j'"}));
}

TEST(LoopRemarks, CoalescedLoopsOnlyReportTheirShape) {
  EXPECT_EQ(remarks(R"(
#pragma qd kernel block_dim(512)
void gemv_t(float* y, const float* A, const float* x, int n) {
  for (int j = 0; j < n; ++j) {
    float t = 0;
    for (int i = 0; i < n; ++i) t += A[i * n + j] * x[i];
    y[j] = t;
  }
})"),
            (Lines{"4: remark: parallel loop over 'j': blocks of 512 threads "
                   "on the GPU, one iteration per thread"}));
}

TEST(LoopRemarks, RegionsAreVisitedAndSerialTasksHaveNone) {
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
void two(float* a, float* b, int n) {
  #pragma qd stream_parallel
  {
    #pragma qd loop block_dim(64)
    for (int i = 0; i < n; ++i) a[3 * i] = 0.f;
  }
  #pragma qd stream_parallel
  {
    for (int i = 0; i < n; ++i) b[i] = 1.f;
  }
  if (n > 0) { b[0] = a[0]; }
})"),
            (Lines{"7: remark: parallel loop over 'i': blocks of 64 threads "
                   "on the GPU, one iteration per thread",
                   "7: remark: 'a[3 * i]' writes addresses 12 bytes apart in "
                   "neighbouring threads, so its stores do not coalesce",
                   "11: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, one iteration per thread"}));
}

TEST(LoopRemarks, CollapseOrder) {
  EXPECT_EQ(
      remarks(R"(
#pragma qd kernel
void f(double* a, const double* b, int h, int w) {
  #pragma qd loop collapse(2)
  for (int x = 0; x < w; ++x)
    for (int y = 0; y < h; ++y)
      a[y * w + x] = b[x * h + y];
})"),
      (Lines{"5: remark: collapse(2) loop over 'x', 'y': blocks of 256 "
             "threads on the GPU; each thread runs 4 neighbouring 'x' for "
             "one 'y' when the nest has enough iterations to keep every "
             "thread the GPU holds busy (else one iteration per thread); "
             "neighbouring threads take neighbouring 'y'",
             "7: remark: 'a[y * w + x]' writes addresses 8 * w bytes apart "
             "in neighbouring threads, so its stores do not coalesce; make "
             "the loop over 'x' the innermost loop of the collapse(2) nest so "
             "that neighbouring threads take neighbouring 'x'"}));
}

TEST(LoopRemarks, UnknownDistancesSayWhy) {
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
void f(float* y, const float* x, const int* idx, int n) {
  for (int i = 0; i < n; ++i) {
    y[i / 2] += x[idx[i]];
  }
})"),
            (Lines{"4: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, one iteration per thread",
                   "5: remark: the distance between neighbouring threads' "
                   "addresses in 'y[i / 2]' is unknown, so its stores may not "
                   "coalesce: the index goes through '/'",
                   "5: remark: the distance between neighbouring threads' "
                   "addresses in 'x[idx[i]]' is unknown, so its loads may not "
                   "coalesce: the index is loaded from memory ('idx[i]'), so "
                   "it depends on the data"}));
}

TEST(LoopRemarks, DistancesHaveNoSign) {
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
void f(short* a, int n) {
  for (int i = 0; i < n; ++i) a[n - 4 * i] = 0;
})"),
            (Lines{"4: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, one iteration per thread",
                   "4: remark: 'a[n - 4 * i]' writes addresses 8 bytes apart "
                   "in neighbouring threads, so its stores do not coalesce"}));
}

TEST(LoopRemarks, VectorSuggestionsNeedALoopThatCanBeOne) {
  // Reductions are spelled out; a write to an earlier local that is no
  // reduction, a 'break', or a loop that is not a direct statement of the
  // body leave no loop to suggest.
  Lines R = remarks(R"(
#include <cmath>
#pragma qd kernel
void f(float* y, const float* A, int n) {
  for (int i = 0; i < n; ++i) {
    float m = 0, s = 1, p = 1;
    for (int j = 0; j < n; ++j) {
      m = fmaxf(m, A[i * n + j]);
      s = s + A[i * n + j + 1];
      p *= 2.f;
    }
    float last = 0;
    for (int j = 0; j < n; ++j) last = A[i * n + j + 2];
    for (int j = 0; j < n; ++j) { if (A[i * n + j + 3] < 0) break; }
    float acc[2] = {0, 0};
    for (int j = 0; j < n; ++j) acc[j % 2] += A[i * n + j + 5];
    if (n > 1) {
      for (int j = 0; j < n; ++j) y[i] += A[i * n + j + 4];
    }
    y[i] += m + s + p + last + acc[0];
  }
})");
  ASSERT_EQ(R.size(), 7u) << ::testing::PrintToString(R);
  EXPECT_NE(R[1].find("'A[i * n + j]' reads addresses 4 * n bytes apart"),
            std::string::npos);
  EXPECT_NE(R[1].find("'#pragma qd loop vector reduction(max: m) "
                      "reduction(+: s) reduction(*: p)'"),
            std::string::npos)
      << R[1];
  EXPECT_NE(R[2].find("'A[i * n + j + 1]'"), std::string::npos);
  for (size_t I = 3; I < R.size(); ++I)
    EXPECT_EQ(R[I].find("#pragma qd loop vector"), std::string::npos) << R[I];
}

TEST(LoopRemarks, NoReductionSuggestedForAUserMax) {
  // A user's own 'max' is no combine that the reduction analysis accepts,
  // so no clause naming it is suggested: it would not translate.
  Lines R = remarks(R"(
#include <cmath>
namespace mine { inline float max(float a, float b) { return a < b ? b : a; } }
#pragma qd kernel
void f(float* y, const float* A, int n) {
  for (int i = 0; i < n; ++i) {
    float m = 0, k = 0;
    for (int j = 0; j < n; ++j) {
      m = mine::max(m, A[i * n + j]);
      k = fmaxf(k, A[i * n + j]);
    }
    y[i] = m + k;
  }
})");
  ASSERT_FALSE(R.empty());
  for (const std::string &Line : R)
    EXPECT_EQ(Line.find("reduction(max"), std::string::npos) << Line;
}

TEST(LoopRemarks, CStyleLoopVariablesDeclaredAtTheTop) {
  // The same distances as with the variables declared in the loops'
  // headers: a use inside a loop takes that loop's start ('k' starts at 0
  // for all threads in one loop and at 'i' in the other).
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
void f(float* y, const float* A, const float* x, float* a, int n) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) y[i] += A[i * n + j] * x[j];
    for (k = 0; k < 2; k++) a[k * n + i] = 0.f;
    for (k = i; k < n; k += 2) a[k * n + 2 * i] = 1.f;
  }
})"),
            (Lines{"5: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, one iteration per thread",
                   "6: remark: 'A[i * n + j]' reads addresses 4 * n bytes "
                   "apart in neighbouring threads, so its loads do not "
                   "coalesce",
                   "8: remark: 'a[k * n + 2 * i]' writes addresses 4 * n + 8 "
                   "bytes apart in neighbouring threads, so its stores do not "
                   "coalesce"}));
}

TEST(LoopRemarks, OneRemarkPerAccess) {
  // The access is reported once, although both the collapse order and a
  // vector loop would fix it.
  Lines R = remarks(R"(
#pragma qd kernel
void f(float* a, int h, int w) {
  #pragma qd loop collapse(2)
  for (int x = 0; x < w; ++x)
    for (int y = 0; y < h; ++y) {
      for (int k = 0; k < 4; ++k) a[y * w + x + k] = 0.f;
    }
})");
  ASSERT_EQ(R.size(), 2u) << ::testing::PrintToString(R);
  EXPECT_NE(R[1].find("the innermost loop of the collapse(2) nest"),
            std::string::npos);
}

TEST(LoopRemarks, TemplatesAreAnalyzedOnce) {
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
template <class T>
void f(T* a, int n, int stride) {
  for (int i = 0; i < n; ++i) a[i * stride] = T();
}
template void f<float>(float*, int, int);
template void f<double>(double*, int, int);
)"),
            (Lines{"5: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, one iteration per thread",
                   "5: remark: 'a[i * stride]' writes addresses stride "
                   "elements apart in neighbouring threads, so its stores do "
                   "not coalesce"}));
}

/// Marks the first parallel loop's first inner 'for' as its vector loop.
Prepare vectorize(VectorMapping Mapping, unsigned Contiguous,
                  unsigned Strided) {
  return [=](ASTContext &, std::vector<KernelPlan> &Plans) {
    ASSERT_FALSE(Plans.empty());
    Step &S = Plans.front().Steps.front();
    ASSERT_EQ(S.Kind, StepKind::ParallelLoop);
    std::vector<const ForStmt *> Fors = forStmtsIn(S.deviceCode());
    ASSERT_FALSE(Fors.empty());
    VectorLoop L;
    L.For = Fors.front();
    LoopFormMismatch Mismatch;
    ASSERT_TRUE(matchCanonicalLoop(L.For, L.Loop, Mismatch));
    VectorBody V;
    V.Length = 32;
    V.Mapping = Mapping;
    V.CoalescedContiguous = Contiguous;
    V.CoalescedStrided = Strided;
    V.Loops.push_back(L);
    S.Vector = V;
  };
}

TEST(LoopRemarks, ContiguousVectorLoop) {
  // A group's threads take neighbouring 'j': 'A[i * n + j]' and 'x[j]'
  // coalesce, and 'y[i]', outside the vector loop, is one address per group.
  EXPECT_EQ(remarks(Gemv, vectorize(VectorMapping::Contiguous, 2, 0)),
            (Lines{"4: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, a group of 32 threads per iteration for its "
                   "vector loops",
                   "6: remark: vector loop over 'j': a group is 32 "
                   "neighbouring threads, which take neighbouring 'j'; 2 of "
                   "the vector loops' accesses coalesce this way, against 0 "
                   "if neighbouring threads took neighbouring 'i'"}));
}

TEST(LoopRemarks, ContiguousVectorLoopWithAStridedAccess) {
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
void f(float* y, const float* A, int n) {
  for (int i = 0; i < n; ++i) {
    float t = 0;
    for (int j = 0; j < n; ++j) t += A[j * n + i];
    y[i] = t;
  }
})",
                    vectorize(VectorMapping::Contiguous, 0, 1))[2],
            "6: remark: 'A[j * n + i]' reads addresses 4 * n bytes apart in "
            "neighbouring threads, so its loads do not coalesce");
}

TEST(LoopRemarks, StridedVectorLoop) {
  // Neighbouring threads take neighbouring 'i': 'A[j * n + i]' coalesces,
  // and so does 'y[i]'; 'x[j]' is the same for all.
  EXPECT_EQ(remarks(R"(
#pragma qd kernel
void gemv_t(float* y, const float* A, const float* x, int n) {
  for (int i = 0; i < n; ++i) {
    float t = 0;
    for (int j = 0; j < n; ++j) t += A[j * n + i] * x[j];
    y[i] = t;
  }
})",
                    vectorize(VectorMapping::Strided, 1, 2)),
            (Lines{"4: remark: parallel loop over 'i': blocks of 256 threads "
                   "on the GPU, a group of 32 threads per iteration for its "
                   "vector loops",
                   "6: remark: vector loop over 'j': neighbouring threads take "
                   "neighbouring 'i', and the 32 threads of a group are 8 "
                   "apart; 2 of the vector loops' accesses coalesce this way, "
                   "against 1 if a group were 32 neighbouring threads"}));
}

} // namespace
