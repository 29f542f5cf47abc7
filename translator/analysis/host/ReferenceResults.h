// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReferenceResults.h - Reductions into reference parameters -*- C++ -*-===//
//
// A serial function hands a sum back through a reference parameter:
//
//   void totals(const double* q, int n, double& mass) {
//     #pragma qd loop reduction(+: mass)
//     for (int i = 0; i < n; ++i) mass += q[i];
//   }
//
// The device cannot write through 'mass', so such a parameter becomes a
// device scalar when the call starts (its slot set to the caller's value),
// every reduction and device read uses the slot, and the host copies the
// slot back into the caller's variable after a wait, where the call ends
// (a CallerResults step, and at each 'return;').
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ANALYSIS_HOST_REFERENCERESULTS_H
#define QD_TRANSLATOR_ANALYSIS_HOST_REFERENCERESULTS_H

#include "pragmas/Directive.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include <vector>

namespace qd {

struct ReferenceResult {
  const clang::ParmVarDecl *Param = nullptr;
  /// The name in the first reduction clause that names it.
  clang::SourceLocation FirstClause;
};

/// The parameters of \p Kernel of non-const lvalue reference to arithmetic
/// (or dependent) type that a loop's 'reduction' clause in its body names,
/// in parameter order. A clause names a parameter when no variable of the
/// body has that name: the clause would mean the local instead.
std::vector<ReferenceResult>
referenceResults(const clang::FunctionDecl *Kernel,
                 const DirectiveList &Directives,
                 const clang::SourceManager &SM);

} // namespace qd

#endif // QD_TRANSLATOR_ANALYSIS_HOST_REFERENCERESULTS_H
