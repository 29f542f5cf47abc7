// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PragmaParsingTest.cpp - '#pragma qd' syntax
//--------------------------===//
//
// The pragma handler alone (no kernel analysis): which directives it records,
// with which block_dim, and which syntax errors it reports where.
//
//===----------------------------------------------------------------------===//
#include "ParseHelper.h"
#include "pragmas/PragmaHandler.h"
#include <gtest/gtest.h>

using namespace clang;
using namespace qd;
using namespace qd::test;

namespace {

/// A directive, reduced to what the pragma handler decides.
struct Recorded {
  DirectiveKind Kind;
  std::optional<unsigned> BlockDim;
  unsigned Line;       ///< of Loc ('#' or '_Pragma')
  unsigned NameColumn; ///< of NameLoc
  bool LocIsValid;
  bool NameLocIsValid;
  std::optional<unsigned> Collapse;
  bool CollapseLocIsValid;
  /// The 'reduction' items; their locations are checked for validity only.
  std::vector<ReductionItem> Reductions;
  bool Graph;
  bool Vector;
  std::optional<unsigned> VectorLength;
  bool VectorLengthLocIsValid;
  std::vector<DataItem> DataItems;
  bool Wait;
  bool Reuse;
  bool Independent;
};

struct PragmaRun {
  ParseResult Result;
  std::vector<Recorded> Directives;
};

/// Parses \p Code with the pragma handler only.
PragmaRun parsePragmas(llvm::StringRef Code) {
  PragmaRun Run;
  ParseOptions Options;
  Options.Analyze = false;
  Run.Result = parse(
      Code,
      [&](ASTContext &Ctx, std::vector<KernelPlan> &Plans,
          DirectiveList &List) {
        EXPECT_TRUE(Plans.empty());
        for (const Directive &D : List.all()) {
          EXPECT_FALSE(D.Consumed);
          Run.Directives.push_back({D.Kind, D.BlockDim, lineOf(Ctx, D.Loc),
                                    columnOf(Ctx, D.NameLoc), D.Loc.isValid(),
                                    D.NameLoc.isValid(), D.Collapse,
                                    D.CollapseLoc.isValid(), D.Reductions,
                                    D.Graph, D.Vector, D.VectorLength,
                                    D.VectorLengthLoc.isValid(), D.DataItems,
                                    D.Wait, D.Reuse, D.Independent});
        }
      },
      Options);
  EXPECT_TRUE(Run.Result.Inspected);
  return Run;
}

const char *const StreamParallelNoArgs =
    "'#pragma qd stream_parallel' takes no arguments, and no clause but "
    "'priority(high|low)'; each block gets its own stream";
/// What the clause list of '#pragma qd loop' says, in errors about its clauses.
const std::string LoopClauses =
    "'block_dim(N)', 'collapse(N)', 'coarsen(N)', 'tile(on|off)', "
    "'reduction(op: var, ...)', 'independent', 'seq', 'check_every(N)', "
    "'vector' and 'vector_length(N)'";
const char *const MalformedBlockDim =
    "malformed 'block_dim' clause; write 'block_dim(N)' with an integer "
    "literal N from 1 to 1024";

TEST(PragmaParsing, KernelWithoutClause) {
  PragmaRun Run = parsePragmas(R"cpp(
#pragma qd kernel
void k(float *a) { a[0] = 1.f; }
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  EXPECT_TRUE(Run.Result.Succeeded);
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Kernel);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
  EXPECT_EQ(Run.Directives[0].Line, 2u);
  EXPECT_EQ(Run.Directives[0].NameColumn, 12u); // "#pragma qd kernel"
  EXPECT_TRUE(Run.Directives[0].LocIsValid);
  EXPECT_TRUE(Run.Directives[0].NameLocIsValid);
}

TEST(PragmaParsing, KernelBlockDim) {
  PragmaRun Run = parsePragmas(R"cpp(
#pragma qd kernel block_dim(128)
void k(float *a) { a[0] = 1.f; }
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Kernel);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(128));
}

TEST(PragmaParsing, LoopBlockDim) {
  PragmaRun Run = parsePragmas(R"cpp(
void k(float *a, int n) {
#pragma qd loop block_dim(64)
  for (int i = 0; i < n; ++i) a[i] = 0.f;
}
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Loop);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(64));
  EXPECT_EQ(Run.Directives[0].Line, 3u);
}

TEST(PragmaParsing, LoopWithoutClause) {
  PragmaRun Run = parsePragmas("#pragma qd loop\n");
  EXPECT_TRUE(Run.Result.Diags.empty());
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Loop);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
}

TEST(PragmaParsing, StreamParallel) {
  PragmaRun Run = parsePragmas(R"cpp(
void k(float *a) {
#pragma qd stream_parallel
  { a[0] = 1.f; }
}
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::StreamParallel);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
  EXPECT_EQ(Run.Directives[0].Line, 3u);
  EXPECT_EQ(Run.Directives[0].NameColumn, 12u);
}

