// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelModel.h - What a kernel does, statement by statement -*- C++ -*-===//
//
// The analysis turns each '#pragma qd kernel' function into a KernelPlan; the
// code generator renders a plan. Nothing here knows about CUDA or HIP.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELMODEL_H
#define QD_TRANSLATOR_KERNELMODEL_H

#include "analysis/loops/LoopForm.h"
#include "pragmas/Directive.h"
#include "pragmas/ReductionOp.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace qd {

/// A host value that device code reads, passed by value as an argument of
/// the device function: a kernel parameter or a host scalar.
struct Capture {
  const clang::VarDecl *Var;
  /// The variable holds the result of an earlier reduction, which lives in
  /// scratch slot \c Slot on the device: passed by address, read there.
  bool DeviceScalar = false;
  unsigned Slot = 0;
};

/// "'mass', 'peak'": names as messages and generated comments list them.
inline std::string quotedNames(llvm::ArrayRef<std::string> Names) {
  std::string Out;
  for (const std::string &Name : Names)
    Out += (Out.empty() ? "'" : ", '") + Name + "'";
  return Out;
}
inline std::string quotedNames(llvm::ArrayRef<Capture> Captures) {
  std::vector<std::string> Names;
  for (const Capture &C : Captures)
    Names.push_back(C.Var->getNameAsString());
  return quotedNames(Names);
}

/// One variable of a loop's 'reduction' clause.
struct Reduction {
  const clang::VarDecl *Var = nullptr;
  ReductionOp Op = ReductionOp::Sum;
  /// The first reduction into \c Var starts from its host value; later ones
  /// from the device scalar that the earlier ones left.
  bool First = true;
  /// Where the result lives in the call's scratch.
  unsigned Slot = 0;
  /// The per-block partial results of this loop for this variable.
  unsigned Partials = 0;
  /// The variable in the clause.
  clang::SourceLocation NameLoc;
  /// In a stream_parallel block: the variable is a local of the kernel
  /// body, declared before the block's region.
  bool IntoKernelLocal = false;
  /// A 'max' or 'min' whose body combines with fmax or fmin: the partial
  /// results are combined the same way, so a NaN gives way to a number, as
  /// in the serial loop.
  bool IgnoresNaN = false;

  /// The enumerator of qd::detail::ReduceOp that combines this variable.
  llvm::StringRef runtimeOp() const {
    if (IgnoresNaN)
      return Op == ReductionOp::Max ? "FMax" : "FMin";
    return reductionOpRuntimeName(Op);
  }
};

/// One array of per-block partial results in a call's scratch.
struct PartialsArray {
  unsigned BlockDim = 0;
  const clang::VarDecl *Var = nullptr;
};

enum class StepKind {
  /// A scalar local evaluated on the host, in order; also a declaration of
  /// types (KernelPlan::TypeDecls), which the host entry keeps in place.
  HostScalar,
  /// A canonical 'for' loop: one grid-stride launch.
  ParallelLoop,
  /// Any other statement: one single-thread launch.
  SerialTask,
  /// Consecutive stream_parallel blocks, each on its own stream.
  Region,
  /// An expression statement that only assigns host values from host
  /// values ('t += dt;', 'tmp = a; a = b;'): run on the host, in order.
  HostStatement,
  /// An 'if' whose condition is a host value: Branches[0] is the 'then'
  /// list, Branches[1] (if any) the 'else' list.
  HostIf,
  /// A 'switch' on a host value: one entry of Branches and ArmLabels per
  /// arm, in order.
  HostSwitch,
  /// A '#pragma qd loop seq' loop with host-value conditions: Branches[0]
  /// is its body, enqueued once per iteration.
  HostLoop,
  /// 'break;' or 'continue;' of a host loop or switch, or a 'return;' of
  /// the kernel's host code (not in a block).
  HostJump,
  /// A call of another kernel as a whole statement: the callee's work,
  /// enqueued on the current stream (Callee).
  KernelCall,
  /// A statement marked '#pragma qd host': run on the host as written, in
  /// order with the work around it, with qd::current_stream() its stream.
  HostCode,
  /// Before host control flow whose loops reduce into kernel locals
  /// declared outside it: each such local (Captures, with their slots)
  /// becomes a device scalar here, its slot set to its host value, so that
  /// it keeps its serial value across branches and iterations.
  DeviceScalarInit,
  /// 'res = 0.f;', 'rr = rr_new;', 'it_res *= 2;': a statement that
  /// assigns a device scalar (Captures[0]), in order on the stream. With
  /// OnDevice, one GPU thread runs it, reading Captures[1...]; otherwise it
  /// sets the scalar to a host value.
  DeviceScalarSet,
  /// '#pragma qd update host(...)/device(...)' (Data): its copies,
  /// enqueued on the current stream in order with the work around it.
  DataUpdate,
  /// The last step of a kernel that reduces into reference parameters
  /// (ReferenceResults.h), and what each 'return;' of its host code does
  /// first: the host waits for the call's work and copies each one's slot
  /// (Captures) into the caller's variable. S is the kernel's body.
  CallerResults,
};

