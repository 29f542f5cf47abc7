//===- KernelModel.h - What a kernel does, statement by statement -*- C++ -*-===//
//
// The analysis turns each '#pragma qd kernel' function into a KernelPlan; the
// code generator renders a plan. Nothing here knows about CUDA or HIP.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_KERNELMODEL_H
#define QD_TRANSLATOR_KERNELMODEL_H

#include "LoopForm.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include <vector>

namespace qd {

/// A host value that device code reads, passed by value as an argument of
/// the device function: a kernel parameter or a host scalar.
struct Capture {
  const clang::VarDecl *Var;
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
  std::vector<Step> Steps;
};

} // namespace qd

#endif
