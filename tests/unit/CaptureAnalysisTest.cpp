// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CaptureAnalysisTest.cpp - collectCaptures, findDeviceDataUse ... ---===//
#include "analysis/memory/CaptureAnalysis.h"
#include "ParseHelper.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

/// Parses \p Code (no kernel analysis) and calls \p Fn with function \p Name.
void withFunction(
    llvm::StringRef Code, llvm::StringRef Name,
    const std::function<void(ASTContext &, const FunctionDecl *)> &Fn) {
  ParseOptions Options;
  Options.Analyze = false;
  bool Called = false;
  ParseResult R = parse(
      Code,
      [&](ASTContext &Ctx, std::vector<KernelPlan> &, DirectiveList &) {
        const FunctionDecl *FD = findFunction(Ctx, Name);
        ASSERT_NE(FD, nullptr);
        Fn(Ctx, FD);
        Called = true;
      },
      Options);
  EXPECT_TRUE(Called);
  EXPECT_TRUE(R.Diags.empty()) << ::testing::PrintToString(R.messages());
}

/// The parameters of \p FD, then the named locals, as HostValues.
HostValues hostValues(const FunctionDecl *FD,
                      std::initializer_list<const char *> HostScalars = {}) {
  HostValues Values;
  for (const ParmVarDecl *P : FD->parameters())
    Values.add(P);
  for (const char *Name : HostScalars) {
    const VarDecl *V = findVar(FD, Name);
    EXPECT_NE(V, nullptr) << Name;
    if (V)
      Values.add(V);
  }
  return Values;
}

const ForStmt *onlyLoop(const FunctionDecl *FD) {
  std::vector<const ForStmt *> Fors = forStmtsIn(FD->getBody());
  EXPECT_FALSE(Fors.empty());
  return Fors.empty() ? nullptr : Fors.front();
}

// --- HostValues -----------------------------------------------------------

TEST(HostValues, KeepsFirstPosition) {
  withFunction("void f(int a, int b, int c) {}", "f",
               [](ASTContext &, const FunctionDecl *FD) {
                 const VarDecl *A = FD->getParamDecl(0);
                 const VarDecl *B = FD->getParamDecl(1);
                 const VarDecl *C = FD->getParamDecl(2);
                 HostValues V;
                 V.add(B);
                 V.add(A);
                 V.add(B); // already there: keeps position 0
                 EXPECT_TRUE(V.contains(A));
                 EXPECT_TRUE(V.contains(B));
                 EXPECT_FALSE(V.contains(C));
                 EXPECT_EQ(V.position(B), 0u);
                 EXPECT_EQ(V.position(A), 1u);
               });
}

// --- collectCaptures --------------------------------------------------------

TEST(CollectCaptures, ParameterOrderThenHostScalarOrderEachOnce) {
  withFunction(R"cpp(
void f(float *out, int n, float scale, float bias, float unused) {
  int half = n / 2;
  float twice = scale * 2.f;
  for (int i = 0; i < n; ++i)
    out[i] = bias + twice * i + scale + half + bias + twice + out[0];
}
)cpp",
               "f", [](ASTContext &, const FunctionDecl *FD) {
                 HostValues V = hostValues(FD, {"half", "twice"});
                 const ForStmt *For = onlyLoop(FD);
                 ASSERT_NE(For, nullptr);
                 // 'n' is read only by the condition, not the body.
                 EXPECT_EQ(captureNames(collectCaptures(For->getBody(), V,
                                                        findVar(FD, "i"))),
                           (std::vector<std::string>{"out", "scale", "bias",
                                                     "half", "twice"}));
                 // The whole loop reads 'n' too.
                 EXPECT_EQ(captureNames(collectCaptures(For, V)),
                           (std::vector<std::string>{"out", "n", "scale",
                                                     "bias", "half", "twice"}));
               });
}

TEST(CollectCaptures, LoopVariableIsExcluded) {
  withFunction(R"cpp(
void f(int *out, int n) {
  for (int i = 0; i < n; ++i) out[i] = i * n;
}
)cpp",
               "f", [](ASTContext &, const FunctionDecl *FD) {
                 const VarDecl *I = findVar(FD, "i");
                 ASSERT_NE(I, nullptr);
                 // Even when the loop variable is a host value, Exclude wins.
                 HostValues V = hostValues(FD, {"i"});
                 const ForStmt *For = onlyLoop(FD);
                 ASSERT_NE(For, nullptr);
                 EXPECT_EQ(captureNames(collectCaptures(For->getBody(), V, I)),
                           (std::vector<std::string>{"out", "n"}));
                 EXPECT_EQ(captureNames(collectCaptures(For->getBody(), V)),
                           (std::vector<std::string>{"out", "n", "i"}));
               });
}

