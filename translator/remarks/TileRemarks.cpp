// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TileRemarks.cpp - What --remarks says of tiled products ------------===//
#include "remarks/TileRemarks.h"
#include "analysis/loops/AccessAnalysis.h"
#include "diagnostics/DiagnosticIds.h"

using namespace clang;

namespace qd {

bool emitTileRemarks(const Step &S, ASTContext &Ctx) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  if (S.Tile) {
    const Tiling &T = *S.Tile;
    std::string Operands;
    for (size_t I = 0; I < T.Operands.size(); ++I) {
      if (I)
        Operands += I + 1 == T.Operands.size() ? " and " : ", ";
      Operands += "'" + sourceText(T.Operands[I].Reads.front(), Ctx) + "'";
    }
    report(Diags, S.S->getBeginLoc(), Diag::RemarkTiledProduct)
        << S.Loop.Var->getName() << S.Collapsed.front().Var->getName()
        << T.Product.Var->getName() << Operands
        << (T.Wide ? 2u : 0u) + (T.Explicit ? 1u : 0u) << T.Chunk;
    return true;
  }
  if (S.UntiledOperand)
    report(Diags, S.UntiledOperand->getBeginLoc(), Diag::RemarkNotTiled)
        << sourceText(S.UntiledOperand, Ctx)
        << S.UntiledProductVar->getName()
        << (S.UntiledOperandRow ? 0u : 1u) << S.NotTiled
        << S.UntiledOperand->getSourceRange();
  return false;
}

} // namespace qd
