// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TileRemarks.h - What --remarks says of tiled products -----*- C++ -*-===//
//
// For a collapse(2) nest whose body runs a product loop: that its operands
// are staged in shared memory (TileAnalysis.h), or which operand a tile
// could share and why the nest is not tiled.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_TILEREMARKS_H
#define QD_TRANSLATOR_TILEREMARKS_H

#include "analysis/KernelModel.h"
#include "clang/AST/ASTContext.h"

namespace qd {

/// Reports \p S's tiling remarks. Returns true when \p S is tiled: its
/// launch shape is then the tile's, and the staged reads need no remark of
/// their own.
bool emitTileRemarks(const Step &S, clang::ASTContext &Ctx);

} // namespace qd

#endif
