// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelCodeGen.cpp --------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "analysis/memory/Globals.h"
#include "codegen/EntrySignatures.h"
#include "codegen/Templates.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace qd {

std::string indent(llvm::StringRef Text, unsigned Spaces) {
  std::string Out;
  std::string Pad(Spaces, ' ');
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Text.rtrim('\n').split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (!Out.empty())
      Out += '\n';
    // Preprocessor directives stay in column 0, where people expect them.
    if (!Line.empty() && !Line.starts_with("#"))
      Out += Pad;
    Out += Line.str();
  }
  // No final newline: templates put the text on a line of its own.
  return Out;
}

std::string cString(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out;
}

std::string lineDirective(unsigned Line, llvm::StringRef File) {
  return "#line " + std::to_string(Line) + " \"" + cString(File) + "\"";
}

KernelCodeGen::KernelCodeGen(ASTContext &Context, const SourceText &Source,
                             const CodeGenOptions &Options)
    : Context(Context), SM(Context.getSourceManager()), Source(Source),
      Options(Options), Policy(Context.getLangOpts()) {
  Policy.SuppressTagKeyword = true;
  Policy.SuppressUnwrittenScope = true;
}

std::string KernelCodeGen::text(SourceRange Range) const {
  return Source.range(Range);
}

std::string KernelCodeGen::statementText(const Stmt *S) const {
  return Source.statement(S);
}

std::string KernelCodeGen::editedText(const Stmt *S,
                                      llvm::ArrayRef<TextEdit> Edits) const {
  return Source.statement(S, Edits);
}

unsigned KernelCodeGen::line(SourceLocation Loc) const {
  return SM.getExpansionLineNumber(Loc);
}

std::string KernelCodeGen::userLine(SourceLocation Loc) const {
  if (!Options.LineDirectives)
    return "";
  return lineDirective(line(Loc), Options.SourceName);
}

std::string KernelCodeGen::generatedLine() const {
  return Options.LineDirectives ? GeneratedLineMarker : "";
}

/// Whether \p T names something only the kernel's body can see, at any
/// depth: a typedef the body declares ('using real = float;'), or a
/// variable, through 'decltype(n)'. A device function is outside the
/// kernel, where neither can be named.
static bool namesKernelScope(QualType T) {
  if (T.isNull())
    return false;
  const Type *Ty = T.getTypePtr();
  if (isa<DecltypeType, TypeOfExprType>(Ty))
    return true;
  if (const auto *Typedef = dyn_cast<TypedefType>(Ty))
    return Typedef->getDecl()->getDeclContext()->isFunctionOrMethod();
  if (const auto *Elaborated = dyn_cast<ElaboratedType>(Ty))
    return namesKernelScope(Elaborated->getNamedType());
  if (const auto *Paren = dyn_cast<ParenType>(Ty))
    return namesKernelScope(Paren->getInnerType());
  if (const auto *Of = dyn_cast<TypeOfType>(Ty))
    return namesKernelScope(Of->getUnmodifiedType());
  if (Ty->isPointerType() || Ty->isReferenceType())
    return namesKernelScope(Ty->getPointeeType());
  if (const auto *Array = dyn_cast<ArrayType>(Ty))
    return namesKernelScope(Array->getElementType());
  if (const auto *Specialization = dyn_cast<TemplateSpecializationType>(Ty))
    return llvm::any_of(Specialization->template_arguments(),
                        [](const TemplateArgument &Arg) {
                          return Arg.getKind() == TemplateArgument::Type &&
                                 namesKernelScope(Arg.getAsType());
                        });
  if (const auto *Function = dyn_cast<FunctionProtoType>(Ty))
    return namesKernelScope(Function->getReturnType()) ||
           llvm::any_of(Function->param_types(), namesKernelScope);
  return false;
}