TEST(PragmaParsing, DirectivesRecordedInSourceOrder) {
  PragmaRun Run = parsePragmas(R"cpp(
#pragma qd kernel block_dim(512)
void k(float *a, int n) {
#pragma qd stream_parallel
  {
#pragma qd loop block_dim(32)
    for (int i = 0; i < n; ++i) a[i] = 0.f;
  }
#pragma qd stream_parallel
  { a[0] = 1.f; }
}
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 4u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Kernel);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(512));
  EXPECT_EQ(Run.Directives[0].Line, 2u);
  EXPECT_EQ(Run.Directives[1].Kind, DirectiveKind::StreamParallel);
  EXPECT_EQ(Run.Directives[1].Line, 4u);
  EXPECT_EQ(Run.Directives[2].Kind, DirectiveKind::Loop);
  EXPECT_EQ(Run.Directives[2].BlockDim, std::optional<unsigned>(32));
  EXPECT_EQ(Run.Directives[2].Line, 6u);
  EXPECT_EQ(Run.Directives[3].Kind, DirectiveKind::StreamParallel);
  EXPECT_EQ(Run.Directives[3].Line, 9u);
}

TEST(PragmaParsing, SpacingAndIndentationDoNotMatter) {
  PragmaRun Run =
      parsePragmas("void k(float *a, int n) {\n"
                   "  #  pragma   qd   loop   block_dim (  96  )  \n"
                   "  for (int i = 0; i < n; ++i) a[i] = 0.f;\n"
                   "}\n");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Loop);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(96));
  EXPECT_EQ(Run.Directives[0].Line, 2u);
  EXPECT_EQ(Run.Directives[0].NameColumn, 20u);
}

TEST(PragmaParsing, BlockDimLimitsAndRadixes) {
  PragmaRun Run = parsePragmas("#pragma qd loop block_dim(1)\n"
                               "#pragma qd loop block_dim(1024)\n"
                               "#pragma qd loop block_dim(0x80)\n");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 3u);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(1));
  EXPECT_EQ(Run.Directives[1].BlockDim, std::optional<unsigned>(1024));
  EXPECT_EQ(Run.Directives[2].BlockDim, std::optional<unsigned>(128));
}

TEST(PragmaParsing, OtherPragmasAreIgnored) {
  PragmaRun Run = parsePragmas(R"cpp(
#pragma GCC diagnostic push
#pragma pack(push, 4)
#pragma pack(pop)
#pragma GCC diagnostic pop
void k() {}
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  EXPECT_TRUE(Run.Directives.empty());
}

// --- stream_parallel takes nothing -----------------------------------------

TEST(PragmaParsing, StreamParallelWithArgumentIsError) {
  PragmaRun Run = parsePragmas("\n#pragma qd stream_parallel(123)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{std::string("2: error: ") +
                                     StreamParallelNoArgs});
  ASSERT_EQ(Run.Result.Diags.size(), 1u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 27u); // the '('
  EXPECT_FALSE(Run.Result.Succeeded);
  // Still recorded, so the block is analyzed and not reported as misplaced.
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::StreamParallel);
}

TEST(PragmaParsing, StreamParallelWithClauseIsError) {
  PragmaRun Run = parsePragmas("#pragma qd stream_parallel num_streams(4)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{std::string("1: error: ") +
                                     StreamParallelNoArgs});
  ASSERT_EQ(Run.Result.Diags.size(), 1u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 28u); // 'num_streams'
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::StreamParallel);
}

TEST(PragmaParsing, StreamParallelWithBlockDimIsError) {
  PragmaRun Run = parsePragmas("#pragma qd stream_parallel block_dim(64)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{std::string("1: error: ") +
                                     StreamParallelNoArgs});
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
}

// --- unknown directives and clauses ------------------------------------------

TEST(PragmaParsing, UnknownDirectiveSuggestsClosest) {
  PragmaRun Run = parsePragmas("#pragma qd stream_paralel\n"
                               "#pragma qd kernal\n"
                               "#pragma qd lop block_dim(4)\n"
                               "#pragma qd Kernel\n");
  EXPECT_EQ(
      Run.Result.messages(),
      (std::vector<std::string>{
          "1: error: unknown directive '#pragma qd stream_paralel'; did you "
          "mean 'stream_parallel'?",
          "2: error: unknown directive '#pragma qd kernal'; did you mean "
          "'kernel'?",
          "3: error: unknown directive '#pragma qd lop'; did you mean "
          "'loop'?",
          "4: error: unknown directive '#pragma qd Kernel'; did you mean "
          "'kernel'?"}));
  ASSERT_EQ(Run.Result.Diags.size(), 4u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 12u);
  // An unknown directive is not recorded.
  EXPECT_TRUE(Run.Directives.empty());
}

TEST(PragmaParsing, UnknownDirectiveWithoutSuggestion) {
  PragmaRun Run = parsePragmas("#pragma qd parallel_for\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: unknown directive '#pragma qd parallel_for'; "
                "expected 'kernel', 'stream_parallel', 'loop', 'host', "
                "'data', 'enter data', 'exit data' or 'update'"});
  EXPECT_TRUE(Run.Directives.empty());
}

