// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopFormTest.cpp - matchCanonicalLoop ------------------------------===//
//
// Each case is one 'for' loop inside 'void f(...)'; matchCanonicalLoop runs
// on the ForStmt of the parsed AST.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/LoopForm.h"
#include "ParseHelper.h"
#include "clang/AST/ExprCXX.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

/// matchCanonicalLoop's answer for one loop, as text.
struct LoopResult {
  bool Matched = false;
  // Matched:
  std::string Var, VarType, Begin, End, Body, Step;
  bool Inclusive = false, Descending = false, Assigned = false;
  // Not matched:
  std::string Reason;
  unsigned Line = 0, Column = 0;
};

/// The results for every 'for' statement of function \p Function (nested
/// loops included, outer first).
std::vector<LoopResult> matchLoops(llvm::StringRef Code,
                                   llvm::StringRef Function = "f") {
  std::vector<LoopResult> Results;
  ParseOptions Options;
  Options.Analyze = false;
  ParseResult R = parse(
      Code,
      [&](ASTContext &Ctx, std::vector<KernelPlan> &, DirectiveList &) {
        const FunctionDecl *FD = findFunction(Ctx, Function);
        ASSERT_NE(FD, nullptr);
        for (const ForStmt *For : forStmtsIn(FD->getBody())) {
          LoopForm Form;
          LoopFormMismatch Mismatch;
          LoopResult Out;
          Out.Matched = matchCanonicalLoop(For, Form, Mismatch);
          if (Out.Matched) {
            EXPECT_NE(Form.Var, nullptr);
            EXPECT_EQ(Form.Body, For->getBody());
            Out.Var = Form.Var->getNameAsString();
            Out.VarType = Form.Var->getType().getAsString();
            Out.Begin = sourceText(Ctx, Form.Begin);
            Out.End = sourceText(Ctx, Form.End);
            Out.Body = sourceText(Ctx, Form.Body);
            Out.Inclusive = Form.Inclusive;
            Out.Step = Form.Step ? sourceText(Ctx, Form.Step) : "";
            Out.Descending = Form.Descending;
            Out.Assigned = Form.Assigned;
          } else {
            Out.Reason = Mismatch.Reason;
            Out.Line = lineOf(Ctx, Mismatch.Loc);
            Out.Column = columnOf(Ctx, Mismatch.Loc);
          }
          Results.push_back(Out);
        }
      },
      Options);
  EXPECT_TRUE(R.Inspected);
  EXPECT_EQ(R.count(DiagnosticsEngine::Error), 0u)
      << ::testing::PrintToString(R.messages());
  return Results;
}

/// One loop header, placed at line 3 column 3 of:
///   using size_t = decltype(sizeof 0);
///   void f(int n, long long m, unsigned u, size_t s, int *a, int j) { int k;
///     HEADER a[0] = 0;
///   }
std::string inFunction(const std::string &Header) {
  return "using size_t = decltype(sizeof 0);\n"
         "void f(int n, long long m, unsigned u, size_t s, int *a, int j) { "
         "int k;\n"
         "  " +
         Header +
         " a[0] = 0;\n"
         "}\n";
}

struct Accepted {
  const char *Header;
  const char *Var;
  const char *VarType;
  const char *Begin;
  const char *End;
  bool Inclusive;
};

void PrintTo(const Accepted &A, std::ostream *OS) { *OS << A.Header; }

class AcceptedLoop : public ::testing::TestWithParam<Accepted> {};

TEST_P(AcceptedLoop, IsCanonical) {
  const Accepted &P = GetParam();
  std::vector<LoopResult> Loops = matchLoops(inFunction(P.Header));
  ASSERT_EQ(Loops.size(), 1u);
  const LoopResult &L = Loops[0];
  ASSERT_TRUE(L.Matched) << L.Reason;
  EXPECT_EQ(L.Var, P.Var);
  EXPECT_EQ(L.VarType, P.VarType);
  EXPECT_EQ(L.Begin, P.Begin);
  EXPECT_EQ(L.End, P.End);
  EXPECT_EQ(L.Inclusive, P.Inclusive);
  EXPECT_EQ(L.Body, "a[0] = 0");
  EXPECT_EQ(L.Step, "");
  EXPECT_FALSE(L.Descending);
  EXPECT_FALSE(L.Assigned);
}

