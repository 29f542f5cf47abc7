//===- KernelAnalysis.h - From annotated functions to KernelPlans -*- C++ -*-===//
#ifndef QD_TRANSLATOR_KERNELANALYSIS_H
#define QD_TRANSLATOR_KERNELANALYSIS_H

#include "Directive.h"
#include "KernelModel.h"
#include "clang/AST/ASTContext.h"

namespace qd {

/// Attaches every directive to the code after it, checks kernels against
/// SPEC section 1, and builds one KernelPlan per kernel. Problems are reported
/// through the ASTContext's DiagnosticsEngine; callers check for errors.
std::vector<KernelPlan> analyzeKernels(clang::ASTContext &Context,
                                       DirectiveList &Directives);

} // namespace qd

#endif