TEST(PragmaParsing, DataClauseLists) {
  PragmaRun Run = parsePragmas(
      "#pragma qd data copyin(a, p[1:n]) create((*q)[:m * 2], c->buf[0:k])\n"
      "#pragma qd exit data delete(t[2]) copyout(u[i + 1:(n - 2)])\n"
      "#pragma qd host wait reuse\n");
  EXPECT_TRUE(Run.Result.messages().empty());
  ASSERT_EQ(Run.Directives.size(), 3u);
  const std::vector<DataItem> &Items = Run.Directives[0].DataItems;
  ASSERT_EQ(Items.size(), 4u);
  EXPECT_EQ(Items[0].Name, "a");
  EXPECT_TRUE(Items[0].Simple);
  EXPECT_FALSE(Items[0].HasSection);
  EXPECT_EQ(Items[1].First, "1");
  EXPECT_EQ(Items[1].Count, "n");
  EXPECT_EQ(Items[2].Name, "(*q)");
  EXPECT_FALSE(Items[2].Simple);
  EXPECT_EQ(Items[2].First, "");
  EXPECT_EQ(Items[2].Count, "m * 2");
  EXPECT_EQ(Items[2].Clause, DataClauseKind::Create);
  EXPECT_EQ(Items[3].Name, "c->buf");
  const std::vector<DataItem> &Exit = Run.Directives[1].DataItems;
  ASSERT_EQ(Exit.size(), 2u);
  // A subscript without ':' is part of the variable.
  EXPECT_EQ(Exit[0].Name, "t[2]");
  EXPECT_FALSE(Exit[0].HasSection);
  EXPECT_EQ(Exit[0].Clause, DataClauseKind::Delete);
  EXPECT_EQ(Exit[1].First, "i + 1");
  EXPECT_EQ(Exit[1].Count, "(n - 2)");
  EXPECT_EQ(Run.Directives[1].Kind, DirectiveKind::ExitData);
  EXPECT_TRUE(Run.Directives[2].Wait);
  EXPECT_TRUE(Run.Directives[2].Reuse);
}

TEST(PragmaParsing, MissingDirective) {
  PragmaRun Run = parsePragmas("\n\n#pragma qd\n#pragma qd 42\n");
  EXPECT_EQ(Run.Result.messages(),
            (std::vector<std::string>{
                "3: error: expected a directive after '#pragma qd': "
                "'kernel', 'stream_parallel', 'loop' or 'host'",
                "4: error: expected a directive after '#pragma qd': "
                "'kernel', 'stream_parallel', 'loop' or 'host'"}));
  ASSERT_EQ(Run.Result.Diags.size(), 2u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 9u);  // 'qd'
  EXPECT_EQ(Run.Result.Diags[1].Column, 12u); // '42'
  EXPECT_TRUE(Run.Directives.empty());
}

TEST(PragmaParsing, UnknownClauseSuggestsBlockDim) {
  PragmaRun Run = parsePragmas("#pragma qd kernel block_dims(4)\n"
                               "void k() {}\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: unknown clause 'block_dims' on '#pragma qd "
                "kernel'; did you mean 'block_dim'?"});
  ASSERT_EQ(Run.Result.Diags.size(), 1u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 19u);
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Kernel);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
}

TEST(PragmaParsing, UnknownClauseWithoutSuggestion) {
  PragmaRun Run = parsePragmas("#pragma qd loop num_threads(4)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: unknown clause 'num_threads' on '#pragma qd "
                "loop'; it takes " + LoopClauses});
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Loop);
}

TEST(PragmaParsing, DuplicateClause) {
  PragmaRun Run =
      parsePragmas("#pragma qd kernel block_dim(64) block_dim(128)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: duplicate clause 'block_dim' on '#pragma qd "
                "kernel'; remove one of them"});
  ASSERT_EQ(Run.Result.Diags.size(), 1u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 33u); // the second 'block_dim'
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(64));
}

TEST(PragmaParsing, GraphClause) {
  PragmaRun Run = parsePragmas("#pragma qd kernel graph\n"
                               "#pragma qd kernel block_dim(64) graph\n"
                               "#pragma qd kernel\n");
  EXPECT_TRUE(Run.Result.messages().empty());
  ASSERT_EQ(Run.Directives.size(), 3u);
  EXPECT_TRUE(Run.Directives[0].Graph);
  EXPECT_TRUE(Run.Directives[1].Graph);
  EXPECT_EQ(Run.Directives[1].BlockDim, std::optional<unsigned>(64));
  EXPECT_FALSE(Run.Directives[2].Graph);
}

TEST(PragmaParsing, IndependentClause) {
  PragmaRun Run = parsePragmas("#pragma qd loop independent\n"
                               "#pragma qd loop vector independent\n"
                               "#pragma qd loop collapse(2)\n"
                               "#pragma qd kernel independent\n"
                               "#pragma qd loop independent independent\n");
  const std::vector<std::string> Messages = Run.Result.messages();
  ASSERT_EQ(Messages.size(), 2u);
  EXPECT_EQ(Messages[0], "4: error: clause 'independent' is not allowed on "
                         "'#pragma qd kernel'; it takes 'block_dim(N)' and "
                         "'graph'");
  EXPECT_EQ(Messages[1], "5: error: duplicate clause 'independent' on "
                         "'#pragma qd loop'; remove one of them");
  ASSERT_GE(Run.Directives.size(), 3u);
  EXPECT_TRUE(Run.Directives[0].Independent);
  EXPECT_TRUE(Run.Directives[1].Independent);
  EXPECT_TRUE(Run.Directives[1].Vector);
  EXPECT_FALSE(Run.Directives[2].Independent);
}

