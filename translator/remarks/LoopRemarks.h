// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopRemarks.h - What --remarks says about parallel loops -*- C++ -*-===//
//
// --remarks (SPEC section 4): for each parallel loop of the analyzed kernels,
// its launch shape (and, with vector loops, how their threads are laid out);
// for each access through a pointer whose addresses in neighbouring threads
// are more than one element apart, the access, the distance in bytes and what
// would make it coalesce: an inner '#pragma qd loop vector' loop, or another
// order of a collapse nest. The distances come from AccessAnalysis.h; where
// it cannot tell (a data-dependent index), the remark says so and why.
//
// The remarks are clang 'remark:' diagnostics (Diagnostics.def, "Remarks"),
// so -verify checks them with 'expected-remark'. They read the plans and
// change nothing; TranslateAction calls this only under --remarks and only
// when the source has no errors.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_LOOPREMARKS_H
#define QD_TRANSLATOR_LOOPREMARKS_H

#include "analysis/KernelModel.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

/// Reports the remarks of every parallel loop of \p Plans (regions' blocks
/// included; serial tasks have none) through \p Context's diagnostics, in
/// source order within each loop, at most one per access expression.
void emitLoopRemarks(const std::vector<KernelPlan> &Plans,
                     clang::ASTContext &Context);

} // namespace qd

#endif
