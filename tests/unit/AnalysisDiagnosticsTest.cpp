// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AnalysisDiagnosticsTest.cpp - analyzeKernels' errors and warnings --===//
//
// Each test asserts the complete list of diagnostics ("LINE: LEVEL: MESSAGE")
// the analysis reports for one snippet.
//
//===----------------------------------------------------------------------===//
#include "ParseHelper.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

using Messages = std::vector<std::string>;

/// All diagnostics of analyzing \p Code; the analysis must have run.
Messages analysisDiags(llvm::StringRef Code, unsigned *PlanCount = nullptr) {
  ParseResult R = parse(
      Code, [&](ASTContext &, std::vector<KernelPlan> &Plans, DirectiveList &) {
        if (PlanCount)
          *PlanCount = Plans.size();
      });
  EXPECT_TRUE(R.Inspected);
  // runToolOnCode reports failure exactly when there is an error.
  EXPECT_EQ(R.Succeeded, R.count(DiagnosticsEngine::Error) == 0);
  return R.messages();
}

std::string err(unsigned Line, const std::string &Message) {
  return std::to_string(Line) + ": error: " + Message;
}
std::string warn(unsigned Line, const std::string &Message) {
  return std::to_string(Line) + ": warning: " + Message;
}
std::string note(unsigned Line, const std::string &Message) {
  return std::to_string(Line) + ": note: " + Message;
}

const std::string NestedBlock =
    "'#pragma qd stream_parallel' cannot be nested in another "
    "stream_parallel block; put the blocks side by side in one region "
    "instead";
const std::string EnclosingBlock = "enclosing stream_parallel block is here";
const std::string InLoop =
    "'#pragma qd stream_parallel' cannot appear inside a loop body or a "
    "statement; it must be a top-level statement of the kernel, or of a "
    "host 'if', 'switch' or '#pragma qd loop seq' body";
const std::string KernelNotDefinition =
    "'#pragma qd kernel' must be followed by a function definition or "
    "declaration";
const std::string SerialLoop =
    "this loop is inside a statement that runs as a single-thread serial "
    "task, so it runs serially; make it a top-level statement of the kernel "
    "or block to run it in parallel [-Wqd-serial-loop]";
const std::string EmptyBlock =
    "empty stream_parallel block: it has no device work, so its stream only "
    "forks and joins; add the work or remove the block [-Wqd-empty-block]";
const std::string ReturnInStatement =
    "'return' is not allowed in a kernel statement that runs on the device; "
    "it would end only that task";

std::string notInParallelLoop(const std::string &Keyword) {
  return "'" + Keyword +
         "' is not allowed in a parallel loop body, whose iterations run "
         "concurrently; use 'continue' to skip an iteration";
}
std::string notPassable(const std::string &Param, const std::string &Kernel,
                        const std::string &Why) {
  return "parameter '" + Param + "' of kernel '" + Kernel +
         "' cannot be passed to the device: " + Why;
}
std::string boundUsesDeviceData(const std::string &Which,
                                const std::string &Text) {
  return "loop " + Which + " uses '" + Text +
         "', which is not a host value; bounds are evaluated on the host and "
         "may use only scalar parameters, constants and host scalars";
}
std::string deviceLocalUsedLater(const std::string &Name) {
  return "'" + Name +
         "' is declared by a statement that runs on the device as a serial "
         "task, so later statements cannot use it; make it a host scalar or "
         "store it in device memory";
}

// --- stream_parallel placement
// -------------------------------------------------

TEST(AnalysisDiagnostics, StreamParallelNestedInBlock) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a) {
#pragma qd stream_parallel
  {
    a[0] = 1.f;
#pragma qd stream_parallel
    { a[1] = 2.f; }
  }
}
)cpp"),
            (Messages{err(7, NestedBlock), note(4, EnclosingBlock)}));
}

