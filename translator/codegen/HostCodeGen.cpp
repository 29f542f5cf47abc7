// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostCodeGen.cpp - Statements marked '#pragma qd host' -------------===//
//
// The statement is host code of the entry point, as the user wrote it
// (templates/<target>/host_code), inside a scope that makes
// qd::current_stream() its stream. In graph mode it is the body of a lambda
// that qd_graph.host_code runs at once with a stream the call captures
// (templates/gpu/graph_host_code), so that what it enqueues becomes a node
// of the call's graph; a 'host wait' there ends the call's graph instead
// (templates/gpu/graph_host_wait) and runs between two graphs. '#line'
// keeps the user's lines for compiler errors and debuggers.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace qd {

void KernelCodeGen::setWaitReads(TemplateData &Data,
                                 llvm::ArrayRef<Capture> Captures,
                                 const std::string &Queue) const {
  // After the wait, the host's copies of the reductions' results take the
  // device's values.
  std::string Reads;
  if (Options.Target != Target::Cpu)
    for (const Capture &C : Captures)
      Reads += "  " +
               readScalarCall(C, graphMode() ? std::string("qd_graph.stream()")
                                             : Queue) +
               ";\n";
  Data.set("reads", Reads);
  Data.set("has_reads", !Reads.empty());
}

const Step *KernelCodeGen::callerResults() const {
  if (Plan->Steps.empty() ||
      Plan->Steps.back().Kind != StepKind::CallerResults)
    return nullptr;
  return &Plan->Steps.back();
}

std::string KernelCodeGen::renderCallerResults(const Step &S, SourceLocation At,
                                               const std::string &Queue) {
  // The cpu target reduces into the caller's variables themselves.
  if (Options.Target == Target::Cpu)
    return "";
  const std::string Names = quotedNames(S.Captures);
  TemplateData Data;
  Data.set("source", Options.SourceName);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(At)));
  Data.set("stream", Queue);
  Data.set("names", Names);
  setWaitReads(Data, S.Captures, Queue);
  return renderTemplate(Options.Target, graphMode() ? "graph_caller_results"
                                                    : "caller_results",
                        Data);
}

std::string KernelCodeGen::renderHostCode(const Step &S,
                                          const std::string &Queue) {
  TemplateData Data;
  Data.set("source", Options.SourceName);
  Data.set("source_literal", cString(Options.SourceName));
  Data.set("line", std::to_string(line(S.S->getBeginLoc())));
  Data.set("stream", Queue);
  Data.set("stream_name", Queue == "0" ? "the launch stream's lane"
                                       : "lane " + Queue);
  Data.set("user_line", userLine(S.S->getBeginLoc()));
  Data.set("generated_line", generatedLine());
  Data.set("statement", statementText(S.S));
  Data.set("reuse", S.Reuse);
  Data.set("wait", S.Wait);
  setWaitReads(Data, S.Captures, Queue);
  if (S.Reuse && graphMode()) {
    std::vector<std::string> Key;
    std::string Args;
    for (const DeclRefExpr *Ref : S.ReuseKey) {
      Key.push_back(text(Ref->getSourceRange()));
      Args += (Args.empty() ? "" : ", ") + Key.back();
    }
    const std::string Names = quotedNames(Key);
    Data.set("key_names", Names.empty() ? "no value (it names no variable)"
                                        : "the values of " + Names);
    Data.set("key_args", Args);
    Data.set("reuse_index", std::to_string(NextHostReuse++));
  }
  // A wait in graph mode ends the call's graph (GraphSplits.h): the
  // statement runs between two graphs, not under capture.
  if (S.Wait && graphMode())
    return renderTemplate(Options.Target, "graph_host_wait", Data);
  return renderTemplate(Options.Target, templateFor("host_code"), Data);
}

} // namespace qd