TEST(PragmaParsing, GraphOnlyOnKernelAndOnce) {
  PragmaRun Run = parsePragmas("#pragma qd loop graph\n"
                               "#pragma qd kernel graph graph\n"
                               "#pragma qd stream_parallel graph\n");
  const std::vector<std::string> Messages = Run.Result.messages();
  ASSERT_EQ(Messages.size(), 3u);
  EXPECT_EQ(Messages[0], "1: error: clause 'graph' is not allowed on '#pragma "
                         "qd loop'; it takes " + LoopClauses);
  EXPECT_EQ(Messages[1], "2: error: duplicate clause 'graph' on '#pragma qd "
                         "kernel'; remove one of them");
  EXPECT_NE(Messages[2].find("3: error: '#pragma qd stream_parallel' takes no "
                             "arguments"),
            std::string::npos)
      << Messages[2];
}

TEST(PragmaParsing, ExtraTokens) {
  PragmaRun Run = parsePragmas("#pragma qd kernel , block_dim(4)\n"
                               "#pragma qd loop block_dim(8) 16\n");
  EXPECT_EQ(Run.Result.messages(),
            (std::vector<std::string>{
                "1: error: unexpected ',' in '#pragma qd kernel'; it takes "
                "'block_dim(N)' and 'graph'",
                "2: error: unexpected '16' in '#pragma qd loop'; it takes " +
                    LoopClauses}));
  ASSERT_EQ(Run.Directives.size(), 2u);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
  EXPECT_EQ(Run.Directives[1].BlockDim, std::optional<unsigned>(8));
}

// --- block_dim values
// ----------------------------------------------------------

TEST(PragmaParsing, BlockDimZeroIsOutOfRange) {
  PragmaRun Run = parsePragmas("#pragma qd kernel block_dim(0)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: block_dim(0) is out of range; CUDA and HIP allow "
                "1 to 1024 threads per block"});
  ASSERT_EQ(Run.Result.Diags.size(), 1u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 29u); // the '0'
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
}

TEST(PragmaParsing, BlockDimOverMaxIsOutOfRange) {
  PragmaRun Run = parsePragmas("#pragma qd loop block_dim(2048)\n"
                               "#pragma qd loop block_dim(1025)\n");
  EXPECT_EQ(Run.Result.messages(),
            (std::vector<std::string>{
                "1: error: block_dim(2048) is out of range; CUDA and HIP "
                "allow 1 to 1024 threads per block",
                "2: error: block_dim(1025) is out of range; CUDA and HIP "
                "allow 1 to 1024 threads per block"}));
  ASSERT_EQ(Run.Directives.size(), 2u);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
  EXPECT_FALSE(Run.Directives[1].BlockDim.has_value());
}

TEST(PragmaParsing, BlockDimNotALiteralIsMalformed) {
  PragmaRun Run = parsePragmas("#pragma qd loop block_dim(x)\n");
  EXPECT_EQ(
      Run.Result.messages(),
      std::vector<std::string>{std::string("1: error: ") + MalformedBlockDim});
  ASSERT_EQ(Run.Result.Diags.size(), 1u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 27u); // the 'x'
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
}

TEST(PragmaParsing, OtherMalformedBlockDims) {
  const char *Lines[] = {
      "#pragma qd kernel block_dim\n",
      "#pragma qd kernel block_dim 64\n",
      "#pragma qd kernel block_dim(64\n",
      "#pragma qd kernel block_dim()\n",
      "#pragma qd kernel block_dim(-4)\n",
      "#pragma qd kernel block_dim(1.5)\n",
      "#pragma qd kernel block_dim(8 8)\n",
  };
  for (const char *Line : Lines) {
    SCOPED_TRACE(Line);
    PragmaRun Run = parsePragmas(Line);
    EXPECT_EQ(Run.Result.messages(),
              std::vector<std::string>{std::string("1: error: ") +
                                       MalformedBlockDim});
    ASSERT_EQ(Run.Directives.size(), 1u);
    EXPECT_FALSE(Run.Directives[0].BlockDim.has_value());
  }
}

TEST(PragmaParsing, ErrorDoesNotSpillIntoNextPragma) {
  PragmaRun Run = parsePragmas("#pragma qd kernel block_dim(x) junk (\n"
                               "#pragma qd loop block_dim(16)\n");
  EXPECT_EQ(
      Run.Result.messages(),
      std::vector<std::string>{std::string("1: error: ") + MalformedBlockDim});
  ASSERT_EQ(Run.Directives.size(), 2u);
  EXPECT_EQ(Run.Directives[1].Kind, DirectiveKind::Loop);
  EXPECT_EQ(Run.Directives[1].BlockDim, std::optional<unsigned>(16));
}

// --- _Pragma
// ---------------------------------------------------------------------