/// \p T, which depends on a template parameter, spelled without the kernel's
/// own names: 'decltype(scale)' with 'T scale' is 'T', which the templated
/// device function has in scope. A shape it does not know stays as written.
static std::string spellDependent(QualType T, const PrintingPolicy &Policy) {
  const Qualifiers Quals = T.getLocalQualifiers();
  const Type *Ty = T.getTypePtr();
  std::string Inner;
  if (const auto *Elaborated = dyn_cast<ElaboratedType>(Ty))
    Inner = spellType(Elaborated->getNamedType(), Policy);
  else if (const auto *Paren = dyn_cast<ParenType>(Ty))
    Inner = spellType(Paren->getInnerType(), Policy);
  else if (const auto *Typedef = dyn_cast<TypedefType>(Ty);
           Typedef &&
           Typedef->getDecl()->getDeclContext()->isFunctionOrMethod())
    Inner = spellType(Typedef->getDecl()->getUnderlyingType(), Policy);
  else if (const auto *Decltype = dyn_cast<DecltypeType>(Ty)) {
    // 'decltype(v)' of a variable named without parentheses is the
    // variable's declared type.
    const auto *Ref = dyn_cast<DeclRefExpr>(Decltype->getUnderlyingExpr());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Decltype->isDependentType())
      Inner =
          Decltype->getUnderlyingType().getCanonicalType().getAsString(Policy);
    else if (Var && !Var->getType()->getContainedAutoType())
      Inner = spellType(Var->getType(), Policy);
  } else if (Ty->isPointerType()) {
    Inner =
        "qd::detail::type_t<" + spellType(Ty->getPointeeType(), Policy) + ">*";
  } else if (const auto *Ref = dyn_cast<ReferenceType>(Ty)) {
    Inner = "qd::detail::type_t<" + spellType(Ref->getPointeeType(), Policy) +
            (isa<LValueReferenceType>(Ref) ? ">&" : ">&&");
  }
  if (Inner.empty())
    return T.getAsString(Policy);
  if (Quals.empty())
    return Inner;
  // 'const' before a pointer's spelling would apply to what it points to.
  const bool Simple = llvm::all_of(Inner, [](char C) {
    return llvm::isAlnum(C) || C == '_' || C == ':' || C == ' ';
  });
  return Quals.getAsString() + " " +
         (Simple ? Inner : "qd::detail::type_t<" + Inner + ">");
}

std::string spellType(QualType T, const PrintingPolicy &Policy) {
  // A local 'using real = float;' or a 'decltype(n)' is out of scope in a
  // device function's parameter list or body: its meaning is spelled
  // instead.
  if (!namesKernelScope(T))
    return T.getAsString(Policy);
  if (!T->isDependentType())
    return T.getCanonicalType().getAsString(Policy);
  return spellDependent(T, Policy);
}

std::string KernelCodeGen::typePrelude(const Stmt *Before) const {
  // The device function is outside the kernel: the kernel's own types that
  // its statement may use are declared again at its top.
  std::string Out;
  for (const DeclStmt *DS : Plan->TypeDecls) {
    if (!SM.isBeforeInTranslationUnit(SM.getExpansionLoc(DS->getBeginLoc()),
                                      SM.getExpansionLoc(Before->getBeginLoc())))
      continue;
    const std::string Line = userLine(DS->getBeginLoc());
    Out += (Line.empty() ? "" : Line + "\n") + typeDeclarationText(DS) + "\n";
  }
  return Out;
}

std::string KernelCodeGen::typeDeclarationText(const DeclStmt *DS) const {
  std::string Out = statementText(DS);
  for (const Decl *D : DS->decls())
    if (const auto *Typedef = dyn_cast<TypedefNameDecl>(D))
      Out += " qd::detail::use_type<" + Typedef->getNameAsString() + ">();";
  return Out;
}