/// One '#pragma qd loop vector' loop: a 'for' that is a direct statement of
/// a parallel loop's body, whose iterations the group of threads that runs
/// one outer iteration shares (VectorLoopAnalysis.cpp).
struct VectorLoop {
  const clang::ForStmt *For = nullptr;
  clang::SourceLocation PragmaLoc;
  LoopForm Loop;
  /// Its 'reduction' variables: body locals declared before it, combined by
  /// the group after it (Slot, Partials and First are unused).
  std::vector<Reduction> Reductions;
};

/// How the threads of a vector body are laid out, chosen from where the
/// vector loops' accesses fall (AccessAnalysis.h).
enum class VectorMapping {
  /// A group is vector_length neighbouring threads: neighbouring threads
  /// take neighbouring vector-loop iterations (y = A x, one row per group).
  Contiguous,
  /// Neighbouring threads take neighbouring outer iterations, and a group's
  /// threads are (block size / vector_length) apart (y = A^T x, where the
  /// outer loop runs along a row).
  Strided,
};

enum class BodyStatementKind {
  /// Changes nothing but body locals: every thread of the group runs it, so
  /// that each has the locals.
  Replicated,
  /// Has another effect (a store, a call, an atomic): one thread of the
  /// group runs it, then the others receive the body locals it wrote.
  Leader,
  /// A vector loop.
  Vector,
};

struct BodyStatement {
  const clang::Stmt *S = nullptr;
  BodyStatementKind Kind = BodyStatementKind::Replicated;
  /// Vector: the index into Step::VectorLoops.
  unsigned Vector = 0;
  /// Leader, not a declaration: the body locals it may write that later
  /// statements can see, which the group shares afterwards.
  std::vector<const clang::VarDecl *> Shared;
};

/// A parallel loop body with vector loops, statement by statement.
struct VectorBody {
  /// Threads per outer iteration (vector_length), a power of two that
  /// divides the block size.
  unsigned Length = 0;
  VectorMapping Mapping = VectorMapping::Contiguous;
  /// How many accesses of the vector loops coalesce under each mapping;
  /// the remarks explain the choice with them.
  unsigned CoalescedContiguous = 0;
  unsigned CoalescedStrided = 0;
  std::vector<VectorLoop> Loops;
  std::vector<BodyStatement> Statements;
};

/// One statement of a coarsened collapse body (CoarsenAnalysis.h).
struct CoarsenedStatement {
  const clang::Stmt *S = nullptr;
  /// A sequential 'for' whose header is the same for every row a thread
  /// runs: entered once, its body's statements coarsened in turn (Body).
  /// Otherwise the statement runs once per row, row after row.
  bool Entered = false;
  std::vector<CoarsenedStatement> Body;
};

/// A collapse nest whose threads each run several neighbouring iterations
/// of its second-innermost loop ("rows"), statement by statement, so that
/// the loads the rows share can be made once.
struct Coarsening {
  unsigned Rows = 0;
  /// From a 'coarsen(N)' clause: always applied. Otherwise only when the
  /// nest has enough iterations to still fill the device.
  bool Explicit = false;
  std::vector<CoarsenedStatement> Statements;
  /// The body's locals declared at a coarsened level: each row has its own
  /// copy, in declaration order.
  std::vector<const clang::VarDecl *> RowLocals;
  /// The body runs a loop whose trip count is not a constant (doitgen's
  /// 'for (k = 0; k < np; ++k)'): each thread's work is then a small
  /// product, not a few loads, and the nest keeps its 64-bit kernel on a
  /// capped grid (CoarsenCodeGen.cpp, docs/performance.md "Coarsening").
  bool LoopOfRuntimeLength = false;
};