TEST(PragmaParsing, UnderscorePragmaFromMacroIsRecorded) {
  PragmaRun Run = parsePragmas(R"cpp(
#define QD_BLOCK _Pragma("qd stream_parallel")
#define QD_KERNEL _Pragma("qd kernel block_dim(64)")
QD_KERNEL
void k(float *a) {
  QD_BLOCK
  { a[0] = 1.f; }
  QD_BLOCK { a[1] = 2.f; }
}
)cpp");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 3u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Kernel);
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(64));
  EXPECT_EQ(Run.Directives[0].Line, 4u);
  EXPECT_EQ(Run.Directives[1].Kind, DirectiveKind::StreamParallel);
  EXPECT_EQ(Run.Directives[1].Line, 6u);
  EXPECT_EQ(Run.Directives[2].Kind, DirectiveKind::StreamParallel);
  EXPECT_EQ(Run.Directives[2].Line, 8u);
  for (const Recorded &R : Run.Directives) {
    EXPECT_TRUE(R.LocIsValid);
    EXPECT_TRUE(R.NameLocIsValid);
  }
}

TEST(PragmaParsing, UnderscorePragmaErrorsPointAtTheUse) {
  PragmaRun Run = parsePragmas(R"cpp(
#define QD_BAD _Pragma("qd stream_parallel(2)")
void k(float *a) {
  QD_BAD
  { a[0] = 1.f; }
}
)cpp");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{std::string("4: error: ") +
                                     StreamParallelNoArgs});
  ASSERT_EQ(Run.Directives.size(), 1u);
}

// --- helpers
// -------------------------------------------------------------------------

TEST(PragmaParsing, ClosestMatch) {
  llvm::StringRef Names[] = {"kernel", "stream_parallel", "loop"};
  EXPECT_EQ(closestMatch("stream_paralel", Names), "stream_parallel");
  EXPECT_EQ(closestMatch("streamparallel", Names), "stream_parallel");
  EXPECT_EQ(closestMatch("kernl", Names), "kernel");
  EXPECT_EQ(closestMatch("loops", Names), "loop");
  EXPECT_EQ(closestMatch("kernel", Names), "kernel");
  // Three or more edits away is a different word.
  EXPECT_EQ(closestMatch("kxxxel", Names), "");
  EXPECT_EQ(closestMatch("parallel_for", Names), "");
  EXPECT_EQ(closestMatch("", Names), "");
  EXPECT_EQ(closestMatch("loop", {}), "");
}

TEST(PragmaParsing, DirectiveNames) {
  EXPECT_EQ(directiveName(DirectiveKind::Kernel), "kernel");
  EXPECT_EQ(directiveName(DirectiveKind::StreamParallel), "stream_parallel");
  EXPECT_EQ(directiveName(DirectiveKind::Loop), "loop");
  EXPECT_EQ(MaxBlockDim, 1024u);
  EXPECT_EQ(DefaultBlockDim, 256u);
}

} // namespace

TEST(PragmaParsing, CollapseWithBlockDim) {
  PragmaRun Run = parsePragmas("#pragma qd loop collapse(3) block_dim(128)\n");
  EXPECT_TRUE(Run.Result.messages().empty());
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Collapse, std::optional<unsigned>(3));
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(128));
  EXPECT_TRUE(Run.Directives[0].CollapseLocIsValid);
}

TEST(PragmaParsing, CollapseOutOfRangeAndMalformed) {
  const std::pair<const char *, const char *> Cases[] = {
      {"#pragma qd loop collapse(1)\n",
       "1: error: collapse(1) is out of range; combine 2 to 8 perfectly "
       "nested loops (without 'collapse', the loop alone is the parallel "
       "loop)"},
      {"#pragma qd loop collapse(9)\n",
       "1: error: collapse(9) is out of range; combine 2 to 8 perfectly "
       "nested loops (without 'collapse', the loop alone is the parallel "
       "loop)"},
      {"#pragma qd loop collapse(n)\n",
       "1: error: malformed 'collapse' clause; write 'collapse(N)' with an "
       "integer literal N, the number of perfectly nested loops to combine"},
      {"#pragma qd loop collapse\n",
       "1: error: malformed 'collapse' clause; write 'collapse(N)' with an "
       "integer literal N, the number of perfectly nested loops to combine"},
  };
  for (const auto &[Line, Message] : Cases) {
    SCOPED_TRACE(Line);
    PragmaRun Run = parsePragmas(Line);
    EXPECT_EQ(Run.Result.messages(), std::vector<std::string>{Message});
    ASSERT_EQ(Run.Directives.size(), 1u);
    EXPECT_FALSE(Run.Directives[0].Collapse.has_value());
  }
}

TEST(PragmaParsing, CollapseOnlyOnLoop) {
  PragmaRun Run = parsePragmas("#pragma qd kernel collapse(2)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: clause 'collapse' is not allowed on '#pragma qd "
                "kernel'; it takes 'block_dim(N)' and 'graph'"});
}

TEST(PragmaParsing, DuplicateCollapse) {
  PragmaRun Run = parsePragmas("#pragma qd loop collapse(2) collapse(3)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: duplicate clause 'collapse' on '#pragma qd "
                "loop'; remove one of them"});
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_EQ(Run.Directives[0].Collapse, std::optional<unsigned>(2));
}

