// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CollapseAnalysis.h - The loop nest of 'collapse(N)' --------*- C++ -*-===//
//
// '#pragma qd loop collapse(N)' combines a loop and the N-1 loops perfectly
// nested in it into one rectangular iteration space, launched once (SPEC
// section 1). This finds those loops and checks that they qualify.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_COLLAPSEANALYSIS_H
#define QD_TRANSLATOR_COLLAPSEANALYSIS_H

#include "analysis/loops/LoopForm.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "pragmas/Directive.h"
#include "clang/AST/ASTContext.h"
#include <vector>

namespace qd {

/// Fills \p Inner with the loops below \p Outer of the 'collapse(N)' nest
/// that \p D asks for, outer to inner. Returns false after reporting an
/// error if there are fewer than N perfectly nested loops, if one is not
/// canonical, or if a bound uses an index of the nest or device data.
bool matchCollapsedNest(const LoopForm &Outer, const Directive &D,
                        const HostValues &Values, clang::ASTContext &Context,
                        std::vector<LoopForm> &Inner);

} // namespace qd

#endif