INSTANTIATE_TEST_SUITE_P(
    LoopForm, AcceptedLoop,
    ::testing::Values(
        Accepted{"for (int i = 0; i < n; ++i)", "i", "int", "0", "n", false},
        Accepted{"for (int i = 0; i <= n; ++i)", "i", "int", "0", "n", true},
        Accepted{"for (int i = 0; i < n; i++)", "i", "int", "0", "n", false},
        Accepted{"for (int i = 0; i < n; i += 1)", "i", "int", "0", "n", false},
        Accepted{"for (int i = 0; i <= n; i += 1)", "i", "int", "0", "n", true},
        Accepted{"for (size_t i = 0; i < s; ++i)", "i", "size_t", "0", "s",
                 false},
        Accepted{"for (long long k = 0; k < m; k++)", "k", "long long", "0",
                 "m", false},
        Accepted{"for (unsigned x = 0; x < u; ++x)", "x", "unsigned int", "0",
                 "u", false},
        Accepted{"for (unsigned x = 0; x < n; ++x)", "x", "unsigned int", "0",
                 "n", false},
        Accepted{"for (short t = 2; t < 100; ++t)", "t", "short", "2", "100",
                 false},
        Accepted{"for (int i = 5; i < n - 1; ++i)", "i", "int", "5", "n - 1",
                 false},
        Accepted{"for (int i = n / 2; i <= 2 * n; i++)", "i", "int", "n / 2",
                 "2 * n", true},
        Accepted{"for (long long i = j; i < m + j; ++i)", "i", "long long", "j",
                 "m + j", false},
        Accepted{"for (int i = 0; (i < n); (++i))", "i", "int", "0", "n",
                 false},
        Accepted{"for (auto i = 0; i < n; ++i)", "i", "int", "0", "n", false}));

struct Rejected {
  const char *Header;
  const char *Reason;
  unsigned Column; ///< of the mismatch, on line 3
};

void PrintTo(const Rejected &R, std::ostream *OS) { *OS << R.Header; }

class RejectedLoop : public ::testing::TestWithParam<Rejected> {};

TEST_P(RejectedLoop, SaysWhy) {
  const Rejected &P = GetParam();
  std::vector<LoopResult> Loops = matchLoops(inFunction(P.Header));
  ASSERT_EQ(Loops.size(), 1u);
  const LoopResult &L = Loops[0];
  ASSERT_FALSE(L.Matched) << "matched with variable " << L.Var;
  EXPECT_EQ(L.Reason, P.Reason);
  EXPECT_EQ(L.Line, 3u);
  EXPECT_EQ(L.Column, P.Column);
}

const char *const ConditionOnI =
    "the condition must be 'i < end' or 'i <= end' (counting up), 'i > end' "
    "or 'i >= end' (counting down)";
const char *const CountUp =
    "a loop counting up to its end must step with '++i', 'i++' or 'i += c'";
const char *const CountDown =
    "a loop counting down to its end must step with '--i', 'i--' or 'i -= c'";
const char *const OneVariable =
    "the loop must declare exactly one loop variable";
const char *const PositiveStep = "the step of 'i' must be positive";

