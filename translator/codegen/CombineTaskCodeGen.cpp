// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CombineTaskCodeGen.cpp - A serial task in a reduction's combine ----===//
//
// Renders the serial task that follows a reducing loop into the loop's
// combine (analysis/loops/CombineTask.h): the loop's kernel and its apart
// combine kernel receive the task's captures too, and thread 0 runs the
// task after it stores the results, reading them from their scratch slots
// as the task's own launch would have.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/CombineTask.h"
#include "codegen/KernelCodeGen.h"

namespace qd {

bool KernelCodeGen::combineTaskFits(const Step &Loop, const Step &Task) const {
  // The cpu target has no combine to run it in. In a 'check_every' loop the
  // combine kernel would run the task after the loop's blocks saw the
  // condition false and stopped.
  if (Options.Target == Target::Cpu || !Predicate.empty() ||
      !runsInCombine(Loop, Task))
    return false;
  // A variable both receive must reach them the same way: it is then one
  // parameter.
  const CaptureBindings LoopBound = bindCaptures(Loop);
  const CaptureBindings TaskBound = bindCaptures(Task);
  for (std::size_t I = 0; I < TaskBound.Vars.size(); ++I)
    for (std::size_t J = 0; J < LoopBound.Vars.size(); ++J)
      if (TaskBound.Vars[I] == LoopBound.Vars[J] &&
          TaskBound.Params[I] != LoopBound.Params[J])
        return false;
  return true;
}

void KernelCodeGen::addCombineTask(const Step &Loop, TemplateData &Data) {
  if (!CombineTask) {
    Data.set("has_combine_task", false);
    Data.set("combine_task_params", std::string());
    Data.set("combine_task_args", std::string());
    Data.set("apart_task_params", std::string());
    Data.set("apart_task_args", std::string());
    return;
  }
  const CaptureBindings LoopBound = bindCaptures(Loop);
  const CaptureBindings TaskBound = bindCaptures(*CombineTask);
  // The loop's kernel has the variables the loop reads already; the apart
  // combine kernel has none of them.
  std::string Params, Args, ApartParams, ApartArgs;
  for (std::size_t I = 0; I < TaskBound.Vars.size(); ++I) {
    ApartParams += ", " + TaskBound.Params[I];
    ApartArgs += ", " + TaskBound.Args[I];
    if (llvm::is_contained(LoopBound.Vars, TaskBound.Vars[I]))
      continue;
    Params += ", " + TaskBound.Params[I];
    Args += ", " + TaskBound.Args[I];
  }
  // The task's own function name is never used: nothing launches it.
  TemplateData Task = deviceFunctionData(*CombineTask, "task",
                                         templateString(Data, "stream"),
                                         templateString(Data, "name"));
  // In the last block's combine, and at the end of the apart combine kernel.
  auto Render = [&](const char *Indent) {
    Task.set("indent", std::string(Indent));
    return llvm::StringRef(renderTemplate(Options.Target, "combine_task", Task))
        .rtrim('\n')
        .str();
  };
  Data.set("has_combine_task", true);
  Data.set("combine_task", Render("    "));
  Data.set("apart_combine_task", Render("  "));
  Data.set("combine_task_params", Params);
  Data.set("combine_task_args", Args);
  Data.set("apart_task_params", ApartParams);
  Data.set("apart_task_args", ApartArgs);
}

} // namespace qd