std::string KernelCodeGen::typeOf(const VarDecl *Var) const {
  QualType T = Var->getType();
  // 'const T&' parameters are passed to the device by value.
  if (T->isReferenceType())
    T = T->getPointeeType();
  const std::string Type = spellType(T, Policy);
  // 'const float (*)[24]' cannot be followed by a name: its declarator
  // goes around it.
  std::string Declared;
  llvm::raw_string_ostream OS(Declared);
  T.print(OS, Policy, "qd_name");
  if (!llvm::StringRef(OS.str()).ends_with("qd_name"))
    return "qd::detail::type_t<" + Type + ">";
  return Type;
}

std::string KernelCodeGen::slotTypeOf(const VarDecl *Var) const {
  // A slot is written: a 'const' local's holds its type without the const.
  return spellType(Var->getType().getNonReferenceType().getUnqualifiedType(),
                   Policy);
}

std::string KernelCodeGen::prologue(
    llvm::StringRef RelaxedConstexprCallee,
    llvm::ArrayRef<std::string> LibraryHeaders) const {
  TemplateData Data;
  TemplateData Headers{TemplateData::type::list};
  for (const std::string &H : LibraryHeaders)
    Headers.push_back(TemplateData(H));
  Data.set("library_twins", Headers);
  Data.set("needs_relaxed_constexpr", !RelaxedConstexprCallee.empty());
  Data.set("relaxed_constexpr_callee", RelaxedConstexprCallee.str());
  Data.set("version", QD_VERSION);
  Data.set("target", targetInfo(Options.Target).Name.str());
  Data.set("source", Options.SourceName);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("licence_note", licenceNote(Options.Target, Options.SourceName));
  std::string Text = renderTemplate(Options.Target, "prologue", Data);
  if (Options.LineDirectives)
    Text += lineDirective(1, Options.SourceName) + "\n";
  return Text;
}

std::string KernelCodeGen::renderKernel(const KernelPlan &ThePlan,
                                        const std::string &ThePrefix) {
  Plan = &ThePlan;
  Prefix = ThePrefix;
  NextDeviceFunction = 0;
  NextGraphTest = 0;
  NextHostReuse = 0;
  SlotResident.clear();
  DeviceFunctions.clear();

  std::string Body = globalAliases() + renderSteps(Plan->Steps, topLevelQueue());
  TemplateData Data;
  Data.set("kernel", Plan->Function->getNameAsString());
  Data.set("source", Options.SourceName);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(Plan->PragmaLoc)));
  Data.set("generated_line", generatedLine());
  // The called kernel's entries may add device functions of their own.
  const std::string HostEntries = renderHostEntries(Body) + renderCalledKernel();
  Data.set("device_functions", DeviceFunctions);
  Data.set("host_entries", HostEntries);
  const std::string Text = renderTemplate(Options.Target, "kernel", Data);
  // In place of a kernel with C linkage, inside 'extern "C" { }' or after
  // its 'extern "C"': the overloads, device functions and templates the
  // kernel becomes need C++ linkage; the entry point with the user's
  // signature asks for C linkage itself (entrySignatures).
  if (hasCLinkage(Plan->Function))
    return "extern \"C++\" {\n" + Text + "} // extern \"C++\"\n";
  return Text;
}

std::string KernelCodeGen::qualifiedName(const NamedDecl *D) const {
  // Policy leaves out anonymous and inline namespaces, which qualified
  // lookup sees through.
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  D->printQualifiedName(OS, Policy);
  return OS.str();
}

std::string KernelCodeGen::globalAliases() const {
  std::string Out;
  for (const GlobalAlias &A : Plan->GlobalAliases)
    Out += "[[maybe_unused]] auto& " + A.Var->getNameAsString() + " = ::" +
           qualifiedName(A.Var) + ";\n";
  return Out;
}

