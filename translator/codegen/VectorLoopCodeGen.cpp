// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- VectorLoopCodeGen.cpp - Renders '#pragma qd loop vector' -----------===//
//
// GPU targets: a parallel loop whose body has vector loops launches a group
// of vector_length threads per outer iteration
// (templates/gpu/device_vector_loop, <qd/detail/vector_group.h>). The body is
// rendered statement by statement from the VectorBody the analysis made:
// replicated statements as written, leader statements behind
// 'qd_group.leader()' followed by sharing what they wrote, vector loops as
// loops over the group's lanes followed by the group's combine. The number of
// group syncs one outer iteration makes is counted here, for end_round.
//
// The cpu target keeps the body as written and turns each vector pragma into
// 'omp simd' under -fopenmp.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace qd {
namespace {

/// Finds a 'continue' that ends the parallel loop's iteration.
class OuterContinueFinder : public RecursiveASTVisitor<OuterContinueFinder> {
public:
  bool Found = false;
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseForStmt(ForStmt *) { return true; }
  bool TraverseWhileStmt(WhileStmt *) { return true; }
  bool TraverseDoStmt(DoStmt *) { return true; }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *) { return true; }
  bool VisitContinueStmt(ContinueStmt *) {
    Found = true;
    return false;
  }
};

bool continuesOuterLoop(const Stmt *S) {
  OuterContinueFinder Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

/// \p Text, a statement that started in column \p Column, with its later
/// lines moved left as far as the statement's start moved.
std::string dedent(llvm::StringRef Text, unsigned Column) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    if (I != 0) {
      Out += '\n';
      size_t Spaces = Line.find_first_not_of(' ');
      Line = Line.drop_front(
          std::min<size_t>(Column - 1, Spaces == llvm::StringRef::npos
                                           ? Line.size()
                                           : Spaces));
    }
    Out += Line.str();
  }
  return Out;
}

std::string layoutName(VectorMapping M) {
  return M == VectorMapping::Strided ? "kStrided" : "kContiguous";
}

} // namespace

std::string KernelCodeGen::loopGrid(const Step &S,
                                    const std::string &Count) const {
  std::string Threads = Count;
  if (S.Vector && Options.Target != Target::Cpu)
    Threads = "qd::detail::vector_threads(" + Count + ", " +
              std::to_string(S.Vector->Length) + ")";
  return "qd::detail::grid_size(" + Threads + ", " +
         std::to_string(S.BlockDim) + ", qd_device)";
}

std::string KernelCodeGen::addVectorData(const Step &S, TemplateData &Data,
                                         const std::string &Plain) {
  if (!S.Vector)
    return Plain;
  if (Options.Target == Target::Cpu) {
    // The kernel's types are the loop template's type_prelude.
    Data.set("body", cpuVectorBody(S));
    return Plain;
  }
  const VectorBody &V = *S.Vector;
  std::string IndexParams, IndexDecls, Count;
  const std::string Pad(6, ' ');
  if (S.Collapsed.empty()) {
    const std::string Type = spellType(S.Loop.Var->getType(), Policy);
    IndexParams = loopBeginType(S.Loop) + " qd_begin, std::uint64_t qd_count";
    IndexDecls = Pad + "[[maybe_unused]] " + Type + " " +
                 S.Loop.Var->getNameAsString() + " = static_cast<" + Type +
                 ">(qd_begin + static_cast<" + Type + ">(qd_k));";
    Count = "qd_count";
  } else {
    std::vector<const LoopForm *> Loops{&S.Loop};
    for (const LoopForm &Inner : S.Collapsed)
      Loops.push_back(&Inner);
    const std::string Depth = std::to_string(Loops.size());
    IndexDecls = Pad + "const qd::detail::CollapsedCursor<" + Depth +
                 "> qd_at(qd_space, qd_k, 1);";
    for (size_t I = 0; I < Loops.size(); ++I) {
      const std::string Type = spellType(Loops[I]->Var->getType(), Policy);
      const std::string N = std::to_string(I);
      IndexParams += loopBeginType(*Loops[I]) + " qd_begin" + N + ", ";
      IndexDecls += "\n" + Pad + "[[maybe_unused]] " + Type + " " +
                    Loops[I]->Var->getNameAsString() + " = static_cast<" +
                    Type + ">(qd_begin" + N + " + static_cast<" + Type +
                    ">(qd_at.index[" + N + "]));";
    }
    IndexParams += "const qd::detail::CollapsedSpace<" + Depth + "> qd_space";
    Count = "qd_space.total";
  }
  unsigned Barriers = 0;
  Data.set("body", indent(typePrelude(S.S) + vectorBody(S, Barriers), 6));
  Data.set("index_params", IndexParams);
  Data.set("index_decls", IndexDecls);
  Data.set("count", Count);
  Data.set("barriers", std::to_string(Barriers));
  Data.set("vector_length", std::to_string(V.Length));
  Data.set("layout", layoutName(V.Mapping));
  Data.set("layout_comment",
           V.Mapping == VectorMapping::Strided
               ? "neighbouring threads on neighbouring iterations"
               : "a group's threads side by side");
  return "device_vector_loop";
}