TEST(AnalysisDiagnostics, StreamParallelNestedInBraceLessBlock) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
#pragma qd stream_parallel
  if (n > 0) {
#pragma qd stream_parallel
    { a[1] = 2.f; }
  }
}
)cpp"),
            (Messages{err(6, NestedBlock), note(4, EnclosingBlock)}));
}

TEST(AnalysisDiagnostics, StreamParallelAtEndOfBlockIsNested) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a) {
#pragma qd stream_parallel
  {
    a[0] = 1.f;
#pragma qd stream_parallel
  }
}
)cpp"),
            (Messages{err(7, NestedBlock), note(4, EnclosingBlock)}));
}

TEST(AnalysisDiagnostics, StreamParallelInsideLoopBody) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  for (int i = 0; i < n; ++i) {
#pragma qd stream_parallel
    { a[i] = 0.f; }
  }
}
)cpp"),
            Messages{err(5, InLoop)});
}

TEST(AnalysisDiagnostics, StreamParallelInsideSerialStatement) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  if (a[1] > 0.f) {
#pragma qd stream_parallel
    { a[0] = 0.f; }
  }
}
)cpp"),
            Messages{err(5, InLoop)});
}

TEST(AnalysisDiagnostics, StreamParallelInNonKernelFunction) {
  EXPECT_EQ(
      analysisDiags(R"cpp(
void helper(float *a) {
#pragma qd stream_parallel
  { a[0] = 1.f; }
}
namespace ns {
struct S {
  void method(float *a) {
#pragma qd stream_parallel
    { a[0] = 1.f; }
  }
};
}
)cpp"),
      (Messages{err(3, "'#pragma qd stream_parallel' is only allowed in a "
                       "kernel; mark 'helper' with '#pragma qd kernel'"),
                err(9, "'#pragma qd stream_parallel' is only allowed in a "
                       "kernel; mark 'method' with '#pragma qd kernel'")}));
}

TEST(AnalysisDiagnostics, StreamParallelAtNamespaceScope) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd stream_parallel
int x = 0;
)cpp"),
            Messages{err(2, "'#pragma qd stream_parallel' is only allowed "
                            "inside a kernel, before a statement")});
}

TEST(AnalysisDiagnostics, DuplicateDirectiveOnOneStatement) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
#pragma qd loop block_dim(32)
#pragma qd loop block_dim(64)
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}
)cpp"),
            Messages{err(5, "duplicate '#pragma qd loop' on one statement; "
                                 "remove one of them")});
}

// --- kernel placement and signature ------------------------------------------

TEST(AnalysisDiagnostics, KernelNotFollowedByFunctionDefinition) {
  unsigned Plans = 99;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
int x = 3;
#pragma qd kernel
void declared(float *a); // Another file's kernel: accepted, no plan here.
struct S { int v; };
#pragma qd kernel
)cpp",
                          &Plans),
            (Messages{err(2, KernelNotDefinition), err(7, KernelNotDefinition)}));
  EXPECT_EQ(Plans, 0u);
}

TEST(AnalysisDiagnostics, KernelInsideFunctionBody) {
  EXPECT_EQ(analysisDiags(R"cpp(
void f(float *a) {
#pragma qd kernel
  a[0] = 1.f;
}
)cpp"),
            Messages{err(3, "'#pragma qd kernel' must be at namespace scope, "
                            "right before a function definition")});
}

TEST(AnalysisDiagnostics, KernelReturningInt) {
  unsigned Plans = 99;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
int k(float *a) { a[0] = 1.f; return 0; }
)cpp",
                          &Plans),
            Messages{err(3, "kernel 'k' must return 'void'; return results "
                                 "through a pointer parameter")});
  EXPECT_EQ(Plans, 0u);
}

TEST(AnalysisDiagnostics, KernelIsMethod) {
  // A pragma before an out-of-line member definition at namespace scope.
  EXPECT_EQ(analysisDiags(R"cpp(
struct S { void run(float *a); };
#pragma qd kernel
void S::run(float *a) { a[0] = 1.f; }
)cpp"),
            Messages{err(4, "kernel 'run' is a member function; kernels must "
                            "be free functions at namespace scope")});
}