TEST(PragmaParsing, ReductionClauses) {
  PragmaRun Run = parsePragmas(
      "#pragma qd loop reduction(+: sum, count) block_dim(128) "
      "reduction(max: hi) reduction(&&: ok) reduction(||: any) "
      "reduction(min: lo) reduction(*: p) reduction(&: a) reduction(|: o) "
      "reduction(^: x)\n");
  EXPECT_TRUE(Run.Result.messages().empty());
  ASSERT_EQ(Run.Directives.size(), 1u);
  const std::vector<ReductionItem> &Items = Run.Directives[0].Reductions;
  const std::pair<const char *, ReductionOp> Expected[] = {
      {"sum", ReductionOp::Sum},         {"count", ReductionOp::Sum},
      {"hi", ReductionOp::Max},          {"ok", ReductionOp::LogicalAnd},
      {"any", ReductionOp::LogicalOr},   {"lo", ReductionOp::Min},
      {"p", ReductionOp::Product},       {"a", ReductionOp::BitAnd},
      {"o", ReductionOp::BitOr},         {"x", ReductionOp::BitXor},
  };
  ASSERT_EQ(Items.size(), std::size(Expected));
  for (size_t I = 0; I < Items.size(); ++I) {
    EXPECT_EQ(Items[I].Name, Expected[I].first);
    EXPECT_EQ(Items[I].Op, Expected[I].second);
    EXPECT_TRUE(Items[I].NameLoc.isValid());
  }
  EXPECT_EQ(Run.Directives[0].BlockDim, std::optional<unsigned>(128));
}

TEST(PragmaParsing, ReductionMalformedOrUnknownOperator) {
  const char *Malformed =
      "1: error: malformed 'reduction' clause; write 'reduction(op: var)' or "
      "'reduction(op: var1, var2)' with an operator and the names of scalar "
      "locals";
  const std::pair<const char *, std::string> Cases[] = {
      {"#pragma qd loop reduction\n", Malformed},
      {"#pragma qd loop reduction(+ sum)\n", Malformed},
      {"#pragma qd loop reduction(+: )\n", Malformed},
      {"#pragma qd loop reduction(+: a,)\n", Malformed},
      {"#pragma qd loop reduction(+: a b)\n", Malformed},
      {"#pragma qd loop reduction(: a)\n", Malformed},
      {"#pragma qd loop reduction(a)\n", Malformed},
      {"#pragma qd loop reduction(a\n", Malformed},
      {"#pragma qd loop reduction(a, b)\n", Malformed},
      {"#pragma qd loop reduction(+: a[0])\n", Malformed},
      {"#pragma qd loop reduction(-: a)\n",
       "1: error: unknown reduction operator '-'; use one of + * min max & | "
       "^ && ||"},
      {"#pragma qd loop reduction(sum: a)\n",
       "1: error: unknown reduction operator 'sum'; use one of + * min max & "
       "| ^ && ||"},
      {"#pragma qd loop reduction(+: a) reduction(max: a)\n",
       "1: error: 'a' is named in more than one reduction of this loop; a "
       "variable is reduced with one operator, so name it once"},
  };
  for (const auto &[Line, Message] : Cases) {
    SCOPED_TRACE(Line);
    PragmaRun Run = parsePragmas(Line);
    EXPECT_EQ(Run.Result.messages(), std::vector<std::string>{Message});
  }
}

TEST(PragmaParsing, ReductionOnlyOnLoop) {
  PragmaRun Run = parsePragmas("#pragma qd kernel reduction(+: s)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{
                "1: error: clause 'reduction' is not allowed on '#pragma qd "
                "kernel'; it takes 'block_dim(N)' and 'graph'"});
}

// --- vector, vector_length ---------------------------------------------------

namespace {

const char *const MalformedVectorLength =
    "malformed 'vector_length' clause; write 'vector_length(N)' with an "
    "integer literal N, a power of two";

std::string vectorLengthOutOfRange(const std::string &N) {
  return "vector_length(" + N +
         ") is not a power of two from 1 to 1024; a group of that many "
         "threads shares each outer iteration, and groups tile the block";
}

} // namespace

