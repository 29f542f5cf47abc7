// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Directive.h - One '#pragma qd' directive as written --------*- C++ -*-===//
//
// The pragma handler records directives while clang preprocesses; the kernel
// analysis later attaches each one to the declaration or statement after it.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_DIRECTIVE_H
#define QD_TRANSLATOR_DIRECTIVE_H

#include "pragmas/ReductionOp.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qd {

/// One variable of a 'reduction(op: var, ...)' clause, as written; the
/// kernel analysis resolves the name.
struct ReductionItem {
  ReductionOp Op = ReductionOp::Sum;
  std::string Name;
  clang::SourceLocation NameLoc;
  /// The 'reduction' keyword of its clause.
  clang::SourceLocation ClauseLoc;
};

/// A block's stream priority, from 'stream_parallel priority(high|low)'.
enum class BlockPriority { Normal, High, Low };

enum class DirectiveKind {
  Kernel,
  StreamParallel,
  Loop,
  Host,
  /// OpenACC's data directives (SPEC section 1, "Data regions"): 'data' on
  /// a compound statement, and the standalone 'enter data', 'exit data' and
  /// 'update'.
  Data,
  EnterData,
  ExitData,
  Update
};

inline bool isDataDirective(DirectiveKind K) {
  return K == DirectiveKind::Data || K == DirectiveKind::EnterData ||
         K == DirectiveKind::ExitData || K == DirectiveKind::Update;
}
/// A directive that is a statement of its own rather than marking the next.
inline bool isStandaloneDataDirective(DirectiveKind K) {
  return K == DirectiveKind::EnterData || K == DirectiveKind::ExitData ||
         K == DirectiveKind::Update;
}

/// The clause a variable of a data directive is listed in.
enum class DataClauseKind { CopyIn, CopyOut, Copy, Create, Present, Delete, Host, Device };

llvm::StringRef dataClauseName(DataClauseKind K);

/// One variable of a data clause, as written: 'u', 'p[first:count]'
/// (OpenACC's section, on the first dimension), '(*a)[0:n]',
/// 'chunk->buf[0:n]'. The expressions are kept
/// as the tokens' spellings, macros expanded: they are host expressions of
/// the function the directive is in, which the output evaluates there.
struct DataItem {
  DataClauseKind Clause = DataClauseKind::CopyIn;
  /// The variable: a name, or an expression ('(*a)', 'chunk->buf').
  std::string Name;
  clang::SourceLocation NameLoc;
  /// Name is one identifier, which the analysis looks up.
  bool Simple = false;
  bool HasSection = false;
  /// Empty in 'p[:n]', which starts at 0.
  std::string First;
  std::string Count;
  /// The item as written, for messages at run time.
  std::string Text;
  /// The names the item reads where it stands, other than Name when Simple:
  /// the bounds' and an expression's variables, not member names. The
  /// analysis checks that the host has their values there.
  std::vector<std::pair<std::string, clang::SourceLocation>> HostNames;
};

llvm::StringRef directiveName(DirectiveKind K);

