// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelCallCodeGen.cpp - Kernels that call kernels -----------------===//
//
// A kernel that another kernel calls gets two more host functions beside
// its entry points (templates/gpu/called_kernel): its steps rendered once
// for a stream-mode caller, enqueued on the caller's current stream, and
// once for a graph-mode caller, described into the caller's graph on its
// current lane. Both launch the device functions its own rendering made.
// The caller calls one of them where the user's call was; the cpu target
// keeps the user's call, which runs the callee on the calling thread.
//
//===----------------------------------------------------------------------===//
#include "codegen/EntrySignatures.h"
#include "codegen/KernelCodeGen.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace qd {

std::string KernelCodeGen::renderKernelCall(const Step &S,
                                            const std::string &Queue) {
  if (Options.Target == Target::Cpu)
    return statementText(S.S) + "\n";
  const CallExpr *Call = S.Call;
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  // The explicit template arguments the user wrote ('<float>'). The
  // qualifier is the callee's own, not the one written: a name found
  // through a using-declaration or a namespace alias ('using phys::relax;
  // relax(u, n);') does not find the enqueue function beside the kernel.
  SourceLocation TemplateBegin, TemplateEnd;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee)) {
    TemplateBegin = Ref->getLAngleLoc();
    TemplateEnd = Ref->getRAngleLoc();
  } else {
    const auto *Lookup = cast<UnresolvedLookupExpr>(Callee);
    TemplateBegin = Lookup->getLAngleLoc();
    TemplateEnd = Lookup->getRAngleLoc();
  }
  const std::string Qualified = qualifiedName(S.Callee);
  const std::string Prefix =
      "::" + Qualified.substr(0, Qualified.size() -
                                     S.Callee->getNameAsString().size());
  // A default argument taken is left to the functions the caller calls,
  // which have the defaults of the callee's declarations: spelled here,
  // 'T(2)' or a name of the callee's namespace would mean nothing, or
  // another thing. Only a default that a later declaration in a header
  // gives is spelled here as written.
  std::string Args;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I);
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg)) {
      if (callersTakeDefault(S.Callee, I, Context.getSourceManager()))
        break;
      Arg = Default->getParam()->getDefaultArg();
    }
    Args += ", " + text(Arg->getSourceRange());
  }
  TemplateData Data;
  Data.set("source", Options.SourceName);
  Data.set("line", std::to_string(line(Call->getBeginLoc())));
  Data.set("callee", S.Callee->getNameAsString());
  Data.set("callee_prefix", Prefix);
  Data.set("callee_template_args",
           TemplateBegin.isValid() ? text(SourceRange(TemplateBegin, TemplateEnd))
                                   : "");
  Data.set("stream", Queue);
  Data.set("args", Args);
  return renderTemplate(Options.Target, templateFor("kernel_call"), Data);
}

std::string KernelCodeGen::renderCalledKernel() {
  if (!Plan->Called || Options.Target == Target::Cpu)
    return "";
  // Rendered again in each mode, the steps launch the device functions
  // already made, by the same names: those made again are dropped. But a
  // graph-mode kernel whose loops moved host values to the device reads
  // them from slots after those loops, which its stream mode does not: its
  // stream-mode work gets device functions of its own.
  const std::string Made = DeviceFunctions;
  const std::string OwnPrefix = Prefix;
  bool MovesValues = false;
  forEachStep(Plan->Steps, [&](const Step &S) {
    MovesValues = MovesValues || !S.GraphMoved.empty();
  });
  const bool OwnModeGraph = graphMode();
  std::string StreamFunctions;
  std::string Bodies[2];
  // A kernel that runs only in stream mode has no graph-mode callers.
  for (bool Graph : {false, true}) {
    if (Graph && Plan->StreamOnly)
      continue;
    const bool OwnFunctions = !Graph && OwnModeGraph && MovesValues;
    ForcedGraphMode = Graph;
    NextDeviceFunction = 0;
    NextGraphTest = 0;
    NextHostReuse = 0;
    SlotResident.clear();
    if (OwnFunctions) {
      Prefix = OwnPrefix + "_stream";
      DeviceFunctions.clear();
    }
    Bodies[Graph] = indent(globalAliases() +
                               renderSteps(Plan->Steps, Graph ? "qd_lane" : "qd_stream"),
                           2);
    if (OwnFunctions)
      StreamFunctions = DeviceFunctions;
    Prefix = OwnPrefix;
  }
  ForcedGraphMode.reset();
  DeviceFunctions = Made + StreamFunctions;
  // The defaults the definition gives (all of them when no declaration
  // comes first) are given here too (see renderKernelCall); those of
  // earlier declarations, by the declarations KernelDeclarations.cpp wrote.
  const std::string Params =
      parameterList(Plan->Function, Source, /*KeepDefaults=*/true);
  TemplateData Data;
  Data.set("kernel", Plan->Function->getNameAsString());
  Data.set("template_header", templateHeader(Plan->Template, Source));
  Data.set("params", Params.empty() ? "" : ", " + Params);
  Data.set("stream_body", Bodies[0]);
  Data.set("graph_body", Bodies[1]);
  Data.set("graph_variant", !Plan->StreamOnly);
  addScratchData(Data);
  return renderTemplate(Options.Target, "called_kernel", Data);
}

} // namespace qd
