// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostCodeReuse.cpp - '#pragma qd host reuse' -----------------------===//
//
// In graph mode a '#pragma qd host' statement runs under capture on every
// call, because the work a library call enqueues may depend on host state
// the translator cannot see (a handle's settings, a host buffer's contents).
// 'reuse' is the user's word that it depends only on the values of the
// variables the statement names: a call whose values equal an earlier
// call's records that call's capture without running the statement
// (docs/pragmas.md, decision 44).
//
// Two things would make that differ from running it, and both are errors:
// the statement assigning a variable declared outside it (the skipped run
// would skip the assignment), and a named variable whose value cannot be
// compared as bytes. The rest of the promise (no host effects through
// functions, no hidden inputs) is the user's, as 'restrict' is.
//
//===----------------------------------------------------------------------===//
#include "analysis/KernelAnalyzer.h"
#include "analysis/memory/MayWrite.h"
#include "diagnostics/DiagnosticIds.h"

using namespace clang;

namespace qd {

bool Analyzer::analyzeHostCodeReuse(const Directive &D, Step &Host) {
  if (!D.Reuse)
    return true;
  const Stmt *S = Host.S;
  auto Outside = [&](const VarDecl *Var) {
    return !within(Var->getLocation(), S->getSourceRange());
  };
  bool Ok = true;
  MayWriteOptions Writes;
  Writes.UnresolvedCallsWrite = true;
  llvm::SmallPtrSet<const VarDecl *, 4> Reported;
  forEachMayWrite(
      S,
      [&](const VariableWrite &W) {
        if (Outside(W.Var) && Reported.insert(W.Var).second) {
          report(Diags, W.At->getBeginLoc(), Diag::HostReuseWrites)
              << W.Var->getName();
          Ok = false;
        }
        return true;
      },
      Writes);
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  for (const DeclRefExpr *Ref : referencesTo(S, Outside)) {
    const auto *Var = cast<VarDecl>(Ref->getDecl());
    if (!Seen.insert(Var).second)
      continue;
    const QualType Type = Var->getType().getNonReferenceType();
    if (!Type->isDependentType() && !Type.isTriviallyCopyableType(Context)) {
      report(Diags, Ref->getLocation(), Diag::HostReuseKeyType)
          << Var->getName() << Type;
      Ok = false;
      continue;
    }
    Host.ReuseKey.push_back(Ref);
  }
  Host.Reuse = Ok;
  return Ok;
}

} // namespace qd