/// A read of a dense product's operand that a tiled nest loads into shared
/// memory once for a whole tile (TileAnalysis.h).
struct TileOperand {
  /// Reads of the same element, by the same pointer and an index that is
  /// the same expression; the first one's text is the load's.
  std::vector<const clang::ArraySubscriptExpr *> Reads;
  /// Indexed by the product loop's variable and the nest's outer variable
  /// ('a[i * n + k]': a row operand, shared by a row of outputs) or its
  /// inner one ('b[k * n + j]': a column operand).
  bool Row = false;
  /// Whether neighbouring threads load neighbouring iterations of the
  /// product loop (its elements are contiguous along it, 'a[i * n + k]',
  /// 'b[j * n + k]'), or neighbouring outputs' ('b[k * m + j]').
  bool LoadAlongProduct = false;
  clang::QualType Element;
};

/// A collapse(2) nest whose body runs a sequential loop (the product loop)
/// that reads operands shared by whole rows or columns of outputs: each
/// block computes a tile of outputs, and loads the operands' elements for
/// the tile into shared memory once per chunk of the product loop.
struct Tiling {
  /// From 'tile(on)': applied whatever the nest's size.
  bool Explicit = false;
  LoopForm Product;
  std::vector<TileOperand> Operands;
  /// The body's top-level statements before and after the product loop.
  std::vector<const clang::Stmt *> Before, After;
  /// The locals that 'Before' declares: each output has its own copy.
  std::vector<const clang::VarDecl *> OutputLocals;
  /// Iterations of the product loop staged at a time in the 64x64 tile: 16,
  /// or 8 when an operand takes 8 bytes, so that 4 operands stay within
  /// 48 KiB of shared memory, double-buffered.
  unsigned Chunk = 16;
  /// Whether the 128x128 tile (8x8 outputs per thread, 8 iterations per
  /// stage) may run: operands and per-output locals of at most 4 bytes, few
  /// enough to stay in the registers of two blocks per multiprocessor.
  bool Wide = false;
};

struct Step;

/// One '#pragma qd stream_parallel' block.
struct Block {
  clang::SourceLocation PragmaLoc;
  BlockPriority Priority = BlockPriority::Normal;
  const clang::Stmt *Body = nullptr;
  std::vector<Step> Steps;
};