TEST(CollectCaptures, LocalsOfTheBodyAreNotCaptured) {
  withFunction(R"cpp(
void f(float *out, int n, float scale) {
  for (int i = 0; i < n; ++i) {
    float t = scale * i;
    int n = 3;  // shadows the parameter
    for (int k = 0; k < n; ++k) t += k;
    out[i] = t;
  }
}
)cpp",
               "f", [](ASTContext &, const FunctionDecl *FD) {
                 HostValues V = hostValues(FD);
                 const ForStmt *For = onlyLoop(FD);
                 ASSERT_NE(For, nullptr);
                 EXPECT_EQ(captureNames(collectCaptures(For->getBody(), V,
                                                        findVar(FD, "i"))),
                           (std::vector<std::string>{"out", "scale"}));
               });
}

TEST(CollectCaptures, LambdaBodiesAreIncluded) {
  withFunction(
      R"cpp(
void f(float *out, int n, float scale, float bias, float offset) {
  for (int i = 0; i < n; ++i) {
    auto byCopy = [=](int k) { return k * scale; };
    auto byRef = [&](int k) { return k + offset; };
    auto init = [b = bias](int k) { return k - b; };
    out[i] = byCopy(i) + byRef(i) + init(i);
  }
}
)cpp",
      "f", [](ASTContext &, const FunctionDecl *FD) {
        HostValues V = hostValues(FD);
        const ForStmt *For = onlyLoop(FD);
        ASSERT_NE(For, nullptr);
        EXPECT_EQ(
            captureNames(collectCaptures(For->getBody(), V, findVar(FD, "i"))),
            (std::vector<std::string>{"out", "scale", "bias", "offset"}));
      });
}

TEST(CollectCaptures, GlobalsAndFunctionsAreNotCaptured) {
  withFunction(R"cpp(
constexpr float kScale = 2.f;
int counter;
float twice(float x) { return 2.f * x; }
void f(float *out, int n) {
  for (int i = 0; i < n; ++i) out[i] = twice(kScale * i) + counter;
}
)cpp",
               "f", [](ASTContext &, const FunctionDecl *FD) {
                 HostValues V = hostValues(FD);
                 const ForStmt *For = onlyLoop(FD);
                 ASSERT_NE(For, nullptr);
                 EXPECT_EQ(captureNames(collectCaptures(For->getBody(), V,
                                                        findVar(FD, "i"))),
                           std::vector<std::string>{"out"});
               });
}

TEST(CollectCaptures, NothingCaptured) {
  withFunction(
      R"cpp(
void f(int n) {
  for (int i = 0; i < n; ++i) { int t = i; (void)t; }
}
)cpp",
      "f", [](ASTContext &, const FunctionDecl *FD) {
        HostValues V = hostValues(FD);
        const ForStmt *For = onlyLoop(FD);
        ASSERT_NE(For, nullptr);
        EXPECT_TRUE(
            collectCaptures(For->getBody(), V, findVar(FD, "i")).empty());
      });
}

// --- findDeviceDataUse -------------------------------------------------------

const char *const DeviceDataCode = R"cpp(
struct P { int x; int y; };
constexpr int kConst = 8;
const int kGlobal = 3;
int g(int *);
int h(int);
int hp(const P &);
int ha(int, const int *);
void f(int *p, int n, P s, const P &cs, P *ps, int arr[4], unsigned u) {
  int host = n + 1;
  int local = 2;
  // Device data:
  int e_subscript = p[0];
  int e_deref = *p;
  int e_arrow = ps->x;
  int e_call_ptr = g(p);
  int e_call_array = g(arr);
  int e_call_second = ha(n, p + 1);
  int e_nested = n * (2 + p[n]);
  int e_cond = n > 0 ? p[1] : 0;
  int e_local = local + n;
  // Host values:
  int h_mul = n * 2;
  int h_member = s.x;
  int h_const_ref_member = cs.y;
  int h_globals = kConst + kGlobal;
  int h_host = host * n;
  int h_call = h(n) + hp(s);
  int h_cast = static_cast<int>(u) - 1;
  int *h_ptr_arith = p + n;
  (void)e_subscript; (void)e_deref; (void)e_arrow; (void)e_call_ptr;
  (void)e_call_array; (void)e_call_second; (void)e_nested; (void)e_cond;
  (void)e_local; (void)h_mul; (void)h_member; (void)h_const_ref_member;
  (void)h_globals; (void)h_host; (void)h_call; (void)h_cast; (void)h_ptr_arith;
}
)cpp";

/// The source text of findDeviceDataUse on the initializer of \p Var, or ""
/// when it is a host expression.
std::string deviceUse(ASTContext &Ctx, const FunctionDecl *FD,
                      const HostValues &V, const char *Var) {
  const VarDecl *D = findVar(FD, Var);
  EXPECT_NE(D, nullptr) << Var;
  if (!D)
    return "<missing>";
  const Expr *Use = findDeviceDataUse(D->getInit(), V);
  return Use ? sourceText(Ctx, Use) : "";
}

