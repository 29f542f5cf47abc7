// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DataCodeGen.cpp ----------------------------------------------------===//
#include "codegen/DataCodeGen.h"
#include "codegen/KernelCodeGen.h"
#include "codegen/SourceText.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace qd {
namespace {

std::string runtimeClause(DataClauseKind K) {
  return (K == DataClauseKind::Delete ? "qd::DataClause::delete_"
                                      : "qd::DataClause::" + dataClauseName(K))
      .str();
}

/// The runtime call that copies \p Item for an 'update': enqueued on
/// \p Stream, or, with none, done before it returns. \p Where is the
/// '"file", line' of the directive.
std::string updateCall(const DataItem &Item, const std::string &Stream,
                       const std::string &Where) {
  return std::string("qd::detail::update_") +
         (Item.Clause == DataClauseKind::Host ? "host" : "device") +
         (Stream.empty() ? "_sync(" : "(") + dataItemAddress(Item) + ", " +
         dataItemBytes(Item) + (Stream.empty() ? "" : ", " + Stream) + ", \"" +
         cString(Item.Text) + "\", " + Where + ");";
}

/// The statement that ends \p S: the body of an unbraced loop, the last
/// branch of an 'if' ('f(a);' of 'for (...) f(a);'), whose ';' the range of
/// \p S leaves out when it is an expression.
const Stmt *trailingStatement(const Stmt *S) {
  while (true) {
    if (const auto *If = dyn_cast<IfStmt>(S))
      S = If->getElse() ? If->getElse() : If->getThen();
    else if (const auto *For = dyn_cast<ForStmt>(S))
      S = For->getBody();
    else if (const auto *While = dyn_cast<WhileStmt>(S))
      S = While->getBody();
    else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
      S = Range->getBody();
    else if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      S = Switch->getBody();
    else if (const auto *Label = dyn_cast<LabelStmt>(S))
      S = Label->getSubStmt();
    else if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
      S = Attributed->getSubStmt();
    else
      return S;
  }
}

} // namespace

std::string dataItemAddress(const DataItem &Item) {
  if (!Item.HasSection)
    return "&(" + Item.Name + ")";
  return "&(" + Item.Name + ")[" + (Item.First.empty() ? "0" : Item.First) +
         "]";
}

std::string dataItemBytes(const DataItem &Item) {
  if (!Item.HasSection)
    return "sizeof(" + Item.Name + ")";
  return "static_cast<std::size_t>(" + Item.Count + ") * sizeof((" +
         Item.Name + ")[0])";
}

std::string dataItemList(const Directive &D) {
  std::string Out;
  for (const DataItem &Item : D.DataItems)
    Out += std::string(Out.empty() ? "" : ", ") + "qd::detail::DataItem{" +
           runtimeClause(Item.Clause) + ", " + dataItemAddress(Item) + ", " +
           dataItemBytes(Item) + ", \"" + cString(Item.Text) + "\"}";
  return Out;
}

void rewriteHostDataDirectives(const std::vector<HostDataDirective> &Directives,
                               Rewriter &Rewrite, bool Gpu,
                               StringRef SourceName) {
  const SourceManager &SM = Rewrite.getSourceMgr();
  for (const HostDataDirective &H : Directives) {
    const Directive &D = *H.D;
    const SourceLocation Hash = SM.getExpansionLoc(D.Loc);
    const std::string Where = "\"" + cString(SourceName) + "\", " +
                              std::to_string(SM.getExpansionLineNumber(Hash));
    const std::string Name = directiveName(D.Kind).str();
    std::string Line = "/* '#pragma qd " + Name + "'";
    if (!Gpu) {
      // Host memory is the device's: nothing to copy.
      Rewrite.ReplaceText(directiveLine(SM, Hash),
                          Line + ": nothing to do on the cpu target */");
      continue;
    }
    Line += " */ ";
    switch (D.Kind) {
    case DirectiveKind::Data: {
      // The copies live as long as the statement: the destructor copies
      // back on every way out, exceptions included.
      const std::string Region =
          " const qd::detail::DataRegion qd_data_region_" +
          std::to_string(SM.getExpansionLineNumber(Hash)) + "({" +
          dataItemList(D) + "}, " + Where + ");";
      if (const auto *Braces = dyn_cast<CompoundStmt>(H.Region)) {
        Rewrite.InsertTextAfterToken(SM.getExpansionLoc(Braces->getLBracLoc()),
                                     Region);
        Line += "/* device copies for the braces below */";
        break;
      }
      // One statement: braces of our own around it.
      SourceLocation End = SM.getExpansionLoc(H.Region->getEndLoc());
      if (isa<Expr, ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, DoStmt>(
              trailingStatement(H.Region))) {
        const SourceLocation Semi = Lexer::findLocationAfterToken(
            End, tok::semi, SM, Rewrite.getLangOpts(),
            /*SkipTrailingWhitespaceAndNewLine=*/false);
        if (Semi.isValid())
          End = Semi.getLocWithOffset(-1);
      }
      Rewrite.InsertTextBefore(SM.getExpansionLoc(H.Region->getBeginLoc()),
                               "{" + Region + " ");
      Rewrite.InsertTextAfterToken(End, " }");
      Line += "/* device copies for the statement below */";
      break;
    }
    case DirectiveKind::EnterData:
    case DirectiveKind::ExitData:
      Line += "{ const qd::detail::DataItem qd_items[] = {" + dataItemList(D) +
              "}; qd::detail::data_" +
              (D.Kind == DirectiveKind::EnterData ? "enter" : "exit") +
              "(qd_items, " + std::to_string(D.DataItems.size()) + ", " +
              Where + "); }";
      break;
    case DirectiveKind::Update:
      for (const DataItem &Item : D.DataItems)
        Line += updateCall(Item, "", Where) + " ";
      break;
    default:
      break;
    }
    Rewrite.ReplaceText(directiveLine(SM, Hash), Line);
  }
}

std::string KernelCodeGen::renderDataUpdate(const Step &S,
                                            const std::string &Queue) {
  const Directive &D = *S.Data;
  const std::string Line = std::to_string(line(D.Loc));
  const std::string Here =
      "// '#pragma qd update', " + Options.SourceName + ":" + Line;
  if (Options.Target == Target::Cpu)
    return Here + ": nothing to copy on the cpu target\n";
  const std::string Where = "\"" + cString(Options.SourceName) + "\", " + Line;
  // Pageable copies are not captured into graphs: graph mode ends the call's
  // graph here (GraphSplits.h) and enqueues them after it.
  const bool Split = graphMode();
  std::string Out =
      Split ? Here + ", graph mode: the call's graph ends here; the work "
                     "described before it is enqueued as one graph, the "
                     "copies after it on the launch stream, and the work "
                     "after them is described into a graph of its own\n" +
                  "qd_graph.split(" + Where + ");\n"
            : Here + ": copies enqueued here, in order with the work around "
                     "them\n";
  for (const DataItem &Item : D.DataItems)
    Out += updateCall(Item, Split ? "qd_graph.stream()" : Queue, Where) + "\n";
  return Out;
}

} // namespace qd
