// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CombineTask.h - A serial task run by a reduction's combine ---------===//
//
// A serial task that directly follows a reducing loop in the same statement
// list ('*pw += pw_temp;' after the loop that sums pw_temp, as TeaLeaf writes
// every solver step) would be a one-thread launch of its own after the
// loop's combine. The combine already runs on one block after every other
// block of the loop has finished, so the task runs there instead, in thread
// 0 once the results are stored: one launch fewer, and one fewer node in
// graph mode. The order of the work, and so every result, is the same.
//
//===----------------------------------------------------------------------===//
#ifndef QD_TRANSLATOR_ANALYSIS_LOOPS_COMBINETASK_H
#define QD_TRANSLATOR_ANALYSIS_LOOPS_COMBINETASK_H

#include "analysis/KernelModel.h"

namespace qd {

/// Whether \p Next, the step after \p Loop in one statement list, may run
/// in \p Loop's reduction combine on a GPU target.
bool runsInCombine(const Step &Loop, const Step &Next);

} // namespace qd

#endif