struct Step {
  StepKind Kind;
  /// The user's statement (the 'for' for a loop; the first block's body for a
  /// region).
  const clang::Stmt *S = nullptr;
  /// ParallelLoop only: the loop, and the loops below it that a
  /// 'collapse(N)' combines with it, outer to inner.
  LoopForm Loop;
  std::vector<LoopForm> Collapsed;
  unsigned BlockDim = 0;
  /// ParallelLoop and SerialTask: host values the device code reads, in
  /// parameter order, then host scalars in declaration order.
  /// HostLoop: the device scalars its condition reads (a device-condition
  /// loop), which the host reads back before each evaluation. HostCode with
  /// Wait: the device scalars the statement reads, read back after the wait.
  std::vector<Capture> Captures;
  /// Region only.
  std::vector<Block> Blocks;
  /// HostIf, HostSwitch and HostLoop: the statement lists they choose or
  /// repeat.
  std::vector<std::vector<Step>> Branches;
  /// KernelCall: the kernel called (its definition) and the call.
  const clang::FunctionDecl *Callee = nullptr;
  const clang::CallExpr *Call = nullptr;
  /// HostSwitch: the labels of each arm ('case A:', 'default:').
  std::vector<std::vector<const clang::SwitchCase *>> ArmLabels;
  /// ParallelLoop and SerialTask: kernel locals declared without an
  /// initializer that the device code writes; each iteration (or the task)
  /// declares its own copy.
  std::vector<const clang::VarDecl *> Privates;
  /// HostScalar: the declaration has locals without an initializer, which
  /// the host may never use: its scalars are declared [[maybe_unused]], and
  /// its arrays only in the device code that writes them.
  bool Uninitialized = false;
  /// HostLoop with 'check_every(N)', N > 1, only (CheckEvery.cpp): N; the
  /// scratch slot of its qd::detail::LoopPredicate; and the host values that
  /// its host statements change and that outlive it, which the host puts
  /// back to what they were when the GPU found the condition false.
  /// Branches[1] holds its condition as a serial task.
  unsigned CheckEvery = 0;
  unsigned PredicateSlot = 0;
  std::vector<const clang::VarDecl *> Restored;
  /// HostLoop of a graph-mode kernel, when it runs as one conditional WHILE
  /// node (GraphLoops.cpp): the test the GPU runs before the loop and after
  /// each iteration, one serial task per part (the body's last
  /// GraphTrailing steps, which are host statements, then the 'for'
  /// increment, then the condition, last), and the host values those parts
  /// change, each in a scratch slot of its own from the loop on. Otherwise
  /// why not: for -Wqd-graph's note when the condition reads device
  /// scalars, for a remark when the loop is unrolled. A HostStatement at
  /// the top level of such a loop's body, not among the trailing ones:
  /// GraphTest holds the one serial task that runs it on the GPU, at its
  /// place, changing the moved values in their slots. A HostIf there whose
  /// condition reads moved values: GraphTest holds the condition as a
  /// serial task, and the 'if' is a conditional IF node.
  std::vector<Step> GraphTest;
  unsigned GraphTrailing = 0;
  std::vector<Capture> GraphMoved;
  /// Moved values whose value before the loop nothing reads (a temporary
  /// of a swap declared at the top): their slots get no host value.
  std::vector<const clang::VarDecl *> GraphUnset;
  std::string NoGraphLoop;
  /// HostCode with 'reuse' only: a reference to each variable the
  /// statement names, in order, whose values tell whether an earlier
  /// capture may stand in for running it (HostCodeReuse.cpp).
  bool Reuse = false;
  std::vector<const clang::DeclRefExpr *> ReuseKey;
  /// HostCode with 'wait' only: the host first waits for the work enqueued
  /// before the statement on its stream.
  bool Wait = false;
  /// DataUpdate only: the directive, whose items name the copies.
  const Directive *Data = nullptr;
  /// DeviceScalarSet only: the value needs device data.
  bool OnDevice = false;
  /// DeviceScalarSet only: the statement is the declaration of the device
  /// scalar ('float alpha = rr / pap;'), whose initializer reads device
  /// scalars (DerivedScalars.cpp).
  bool Declares = false;
  /// ParallelLoop only: its 'reduction' variables, and the scratch counter
  /// its blocks use to tell which one finishes last.
  std::vector<Reduction> Reductions;
  unsigned Counter = 0;
  /// ParallelLoop only: set when the body has '#pragma qd loop vector'
  /// loops.
  std::optional<VectorBody> Vector;
  /// ParallelLoop with 'collapse' only: set when its threads may run several
  /// rows; otherwise why not (for --remarks and -Wqd-coarsen), empty when
  /// 'coarsen(1)' turned it off.
  std::optional<Coarsening> Coarsen;
  std::string NotCoarsened;
  /// ParallelLoop with 'collapse(2)' only: set when it computes a product
  /// whose operands a tile can share; otherwise why not when its body has a
  /// product loop (for --remarks and -Wqd-tile), with the operand and loop
  /// the remark names.
  std::optional<Tiling> Tile;
  std::string NotTiled;
  const clang::ArraySubscriptExpr *UntiledOperand = nullptr;
  bool UntiledOperandRow = false;
  const clang::VarDecl *UntiledProductVar = nullptr;

  /// ParallelLoop with 'collapse' only: the second-innermost loop of the
  /// nest, whose neighbouring iterations a coarsened thread runs, and its
  /// position in the nest, outer to inner.
  unsigned rowDimension() const { return unsigned(Collapsed.size() - 1); }
  const LoopForm &rowLoop() const {
    return Collapsed.size() == 1 ? Loop : Collapsed[Collapsed.size() - 2];
  }

