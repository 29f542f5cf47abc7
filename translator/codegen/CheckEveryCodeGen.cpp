// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CheckEveryCodeGen.cpp - 'check_every(N)' loops on GPU targets ------===//
//
// A device-condition loop with 'check_every(N)' (analysis/CheckEvery.cpp)
// renders as
//
//   {
//     set_device_scalar_if<LoopPredicate>(slot, {1, 0});  // active
//     auto qd_check3 = qd::detail::check_every<N>(slot, stream, it, u, v);
//     while (qd_check3.next()) {                // reads back every N tests
//       test<<<1, 1>>>(qd_check3.test(), slot, captures...);
//       ...the body, every launch given the slot...
//     }
//   }
//
// with the test after the body for 'do'/'while', and the 'for' header's
// init and increment around 'next()'. The cpu target renders the plain loop.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "codegen/Templates.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace qd {

std::string KernelCodeGen::renderCheckedLoop(const Step &S,
                                             const std::string &Queue) {
  const std::string Slot = std::to_string(S.PredicateSlot);
  const std::string Check = "qd_check" + Slot;
  const std::string PredicateType = "qd::detail::LoopPredicate";
  const std::string Where =
      Options.SourceName + ":" + std::to_string(line(S.S->getBeginLoc()));
  std::string Values;
  for (const VarDecl *Var : S.Restored)
    Values += ", " + Var->getNameAsString();

  std::string Out =
      "// check_every(" + std::to_string(S.CheckEvery) + "), " + Where +
      ": the GPU tests the condition every iteration, the host reads the "
      "outcome back every " +
      std::to_string(S.CheckEvery) +
      "; launches after a failed test do nothing, and the host values the "
      "loop changes go back to that test's\n" +
      setSlot(PredicateType, S.PredicateSlot, PredicateType + "{1u, 0u}", S.S,
              Queue) +
      "auto " + Check + " = qd::detail::check_every<" +
      std::to_string(S.CheckEvery) + ">(qd_scratch.slot<" + PredicateType +
      ">(" + Slot + "), " + Queue + Values + ");\n";

  // Everything launched from here on returns at once after a failed test.
  Predicate = "qd_scratch.slot<" + PredicateType + ">(" + Slot + ")";
  const Step &Test = S.Branches[1].front();
  TemplateData Data = deviceFunctionData(Test, "test", Queue);
  const std::string Args = templateString(Data, "args");
  Data.set("params_after_comma", ", " + templateString(Data, "params"));
  Data.set("args", Check + ".test(), " + Args);
  Data.set("every", std::to_string(S.CheckEvery));
  // The condition as the host's loop writes it (loopCondition), without the
  // ';' that a 'for' header's condition has after it.
  Data.set("body", text(hostLoopCondition(S.S)->getSourceRange()));
  Data.set("block_dim", "1");
  addLaunch(Data, "qd::detail::task_grid_size()", "", 0);
  DeviceFunctions +=
      renderTemplate(Options.Target, "device_loop_test", Data) + "\n";
  const std::string TestLaunch =
      "// the loop's condition, " + Where + "\n" + templateString(Data, "launch") +
      "\n";
  const std::string Body = indent(renderSteps(S.Branches[0], Queue), 2);
  Predicate.clear();

  if (const auto *For = dyn_cast<ForStmt>(S.S)) {
    Out += forHeader(For, Check + ".next()") + " {\n" +
           indent(TestLaunch, 2) + "\n" + Body + "\n}\n";
  } else if (isa<WhileStmt>(S.S)) {
    Out += "while (" + Check + ".next()) {\n" + indent(TestLaunch, 2) + "\n" +
           Body + "\n}\n";
  } else {
    Out += "while (" + Check + ".next()) {\n" + Body + "\n" +
           indent(TestLaunch, 2) + "\n}\n";
  }
  return "{\n" + indent(Out, 2) + "\n}\n";
}

} // namespace qd
