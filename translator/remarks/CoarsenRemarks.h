// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoarsenRemarks.h - What --remarks says of coarsening -------*- C++ -*-===//
//
// For a collapse nest: whether its threads run several rows
// (CoarsenAnalysis.h) and, if not, why; and the pointers that neighbouring
// iterations read at shifted places (a stencil's taps), which coarsening
// loads once per group of rows.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_COARSENREMARKS_H
#define QD_TRANSLATOR_COARSENREMARKS_H

#include "analysis/KernelModel.h"
#include "clang/AST/ASTContext.h"

namespace qd {

/// The launch-shape remark of a collapse nest \p S (outside vector loops),
/// with \p VarList its quoted indices, and its reuse remarks.
void emitCoarsenRemarks(const Step &S, const std::string &VarList,
                        clang::ASTContext &Ctx);

} // namespace qd

#endif
