// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopIndexCodeGen.cpp - Loop indices and private locals ------------===//
//
// A parallel loop's device function receives its first value and counts
// iterations from 0; iteration k has the value 'first + k'. For a loop that
// counts down or steps by more than 1 the first value is a
// qd::detail::StridedBegin, whose '+' applies the step, so every template
// and the vector and collapse code keep one spelling of the index. The cpu
// target's unit-step loops count with the loop variable itself (cpuLoop).
//
// Private locals (analysis/PrivateLocals.h) are declared again at the top
// of the device code that owns them.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/CoarsenAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "analysis/memory/Globals.h"
#include "codegen/KernelCodeGen.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace qd {

/// 'double stencil[4]': \p Var declared again, without an initializer.
static std::string declaration(const VarDecl *Var,
                               const PrintingPolicy &Policy) {
  // 'decltype(len) t': 'len' may not be a name in the device function.
  if (const std::string Type = spellType(Var->getType(), Policy);
      Type != Var->getType().getAsString(Policy))
    return "qd::detail::type_t<" + Type + "> " + Var->getNameAsString();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Var->getType().print(OS, Policy, Var->getName());
  return Out;
}

std::string KernelCodeGen::loopBeginType(const LoopForm &L) const {
  const std::string Type = spellType(L.Var->getType(), Policy);
  if (!L.strided())
    return Type;
  return "qd::detail::StridedBegin<" + Type + ">";
}

std::string KernelCodeGen::loopBegin(const LoopForm &L) const {
  const std::string First = text(L.Begin->getSourceRange());
  if (!L.strided())
    return First;
  const std::string Type = spellType(L.Var->getType(), Policy);
  return "qd::detail::strided_begin(static_cast<" + Type + ">(" + First +
         "), " + (L.Step ? "(" + text(L.Step->getSourceRange()) + ")" : "1") +
         ", /*descending=*/" + (L.Descending ? "true" : "false") + ")";
}

std::string KernelCodeGen::indexDeclaration(const LoopForm &L,
                                            const std::string &Begin,
                                            const std::string &Offset) const {
  const std::string Type = spellType(L.Var->getType(), Policy);
  return "[[maybe_unused]] " + Type + " " + L.Var->getNameAsString() +
         " = static_cast<" + Type + ">(" + Begin + " + static_cast<" + Type +
         ">(" + Offset + "));";
}

std::string copyBinding(const VarDecl *Var, const std::string &Copies,
                        const std::string &Index) {
  return "[[maybe_unused]] auto& " + Var->getNameAsString() + " = " + Copies +
         "[" + Index + "];";
}

std::string KernelCodeGen::copyDeclaration(const VarDecl *Var,
                                           const std::string &Copies,
                                           const std::string &Index) const {
  std::string Out = copyBinding(Var, Copies, Index);
  if (hasRowInitializer(Var))
    Out += " " + Var->getNameAsString() + " = " +
           text(Var->getInit()->getSourceRange()) + ";";
  return Out;
}

CpuLoop KernelCodeGen::cpuLoop(const LoopForm &L, const std::string &Suffix,
                               const std::string &Count) const {
  const std::string Type = spellType(L.Var->getType(), Policy);
  const std::string Begin = "qd_begin" + Suffix;
  const std::string Var = L.Var->getNameAsString();
  if (L.strided())
    return {"for (std::uint64_t qd_k" + Suffix + " = 0; qd_k" + Suffix +
                " < " + Count + "; ++qd_k" + Suffix + ")",
            "    [[maybe_unused]] " + Type + " " + Var + " = static_cast<" +
                Type + ">(" + Begin + " + static_cast<" + Type + ">(qd_k" +
                Suffix + "));\n"};
  // A counter from 0 with 'first + k' as the value kept GCC from
  // vectorizing the body; a loop over the variable itself, as the serial
  // program's, ran up to 1.7 times faster (bench/cpu_loops.cpp). Comparing
  // with the bound as written matters too: when the body indexes with the
  // same 'n' as 'i < n', GCC keeps fewer values live, and an i-k-j product
  // ran at 0.72 of the serial program with the computed bound. Either bound
  // is invariant, as OpenMP's canonical form wants.
  const std::string Bound =
      cpuBoundAsWritten(L)
          ? text(L.End->getSourceRange())
          : "qd::detail::loop_end(" + Begin + ", " + Count + ")";
  return {"for (" + Type + " " + Var + " = " + Begin + "; " + Var +
              (L.Inclusive ? " <= " : " < ") + Bound + "; ++" + Var + ")",
          ""};
}