INSTANTIATE_TEST_SUITE_P(
    LoopForm, RejectedLoop,
    ::testing::Values(
        // Column 3 is the 'for'; column 8 the init; after "for (int i = 0; "
        // (column 19) the condition; after "...; i < n; " (26) the increment.
        Rejected{"for (int i = 0; i != n; ++i)", ConditionOnI, 19},
        Rejected{"for (int i = 0; n > i; ++i)", ConditionOnI, 19},
        Rejected{"for (int i = 0; j < n; ++i)", ConditionOnI, 19},
        Rejected{"for (int i = 0; i < n && j; ++i)", ConditionOnI, 19},
        Rejected{"for (int i = 0; ; ++i)", ConditionOnI, 3},
        Rejected{"for (int i = 0; i < n; --i)", CountUp, 26},
        Rejected{"for (int i = 0; i < n; i--)", CountUp, 26},
        Rejected{"for (int i = 0; i < n; i -= 1)", CountUp, 26},
        Rejected{"for (int i = 0; i < n; ++j)", CountUp, 26},
        Rejected{"for (int i = 0; i < n; i = j + 1)", CountUp, 26},
        Rejected{"for (int i = 0; i < n; i *= 2)", CountUp, 26},
        Rejected{"for (int i = 0; i < n;)", CountUp, 3},
        Rejected{"for (int i = n; i > 0; ++i)", CountDown, 26},
        Rejected{"for (int i = n; i >= 0; i += 1)", CountDown, 27},
        Rejected{"for (int i = 0; i < n; i += 0)", PositiveStep, 31},
        Rejected{"for (int i = 0; i < n; i += -2)", PositiveStep, 31},
        Rejected{"for (int i = 0; i < n; i += 1.5)",
                 "the step of 'i' must be an integer", 31},
        Rejected{"for (; j < n; ++j)",
                 "the loop must declare one loop variable ('int i = begin') "
                 "or assign one ('i = begin')",
                 3},
        Rejected{"for (j = 0; j < n; ++j)",
                 "the loop variable 'j' must be a local variable of the kernel",
                 8},
        Rejected{"for (int i = 0, k = 0; i < n; ++i)", OneVariable, 8},
        Rejected{"for (int i; i < n; ++i)",
                 "the loop variable must be initialized", 8},
        Rejected{"for (float x = 0; x < n; ++x)",
                 "the loop variable 'x' must have an integer type", 14},
        Rejected{"for (double d = 0.5; d < n; d += 1)",
                 "the loop variable 'd' must have an integer type", 15},
        Rejected{"for (int *p = a; p < a + n; ++p)",
                 "the loop variable 'p' must have an integer type", 13}));

struct AcceptedStrided {
  const char *Header;
  const char *Var;
  const char *Begin;
  const char *End;
  bool Inclusive;
  const char *Step; ///< "" for a step of 1
  bool Descending;
  bool Assigned;
};

void PrintTo(const AcceptedStrided &A, std::ostream *OS) { *OS << A.Header; }

class AcceptedStridedLoop : public ::testing::TestWithParam<AcceptedStrided> {};

TEST_P(AcceptedStridedLoop, IsCanonical) {
  const AcceptedStrided &P = GetParam();
  std::vector<LoopResult> Loops = matchLoops(inFunction(P.Header));
  ASSERT_EQ(Loops.size(), 1u);
  const LoopResult &L = Loops[0];
  ASSERT_TRUE(L.Matched) << L.Reason;
  EXPECT_EQ(L.Var, P.Var);
  EXPECT_EQ(L.Begin, P.Begin);
  EXPECT_EQ(L.End, P.End);
  EXPECT_EQ(L.Inclusive, P.Inclusive);
  EXPECT_EQ(L.Step, P.Step);
  EXPECT_EQ(L.Descending, P.Descending);
  EXPECT_EQ(L.Assigned, P.Assigned);
}

INSTANTIATE_TEST_SUITE_P(
    LoopForm, AcceptedStridedLoop,
    ::testing::Values(
        AcceptedStrided{"for (int i = n; i > 0; --i)", "i", "n", "0", false,
                        "", true, false},
        AcceptedStrided{"for (int i = n; i >= 0; i--)", "i", "n", "0", true, "",
                        true, false},
        AcceptedStrided{"for (int i = n; i >= 1; i -= 3)", "i", "n", "1", true,
                        "3", true, false},
        AcceptedStrided{"for (int i = 0; i < n; i += 2)", "i", "0", "n", false,
                        "2", false, false},
        AcceptedStrided{"for (int i = 0; i < n; i += j)", "i", "0", "n", false,
                        "j", false, false},
        AcceptedStrided{"for (int i = 0; i < n; i = i + 2)", "i", "0", "n",
                        false, "2", false, false},
        AcceptedStrided{"for (int i = 0; i < n; i = 4 + i)", "i", "0", "n",
                        false, "4", false, false},
        AcceptedStrided{"for (int i = n; i > j; i = i - 2)", "i", "n", "j",
                        false, "2", true, false},
        AcceptedStrided{"for (int i = 0; i < n; i = i + 1)", "i", "0", "n",
                        false, "", false, false},
        AcceptedStrided{"for (int i = 0; i < n; i += 3 - 2)", "i", "0", "n",
                        false, "", false, false},
        AcceptedStrided{"for (k = 0; k < n; ++k)", "k", "0", "n", false, "",
                        false, true},
        AcceptedStrided{"for (k = n; k > 0; k -= j)", "k", "n", "0", false, "j",
                        true, true}));

