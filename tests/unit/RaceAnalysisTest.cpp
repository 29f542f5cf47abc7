// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RaceAnalysisTest.cpp - -Wqd-race between blocks of one region ------===//
//
// What counts as the same memory (parameters, struct members, aliases made
// from them), what counts as a write, and what must stay silent.
//
//===----------------------------------------------------------------------===//
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace qd::test;
using clang::DiagnosticsEngine;

namespace {

using Lines = std::vector<std::string>;

/// "LINE: NAME read|written by B while W writes", one per race warning.
Lines races(llvm::StringRef Code) {
  ParseResult R = parse(Code);
  EXPECT_EQ(R.count(DiagnosticsEngine::Error), 0u);
  Lines Out;
  for (const CapturedDiag &D : R.Diags) {
    if (D.Level != DiagnosticsEngine::Warning)
      continue;
    EXPECT_NE(D.Message.find("[-Wqd-race]"), std::string::npos) << D.Message;
    // "'a' is read by stream_parallel block 2 while block 1 of ..."
    llvm::StringRef M(D.Message);
    auto Name = M.drop_front().split('\'').first;
    bool Written = M.contains("' is written by");
    auto Blocks = M.split("block ").second;
    auto Other = Blocks.split(' ').first;
    auto Writer = Blocks.split("while block ").second.split(' ').first;
    Out.push_back(std::to_string(D.Line) + ": " + Name.str() +
                  (Written ? " written" : " read") + " by " + Other.str() +
                  " while " + Writer.str() + " writes");
  }
  return Out;
}

TEST(RaceAnalysis, ReadWhileAnotherBlockWrites) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) b[i] = a[i]; }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) a[i] = 0.f; }
}
)cpp"),
            (Lines{"5: a read by 1 while 2 writes"}));
}

TEST(RaceAnalysis, BothWriteAndEveryPairIsReported) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
#pragma qd stream_parallel
  { a[0] = 1.f; }
#pragma qd stream_parallel
  { a[1] += 2.f; }
#pragma qd stream_parallel
  { a[2]++; }
}
)cpp"),
            (Lines{"7: a written by 2 while 1 writes",
                   "9: a written by 3 while 1 writes",
                   "9: a written by 3 while 2 writes"}));
}

TEST(RaceAnalysis, NoteNamesTheWriteAndTheWritingBlock) {
  ParseResult R = parse(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) a[i] = 1.f; }
#pragma qd stream_parallel
  { b[0] = a[0]; }
}
)cpp");
  EXPECT_EQ(R.messages(DiagnosticsEngine::Note),
            (Lines{"5: note: block 1 writes 'a' here",
                   "4: note: stream_parallel block 1 starts here"}));
}

TEST(RaceAnalysis, DisjointOrReadOnlyMemoryIsSilent) {
  EXPECT_EQ(races(R"cpp(
void scale(const float *in, float *out, int i) { out[i] = 2 * in[i]; }
#pragma qd kernel
void k(float *a, float *b, const float *in, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) scale(in, a, i); }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) b[i] = in[i] + in[0]; }
}
)cpp"),
            Lines{});
}

TEST(RaceAnalysis, SeparateRegionsDoNotRace) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n) {
#pragma qd stream_parallel
  { a[0] = 1.f; }
#pragma qd stream_parallel
  { b[0] = 1.f; }
  b[1] = 0.f;
#pragma qd stream_parallel
  { b[2] = a[0]; }
}
)cpp"),
            Lines{});
}

TEST(RaceAnalysis, AliasesAndHostPointersAreFollowed) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
void k(float *a, float *b, int n) {
  float *upper = a + n / 2;
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) { float *row = a + i; row[0] = 1.f; } }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) { const float &x = upper[i]; b[i] = x; } }
}
)cpp"),
            (Lines{"8: a read by 2 while 1 writes"}));
}

TEST(RaceAnalysis, StructMembersAreSeparateMemory) {
  EXPECT_EQ(races(R"cpp(
struct Mesh { float *x; float *y; int n; };
#pragma qd kernel
void k(Mesh m) {
#pragma qd stream_parallel
  { for (int i = 0; i < m.n; ++i) m.x[i] = 1.f; }
#pragma qd stream_parallel
  { for (int i = 0; i < m.n; ++i) m.y[i] = 2.f; }
#pragma qd stream_parallel
  { for (int i = 0; i < m.n; ++i) m.y[i] += m.x[i]; }
}
)cpp"),
            (Lines{"10: m.x read by 3 while 1 writes",
                   "10: m.y written by 3 while 2 writes"}));
}

TEST(RaceAnalysis, CallsThatMayWriteCountAsWrites) {
  EXPECT_EQ(races(R"cpp(
void fill(float *p, int i) { p[i] = 0.f; }
void bump(float &x) { x += 1.f; }
#pragma qd kernel
void k(float *a, float *b, float *c, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) { fill(a, i); bump(b[i]); } }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) c[i] = a[i] + b[i]; }
}
)cpp"),
            (Lines{"9: a read by 2 while 1 writes",
                   "9: b read by 2 while 1 writes"}));
}

TEST(RaceAnalysis, TemplateKernelsAndLambdas) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
template <class T>
void k(T *a, T *b, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) { auto set = [&](T v) { a[i] = v; }; set(T(1)); } }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) b[i] = a[i]; }
}
)cpp"),
            (Lines{"8: a read by 2 while 1 writes"}));
}

TEST(RaceAnalysis, DisjointSlicesOfOneBufferDoNotRace) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
void k(float *out, const float *in, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) out[i] = in[i]; }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) out[n + i] = in[i]; }
#pragma qd stream_parallel
  { for (int j = 0; j < n; ++j) out[j + 2 * n] = out[3 * n + j]; }
}
)cpp"),
            Lines{});
}

TEST(RaceAnalysis, SlicesCountOnlyInTheExactShape) {
  EXPECT_EQ(races(R"cpp(
#pragma qd kernel
void k(float *out, int n, int m) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) out[i] = 0.f; }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) out[n + i] = out[i]; }
#pragma qd stream_parallel
  { for (int i = 0; i < m; ++i) out[2 * n + i] = 0.f; }
#pragma qd stream_parallel
  { for (int i = 0; i <= n; ++i) out[3 * n + i] = 0.f; }
#pragma qd stream_parallel
  { for (int i = 1; i < n; ++i) out[4 * n + i] = 0.f; }
}
)cpp"),
            (Lines{// Block 2 reads slice 0, which block 1 writes.
                   "7: out written by 2 while 1 writes",
                   // Another bound, '<=', a start other than 0: whole buffer.
                   "9: out written by 3 while 1 writes",
                   "11: out written by 4 while 1 writes",
                   "13: out written by 5 while 1 writes",
                   "9: out written by 3 while 2 writes",
                   "11: out written by 4 while 2 writes",
                   "13: out written by 5 while 2 writes",
                   "11: out written by 4 while 3 writes",
                   "13: out written by 5 while 3 writes",
                   "13: out written by 5 while 4 writes"}));
}

} // namespace