std::string KernelCodeGen::vectorBody(const Step &S, unsigned &Barriers) {
  const VectorBody &V = *S.Vector;
  const std::string Generated = generatedLine();
  auto UserText = [&](const std::string &Text, const Stmt *At) {
    std::string Out = userLine(At->getBeginLoc());
    if (!Out.empty())
      Out += "\n";
    Out += dedent(Text, SM.getExpansionColumnNumber(At->getBeginLoc()));
    return Out + "\n" + (Generated.empty() ? "" : Generated + "\n");
  };
  std::string Out;
  for (const BodyStatement &BS : V.Statements) {
    switch (BS.Kind) {
    case BodyStatementKind::Replicated:
      Out += UserText(statementText(BS.S), BS.S);
      break;
    case BodyStatementKind::Vector:
      Out += vectorLoopText(S, BS.Vector, Barriers);
      break;
    case BodyStatementKind::Leader:
      if (const auto *DS = dyn_cast<DeclStmt>(BS.S)) {
        Out += UserText(leaderDeclaration(DS, Barriers), BS.S);
      } else if (continuesOuterLoop(BS.S)) {
        // The leader's 'continue' must end the iteration of the whole
        // group: it leaves the do-while, and the group learns of it.
        Out += "{\n  bool qd_continued = true;\n"
               "  if (qd_group.leader()) do {\n" +
               indent(UserText(statementText(BS.S), BS.S), 4) +
               "\n    qd_continued = false;\n  } while (false);\n"
               "  if (qd_group.shared_flag(qd_continued))\n    continue;\n}\n";
        Barriers += 2;
      } else {
        Out += "if (qd_group.leader()) {\n" +
               indent(UserText(statementText(BS.S), BS.S), 2) +
               "\n}\nqd_group.sync();\n";
        Barriers += 1;
      }
      for (const VarDecl *Var : BS.Shared) {
        Out += "qd_group.share(" + Var->getNameAsString() + ");\n";
        Barriers += 2;
      }
      break;
    }
  }
  return Out;
}

/// The text of \p Var's initializer after its declarator ("= e", "(a, b)",
/// "{a, b}", "= {a, b}"), up to the ',' or ';' that ends it.
std::string KernelCodeGen::initializerText(const VarDecl *Var,
                                           const DeclStmt *DS) const {
  llvm::ArrayRef<syntax::Token> Tokens = Source.expanded(DS->getSourceRange());
  SourceLocation Declarator = Var->getLocation();
  if (TypeSourceInfo *TSI = Var->getTypeSourceInfo()) {
    SourceLocation TypeEnd = TSI->getTypeLoc().getEndLoc();
    if (SM.isBeforeInTranslationUnit(Declarator, TypeEnd))
      Declarator = TypeEnd; // 'a[2]': after the dimensions
  }
  const auto *It = llvm::find_if(Tokens, [&](const syntax::Token &T) {
    return T.location() == Declarator;
  });
  if (It == Tokens.end())
    return "";
  const syntax::Token *First = It + 1, *End = First;
  for (int Depth = 0; End != Tokens.end(); ++End) {
    if (End->kind() == tok::l_paren || End->kind() == tok::l_square ||
        End->kind() == tok::l_brace)
      ++Depth;
    else if (End->kind() == tok::r_paren || End->kind() == tok::r_square ||
             End->kind() == tok::r_brace)
      --Depth;
    else if ((End->kind() == tok::comma || End->kind() == tok::semi) &&
             Depth == 0)
      break;
  }
  if (First == End)
    return "";
  // The space after the declarator as written: 'int v(a)' stays so.
  std::string Gap = " ";
  if (It->location().isFileID() && First->location().isFileID())
    Gap = Lexer::getSourceText(
              CharSourceRange::getCharRange(
                  Lexer::getLocForEndOfToken(It->location(), 0, SM,
                                             Context.getLangOpts()),
                  First->location()),
              SM, Context.getLangOpts())
              .str();
  return Gap + Source.range(SourceRange(First->location(),
                                        (End - 1)->location()));
}

