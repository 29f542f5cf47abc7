// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GraphLoopCodeGen.cpp - 'loop seq' loops as conditional nodes -------===//
//
// Graph mode's form of a 'loop seq' loop (analysis/GraphLoops.cpp), whether
// its condition reads device scalars or only host values:
//
//   {
//     int t = 0;                                    // a 'for' init, if any
//     set_device_scalar(slot of u, u); ...          // the moved values
//     const qd::detail::LoopHandle qd_loop = qd_graph.new_loop();
//     qd_graph.launch(lane, test, ..., qd_loop, false, ...);  // first test
//     qd_graph.loop_begin(lane, qd_loop);
//     ...the body but its trailing host statements, recorded once...
//     qd_graph.launch(lane, test, ..., qd_loop, true, ...);   // next test
//     qd_graph.loop_end(lane);
//   }
//
// Device code from the loop on reads the moved values from their slots
// (SlotResident), and the test kernel changes them there, as do the
// one-thread kernels of the body's other host statements (renderGraphStep).
// A host 'if' of the body on moved values is an IF node (renderGraphIf):
// a one-thread test sets its condition, qd_graph.if_begin/if_end bracket
// its branch; an 'else' is a second IF node with a test of its own.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "codegen/Templates.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace qd {

std::string KernelCodeGen::renderGraphLoop(const Step &S,
                                           const std::string &Queue) {
  const std::string Where =
      Options.SourceName + ":" + std::to_string(line(S.S->getBeginLoc()));
  std::string Out =
      S.Captures.empty()
          ? "// loop seq, " + Where +
                ": one conditional WHILE node of the call's graph, the same "
                "size whatever the trip count\n"
          : "// device-condition loop, " + Where +
                ": one conditional WHILE node of the call's graph; the GPU "
                "tests the condition, the host does not wait\n";
  const auto *For = dyn_cast<ForStmt>(S.S);
  if (For && For->getInit())
    Out += statementText(For->getInit()) + "\n";
  if (!S.GraphMoved.empty()) {
    const std::string Names = quotedNames(S.GraphMoved);
    const bool One = S.GraphMoved.size() == 1;
    Out += "// " + Names + (One ? " lives" : " live") +
           " on the device from here on: the GPU changes " +
           (One ? "it" : "them") + " between iterations\n";
    for (const Capture &C : S.GraphMoved)
      if (!llvm::is_contained(S.GraphUnset, C.Var))
        Out += setDeviceScalar(C, C.Var->getNameAsString(), S.S, Queue);
  }

  // The test kernel: the parts' captures, each once, the moved values bound
  // to their slots.
  const unsigned Parts = S.GraphTest.size();
  Step Test = S.GraphTest.back();
  for (unsigned I = 0; I + 1 < Parts; ++I)
    for (const Capture &C : S.GraphTest[I].Captures)
      if (llvm::none_of(Test.Captures,
                        [&](const Capture &T) { return T.Var == C.Var; }))
        Test.Captures.push_back(C);
  for (const Capture &C : S.GraphMoved)
    MovedInTask[C.Var] = C.Slot;
  // Numbered apart from the other device functions, which a called
  // kernel's stream-mode rendering, without tests, must name the same.
  TemplateData Data = deviceFunctionData(
      Test, "graph_test", Queue,
      Prefix + "_graph_test" + std::to_string(NextGraphTest++));
  MovedInTask.clear();
  std::string AfterBody;
  for (unsigned I = 0; I + 1 < Parts; ++I) {
    const Stmt *Part = S.GraphTest[I].S;
    AfterBody += userLine(Part->getBeginLoc()) + "\n" +
                 indent(isa<Expr>(Part) ? text(Part->getSourceRange()) + ";"
                                        : statementText(Part),
                        4) +
                 "\n";
  }
  const Expr *Cond = hostLoopCondition(S.S);
  const std::string Holds =
      "static_cast<bool>(" + text(Cond->getSourceRange()) + ")";
  const bool IsDo = isa<DoStmt>(S.S);
  const bool UsesAfterBody = Parts > 1 || IsDo;
  const std::string Params = templateString(Data, "params");
  Data.set("params_after_comma", Params.empty() ? "" : ", " + Params);
  Data.set("after_body_param", UsesAfterBody ? "qd_after_body" : "");
  Data.set("has_after_body", Parts > 1);
  if (!AfterBody.empty())
    AfterBody.pop_back();
  Data.set("after_body", AfterBody);
  // A 'do' loop enters its body without a test.
  Data.set("holds", IsDo ? "!qd_after_body || " + Holds : Holds);
  Data.set("user_line", userLine(Cond->getBeginLoc()));
  Data.set("block_dim", "1");
  const std::string Args = templateString(Data, "args");
  auto Launch = [&](bool AfterBody) {
    TemplateData Copy = Data;
    Copy.set("args", std::string("qd_loop, ") + (AfterBody ? "true" : "false") +
                         (Args.empty() ? "" : ", " + Args));
    addLaunch(Copy, "1", "", 0);
    return templateString(Copy, "launch") + "\n";
  };
  DeviceFunctions +=
      renderTemplate(Options.Target, "graph_loop_test", Data) + "\n";

  Out += "const qd::detail::LoopHandle qd_loop = qd_graph.new_loop();\n"
         "// the first test, " + Where + "\n" + Launch(false) +
         "qd_graph.loop_begin(" + Queue + ", qd_loop);\n";
  // From here on device code reads the moved values from their slots.
  for (const Capture &C : S.GraphMoved)
    SlotResident[C.Var] = C.Slot;
  const std::vector<Step> &Body = S.Branches[0];
  const std::vector<Step> Launched(Body.begin(),
                                   Body.end() - S.GraphTrailing);
  // A node nested in another's body renders inside it.
  std::vector<Capture> Outer = std::move(GraphLoopMoved);
  GraphLoopMoved = S.GraphMoved;
  Out += renderSteps(Launched, Queue);
  GraphLoopMoved = std::move(Outer);
  Out += "// the test after each iteration, " + Where + "\n" + Launch(true) +
         "qd_graph.loop_end(" + Queue + ");\n";
  return "{\n" + indent(Out, 2) + "\n}\n";
}

