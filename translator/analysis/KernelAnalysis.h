// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelAnalysis.h - From annotated functions to KernelPlans -*- C++ -*-===//
#ifndef QD_TRANSLATOR_KERNELANALYSIS_H
#define QD_TRANSLATOR_KERNELANALYSIS_H

#include "analysis/KernelModel.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"

namespace qd {

struct AnalysisOptions {
  /// The target's graphs have conditional nodes (CUDA): graph mode runs a
  /// device-condition loop as one (GraphLoops.cpp).
  bool ConditionalNodes = false;
  /// The target's name, which says why a loop is no conditional node; empty
  /// for a target that builds no graphs (cpu).
  std::string GraphTarget;
  /// Every kernel is in graph mode (--graphs).
  bool AllGraphs = false;
};

/// Attaches every directive to the code after it, checks kernels against
/// SPEC section 1, and builds one KernelPlan per kernel. Problems are reported
/// through the ASTContext's DiagnosticsEngine; callers check for errors.
std::vector<KernelPlan> analyzeKernels(clang::ASTContext &Context,
                                       DirectiveList &Directives,
                                       const AnalysisOptions &Options = {});

} // namespace qd

#endif