std::string KernelCodeGen::leaderDeclaration(const DeclStmt *DS,
                                             unsigned &Barriers) {
  // Each initializer runs in the leader; the others receive its value.
  const LangOptions &LO = Context.getLangOpts();
  const bool Simple = llvm::all_of(DS->decls(), [](const Decl *D) {
    const auto *Var = dyn_cast<VarDecl>(D);
    return Var && !Var->getType()->isArrayType() &&
           (!Var->getInit() || Var->getInitStyle() == VarDecl::CInit);
  });
  if (Simple) {
    // 'T v = e': the value is the leader's 'e'. Kept as the user wrote it
    // ('auto', lambdas), with the initializer replaced.
    std::vector<TextEdit> Edits;
    for (const Decl *D : DS->decls()) {
      const auto *Var = cast<VarDecl>(D);
      if (!Var->getInit())
        continue;
      const SourceRange R = Var->getInit()->getSourceRange();
      std::string Init = text(R);
      const bool Reference = Var->getType()->isReferenceType();
      Edits.push_back(
          {CharSourceRange::getTokenRange(R), "qd_group.single([&]()" +
                  std::string(Reference ? " -> decltype(auto)" : "") +
                  " { return (" + Init + "); })"});
      Barriers += 2;
    }
    return editedText(DS, Edits);
  }
  // Arrays and 'T v(a, b)', 'T v{a, b}': one declaration per declarator,
  // the value built in the leader under the same initializer, then given to
  // the group (an array element by element, through the group's share).
  std::string Out;
  for (const Decl *D : DS->decls()) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!Var)
      continue;
    const std::string Name = Var->getNameAsString();
    std::string Declared, Staged;
    llvm::raw_string_ostream DeclaredOS(Declared), StagedOS(Staged);
    Var->getType().print(DeclaredOS, Policy, Name);
    Var->getType().print(StagedOS, Policy, "qd_value");
    DeclaredOS.flush();
    StagedOS.flush();
    if (!Var->getInit()) {
      Out += Declared + ";\n";
      continue;
    }
    const std::string Init = initializerText(Var, DS);
    if (Var->getType()->isArrayType()) {
      Out += Declared + ";\nif (qd_group.leader()) {\n  " + Staged + Init +
             ";\n  memcpy((void*)&" + Name + ", &qd_value, sizeof(" + Name +
             "));\n}\nqd_group.share(" + Name + ");\n";
    } else {
      Out += Declared + " = qd_group.single([&]() { " + Staged + Init +
             "; return qd_value; });\n";
    }
    Barriers += 2;
  }
  return Out;
}

std::string KernelCodeGen::vectorLoopText(const Step &S, unsigned Index,
                                          unsigned &Barriers) {
  const VectorLoop &L = S.Vector->Loops[Index];
  const std::string N = std::to_string(Index);
  const std::string Type = spellType(L.Loop.Var->getType(), Policy);
  const std::string Length = std::to_string(S.Vector->Length);
  std::string Out = "{\n";
  Out += "  // vector loop, " + Options.SourceName + ":" +
         std::to_string(line(L.For->getBeginLoc())) +
         ": the group's threads share its iterations\n";
  Out += "  const " + loopBeginType(L.Loop) + " qd_vbegin" + N + " = " +
         loopBegin(L.Loop) + ";\n";
  Out += "  const std::uint64_t qd_vcount" + N + " = " +
         loopCount(L.Loop, "qd_vbegin" + N, /*Checked=*/false) + ";\n";
  std::string Privates, Aliases, Combine;
  for (const Reduction &R : L.Reductions) {
    const std::string Var = R.Var->getNameAsString();
    const std::string VarType = typeOf(R.Var);
    const std::string Op =
        "qd::detail::ReduceOp::" + R.runtimeOp().str();
    const std::string Part = "qd_vpart" + N + "_" + Var;
    const std::string Shared = "qd_vshared" + N + "_" + Var;
    Privates += "  " + VarType + " " + Part + " = qd::detail::reduce_identity<" +
                Op + ", " + VarType + ">();\n";
    // The loop body combines into the thread's private copy under the
    // variable's own name.
    Aliases += "    " + VarType + "& " + Var + " = " + Part + ";\n";
    Combine += "  __shared__ " + VarType + " " + Shared + "[" +
               std::to_string(S.BlockDim) + "];\n  " + Var +
               " = qd::detail::reduce_combine<" + Op + ">(" + Var +
               ", qd_group.reduce<" + Op + ">(" + Part + ", " + Shared +
               "));\n";
    Barriers += 2;
  }
  if (L.Reductions.empty()) {
    // Later statements may read what the iterations stored.
    Combine = "  qd_group.sync();\n";
    Barriers += 1;
  }
  Out += Privates + "  {\n" + Aliases;
  // A 32-bit counter when the count allows (nearly always): with a 64-bit
  // one nvcc keeps less of the loop's loads in flight, and a strided gemv
  // loses a fifth of its bandwidth (docs/performance.md).
  const std::string Count = "qd_vcount" + N;
  Out += "    if (" + Count + " <= std::uint64_t(2147483647 - " + Length +
         ")) {\n";
  Out += indent(vectorLoopCopy(L, N, Length, "int"), 6) + "\n";
  Out += "    } else {\n";
  Out += indent(vectorLoopCopy(L, N, Length, "std::uint64_t"), 6) + "\n";
  Out += "    }\n";
  Out += "  }\n" + Combine + "}\n";
  return Out;
}

