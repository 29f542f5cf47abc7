// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CombineTask.cpp - A serial task run by a reduction's combine -------===//
//
// The combine runs in the last block of the loop to finish (after a ticket
// that every block takes behind a __threadfence and a barrier, so all the
// loop's stores are visible to it, as they are to a later launch) or in a
// kernel launched after the loop. Either way it is the end of a kernel that
// runs once per call, which is all a serial task needs.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/CombineTask.h"

namespace qd {

bool runsInCombine(const Step &Loop, const Step &Next) {
  if (Loop.Kind != StepKind::ParallelLoop || Loop.Reductions.empty())
    return false;
  if (Next.Kind != StepKind::SerialTask)
    return false;
  // A task's private locals are declared at the top of its own function,
  // where they cannot clash with the loop's names; in the combine they
  // could.
  return Next.Privates.empty();
}

} // namespace qd
