// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceScalarCodeGen.cpp - Device scalars set and read by the host --===//
//
// A reduction's result lives in the call's scratch (a device scalar). Host
// control flow sets one before a 'loop seq' that reduces into it and on
// 'res = 0.f;' (a one-thread launch of qd::detail::set_device_scalar, so
// that it is ordered on the stream and is a node in graph mode), and a
// device-condition loop reads the ones its condition uses back before each
// evaluation (qd::detail::read_scalar: the host waits for the stream). The
// cpu target keeps reduction variables as host locals: nothing to set or
// read there.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace qd {

std::string KernelCodeGen::setDeviceScalar(const Capture &C,
                                           const std::string &Value,
                                           const Stmt *At,
                                           const std::string &Queue) {
  return setSlot(slotTypeOf(C.Var), C.Slot, Value, At, Queue);
}

std::string KernelCodeGen::setSlot(const std::string &Type, unsigned Slot,
                                   const std::string &Value, const Stmt *At,
                                   const std::string &Queue) {
  TemplateData Data;
  Data.set("kernel", Plan->Function->getNameAsString());
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(At->getBeginLoc())));
  Data.set("type", Type);
  Data.set("slot", std::to_string(Slot));
  // The slot is device memory: a host pointer into a present array must be
  // its device copy's address there (generator seeds 32 and 33).
  Data.set("value", Options.Target == Target::Cpu
                        ? Value
                        : "qd::detail::present_value(static_cast<" + Type +
                              ">(" + Value + "), \"" +
                              cString(Plan->Function->getName()) + "\", \"" +
                              cString(Value) + "\")");
  // In a 'check_every' loop's body: nothing once the loop is over.
  Data.set("predicated", !Predicate.empty());
  Data.set("predicate", Predicate);
  Data.set("stream", Queue);
  Data.set("api", targetInfo(Options.Target).ApiPrefix.str());
  return renderTemplate(Options.Target, templateFor("set_device_scalar"), Data);
}

std::string KernelCodeGen::renderDeviceScalarInit(const Step &S,
                                                  const std::string &Queue) {
  if (Options.Target == Target::Cpu)
    return "";
  std::string Out;
  for (const Capture &C : S.Captures) {
    const std::string Name = C.Var->getNameAsString();
    // At the start of the call: a reference parameter reduced into.
    if (S.S == Plan->Function->getBody()) {
      Out += "// '" + Name + "' (" + Options.SourceName + ":" +
             std::to_string(line(C.Var->getLocation())) +
             ") is a reference parameter that reductions combine into: the "
             "call works on a device copy of the caller's value and hands "
             "it back when it returns\n" +
             setDeviceScalar(C, Name, S.S, Queue);
      continue;
    }
    Out += "// '" + Name + "' is reduced in the loop below (" +
           Options.SourceName + ":" + std::to_string(line(S.S->getBeginLoc())) +
           "): from here on its value is the device's, starting from the host's\n" +
           setDeviceScalar(C, Name, S.S, Queue);
  }
  return Out;
}

std::string KernelCodeGen::renderDeviceScalarSet(const Step &S,
                                                 const std::string &Queue) {
  if (Options.Target == Target::Cpu)
    return statementText(S.S) + "\n";
  if (S.Declares) {
    // The host keeps a variable of the name, which only a device-condition
    // loop's read-back ever sets.
    const VarDecl *Var = S.Captures.front().Var;
    return "[[maybe_unused]] " + slotTypeOf(Var) + " " +
           Var->getNameAsString() + "{}; // computed on the device: slot " +
           std::to_string(S.Captures.front().Slot) + "\n" +
           renderDeviceScalarTask(S, Queue);
  }
  if (S.OnDevice)
    return renderDeviceScalarTask(S, Queue);
  const auto *Assign = cast<BinaryOperator>(S.S);
  return "// " + Options.SourceName + ":" +
         std::to_string(line(S.S->getBeginLoc())) + ": " +
         text(Assign->getSourceRange()) + "\n" +
         setDeviceScalar(S.Captures.front(),
                         text(Assign->getRHS()->getSourceRange()), S.S, Queue);
}

std::string KernelCodeGen::renderDeviceScalarTask(const Step &S,
                                                  const std::string &Queue) {
  // A serial task that reads the other captures and works on a copy of the
  // scalar, under its own name, then stores it back into the slot.
  const Capture &Target = S.Captures.front();
  Step Task = S;
  Task.Kind = StepKind::SerialTask;
  Task.Captures.erase(Task.Captures.begin());
  TemplateData Data = deviceFunctionData(Task, "set", Queue);
  const std::string Type = slotTypeOf(Target.Var);
  const std::string Params = templateString(Data, "params"),
                    Args = templateString(Data, "args");
  Data.set("params", Type + "* qd_slot" + (Params.empty() ? "" : ", " + Params));
  Data.set("args", "qd_scratch.slot<" + Type + ">(" +
                       std::to_string(Target.Slot) + ")" +
                       (Args.empty() ? "" : ", " + Args));
  Data.set("var", Target.Var->getNameAsString());
  Data.set("type", Type);
  Data.set("declares", S.Declares);
  Data.set("computed_from",
           llvm::any_of(GraphLoopMoved,
                        [&](const Capture &C) { return C.Var == Target.Var; })
               ? "values the GPU changes between iterations"
               : "reductions' results");
  Data.set("block_dim", "1");
  addLaunch(Data, "qd::detail::task_grid_size()", "", 0);
  DeviceFunctions +=
      renderTemplate(Options.Target, "device_scalar_task", Data) + "\n";
  return renderTemplate(Options.Target, "launch_task", Data);
}

std::string KernelCodeGen::loopCondition(const Step &S, const Expr *Cond,
                                         const std::string &Queue) const {
  const std::string Text = text(Cond->getSourceRange());
  if (S.Captures.empty() || Options.Target == Target::Cpu)
    return Text;
  // The host's copies of the scalars take the device's values, then the
  // condition is evaluated as written.
  std::string Reads;
  for (const Capture &C : S.Captures)
    Reads += readScalarCall(C, Queue) + ", ";
  return "(" + Reads + "(" + Text + "))";
}

std::string KernelCodeGen::readScalarCall(const Capture &C,
                                          const std::string &Stream) const {
  return "qd::detail::read_scalar(" + C.Var->getNameAsString() +
         ", qd_scratch.slot<" + slotTypeOf(C.Var) + ">(" +
         std::to_string(C.Slot) + "), " + Stream + ")";
}

} // namespace qd