std::string KernelCodeGen::vectorLoopCopy(const VectorLoop &L,
                                          const std::string &N,
                                          const std::string &Length,
                                          const std::string &Counter) {
  const std::string Type = spellType(L.Loop.Var->getType(), Policy);
  std::string Out = "#pragma unroll 4\n";
  Out += "for (" + Counter + " qd_vk = static_cast<" + Counter +
         ">(qd_group.lane()); qd_vk < static_cast<" + Counter + ">(qd_vcount" +
         N + "); qd_vk += " + Length + ") {\n";
  Out += "  [[maybe_unused]] " + Type + " " + L.Loop.Var->getNameAsString() +
         " = static_cast<" + Type + ">(qd_vbegin" + N + " + static_cast<" +
         Type + ">(qd_vk));\n";
  std::string Line = userLine(L.Loop.Body->getBeginLoc());
  if (!Line.empty())
    Out += Line + "\n";
  Out += indent(dedent(statementText(L.Loop.Body),
                       SM.getExpansionColumnNumber(L.Loop.Body->getBeginLoc())),
                2) +
         "\n";
  std::string Generated = generatedLine();
  if (!Generated.empty())
    Out += Generated + "\n";
  return Out + "}";
}

std::string KernelCodeGen::cpuVectorBody(const Step &S) {
  // The body as written, each vector pragma turned into 'omp simd' (with
  // its reductions) for builds with -fopenmp, then the line numbering
  // resumed after it.
  std::vector<TextEdit> Edits;
  for (const VectorLoop &L : S.Vector->Loops) {
    std::string Clauses;
    for (const Reduction &R : L.Reductions)
      Clauses += ompReductionClause(R);
    // Only for g++, which takes 'omp simd' as the permission it is. clang
    // makes it a demand and warns (-Wpass-failed) on each loop it cannot
    // vectorize, which under -fsanitize is nearly every one; there the loop
    // is left to clang's own vectorizer, as in the serial build.
    std::string Replacement = "#if defined(_OPENMP) && !defined(__clang__)\n" +
                              ompReductionDeclarations(L.Reductions) +
                              "#pragma omp simd" + Clauses + "\n#endif";
    SourceLocation Begin = L.PragmaLoc;
    if (Begin.isMacroID()) {
      // From a macro: the body is copied from its expansion, which has no
      // directive line; the replacement goes before the loop.
      if (Options.LineDirectives)
        Replacement += "\n" + lineDirective(line(L.For->getBeginLoc()),
                                            Options.SourceName);
      Edits.push_back({CharSourceRange::getCharRange(Begin, Begin),
                       std::move(Replacement)});
      continue;
    }
    // From the start of the line when only indentation precedes it.
    const char *Start = SM.getCharacterData(Begin);
    unsigned Column = SM.getSpellingColumnNumber(Begin);
    const char *LineStart = Start - (Column - 1);
    if (llvm::all_of(llvm::StringRef(LineStart, Column - 1),
                     [](char C) { return C == ' ' || C == '\t'; })) {
      Begin = Begin.getLocWithOffset(-static_cast<int>(Column - 1));
      Start = LineStart;
    }
    const char *End = Start;
    while (*End && *End != '\n' && *End != '\r') {
      if (*End == '\\' && (End[1] == '\n' || End[1] == '\r'))
        End += End[1] == '\r' && End[2] == '\n' ? 3 : 2;
      else
        ++End;
    }
    // The directive ends the line it starts: the next line is the one after.
    if (Options.LineDirectives)
      Replacement +=
          "\n" + lineDirective(line(Begin) + 1, Options.SourceName);
    Edits.push_back({CharSourceRange::getCharRange(
                         Begin, Begin.getLocWithOffset(End - Start)),
                     Replacement});
  }
  return editedText(S.deviceCode(), Edits);
}

} // namespace qd
