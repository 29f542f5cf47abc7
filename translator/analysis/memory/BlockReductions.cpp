// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BlockReductions.cpp - Blocks that reduce into kernel locals --------===//
//
// A stream_parallel block may reduce into a local of the kernel body declared
// before its region ('double edges = 0.0;'); the result is a device scalar of
// the call, which the work after the region's join reads in order. The other
// blocks of the region run at the same time as the reduction, so a use of
// the variable in one of them would race with it (and in the serial program
// would see the value before or after it, depending on the blocks' order).
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalyzer.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "diagnostics/DiagnosticIds.h"

using namespace clang;

namespace qd {
namespace {

/// The reductions of \p B's loops into kernel-body locals.
std::vector<const Reduction *> kernelLocalReductions(const Block &B) {
  std::vector<const Reduction *> Out;
  forEachStep(B.Steps, [&](const Step &S) {
    for (const Reduction &R : S.Reductions)
      if (R.IntoKernelLocal)
        Out.push_back(&R);
  });
  return Out;
}

} // namespace

void Analyzer::checkKernelLocalReductions(const Step &Region,
                                          const Block &New) {
  auto Check = [&](const Block &Reducer, const Block &User) {
    for (const Reduction *R : kernelLocalReductions(Reducer)) {
      const DeclRefExpr *Use = findReferenceTo(
          User.Body, [&](const VarDecl *Var) { return Var == R->Var; });
      if (!Use)
        continue;
      report(Diags, Use->getLocation(), Diag::KernelLocalReducedByOtherBlock)
          << R->Var->getName();
      report(Diags, R->NameLoc, Diag::NoteReductionHere) << R->Var->getName();
    }
  };
  for (const Block &Earlier : Region.Blocks) {
    Check(New, Earlier);
    Check(Earlier, New);
  }
}

} // namespace qd