TEST(AnalysisDiagnostics, NonConstReferenceParameter) {
  // Device code uses it: the parameter is reported, with the use.
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a,
       int &count) {
  a[0] = count;
}
)cpp"),
            (Messages{err(4, notPassable("count", "k",
                                         "it is a non-const reference, which "
                                         "the device cannot write through; "
                                         "pass a pointer to device memory, or "
                                         "use it only in '#pragma qd host' "
                                         "statements")),
                      note(5, "device code uses 'count' here")}));
}

TEST(AnalysisDiagnostics, NonConstReferenceParameterOnlyOnHost) {
  // Only host statements use it: nothing to report.
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n,
       int &calls) {
  for (int i = 0; i < n; ++i)
    a[i] = 1.f;
  #pragma qd host
  ++calls;
}
)cpp"),
            Messages{});
}

TEST(AnalysisDiagnostics, NonTriviallyCopyableParameters) {
  EXPECT_EQ(
      analysisDiags(R"cpp(
struct Handle {
  Handle(const Handle &);
  int v;
};
#pragma qd kernel
void k(float *a,
       Handle h,
       const Handle &ch) {
  a[0] = h.v + ch.v;
}
)cpp"),
      (Messages{
          err(8, notPassable("h", "k", "'Handle' is not trivially copyable")),
          // The pointee of a 'const T&' keeps its qualifier.
          err(9, notPassable("ch", "k",
                             "'const Handle' is not trivially copyable"))}));
}

TEST(AnalysisDiagnostics, OtherUnpassableParameters) {
  EXPECT_EQ(
      analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a,
       int &&moved,
       void (*callback)(int),
       int) {
  a[0] = moved;
  callback(1);
}
)cpp"),
      (Messages{
          err(4, notPassable("moved", "k",
                             "rvalue references are not supported; pass by "
                             "value")),
          err(5, notPassable("callback", "k",
                             "a host function pointer cannot be called on "
                             "the device")),
          // An unnamed parameter prints as ''.
          err(6, notPassable("", "k", "it has no name"))}));
}

TEST(AnalysisDiagnostics, PassableParametersAreAccepted) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags(R"cpp(
struct Pod { int n; float s[3]; };
#pragma qd kernel
void k(float *a, const float *b, int n, double d, Pod p, const Pod &cp,
       const int &ci) {
  a[0] = b[0] + n + d + p.n + cp.s[1] + ci;
}
)cpp",
                          &Plans),
            Messages{});
  EXPECT_EQ(Plans, 1u);
}

// --- loops
// ------------------------------------------------------------------------

TEST(AnalysisDiagnostics, LoopBoundUsesDeviceData) {
  EXPECT_EQ(analysisDiags(R"cpp(
struct P { int x; };
#pragma qd kernel
void k(float *a, int *p, P *s, int n) {
  for (int i = 0; i < p[0]; ++i) a[i] = 0.f;
  for (int i = s->x; i <= *p + n; ++i) a[i] = 0.f;
}
)cpp"),
            (Messages{err(5, boundUsesDeviceData("end", "p[0]")),
                      err(6, boundUsesDeviceData("begin", "s->x")),
                      err(6, boundUsesDeviceData("end", "*p"))}));
}

TEST(AnalysisDiagnostics, LoopBoundUsesDeviceLocal) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int *p) {
  int count = p[0];
  for (int i = 0; i < count; ++i) a[i] = 0.f;
}
)cpp"),
            (Messages{err(5, boundUsesDeviceData("end", "count")),
                      err(5, deviceLocalUsedLater("count")),
                      note(4, "'count' is declared here")}));
}

