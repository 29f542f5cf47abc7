//===- KernelModel.h - What a kernel does, statement by statement -*- C++ -*-===//
//
// The analysis turns each '#pragma qd kernel' function into a KernelPlan; the
// code generator renders a plan. Nothing here knows about CUDA or HIP.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELMODEL_H
#define QD_TRANSLATOR_KERNELMODEL_H

#include "LoopForm.h"
#include "ReductionOp.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
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
};

/// One array of per-block partial results in a call's scratch.
struct PartialsArray {
  unsigned BlockDim = 0;
  const clang::VarDecl *Var = nullptr;
};

enum class StepKind {
  /// A scalar local evaluated on the host, in order.
  HostScalar,
  /// A canonical 'for' loop: one grid-stride launch.
  ParallelLoop,
  /// Any other statement: one single-thread launch.
  SerialTask,
  /// Consecutive stream_parallel blocks, each on its own stream.
  Region,
};

struct Step;

/// One '#pragma qd stream_parallel' block.
struct Block {
  clang::SourceLocation PragmaLoc;
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
  std::vector<Capture> Captures;
  /// Region only.
  std::vector<Block> Blocks;
  /// ParallelLoop only: its 'reduction' variables, and the scratch counter
  /// its blocks use to tell which one finishes last.
  std::vector<Reduction> Reductions;
  unsigned Counter = 0;

  /// What runs on the device: a loop's (innermost) body, a task's statement.
  const clang::Stmt *deviceCode() const {
    if (Kind != StepKind::ParallelLoop)
      return S;
    return Collapsed.empty() ? Loop.Body : Collapsed.back().Body;
  }
};

struct KernelPlan {
  const clang::FunctionDecl *Function = nullptr;
  /// Non-null for a function-template kernel.
  const clang::FunctionTemplateDecl *Template = nullptr;
  clang::SourceLocation PragmaLoc;
  unsigned BlockDim = 0;
  /// '#pragma qd kernel graph': each call launches a cached graph.
  bool Graph = false;
  std::vector<Step> Steps;
  /// The scratch memory one call needs for its reductions: result slots,
  /// one counter per reducing loop, per-block partial results.
  unsigned ScratchSlots = 0;
  unsigned ScratchCounters = 0;
  std::vector<PartialsArray> ScratchPartials;

  bool hasReductions() const { return ScratchCounters != 0; }
};

} // namespace qd

#endif