struct Directive {
  DirectiveKind Kind = DirectiveKind::Kernel;
  /// The '#' of '#pragma', or the '_Pragma' token, which may lie in a macro
  /// expansion: users take its expansion location.
  clang::SourceLocation Loc;
  /// The location of the directive name, for diagnostics.
  clang::SourceLocation NameLoc;
  /// Threads per GPU block, from a 'block_dim(N)' clause.
  std::optional<unsigned> BlockDim;
  /// Loops combined into one iteration space, from a 'collapse(N)' clause.
  std::optional<unsigned> Collapse;
  clang::SourceLocation CollapseLoc;
  /// Iterations of the second-innermost collapsed loop per thread, from a
  /// 'coarsen(N)' clause; 1 turns coarsening off.
  std::optional<unsigned> Coarsen;
  clang::SourceLocation CoarsenLoc;
  /// From a 'tile(on)' (true) or 'tile(off)' (false) clause: whether a
  /// collapse(2) nest that computes a dense product stages its operands in
  /// shared memory whatever its size, or never (TileAnalysis.h).
  std::optional<bool> Tile;
  clang::SourceLocation TileLoc;
  /// Variables of the 'reduction' clauses, in order. Several clauses may
  /// appear, as in OpenMP; a variable may appear once.
  std::vector<ReductionItem> Reductions;
  /// An inner vector loop, from a 'vector' clause on a loop, with the
  /// threads per outer iteration of 'vector_length(N)'.
  bool Vector = false;
  std::optional<unsigned> VectorLength;
  clang::SourceLocation VectorLengthLoc;
  /// 'independent' (OpenACC's spelling): the promise every parallel loop
  /// already makes, written out. It changes nothing, and the dependences the
  /// translator can prove are still errors.
  bool Independent = false;
  /// A loop the host runs, one iteration after another, from a 'seq'
  /// clause (OpenACC's spelling): each iteration enqueues its body's work.
  bool Seq = false;
  clang::SourceLocation SeqLoc;
  /// From 'check_every(N)' on a 'seq' loop whose condition the GPU
  /// computes: the host reads the outcome back every N iterations, and the
  /// iterations in between are predicated on it.
  std::optional<unsigned> CheckEvery;
  clang::SourceLocation CheckEveryLoc;
  /// Graph mode, from a 'graph' clause on a kernel.
  bool Graph = false;
  /// From 'reuse' on '#pragma qd host': graph mode may reuse what the
  /// statement enqueued on an earlier call whose values it names were the
  /// same, without running it (HostCodeReuse.cpp).
  bool Reuse = false;
  clang::SourceLocation ReuseLoc;
  /// From 'wait' on '#pragma qd host': the host first waits for the work
  /// enqueued before the statement on its stream.
  bool Wait = false;
  clang::SourceLocation WaitLoc;
  /// From 'priority(high|low)' on 'stream_parallel': the pool the block's
  /// stream comes from.
  BlockPriority Priority = BlockPriority::Normal;
  clang::SourceLocation PriorityLoc;
  /// The variables of a data directive's clauses, in order.
  std::vector<DataItem> DataItems;
  /// Set by the kernel analysis once the directive is attached; any directive
  /// left unconsumed is misplaced.
  bool Consumed = false;
  /// A kernel directive on a declaration without a body, which the output
  /// keeps as a comment (KernelDeclarationDirectives.h).
  bool OnDeclaration = false;
};

/// All directives of one translation unit, in source order.
class DirectiveList {
public:
  void add(Directive D) { Directives.push_back(D); }
  std::vector<Directive> &all() { return Directives; }
  const std::vector<Directive> &all() const { return Directives; }

private:
  std::vector<Directive> Directives;
};

/// Largest block size CUDA and HIP accept.
constexpr unsigned MaxBlockDim = 1024;
/// Block size when no 'block_dim' clause says otherwise.
constexpr unsigned DefaultBlockDim = 256;
/// Most iterations one thread of a coarsened collapse nest runs: each needs
/// its own registers for the body's locals.
constexpr unsigned MaxCoarsen = 16;
/// Iterations per thread of a collapse nest without 'coarsen(N)', when
/// coarsening is safe and the nest is large enough (CoarsenAnalysis.h).
constexpr unsigned DefaultCoarsen = 4;
/// The same for a nest with reductions. With 4 rows, the loads of a later
/// statement of the body wait for the first statement's (the compiler keeps
/// the kernel at 32 registers), so each thread makes two trips to memory in
/// turn: on an H100 the residual sweep of a 4096^2 Jacobi solve took 462 us
/// an iteration with 4 rows, 224 with 1 and 142 with 2 (bench/jacobi).
constexpr unsigned DefaultReductionCoarsen = 2;
/// Most iterations between two reads of a 'check_every' loop's condition:
/// the host keeps one copy of the values the loop changes per iteration.
constexpr unsigned MaxCheckEvery = 1024;
/// Threads per outer iteration of a vector loop without 'vector_length':
/// one warp on NVIDIA GPUs.
constexpr unsigned DefaultVectorLength = 32;

} // namespace qd

#endif