TEST(AnalysisDiagnostics, UnsupportedLoopForm) {
  const std::string Write =
      "; write 'for (I i = begin; i < end; ++i)' or a variant: '<=', 'i++', "
      "'i += c'; counting down with '>', '>=', '--i', 'i -= c'; 'i = begin' "
      "on a local declared earlier (I any integer type, c a positive host "
      "value)";
  EXPECT_EQ(
      analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  for (int i = n; i != 0; --i) a[i] = 0.f;
  for (int i = 0; i < n; i *= 2) a[i] = 0.f;
}
)cpp"),
      (Messages{
          err(4, "unsupported parallel loop form: the condition must be "
                 "'i < end' or 'i <= end' (counting up), 'i > end' or "
                 "'i >= end' (counting down)" + Write),
          err(5, "unsupported parallel loop form: a loop counting up to its "
                 "end must step with '++i', 'i++' or 'i += c'" + Write)}));
}

TEST(AnalysisDiagnostics, BreakAndReturnInParallelLoopBody) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0.f) break;
    a[i] = 1.f;
  }
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0.f) return;
  }
}
)cpp"),
            (Messages{err(5, notInParallelLoop("break")),
                      err(9, notInParallelLoop("return"))}));
}

TEST(AnalysisDiagnostics, GotoAndThrowInParallelLoopBody) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0.f) goto done;
    a[i] = 1.f;
  done:;
  }
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0.f) throw 1;
  }
}
)cpp"),
            (Messages{err(5, notInParallelLoop("goto")),
                      err(10, notInParallelLoop("throw"))}));
}

TEST(AnalysisDiagnostics, BreakInNestedLoopOrSwitchAndContinueAreFine) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (i % 2) continue;
    for (int j = 0; j < n; ++j) {
      if (j > i) break;
      a[i] += j;
    }
    int j = 0;
    while (true) { if (++j > 3) break; }
    do { break; } while (false);
    switch (i) { case 1: break; default: a[i] = 0.f; }
    auto f = [](int x) { if (x > 2) return 0; return x; };
    a[i] += f(i);
  }
}
)cpp",
                          &Plans),
            Messages{});
  EXPECT_EQ(Plans, 1u);
}

TEST(AnalysisDiagnostics, LoopDirectiveMisplaced) {
  const std::string Misplaced =
      "'#pragma qd loop' must be followed by a parallel 'for' loop at the top "
      "level of a kernel or stream_parallel block";
  EXPECT_EQ(
      analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
#pragma qd loop block_dim(64)
  a[0] = 1.f;
#pragma qd loop
#pragma qd stream_parallel
  { a[1] = 1.f; }
}
void g(float *a, int n) {
#pragma qd loop
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}
)cpp"),
      (Messages{err(4, Misplaced), err(6, Misplaced), err(11, Misplaced)}));
}

// --- serial tasks and blocks
// -------------------------------------------------------

TEST(AnalysisDiagnostics, LoopInsideSerialTaskWarns) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  if (a[1] > 0.f) {
    for (int i = 0; i < n; ++i) a[i] = 0.f;
  }
  {
    a[0] = 1.f;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j) a[i] += j;
  }
}
)cpp",
                          &Plans),
            (Messages{warn(5, SerialLoop), warn(9, SerialLoop),
                      warn(10, SerialLoop)}));
  EXPECT_EQ(Plans, 1u);
}

TEST(AnalysisDiagnostics, EmptyBlockWarns) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
#pragma qd stream_parallel
  {}
#pragma qd stream_parallel
  { int m = n; (void)m; }
#pragma qd stream_parallel
  { a[0] = 1.f; }
#pragma qd stream_parallel
  { int m = n + 1; }
}
)cpp",
                          &Plans),
            (Messages{warn(4, EmptyBlock), warn(10, EmptyBlock)}));
  EXPECT_EQ(Plans, 1u);
}

TEST(AnalysisDiagnostics, ReturnInSerialTask) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  if (a[0] > 0.f) return;
  a[1] = [](int x) { return x; }(n);
  if (n > 2) return;
