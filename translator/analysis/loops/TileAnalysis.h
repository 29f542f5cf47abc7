// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TileAnalysis.h - Dense products tiled in shared memory ---*- C++ -*-===//
//
// Shared-memory tiling of 'collapse(2)' nests that compute products (issue
// 25): 'for i, for j: { s = 0; for k: s += a[i * n + k] * b[k * m + j];
// c[i * m + j] = s; }'. Each iteration reads a whole row of one operand and
// a whole column of the other, which the neighbouring iterations read too.
// A tiled nest gives each block a 64x64 tile of outputs (4x4 per thread),
// or, for 4-byte types on a large nest, a 128x128 one (8x8 per thread; see
// Tiling::Wide), and copies the tile's rows and columns of each operand into
// shared memory, 16 or 8 iterations of the product loop at a time; every
// output then reads them from there.
//
// What makes this exact: an operand read is staged only when every
// iteration of the nest makes it in every iteration of the product loop
// (not under a condition), with an index that depends on nothing but the
// product loop's variable, one of the nest's variables and host values. So
// the elements a tile loads are exactly those the serial program reads,
// and since a row (column) of at least two outputs reads each of them, the
// parallel loop's promise (no iteration writes what another reads) means
// nothing writes them during the nest. Each output still runs its own
// statements, and its product loop, in their order: the results are the
// same bits as one output per thread. The runtime keeps one output per
// thread when a dimension has a single iteration.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_TILEANALYSIS_H
#define QD_TRANSLATOR_TILEANALYSIS_H

#include "analysis/KernelModel.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"

namespace qd {

/// Operands one tiled nest stages at most: each takes 4 KiB (float) or
/// 8 KiB (double) of shared memory per block.
constexpr unsigned MaxTileOperands = 4;

/// Sets \p Loop's Tile (or NotTiled) from its body and \p D's 'tile' clause.
/// Returns false after reporting an error ('tile(on)' without a collapse(2)
/// nest, or with 'coarsen(N)'); warns when 'tile(on)' cannot apply.
bool analyzeTiling(Step &Loop, const Directive *D, const HostValues &Values,
                   clang::ASTContext &Context);

} // namespace qd

#endif