std::string KernelCodeGen::renderGraphStep(const Step &S,
                                           const std::string &Queue) {
  // Numbered with the tests, apart from the device functions that a called
  // kernel's stream-mode rendering, where this is host code, names too.
  for (const Capture &C : GraphLoopMoved)
    MovedInTask[C.Var] = C.Slot;
  const std::string Launch =
      renderTask(S.GraphTest.front(), Queue,
                 Prefix + "_graph_step" + std::to_string(NextGraphTest++));
  MovedInTask.clear();
  return "// host statement, " + Options.SourceName + ":" +
         std::to_string(line(S.S->getBeginLoc())) +
         ": the GPU runs it in each iteration of the conditional node, on "
         "the values in their slots\n" +
         Launch;
}

std::string KernelCodeGen::renderGraphIf(const Step &S,
                                         const std::string &Queue) {
  const std::string Where =
      Options.SourceName + ":" + std::to_string(line(S.S->getBeginLoc()));
  const Expr *Cond = cast<IfStmt>(S.S)->getCond();
  // In a loop's body, or after a loop, testing what it left.
  const bool InLoop = !GraphLoopMoved.empty();
  // The test of one IF node: an 'else' is a second IF node on the negated
  // condition, whose test runs before the first branch too, since that
  // branch may change what the condition reads.
  auto Test = [&](const std::string &Handle, bool Negate) {
    TemplateData Data = deviceFunctionData(
        S.GraphTest.front(), "graph_if", Queue,
        Prefix + "_graph_if" + std::to_string(NextGraphTest++));
    const std::string Params = templateString(Data, "params");
    Data.set("params_after_comma", Params.empty() ? "" : ", " + Params);
    Data.set("holds", std::string(Negate ? "!" : "") + "static_cast<bool>(" +
                          text(Cond->getSourceRange()) + ")");
    Data.set("user_line", userLine(Cond->getBeginLoc()));
    Data.set("block_dim", "1");
    Data.set("in_loop", InLoop);
    const std::string Args = templateString(Data, "args");
    Data.set("args", Handle + (Args.empty() ? "" : ", " + Args));
    addLaunch(Data, "1", "", 0);
    DeviceFunctions +=
        renderTemplate(Options.Target, "graph_if_test", Data) + "\n";
    return "const qd::detail::LoopHandle " + Handle +
           " = qd_graph.new_loop();\n" + templateString(Data, "launch") + "\n";
  };
  const bool HasElse = S.Branches.size() > 1;
  std::string Out = "// host 'if', " + Where +
                    ": its condition reads values the GPU changes, so it is "
                    "a conditional IF node" +
                    (HasElse ? ", and its 'else' another" : "") +
                    (InLoop ? ", tested by the GPU in each iteration\n"
                            : ", tested by the GPU\n") +
                    Test("qd_if", false);
  if (HasElse)
    Out += Test("qd_else", true);
  Out += "qd_graph.if_begin(" + Queue + ", qd_if);\n" +
         renderSteps(S.Branches.front(), Queue) +
         "qd_graph.if_end(" + Queue + ");\n";
  if (HasElse)
    Out += "qd_graph.if_begin(" + Queue + ", qd_else);\n" +
           renderSteps(S.Branches[1], Queue) +
           "qd_graph.if_end(" + Queue + ");\n";
  return "{\n" + indent(Out, 2) + "\n}\n";
}

} // namespace qd