#pragma qd stream_parallel
  {
    a[2] = 1.f;
    if (n > 3) return;
  }
  return;
}
)cpp"),
            (Messages{err(4, ReturnInStatement),
                      err(10, "'return' cannot leave a stream_parallel block: "
                             "the other blocks of its region run at the same "
                             "time, and the serial program would skip them; "
                             "make the decision a host 'if' around the "
                             "region")}));
}

TEST(AnalysisDiagnostics, DeviceLocalUsedByLaterStatement) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  float first = a[0], second = 2.f;
  a[1] = first * second;
  for (int i = 0; i < n; ++i) a[i] += second;
}
)cpp"),
            (Messages{err(5, deviceLocalUsedLater("first")),
                      note(4, "'first' is declared here"),
                      err(6, deviceLocalUsedLater("second")),
                      note(4, "'second' is declared here")}));
}

TEST(AnalysisDiagnostics, HostValueWrittenInDeviceCodeIsError) {
  Messages M = analysisDiags(R"cpp(
struct P { int x; };
#pragma qd kernel
void k(float *a, int n, P p) {
  int count = 0;
  for (int i = 0; i < n; ++i) { a[i] = 1.f; ++count; }
  if (a[0] > 0.f) p.x = 3;
  if (a[1] > 0.f) n += 1;
}
)cpp");
  ASSERT_EQ(M.size(), 3u);
  EXPECT_EQ(M[0].rfind("6: error: 'count' is a host value", 0), 0u) << M[0];
  EXPECT_EQ(M[1].rfind("7: error: 'p' is a host value", 0), 0u) << M[1];
  EXPECT_EQ(M[2].rfind("8: error: 'n' is a host value", 0), 0u) << M[2];
}

TEST(AnalysisDiagnostics, WritesThroughHostPointersAndToLocalsAreFine) {
  EXPECT_EQ(analysisDiags(R"cpp(
struct S { float *data; };
#pragma qd kernel
void k(float *a, int n, S s) {
  for (int i = 0; i < n; ++i) { int t = i; t += 2; a[i] = t; s.data[i] = 0.f; }
  a[0] += 1.f;
  *a = 2.f;
}
)cpp"),
            Messages{});
}

TEST(AnalysisDiagnostics, DeviceLocalInsideItsOwnStatementIsFine) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  {
    float first = a[0];
    a[1] = first;
  }
  float arr[2] = {1.f, 2.f};
  for (int i = 0; i < n; ++i) { float t = a[i]; a[i] = t * 2.f; }
}
)cpp",
                          &Plans),
            Messages{});
  EXPECT_EQ(Plans, 1u);
}

TEST(AnalysisDiagnostics, DirectiveAtEndOfBlock) {
  EXPECT_EQ(
      analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) {
  a[0] = 1.f;
#pragma qd stream_parallel
}
#pragma qd kernel
void k2(float *a, int n) {
#pragma qd stream_parallel
  {
    a[0] = 1.f;
#pragma qd loop block_dim(64)
  }
}
)cpp"),
      (Messages{err(5, "'#pragma qd stream_parallel' must be followed by a "
                       "statement"),
                err(12, "'#pragma qd loop' must be followed by a statement")}));
}

TEST(AnalysisDiagnostics, PragmaErrorSkipsAnalysisButDirectiveIsKept) {
  // With the pragma error, TranslateAction-like analysis does not run; with
  // AnalyzeAfterErrors the malformed block is still a block, not misplaced.
  const char *Code = R"cpp(
#pragma qd kernel
void k(float *a) {
#pragma qd stream_parallel(2)
  { a[0] = 1.f; }
}
)cpp";
  ParseOptions Options;
  Options.AnalyzeAfterErrors = true;
  std::string Shape;
  ParseResult R = parse(
      Code,
      [&](ASTContext &, std::vector<KernelPlan> &Plans, DirectiveList &) {
        ASSERT_EQ(Plans.size(), 1u);
        Shape = shape(Plans[0].Steps);
      },
      Options);
  EXPECT_EQ(R.messages(),
            Messages{err(4, "'#pragma qd stream_parallel' takes no arguments, "
                            "and no clause but 'priority(high|low)'; each "
                            "block gets its own stream")});
  EXPECT_EQ(Shape, "Region[SerialTask]");
}

