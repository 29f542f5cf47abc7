// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RaceAnalysis.h - Blocks of one region that touch the same memory -*- C++ -*-===//
//
// The blocks of a stream_parallel region run at the same time on different
// streams. When one block writes through a pointer that another block reads
// or writes, the result depends on timing: warn (-Wqd-race).
//
// Memory is named by the kernel's pointer parameters and captured host
// pointers, and by pointer members of struct parameters ('m.x'). Locals
// initialized from them ('float *row = a + i * n;') count as the same memory.
// Distinct parameters are assumed not to alias, so 'k(a, a)' is not caught.
// Any use that may write counts as a write: a false positive is better than
// a silent race.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_RACEANALYSIS_H
#define QD_TRANSLATOR_RACEANALYSIS_H

#include "analysis/KernelModel.h"
#include "clang/AST/ASTContext.h"

namespace qd {

/// Reports -Wqd-race for every pair of blocks in each region of \p Plans that
/// touch the same memory where at least one writes it.
void checkBlockRaces(clang::ASTContext &Context,
                     const std::vector<KernelPlan> &Plans);

} // namespace qd

#endif