std::string KernelCodeGen::renderSteps(const std::vector<Step> &Steps,
                                       const std::string &Stream) {
  std::string Out;
  for (auto It = Steps.begin(); It != Steps.end(); ++It) {
    const Step &S = *It;
    if (auto Next = std::next(It);
        Next != Steps.end() && combineTaskFits(S, *Next)) {
      // The task is rendered into the loop's combine and launched with it.
      CombineTask = &*Next;
      Out += renderLoop(S, Stream);
      CombineTask = nullptr;
      It = Next;
      continue;
    }
    switch (S.Kind) {
    case StepKind::HostScalar:
      // In a conditional node's body, one from values the GPU changes is
      // the GPU's (analysis/GraphLoops.cpp).
      if (!S.GraphTest.empty() && graphMode()) {
        Out += renderDeviceScalarSet(S.GraphTest.front(), Stream);
        break;
      }
      // A host scalar declares no alias, so this is its text as written.
      Out += (S.Uninitialized ? uninitializedDeclText(cast<DeclStmt>(S.S))
                              : typeDeclarationText(cast<DeclStmt>(S.S))) +
             "\n";
      break;
    case StepKind::ParallelLoop:
      Out += renderLoop(S, Stream);
      break;
    case StepKind::SerialTask:
      Out += renderTask(S, Stream);
      break;
    case StepKind::Region:
      Out += renderRegion(S, Stream);
      break;
    case StepKind::HostStatement:
      Out += !S.GraphTest.empty() && graphMode() ? renderGraphStep(S, Stream)
                                                 : renderHostControlFlow(S, Stream);
      break;
    case StepKind::HostIf:
      Out += !S.GraphTest.empty() && graphMode() ? renderGraphIf(S, Stream)
                                                 : renderHostControlFlow(S, Stream);
      break;
    case StepKind::HostSwitch:
    case StepKind::HostJump:
      Out += renderHostControlFlow(S, Stream);
      break;
    case StepKind::HostLoop:
      Out += !S.GraphTest.empty() && graphMode() ? renderGraphLoop(S, Stream)
             : S.CheckEvery && Options.Target != Target::Cpu
                 ? renderCheckedLoop(S, Stream)
                 : renderHostControlFlow(S, Stream);
      break;
    case StepKind::KernelCall:
      Out += renderKernelCall(S, Stream);
      break;
    case StepKind::HostCode:
      Out += renderHostCode(S, Stream);
      break;
    case StepKind::CallerResults:
      Out += renderCallerResults(
          S, cast<CompoundStmt>(Plan->Function->getBody())->getRBracLoc(),
          Stream);
      break;
    case StepKind::DeviceScalarInit:
      Out += renderDeviceScalarInit(S, Stream);
      break;
    case StepKind::DeviceScalarSet:
      Out += renderDeviceScalarSet(S, Stream);
      break;
    case StepKind::DataUpdate:
      Out += renderDataUpdate(S, Stream);
      break;
    }
  }
  return Out;
}

