// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelDeclarationDirectives.cpp ------------------------------------===//
#include "analysis/KernelDeclarationDirectives.h"
#include "diagnostics/DiagnosticIds.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace qd {
namespace {

const FunctionDecl *functionOf(const Decl *D) {
  if (const auto *Template = dyn_cast_or_null<FunctionTemplateDecl>(D))
    return Template->getTemplatedDecl();
  return dyn_cast_or_null<FunctionDecl>(D);
}

/// The definition of the function \p D declares, as the same kind of
/// declaration (a template's definition as its FunctionTemplateDecl); null
/// if the translation unit has none.
const Decl *definitionOf(const Decl *D) {
  if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D)) {
    for (const auto *Redecl : Template->redecls())
      if (cast<FunctionTemplateDecl>(Redecl)
              ->getTemplatedDecl()
              ->doesThisDeclarationHaveABody())
        return Redecl;
    return nullptr;
  }
  return cast<FunctionDecl>(D)->getDefinition();
}

std::string clauses(const Directive &D) {
  std::string Out;
  if (D.BlockDim)
    Out += "block_dim(" + std::to_string(*D.BlockDim) + ")";
  if (D.Graph)
    Out += Out.empty() ? "graph" : " graph";
  return Out.empty() ? "no clause" : "'" + Out + "'";
}

} // namespace

void resolveKernelDeclarations(std::vector<KernelTarget> &Targets,
                               ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  std::vector<KernelTarget> Resolved;
  for (KernelTarget &T : Targets) {
    const FunctionDecl *FD = functionOf(T.Target);
    if (!FD || FD->doesThisDeclarationHaveABody()) {
      Resolved.push_back(T);
      continue;
    }
    T.D->OnDeclaration = true;
    T.D->Consumed = true;
    const Decl *Definition = definitionOf(T.Target);
    if (!Definition ||
        !SM.isInMainFile(SM.getExpansionLoc(Definition->getLocation())))
      continue; // Another file's kernel.
    const auto Own = llvm::find_if(Targets, [&](const KernelTarget &Other) {
      return Other.Target == Definition;
    });
    if (Own == Targets.end()) {
      // Another declaration's directive may have resolved it already.
      if (llvm::none_of(Resolved, [&](const KernelTarget &Other) {
            return Other.Target == Definition;
          }))
        Resolved.push_back({T.D, Definition, /*OnDeclaration=*/true});
      continue;
    }
    if (Own->D->BlockDim != T.D->BlockDim || Own->D->Graph != T.D->Graph) {
      report(Context.getDiagnostics(), T.D->NameLoc,
             Diag::KernelDeclarationClausesDiffer)
          << FD->getName() << clauses(*T.D) << clauses(*Own->D);
      report(Context.getDiagnostics(), Own->D->NameLoc,
             Diag::NoteKernelDefinitionDirective);
    }
  }
  Targets = std::move(Resolved);
}

} // namespace qd