TEST(PragmaParsing, VectorClauses) {
  PragmaRun Run = parsePragmas(
      "void k(const float *m, float *out, int rows, int cols) {\n"
      "  for (int r = 0; r < rows; ++r) {\n"
      "    float s = 0.f;\n"
      "#pragma qd loop vector\n"
      "    for (int c = 0; c < cols; ++c) out[r * cols + c] = 0.f;\n"
      "#pragma qd loop vector vector_length(64) reduction(+: s)\n"
      "    for (int c = 0; c < cols; ++c) s += m[r * cols + c];\n"
      "#pragma qd loop reduction(max: s) vector_length(0x80) vector\n"
      "    for (int c = 0; c < cols; ++c) s = s > m[c] ? s : m[c];\n"
      "    out[r] = s;\n"
      "  }\n"
      "}\n");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 3u);
  for (const Recorded &R : Run.Directives) {
    EXPECT_EQ(R.Kind, DirectiveKind::Loop);
    EXPECT_TRUE(R.Vector);
    EXPECT_FALSE(R.BlockDim.has_value());
    EXPECT_FALSE(R.Collapse.has_value());
  }
  // Without 'vector_length', the analysis uses the default.
  EXPECT_FALSE(Run.Directives[0].VectorLength.has_value());
  EXPECT_FALSE(Run.Directives[0].VectorLengthLocIsValid);
  EXPECT_TRUE(Run.Directives[0].Reductions.empty());
  EXPECT_EQ(Run.Directives[1].VectorLength, std::optional<unsigned>(64));
  EXPECT_TRUE(Run.Directives[1].VectorLengthLocIsValid);
  ASSERT_EQ(Run.Directives[1].Reductions.size(), 1u);
  EXPECT_EQ(Run.Directives[1].Reductions[0].Name, "s");
  EXPECT_EQ(Run.Directives[1].Reductions[0].Op, ReductionOp::Sum);
  // Clauses in any order; any radix.
  EXPECT_EQ(Run.Directives[2].VectorLength, std::optional<unsigned>(128));
  ASSERT_EQ(Run.Directives[2].Reductions.size(), 1u);
  EXPECT_EQ(Run.Directives[2].Reductions[0].Op, ReductionOp::Max);
  EXPECT_EQ(DefaultVectorLength, 32u);
}

TEST(PragmaParsing, VectorLengthWithoutVectorParses) {
  // The pragma handler records it; the analysis explains that 'vector' is
  // missing (VectorLengthWithoutVector).
  PragmaRun Run = parsePragmas("#pragma qd loop vector_length(32)\n"
                               "#pragma qd loop block_dim(128) "
                               "vector_length(16)\n");
  EXPECT_TRUE(Run.Result.Diags.empty())
      << ::testing::PrintToString(Run.Result.messages());
  ASSERT_EQ(Run.Directives.size(), 2u);
  EXPECT_FALSE(Run.Directives[0].Vector);
  EXPECT_EQ(Run.Directives[0].VectorLength, std::optional<unsigned>(32));
  EXPECT_FALSE(Run.Directives[1].Vector);
  EXPECT_EQ(Run.Directives[1].VectorLength, std::optional<unsigned>(16));
  EXPECT_EQ(Run.Directives[1].BlockDim, std::optional<unsigned>(128));
}

TEST(PragmaParsing, VectorLengthPowersOfTwo) {
  for (unsigned N = 1; N <= 1024; N *= 2) {
    const std::string Line =
        "#pragma qd loop vector vector_length(" + std::to_string(N) + ")\n";
    SCOPED_TRACE(Line);
    PragmaRun Run = parsePragmas(Line);
    EXPECT_TRUE(Run.Result.Diags.empty())
        << ::testing::PrintToString(Run.Result.messages());
    ASSERT_EQ(Run.Directives.size(), 1u);
    EXPECT_TRUE(Run.Directives[0].Vector);
    EXPECT_EQ(Run.Directives[0].VectorLength, std::optional<unsigned>(N));
  }
}

TEST(PragmaParsing, VectorLengthOutOfRange) {
  const std::pair<const char *, const char *> Cases[] = {
      {"#pragma qd loop vector vector_length(0)\n", "0"},
      {"#pragma qd loop vector vector_length(3)\n", "3"},
      {"#pragma qd loop vector vector_length(48)\n", "48"},
      {"#pragma qd loop vector vector_length(1000)\n", "1000"},
      {"#pragma qd loop vector vector_length(1025)\n", "1025"},
      {"#pragma qd loop vector vector_length(2048)\n", "2048"},
  };
  for (const auto &[Line, N] : Cases) {
    SCOPED_TRACE(Line);
    PragmaRun Run = parsePragmas(Line);
    EXPECT_EQ(Run.Result.messages(),
              std::vector<std::string>{"1: error: " +
                                       vectorLengthOutOfRange(N)});
    EXPECT_FALSE(Run.Result.Succeeded);
    // Still recorded, with its 'vector', but without a length.
    ASSERT_EQ(Run.Directives.size(), 1u);
    EXPECT_TRUE(Run.Directives[0].Vector);
    EXPECT_FALSE(Run.Directives[0].VectorLength.has_value());
  }
}

TEST(PragmaParsing, VectorLengthOutOfRangePointsAtTheNumber) {
  PragmaRun Run = parsePragmas("#pragma qd loop vector vector_length(0)\n"
                               "#pragma qd loop vector vector_length(2048)\n");
  ASSERT_EQ(Run.Result.Diags.size(), 2u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 38u); // the '0'
  EXPECT_EQ(Run.Result.Diags[1].Column, 38u); // the '2048'
}