KernelCodeGen::CaptureBindings
KernelCodeGen::bindCaptures(const Step &S) const {
  CaptureBindings Out;
  const VarDecl *Var = nullptr;
  auto Add = [&](std::string Param, std::string Arg) {
    Out.Vars.push_back(Var);
    Out.Params.push_back(std::move(Param));
    Out.Args.push_back(std::move(Arg));
  };
  const bool Gpu = Options.Target != Target::Cpu;
  for (Capture C : deviceCaptures(S)) {
    Var = C.Var;
    std::string Type = typeOf(C.Var), Name = C.Var->getNameAsString();
    if (auto Moved = MovedInTask.find(C.Var); Moved != MovedInTask.end()) {
      // A graph loop's test changes it, in its slot.
      Type = slotTypeOf(C.Var);
      Add(Type + "* qd_moved_" + Name, "qd_scratch.slot<" + Type + ">(" +
                                           std::to_string(Moved->second) +
                                           ")");
      Out.Binds.push_back(Type + "& " + Name + " = *qd_moved_" + Name + ";");
      continue;
    }
    if (auto Resident = SlotResident.find(C.Var);
        Resident != SlotResident.end() && !C.DeviceScalar) {
      C.DeviceScalar = true;
      C.Slot = Resident->second;
    }
    if (C.DeviceScalar && Gpu) {
      // A reduction's result: read once from the call's scratch, under the
      // variable's own name.
      Type = slotTypeOf(C.Var);
      // 'const T' reads as written; a pointer's const goes after it.
      const std::string Const = C.Var->getType()->isPointerType()
                                    ? Type + " const"
                                    : "const " + Type;
      Add(Const + "* qd_scalar_" + Name,
          "qd_scratch.slot<" + Type + ">(" + std::to_string(C.Slot) + ")");
      Out.Binds.push_back(Const + " " + Name + " = *qd_scalar_" + Name + ";");
      continue;
    }
    if (classifyGlobal(C.Var, Context) == GlobalUse::HostArray) {
      // A non-const global array: device code uses its device copy, which a
      // data region made (include/qd/data.h); the cpu target, the array.
      const std::string Decayed =
          "std::decay_t<" + spellType(C.Var->getType(), Policy) + ">";
      // Of an array of unknown size ('extern double table[];') the data
      // region's section says how much is present; its first element must be.
      const std::string Bytes = C.Var->getType()->isIncompleteArrayType()
                                    ? "sizeof(" + Name + "[0])"
                                    : "sizeof(" + Name + ")";
      Add(Decayed + " " + Name,
          Gpu ? "static_cast<" + Decayed + ">(qd::detail::present_global(" +
                    Name + ", " + Bytes + ", \"" +
                    cString(Plan->Function->getName()) + "\", \"" + Name +
                    "\"))"
              : Name);
      continue;
    }
    if (C.Var->getType()->isArrayType()) {
      // A const global array (analysis/Globals.h), copied at the call.
      Add("qd::detail::ArrayValueOf<" + spellType(C.Var->getType(), Policy) +
              "> " + Name,
          "qd::detail::array_value(" + Name + ")");
      continue;
    }
    // A host pointer into a present array reaches device code as its
    // device copy's address (include/qd/data.h).
    const QualType T = C.Var->getType().getNonReferenceType();
    Add(Type + " " + Name,
        Gpu && T->isPointerType() && !T->isFunctionPointerType()
            ? "qd::detail::present_or_device(" + Name + ", \"" +
                  cString(Plan->Function->getName()) + "\", \"" + Name +
                  "\")"
            : Name);
  }
  return Out;
}

TemplateData KernelCodeGen::deviceFunctionData(const Step &S,
                                               const std::string &Kind,
                                               const std::string &Stream,
                                               const std::string &FunctionName) {
  // Parameters and arguments that pass the captures by value; a loop's come
  // after its begin and count.
  const bool IsLoop = S.Kind == StepKind::ParallelLoop;
  std::string Params, Args;
  TemplateData Binds{TemplateData::type::list};
  if (!Predicate.empty() && Options.Target != Target::Cpu) {
    // In a 'check_every' loop: nothing to do once its condition failed.
    Params = std::string(IsLoop ? ", " : "") +
             "qd::detail::LoopPredicate* qd_predicate";
    Args = std::string(IsLoop ? ", " : "") + Predicate;
    Binds.push_back(TemplateData("if (!qd_predicate->active) return;"));
  }
  const CaptureBindings Bound = bindCaptures(S);
  for (std::size_t I = 0; I < Bound.Params.size(); ++I) {
    const std::string Separator = IsLoop || !Params.empty() ? ", " : "";
    Params += Separator + Bound.Params[I];
    Args += Separator + Bound.Args[I];
  }
  for (const std::string &Bind : Bound.Binds)
    Binds.push_back(TemplateData(Bind));
  const Stmt *Body = S.deviceCode();
  TemplateData Data;
  Data.set("kernel", Plan->Function->getNameAsString());
  Data.set("source", Options.SourceName);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(S.S->getBeginLoc())));
  Data.set("name", !FunctionName.empty()
                      ? FunctionName
                      : Prefix + "_" + Kind +
                            std::to_string(NextDeviceFunction++));
  Data.set("template_header", templateHeader(Plan->Template, Source));
  Data.set("template_args", templateArguments(Plan->Template));
  Data.set("params", Params);
  Data.set("args", Args);
  Data.set("scalar_binds", Binds);
  // A loop's iterations need the kernel's types and their own private
  // copies; a serial task's one run needs both at its top (user_line). The
  // cpu target's loops declare the types once, before the OpenMP loop
  // (type_prelude): clang 19 rejects a local class of a function template
  // defined inside an 'omp parallel for' body ("... is not a member of
  // class"), and nothing about a type differs between iterations.
  const std::string Types = typePrelude(S.S);
  const std::string Iteration =
      privateDeclarations(S) + userLine(Body->getBeginLoc());
  Data.set("user_line", Types + Iteration);
  Data.set("iteration_line", Iteration);
  Data.set("type_prelude",
           Types.empty() || !Options.LineDirectives
               ? Types
               : Types + generatedLine() + "\n");
  Data.set("generated_line", generatedLine());
  Data.set("body", statementText(Body));
  Data.set("stream", Stream);
  Data.set("api", targetInfo(Options.Target).ApiPrefix.str());
  return Data;
}

