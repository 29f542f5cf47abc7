// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostControlFlowCodeGen.cpp - Host 'if', 'switch', 'loop seq' -------===//
//
// Host control flow is host code of the entry point: the statement as the
// user wrote it, with each branch or body replaced by the rendering of its
// steps. The same text serves stream mode, graph mode (where it chooses
// which launches the call describes) and the cpu target.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace qd {

std::string KernelCodeGen::forHeader(const ForStmt *For,
                                     const std::string &Condition) const {
  const Stmt *Init = For->getInit();
  const std::string InitText =
      !Init ? ";"
      : isa<DeclStmt>(Init) ? statementText(Init)
                            : text(Init->getSourceRange()) + ";";
  return "for (" + InitText + " " + Condition + "; " +
         (For->getInc() ? text(For->getInc()->getSourceRange()) : "") + ")";
}

std::string KernelCodeGen::renderHostControlFlow(const Step &S,
                                                 const std::string &Queue) {
  auto Body = [&](const std::vector<Step> &Steps) {
    return "{\n" + indent(renderSteps(Steps, Queue), 2) + "\n}";
  };
  // A call that hands results back does so at each 'return;' too.
  std::string Results;
  if (const Step *CallerResults = callerResults();
      CallerResults && isa<ReturnStmt>(S.S))
    Results = renderCallerResults(*CallerResults, S.S->getBeginLoc(), Queue);
  // A graph-mode call enqueues what it described before it returns.
  if (isa<ReturnStmt>(S.S) && graphMode() && !ForcedGraphMode)
    return "{\n" + (Results.empty() ? "" : indent(Results, 2) + "\n") +
           "  qd_graph.submit(); // " +
           Options.SourceName + ":" + std::to_string(line(S.S->getBeginLoc())) +
           ": the kernel's work ends here\n  return;\n}\n";
  if (!Results.empty())
    return "{\n" + indent(Results, 2) + "\n  " + statementText(S.S) + "\n}\n";
  if (S.Kind == StepKind::HostStatement || S.Kind == StepKind::HostJump)
    return statementText(S.S) + "\n";
  if (S.Kind == StepKind::HostIf) {
    const auto *If = cast<IfStmt>(S.S);
    std::string Out = std::string(If->isConstexpr() ? "if constexpr (" : "if (") +
                      text(If->getCond()->getSourceRange()) + ") " +
                      Body(S.Branches[0]);
    if (S.Branches.size() > 1)
      Out += " else " + Body(S.Branches[1]);
    return Out + "\n";
  }
  if (S.Kind == StepKind::HostSwitch) {
    const auto *Switch = cast<SwitchStmt>(S.S);
    std::string Out =
        "switch (" + text(Switch->getCond()->getSourceRange()) + ") {\n";
    for (size_t Arm = 0; Arm < S.Branches.size(); ++Arm) {
      // An arm's steps are in braces, so that its declarations are not
      // jumped over; 'break' inside them still leaves the switch.
      for (const SwitchCase *Label : S.ArmLabels[Arm]) {
        if (const auto *Case = dyn_cast<CaseStmt>(Label))
          Out += "case " + text(Case->getLHS()->getSourceRange()) +
                 (Case->getRHS()
                      ? " ... " + text(Case->getRHS()->getSourceRange())
                      : "") +
                 ":\n";
        else
          Out += "default:\n";
      }
      Out += Body(S.Branches[Arm]) + "\n";
    }
    return Out + "}\n";
  }
  // HostLoop: the header as written, with the rendered body; a
  // device-condition loop's condition reads the device scalars first.
  const bool ReadsDevice = !S.Captures.empty();
  if (const auto *For = dyn_cast<ForStmt>(S.S)) {
    if (!ReadsDevice)
      return "for " +
             text(SourceRange(For->getLParenLoc(), For->getRParenLoc())) +
             " " + Body(S.Branches[0]) + "\n";
    return forHeader(For, loopCondition(S, For->getCond(), Queue)) + " " +
           Body(S.Branches[0]) + "\n";
  }
  if (const auto *While = dyn_cast<WhileStmt>(S.S))
    return "while " +
           (ReadsDevice
                ? "(" + loopCondition(S, While->getCond(), Queue) + ")"
                : text(SourceRange(While->getLParenLoc(),
                                   While->getRParenLoc()))) +
           " " + Body(S.Branches[0]) + "\n";
  const auto *Do = cast<DoStmt>(S.S);
  return "do " + Body(S.Branches[0]) + " " +
         (ReadsDevice
              ? "while (" + loopCondition(S, Do->getCond(), Queue) + ")"
              : text(SourceRange(Do->getWhileLoc(), Do->getRParenLoc()))) +
         ";\n";
}

} // namespace qd
