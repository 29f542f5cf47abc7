// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostOnlyLocals.cpp -------------------------------------------------===//
#include "analysis/host/HostOnlyLocals.h"
#include "analysis/StatementAfter.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <vector>

using namespace clang;

namespace qd {
namespace {

/// The statements of \p Body that '#pragma qd host' directives mark: each
/// the statement that starts first after its directive.
std::vector<SourceRange> hostStatements(const Stmt *Body,
                                        const DirectiveList &Directives,
                                        const SourceManager &SM) {
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  const SourceRange Range(SM.getExpansionLoc(Body->getBeginLoc()),
                          SM.getExpansionLoc(Body->getEndLoc()));
  std::vector<SourceRange> Out;
  for (const Directive &D : Directives.all()) {
    const SourceLocation At = SM.getExpansionLoc(D.Loc);
    if (D.Kind != DirectiveKind::Host || !Before(Range.getBegin(), At) ||
        !Before(At, Range.getEnd()))
      continue;
    if (const Stmt *S = statementAfter(Body, At, SM))
      Out.emplace_back(SM.getExpansionLoc(S->getBeginLoc()),
                       SM.getExpansionLoc(S->getEndLoc()));
  }
  return Out;
}

} // namespace

bool declaresHostOnlyLocals(const DeclStmt *DS, const FunctionDecl *Kernel,
                            const DirectiveList &Directives,
                            ASTContext &Context) {
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  for (const Decl *D : DS->decls()) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!Var || Var->isStaticLocal() || Var->getType()->isReferenceType())
      return false;
    // No initializer, or one the host evaluates as the device would have:
    // a constant.
    if (const Expr *Init = Var->getInit();
        Init && !Init->isConstantInitializer(Context, /*ForRef=*/false))
      return false;
    Vars.insert(Var);
  }
  if (Vars.empty())
    return false;
  const SourceManager &SM = Context.getSourceManager();
  const std::vector<SourceRange> Host =
      hostStatements(Kernel->getBody(), Directives, SM);
  if (Host.empty())
    return false;
  struct Uses : RecursiveASTVisitor<Uses> {
    const llvm::SmallPtrSet<const VarDecl *, 4> &Vars;
    const std::vector<SourceRange> &Host;
    const SourceManager &SM;
    bool Any = false, Outside = false;
    Uses(const llvm::SmallPtrSet<const VarDecl *, 4> &Vars,
         const std::vector<SourceRange> &Host, const SourceManager &SM)
        : Vars(Vars), Host(Host), SM(SM) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *Var = dyn_cast<VarDecl>(E->getDecl());
      if (!Var || !Vars.count(Var))
        return true;
      Any = true;
      const SourceLocation At = SM.getExpansionLoc(E->getLocation());
      Outside = Outside || llvm::none_of(Host, [&](SourceRange R) {
                  return !SM.isBeforeInTranslationUnit(At, R.getBegin()) &&
                         !SM.isBeforeInTranslationUnit(R.getEnd(), At);
                });
      return !Outside;
    }
  } Finder(Vars, Host, SM);
  Finder.TraverseStmt(Kernel->getBody());
  return Finder.Any && !Finder.Outside;
}

} // namespace qd