std::string KernelCodeGen::renderLoop(const Step &S, const std::string &Stream) {
  if (!S.Collapsed.empty())
    return renderCollapsedLoop(S, Stream);
  TemplateData Data = deviceFunctionData(S, "loop", Stream);
  const LoopForm &L = S.Loop;
  Data.set("block_dim", std::to_string(S.BlockDim));
  Data.set("loop_var_type", spellType(L.Var->getType(), Policy));
  Data.set("begin_type", loopBeginType(L));
  Data.set("loop_var", L.Var->getNameAsString());
  Data.set("begin", loopBegin(L));
  Data.set("trip_count", loopCount(L, "qd_begin", /*Checked=*/true));
  const CpuLoop Cpu = cpuLoop(L, "", "qd_count");
  Data.set("cpu_loop", Cpu.Header);
  Data.set("cpu_index", Cpu.Index);
  addReductionData(S, Data);
  const bool Reduces = !S.Reductions.empty();
  if (Reduces && !S.Vector)
    addReductionLaunch(S, Data, "qd_count", "qd_begin, qd_count", 2);
  else
    addLaunch(Data, loopGrid(S, "qd_count"), "qd_begin, qd_count",
              Reduces ? 2 : 4);
  const std::string Shape = Reduces ? "reduction_loop" : "loop";
  DeviceFunctions +=
      renderTemplate(Options.Target, addVectorData(S, Data, "device_" + Shape),
                     Data) +
      "\n";
  return renderTemplate(Options.Target, "launch_" + Shape, Data);
}

std::string KernelCodeGen::renderTask(const Step &S, const std::string &Stream,
                                      const std::string &FunctionName) {
  TemplateData Data = deviceFunctionData(S, "task", Stream, FunctionName);
  Data.set("block_dim", "1");
  addLaunch(Data, "qd::detail::task_grid_size()", "", 0);
  DeviceFunctions += renderTemplate(Options.Target, "device_task", Data) + "\n";
  return renderTemplate(Options.Target, "launch_task", Data);
}