TEST(PragmaParsing, MalformedVectorLengths) {
  const char *Lines[] = {
      "#pragma qd loop vector vector_length\n",
      "#pragma qd loop vector vector_length 32\n",
      "#pragma qd loop vector vector_length()\n",
      "#pragma qd loop vector vector_length(n)\n",
      "#pragma qd loop vector vector_length(2 * 16)\n",
      "#pragma qd loop vector vector_length(32\n",
      "#pragma qd loop vector vector_length(-32)\n",
      "#pragma qd loop vector vector_length(32.0)\n",
      "#pragma qd loop vector vector_length(32 32)\n",
  };
  for (const char *Line : Lines) {
    SCOPED_TRACE(Line);
    PragmaRun Run = parsePragmas(Line);
    EXPECT_EQ(Run.Result.messages(),
              std::vector<std::string>{std::string("1: error: ") +
                                       MalformedVectorLength});
    EXPECT_FALSE(Run.Result.Succeeded);
    ASSERT_EQ(Run.Directives.size(), 1u);
    EXPECT_TRUE(Run.Directives[0].Vector);
    EXPECT_FALSE(Run.Directives[0].VectorLength.has_value());
  }
}

TEST(PragmaParsing, MalformedVectorLengthPointsAtTheProblem) {
  PragmaRun Run = parsePragmas("#pragma qd loop vector vector_length(n)\n"
                               "#pragma qd loop vector vector_length\n");
  ASSERT_EQ(Run.Result.Diags.size(), 2u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 38u); // the 'n'
  EXPECT_EQ(Run.Result.Diags[1].Column, 24u); // the clause: nothing follows
}

TEST(PragmaParsing, VectorTakesNoArgument) {
  PragmaRun Run = parsePragmas("#pragma qd loop vector(32)\n");
  EXPECT_EQ(Run.Result.messages(),
            std::vector<std::string>{"1: error: unexpected '(' in '#pragma "
                                     "qd loop'; it takes " +
                                     LoopClauses});
  ASSERT_EQ(Run.Directives.size(), 1u);
  EXPECT_TRUE(Run.Directives[0].Vector);
}

TEST(PragmaParsing, DuplicateVectorClauses) {
  PragmaRun Run = parsePragmas(
      "#pragma qd loop vector vector\n"
      "#pragma qd loop vector vector_length(32) vector_length(64)\n"
      "#pragma qd loop vector_length(16) vector vector_length(16)\n");
  EXPECT_EQ(Run.Result.messages(),
            (std::vector<std::string>{
                "1: error: duplicate clause 'vector' on '#pragma qd loop'; "
                "remove one of them",
                "2: error: duplicate clause 'vector_length' on '#pragma qd "
                "loop'; remove one of them",
                "3: error: duplicate clause 'vector_length' on '#pragma qd "
                "loop'; remove one of them"}));
  ASSERT_EQ(Run.Result.Diags.size(), 3u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 24u); // the second 'vector'
  EXPECT_EQ(Run.Result.Diags[1].Column, 42u); // the second 'vector_length'
  ASSERT_EQ(Run.Directives.size(), 3u);
  EXPECT_TRUE(Run.Directives[0].Vector);
  // The first one stays.
  EXPECT_EQ(Run.Directives[1].VectorLength, std::optional<unsigned>(32));
  EXPECT_EQ(Run.Directives[2].VectorLength, std::optional<unsigned>(16));
  EXPECT_TRUE(Run.Directives[2].Vector);
}

TEST(PragmaParsing, VectorOnlyOnLoop) {
  const std::string KernelClauses = "'block_dim(N)' and 'graph'";
  PragmaRun Run = parsePragmas("#pragma qd kernel vector\n"
                               "void a() {}\n"
                               "#pragma qd kernel block_dim(64) "
                               "vector_length(32)\n"
                               "void b() {}\n");
  EXPECT_EQ(Run.Result.messages(),
            (std::vector<std::string>{
                "1: error: clause 'vector' is not allowed on '#pragma qd "
                "kernel'; it takes " +
                    KernelClauses,
                "3: error: clause 'vector_length' is not allowed on "
                "'#pragma qd kernel'; it takes " +
                    KernelClauses}));
  ASSERT_EQ(Run.Result.Diags.size(), 2u);
  EXPECT_EQ(Run.Result.Diags[0].Column, 19u); // 'vector'
  ASSERT_EQ(Run.Directives.size(), 2u);
  EXPECT_EQ(Run.Directives[0].Kind, DirectiveKind::Kernel);
  EXPECT_FALSE(Run.Directives[0].Vector);
  EXPECT_EQ(Run.Directives[1].BlockDim, std::optional<unsigned>(64));
  EXPECT_FALSE(Run.Directives[1].VectorLength.has_value());

  PragmaRun Block = parsePragmas("#pragma qd stream_parallel vector\n");
  EXPECT_EQ(Block.Result.messages(),
            std::vector<std::string>{std::string("1: error: ") +
                                     StreamParallelNoArgs});
}

TEST(PragmaParsing, UnknownVectorClauseSuggests) {
  PragmaRun Run = parsePragmas("#pragma qd loop vectr\n"
                               "#pragma qd loop vector vectorlength(32)\n");
  EXPECT_EQ(Run.Result.messages(),
            (std::vector<std::string>{
                "1: error: unknown clause 'vectr' on '#pragma qd loop'; did "
                "you mean 'vector'?",
                "2: error: unknown clause 'vectorlength' on '#pragma qd "
                "loop'; did you mean 'vector_length'?"}));
}