bool KernelCodeGen::cpuBoundAsWritten(const LoopForm &L) const {
  // The serial loop evaluates its bound before every iteration, the cpu
  // loop (and OpenMP) once; the two agree when evaluating it has no effect.
  // Dependent bounds count as having effects.
  if (L.strided() || L.End->HasSideEffects(Context))
    return false;
  // A comparison of signed with unsigned would warn (-Wsign-compare) in
  // generated code; the computed bound is of the variable's own type.
  const Expr *Bound = L.End->IgnoreParenImpCasts();
  const QualType BoundType = Bound->getType(), VarType = L.Var->getType();
  return BoundType->isIntegerType() &&
         (BoundType->isSignedIntegerOrEnumerationType() ==
              VarType->isSignedIntegerOrEnumerationType() ||
          Bound->isIntegerConstantExpr(Context));
}

std::vector<Capture> KernelCodeGen::deviceCaptures(const Step &S) const {
  std::vector<Capture> Captures = S.Captures;
  if (Options.Target != Target::Cpu || S.Kind != StepKind::ParallelLoop)
    return Captures;
  // The bounds are host expressions (checkBoundsOnHost), so the locals they
  // read are parameters and host scalars, passed by value like any capture.
  // So are the globals device code receives: 'i < sim::n' is spelled
  // 'i < n' (GlobalAlias), which names the capture.
  auto AddBoundReads = [&](const LoopForm &L) {
    if (!cpuBoundAsWritten(L))
      return;
    for (const VarDecl *Var : referencedVariables(L.End))
      if ((Var->isLocalVarDeclOrParm() ||
           classifyGlobal(Var, Context) == GlobalUse::ByValue) &&
          llvm::none_of(Captures,
                        [&](const Capture &C) { return C.Var == Var; }))
        Captures.push_back({Var});
  };
  AddBoundReads(S.Loop);
  for (const LoopForm &Inner : S.Collapsed)
    AddBoundReads(Inner);
  return Captures;
}

std::string KernelCodeGen::loopCount(const LoopForm &L,
                                     const std::string &Begin,
                                     bool Checked) const {
  const std::string Type = spellType(L.Var->getType(), Policy);
  const std::string Args = Begin + ", static_cast<" + Type + ">(" +
                           text(L.End->getSourceRange()) +
                           "), /*inclusive=*/" +
                           (L.Inclusive ? "true" : "false");
  if (!L.strided() || !Checked)
    return "qd::detail::trip_count(" + Args + ")";
  return "qd::detail::checked_trip_count(" + Args + ", \"" +
         Plan->Function->getNameAsString() + "\", \"" + Options.SourceName +
         "\", " + std::to_string(line(L.For->getBeginLoc())) + ")";
}

std::string KernelCodeGen::privateDeclarations(const Step &S) const {
  std::string Out;
  for (const VarDecl *Var : S.Privates)
    Out += declaration(Var, Policy) + ";\n";
  return Out;
}

std::string KernelCodeGen::uninitializedDeclText(const DeclStmt *DS) const {
  bool HasArray = llvm::any_of(DS->decls(), [](const Decl *D) {
    return cast<VarDecl>(D)->getType()->isArrayType();
  });
  if (!HasArray)
    return "[[maybe_unused]] " + statementText(DS);
  // The host scalars keep their initializers ('base = 7' of 'long long
  // sq[3], base = 7;'), in the form written.
  auto initializerText = [&](const VarDecl *Var) -> std::string {
    const Expr *Init = Var->getInit();
    if (!Init)
      return "";
    const std::string Value = text(Init->getSourceRange());
    switch (Var->getInitStyle()) {
    case VarDecl::CInit:
      return " = " + Value;
    case VarDecl::ListInit:
      return isa<InitListExpr>(Init) ? Value : "{" + Value + "}";
    default:
      return isa<ParenListExpr>(Init) ? Value : "(" + Value + ")";
    }
  };
  std::string Out;
  for (const Decl *D : DS->decls()) {
    const auto *Var = cast<VarDecl>(D);
    if (Var->getType()->isArrayType())
      continue;
    Out += std::string(Out.empty() ? "" : " ") + "[[maybe_unused]] " +
           declaration(Var, Policy) + initializerText(Var) + ";";
  }
  return Out;
}

} // namespace qd