std::string KernelCodeGen::renderRegion(const Step &S,
                                        const std::string &Stream) {
  TemplateData Blocks{TemplateData::type::list};
  unsigned Index = 0;
  // The runtime's enumerator for each priority: 'qd::StreamPriority::high'.
  auto PriorityName = [](BlockPriority P) {
    return P == BlockPriority::High  ? "high"
           : P == BlockPriority::Low ? "low"
                                     : "normal";
  };
  // Spelled only when some block asks for a priority, so that regions
  // without one keep the cheaper single-pool acquisition.
  std::string Priorities;
  bool AnyPriority = false;
  for (const Block &B : S.Blocks) {
    AnyPriority |= B.Priority != BlockPriority::Normal;
    Priorities += std::string(Priorities.empty() ? "" : ", ") +
                  "qd::StreamPriority::" + PriorityName(B.Priority);
  }
  for (const Block &B : S.Blocks) {
    TemplateData BlockData;
    if (B.Priority != BlockPriority::Normal)
      BlockData.set("priority", PriorityName(B.Priority));
    BlockData.set("join_event", std::to_string(Index + 1));
    // Numbered from 1, as diagnostics (-Wqd-race) number them.
    BlockData.set("number", std::to_string(Index + 1));
    BlockData.set("index", std::to_string(Index++));
    BlockData.set("line", std::to_string(line(B.Body->getBeginLoc())));
    BlockData.set("body",
                  indent(renderSteps(B.Steps, blockQueue(Index - 1)), 4));
    Blocks.push_back(BlockData);
  }
  TemplateData Data;
  Data.set("source", Options.SourceName);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(S.Blocks.front().PragmaLoc)));
  Data.set("block_count", std::to_string(S.Blocks.size()));
  Data.set("event_count", std::to_string(S.Blocks.size() + 1));
  Data.set("stream", Stream);
  Data.set("blocks", Blocks);
  Data.set("has_priorities", AnyPriority);
  Data.set("priorities", Priorities);
  return renderTemplate(Options.Target, templateFor("stream_region"), Data);
}

std::string KernelCodeGen::renderHostEntries(const std::string &Body) {
  const FunctionDecl *FD = Plan->Function;
  EntrySignatures Signatures = entrySignatures(FD, Source);
  std::string Forward;
  for (const std::string &Argument : Signatures.Arguments)
    Forward += Argument + ", ";

  TemplateData Data;
  Data.set("kernel", FD->getNameAsString());
  // Qualified: a parameter may have the kernel's name.
  Data.set("qualified_kernel", "::" + qualifiedName(FD));
  Data.set("template_header", templateHeader(Plan->Template, Source));
  Data.set("template_args", templateArguments(Plan->Template));
  Data.set("stream_signature", Signatures.Stream);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(Plan->PragmaLoc)));
  Data.set("default_signature", Signatures.Default);
  Data.set("forward_args", Forward);
  Data.set("body", indent(Body, 2));
  // One launch is atomic on its stream already; more (several steps, or a
  // region's fork, blocks and join) need the runtime's per-stream guard so
  // that concurrent calls on one stream do not interleave.
  unsigned Launches = 0;
  bool Repeats = false, UsesDevice = false;
  forEachStep(Plan->Steps, [&](const Step &S) {
    // Host code may enqueue any number of operations.
    Launches += S.Kind == StepKind::Region || S.Kind == StepKind::KernelCall ||
                        S.Kind == StepKind::HostCode
                    ? 2
                : S.Kind == StepKind::ParallelLoop || S.Kind == StepKind::SerialTask
                    ? 1
                    : 0;
    Repeats |= S.Kind == StepKind::HostLoop;
    UsesDevice |= S.Kind == StepKind::ParallelLoop ||
                  S.Kind == StepKind::Region || S.Kind == StepKind::KernelCall;
  });
  // The scratch's allocation and release are on the launch stream too.
  Data.set("contiguous_launches",
           Launches > 1 || Repeats || Plan->needsScratch());
  // Loops and regions use the call's device; serial tasks do not.
  Data.set("uses_device", UsesDevice);
  addScratchData(Data);
  // The stream entry point is the target's; the forwarding one is the same
  // for every target.
  Data.set("stream_entry",
           llvm::StringRef(renderTemplate(Options.Target,
                                          templateFor("stream_entry"), Data))
               .rtrim('\n')
               .str());
  return renderTemplate(Options.Target, "host_entries", Data);
}

} // namespace qd