TEST(LoopForm, BoolAndEnumLoopVariablesAreRejected) {
  std::vector<LoopResult> Loops = matchLoops(R"cpp(
enum E { A, B, C };
void f(int *a) {
  for (bool b = false; b < true; b = true) a[0] = 0;
  for (E e = A; e < C; e = B) a[1] = 0;
}
)cpp");
  ASSERT_EQ(Loops.size(), 2u);
  EXPECT_FALSE(Loops[0].Matched);
  EXPECT_EQ(Loops[0].Reason, "the loop variable 'b' must have an integer type");
  EXPECT_EQ(Loops[0].Line, 4u);
  EXPECT_FALSE(Loops[1].Matched);
  EXPECT_EQ(Loops[1].Reason, "the loop variable 'e' must have an integer type");
  EXPECT_EQ(Loops[1].Line, 5u);
}

TEST(LoopForm, NestedLoopsAreMatchedIndependently) {
  std::vector<LoopResult> Loops = matchLoops(R"cpp(
void f(int *a, int n) {
  for (int i = 0; i < n; ++i)
    for (int k = n; k > i; --k)
      a[i] += k;
}
)cpp");
  ASSERT_EQ(Loops.size(), 2u);
  ASSERT_TRUE(Loops[0].Matched);
  EXPECT_EQ(Loops[0].Var, "i");
  EXPECT_EQ(Loops[0].Body, "for (int k = n; k > i; --k)\n      a[i] += k");
  ASSERT_TRUE(Loops[1].Matched);
  EXPECT_TRUE(Loops[1].Descending);
  EXPECT_EQ(Loops[1].End, "i");
}

TEST(LoopForm, BodyIsTheCompoundStatement) {
  std::vector<LoopResult> Loops = matchLoops(R"cpp(
void f(int *a, int n) {
  for (int i = 0; i < n; ++i) { a[i] = i; }
}
)cpp");
  ASSERT_EQ(Loops.size(), 1u);
  ASSERT_TRUE(Loops[0].Matched);
  EXPECT_EQ(Loops[0].Body, "{ a[i] = i; }");
}

TEST(LoopForm, TemplatePatternWithDependentTypes) {
  std::vector<LoopResult> Loops = matchLoops(R"cpp(
template <class T> void f(T n, T *a) {
  for (T i = 0; i < n; ++i) a[i] = i;
  for (T i = 1; i <= n; i++) a[i] = i;
  for (T i = 0; i < n; i += 1) a[i] = i;
  for (T i = 0; i < n; i += 2) a[i] = i;
  for (T i = n; i > 0; --i) a[i] = i;
}
)cpp");
  ASSERT_EQ(Loops.size(), 5u);
  ASSERT_TRUE(Loops[0].Matched) << Loops[0].Reason;
  EXPECT_EQ(Loops[0].Var, "i");
  EXPECT_EQ(Loops[0].VarType, "T");
  EXPECT_EQ(Loops[0].Begin, "0");
  EXPECT_EQ(Loops[0].End, "n");
  EXPECT_FALSE(Loops[0].Inclusive);
  ASSERT_TRUE(Loops[1].Matched) << Loops[1].Reason;
  EXPECT_EQ(Loops[1].Begin, "1");
  EXPECT_TRUE(Loops[1].Inclusive);
  ASSERT_TRUE(Loops[2].Matched) << Loops[2].Reason;
  EXPECT_EQ(Loops[2].Step, "");
  ASSERT_TRUE(Loops[3].Matched) << Loops[3].Reason;
  EXPECT_EQ(Loops[3].Step, "2");
  ASSERT_TRUE(Loops[4].Matched) << Loops[4].Reason;
  EXPECT_TRUE(Loops[4].Descending);
}