  /// What runs on the device: a loop's (innermost) body, a task's statement.
  const clang::Stmt *deviceCode() const {
    if (Kind != StepKind::ParallelLoop)
      return S;
    return Collapsed.empty() ? Loop.Body : Collapsed.back().Body;
  }
};

/// The condition of a HostLoop's 'for', 'while' or 'do' (null for 'for (;;)').
inline const clang::Expr *hostLoopCondition(const clang::Stmt *Loop) {
  if (const auto *For = llvm::dyn_cast<clang::ForStmt>(Loop))
    return For->getCond();
  if (const auto *While = llvm::dyn_cast<clang::WhileStmt>(Loop))
    return While->getCond();
  return llvm::cast<clang::DoStmt>(Loop)->getCond();
}

/// Calls \p Fn on each step of \p Steps and, depth first, on the steps of
/// its blocks and branches.
template <class Callback>
void forEachStep(const std::vector<Step> &Steps, Callback &&Fn) {
  for (const Step &S : Steps) {
    Fn(S);
    for (const Block &B : S.Blocks)
      forEachStep(B.Steps, Fn);
    for (const std::vector<Step> &Branch : S.Branches)
      forEachStep(Branch, Fn);
  }
}

/// A namespace-scope variable that the kernel names with a qualifier
/// ('cfg::nx', '::nx'). Device code receives a global's value as a local of
/// its bare name, so the generated code names it 'nx' everywhere, and the
/// host entries declare 'auto& nx = ::cfg::nx;'.
struct GlobalAlias {
  const clang::VarDecl *Var = nullptr;
  std::vector<const clang::DeclRefExpr *> Uses;
};

struct KernelPlan {
  const clang::FunctionDecl *Function = nullptr;
  /// Non-null for a function-template kernel.
  const clang::FunctionTemplateDecl *Template = nullptr;
  clang::SourceLocation PragmaLoc;
  /// The file's text from the directive to the closing brace, which the
  /// generated code replaces: whole macro expansions only.
  clang::CharSourceRange Definition;
  unsigned BlockDim = 0;
  /// '#pragma qd kernel graph': each call launches a cached graph.
  bool Graph = false;
  /// Another kernel of the file calls this one: the code generator adds the
  /// functions that enqueue its work for a caller.
  bool Called = false;
  /// The first statement of the kernel's work that graph mode cannot
  /// describe yet, or the first call of a kernel whose work has one; null if
  /// there is none. Such a kernel runs in stream mode.
  const clang::Stmt *StreamOnly = nullptr;
  enum class StreamOnlyReason {
    DeviceCondition,
    Callee,
    /// '#pragma qd host wait': the wait is at the statement only in stream
    /// mode.
    HostWait,
    /// '#pragma qd update' in the kernel: copies to and from pageable host
    /// memory are not captured into graphs.
    DataUpdate
  };
  StreamOnlyReason StreamOnlyWhy = StreamOnlyReason::DeviceCondition;
  /// DeviceCondition: why the loop cannot be a conditional graph node.
  std::string StreamOnlyDetail;
  /// Where a graph-mode call ends its graph and starts another: its 'host
  /// wait' and 'update' statements and calls of kernels that have them,
  /// keyed by graphSplitKey (analysis/host/GraphSplits.h).
  std::vector<const void *> GraphSplits;
  std::vector<Step> Steps;
  /// Declarations of types at any level of the kernel ('using real =
  /// float;', a local struct or enum), in source order: the host entry has
  /// them in place, and every device function of the kernel declares again
  /// those that come before its statement.
  std::vector<const clang::DeclStmt *> TypeDecls;
  std::vector<GlobalAlias> GlobalAliases;
  /// The scratch memory one call needs for its reductions: result slots,
  /// one counter per reducing loop, per-block partial results.
  unsigned ScratchSlots = 0;
  unsigned ScratchCounters = 0;
  std::vector<PartialsArray> ScratchPartials;

  /// The call allocates scratch: for reductions, or for the slots of the
  /// values a graph-mode loop moves to the device.
  bool needsScratch() const { return ScratchCounters != 0 || ScratchSlots != 0; }
};

} // namespace qd

#endif