TEST(AnalysisDiagnostics, TemplateKernelChecks) {
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
template <class T, int>
void k(T *a, T n) {
  auto m = n * 2;
  a[0] = m;
}
)cpp"),
            (Messages{
                err(3, "template parameters of kernel 'k' must be named; name "
                       "each one, since the generated entry points pass "
                       "them on"),
            }));
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
template <class T>
void k(T *a, T n) {
  auto m = n * 2;
  for (T i = 0; i < m; ++i) a[i] = 0;
}
)cpp"),
            Messages{err(5, "host scalar 'm' needs an explicit type; its "
                            "'auto' type depends on a template parameter")});
}

TEST(AnalysisDiagnostics, EmptyKernelIsFine) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags("#pragma qd kernel\nvoid k() {}\n", &Plans),
            Messages{});
  EXPECT_EQ(Plans, 1u);
}

TEST(AnalysisDiagnostics, DirectiveOutsideMainFile) {
  ParseOptions Options;
  Options.Headers = {{"kernels.h", R"cpp(
#pragma qd kernel
inline void fromHeader(float *a) {
#pragma qd stream_parallel
  { a[0] = 1.f; }
}
)cpp"}};
  unsigned PlanCount = 99;
  ParseResult R = parse(
      R"cpp(#include "kernels.h"
#pragma qd kernel
void k(float *a) { fromHeader(a); }
)cpp",
      [&](ASTContext &, std::vector<KernelPlan> &Plans, DirectiveList &D) {
        PlanCount = Plans.size();
        EXPECT_EQ(D.all().size(), 3u);
      },
      Options);
  const std::string Outside =
      "'#pragma qd' directives are translated only in the main source file; "
      "move this kernel into the file given to qd-translate";
  // Lines of the header.
  EXPECT_EQ(R.messages(), (Messages{err(2, Outside), err(4, Outside)}));
  EXPECT_EQ(PlanCount, 1u);
}

TEST(AnalysisDiagnostics, BlocksTouchingDifferentOrReadOnlyPointersDoNotWarn) {
  unsigned Plans = 0;
  EXPECT_EQ(analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, float *b, const float *in, int n) {
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) a[i] = in[i]; }
#pragma qd stream_parallel
  { for (int i = 0; i < n; ++i) b[i] = in[i] * 2.f; }
}
)cpp",
                          &Plans),
            Messages{});
  EXPECT_EQ(Plans, 1u);
}

// Blocks of one region that touch the same memory: RaceAnalysisTest.cpp.

// Regression: two '#pragma qd kernel' before one function used to give two
// plans and interleaved output; the second is now an error.
TEST(AnalysisDiagnostics, DuplicateKernelDirective) {
  unsigned Plans = 0;
  Messages M = analysisDiags(R"cpp(
#pragma qd kernel
#pragma qd kernel block_dim(64)
void k(float *a) { a[0] = 1.f; }
)cpp",
                             &Plans);
  EXPECT_LE(Plans, 1u);
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].rfind("3: error: duplicate '#pragma qd kernel'", 0), 0u)
      << M[0];
}

// Regression: a function-try-block kernel used to be translated into an
// empty kernel; it is an error, since 'try' cannot run on the device.
TEST(AnalysisDiagnostics, FunctionTryBlockKernelIsError) {
  unsigned Plans = 99;
  Messages M = analysisDiags(R"cpp(
#pragma qd kernel
void k(float *a, int n) try {
  for (int i = 0; i < n; ++i) a[i] = 1.f;
  a[0] = 2.f;
} catch (...) {}
)cpp",
                             &Plans);
  EXPECT_FALSE(M.empty());
  EXPECT_EQ(Plans, 0u);
}

} // namespace