// With operators visible to unqualified lookup, clang builds
// CXXOperatorCallExprs instead of built-in operators in a template pattern.
const char *const TemplateWithOperatorsInScope = R"cpp(
struct W { int v; };
bool operator<(W, W);
bool operator<=(W, W);
W &operator++(W &);
W operator++(W &, int);
W &operator+=(W &, int);
template <class T> void f(T n, T *a) {
  for (T i = 0; i < n; ++i) a[i] = i;
  for (T i = 0; i <= n; i++) a[i] = i;
  for (T i = 0; i < n; i += 1) a[i] = i;
  for (T i = 0; i < n; i += 2) a[i] = i;
}
)cpp";

TEST(LoopForm, TemplatePatternBuildsOperatorCalls) {
  // Makes sure the next test exercises the operator-call path.
  ParseOptions Options;
  Options.Analyze = false;
  bool Checked = false;
  parse(
      TemplateWithOperatorsInScope,
      [&](ASTContext &Ctx, std::vector<KernelPlan> &, DirectiveList &) {
        const FunctionDecl *FD = findFunction(Ctx, "f");
        ASSERT_NE(FD, nullptr);
        std::vector<const ForStmt *> Fors = forStmtsIn(FD->getBody());
        ASSERT_EQ(Fors.size(), 4u);
        EXPECT_TRUE(isa<CXXOperatorCallExpr>(Fors[0]->getCond()));
        EXPECT_TRUE(isa<CXXOperatorCallExpr>(Fors[0]->getInc()));
        EXPECT_TRUE(isa<CXXOperatorCallExpr>(Fors[1]->getInc()));
        EXPECT_TRUE(isa<CXXOperatorCallExpr>(Fors[2]->getInc()));
        Checked = true;
      },
      Options);
  EXPECT_TRUE(Checked);
}

TEST(LoopForm, TemplatePatternWithOperatorCalls) {
  std::vector<LoopResult> Loops = matchLoops(TemplateWithOperatorsInScope);
  ASSERT_EQ(Loops.size(), 4u);
  ASSERT_TRUE(Loops[0].Matched) << Loops[0].Reason;
  EXPECT_EQ(Loops[0].End, "n");
  EXPECT_FALSE(Loops[0].Inclusive);
  ASSERT_TRUE(Loops[1].Matched) << Loops[1].Reason;
  EXPECT_TRUE(Loops[1].Inclusive);
  ASSERT_TRUE(Loops[2].Matched) << Loops[2].Reason;
  ASSERT_TRUE(Loops[3].Matched) << Loops[3].Reason;
  EXPECT_EQ(Loops[3].Step, "2");
}

TEST(LoopForm, TemplateWithNonDependentLoopVariable) {
  std::vector<LoopResult> Loops = matchLoops(R"cpp(
template <class T, int N> void f(T *a) {
  for (int i = 0; i < N; ++i) a[i] = T();
}
)cpp");
  ASSERT_EQ(Loops.size(), 1u);
  ASSERT_TRUE(Loops[0].Matched) << Loops[0].Reason;
  EXPECT_EQ(Loops[0].End, "N");
}

TEST(LoopForm, LoopVariableInMacro) {
  std::vector<LoopResult> Loops = matchLoops(R"cpp(
#define FOR_N(i, n) for (int i = 0; i < (n); ++i)
void f(int *a, int n) {
  FOR_N(i, n) a[i] = 0;
}
)cpp");
  ASSERT_EQ(Loops.size(), 1u);
  ASSERT_TRUE(Loops[0].Matched) << Loops[0].Reason;
  EXPECT_EQ(Loops[0].Var, "i");
}

} // namespace