TEST(FindDeviceDataUse, FlagsDeviceData) {
  withFunction(
      DeviceDataCode, "f", [](ASTContext &Ctx, const FunctionDecl *FD) {
        HostValues V = hostValues(FD, {"host"});
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_subscript"), "p[0]");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_deref"), "*p");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_arrow"), "ps->x");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_call_ptr"), "g(p)");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_call_array"), "g(arr)");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_call_second"), "ha(n, p + 1)");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_nested"), "p[n]");
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_cond"), "p[1]");
        // 'local' is not a host value: it exists only on the device.
        EXPECT_EQ(deviceUse(Ctx, FD, V, "e_local"), "local");
      });
}

TEST(FindDeviceDataUse, AcceptsHostExpressions) {
  withFunction(DeviceDataCode, "f",
               [](ASTContext &Ctx, const FunctionDecl *FD) {
                 HostValues V = hostValues(FD, {"host"});
                 for (const char *Var :
                      {"h_mul", "h_member", "h_const_ref_member", "h_globals",
                       "h_host", "h_call", "h_cast", "h_ptr_arith"})
                   EXPECT_EQ(deviceUse(Ctx, FD, V, Var), "") << Var;
                 EXPECT_EQ(findDeviceDataUse(nullptr, V), nullptr);
               });
}

TEST(FindDeviceDataUse, HostScalarOnlyOnceAdded) {
  withFunction(DeviceDataCode, "f",
               [](ASTContext &Ctx, const FunctionDecl *FD) {
                 // Without 'host' among the host values it is device data.
                 HostValues V = hostValues(FD);
                 EXPECT_EQ(deviceUse(Ctx, FD, V, "h_host"), "host");
               });
}

TEST(FindDeviceDataUse, ThisAndLambdas) {
  // Q::f is a member; find it through its record.
  ParseOptions Options;
  Options.Analyze = false;
  bool Called = false;
  parse(
      R"cpp(
struct Q {
  int m;
  void f(int n) {
    int e_this = m + n;
    int e_lambda = [n] { return n; }();
    (void)e_this; (void)e_lambda;
  }
};
)cpp",
      [&](ASTContext &Ctx, std::vector<KernelPlan> &, DirectiveList &) {
        const CXXRecordDecl *Q = nullptr;
        for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
          if (const auto *R = dyn_cast<CXXRecordDecl>(D))
            if (!R->isImplicit() && R->getName() == "Q")
              Q = R;
        ASSERT_NE(Q, nullptr);
        const FunctionDecl *F = nullptr;
        for (const CXXMethodDecl *M : Q->methods())
          if (M->getName() == "f")
            F = M;
        ASSERT_NE(F, nullptr);
        HostValues V = hostValues(F);
        EXPECT_EQ(deviceUse(Ctx, F, V, "e_this"), "m");
        EXPECT_EQ(deviceUse(Ctx, F, V, "e_lambda"), "[n] { return n; }");
        Called = true;
      },
      Options);
  EXPECT_TRUE(Called);
}

// --- findReferenceTo
// -----------------------------------------------------------

TEST(FindReferenceTo, FirstReferenceOrNull) {
  withFunction(R"cpp(
void f(int *out, int n) {
  int a = out[0];
  int b = out[1];
  out[2] = n + b + a;
  out[3] = n;
  out[4] = [&] { return a; }();
}
)cpp",
               "f", [](ASTContext &Ctx, const FunctionDecl *FD) {
                 const auto *Body = cast<CompoundStmt>(FD->getBody());
                 std::vector<const Stmt *> S(Body->body_begin(),
                                             Body->body_end());
                 ASSERT_EQ(S.size(), 5u);
                 llvm::SmallPtrSet<const VarDecl *, 4> Vars;
                 Vars.insert(findVar(FD, "a"));
                 Vars.insert(findVar(FD, "b"));
                 const DeclRefExpr *Ref = findReferenceTo(S[2], Vars);
                 ASSERT_NE(Ref, nullptr);
                 EXPECT_EQ(Ref->getDecl()->getName(), "b");
                 EXPECT_EQ(lineOf(Ctx, Ref->getLocation()), 5u);
                 EXPECT_EQ(columnOf(Ctx, Ref->getLocation()), 16u);
                 EXPECT_EQ(findReferenceTo(S[3], Vars), nullptr);
                 // Inside a lambda too.
                 Ref = findReferenceTo(S[4], Vars);
                 ASSERT_NE(Ref, nullptr);
                 EXPECT_EQ(Ref->getDecl()->getName(), "a");
                 llvm::SmallPtrSet<const VarDecl *, 4> None;
                 EXPECT_EQ(findReferenceTo(S[2], None), nullptr);
               });
}

} // namespace
