// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CoarsenCodeGen.cpp - The body of a coarsened collapse nest ---------===//
//
// Renders a Coarsening (CoarsenAnalysis.h): each statement once per row in
// an unrolled loop over the rows, and the sequential loops that every row
// runs alike entered once around their coarsened bodies. Each row's locals
// live in qd::detail::row_copies arrays; a reference under the local's own
// name lets the user's statements be copied unchanged.
//
//===----------------------------------------------------------------------===//
#include "analysis/loops/CoarsenAnalysis.h"
#include "analysis/memory/CaptureAnalysis.h"
#include "codegen/KernelCodeGen.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace qd {
namespace {

/// \p S when it is one assignment of a scalar ('p[i] = e;', 'p[i] += e;').
const BinaryOperator *splittableAssignment(const Stmt *S) {
  const auto *E = dyn_cast<Expr>(S);
  const auto *BO = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  if (!BO || !BO->isAssignmentOp() || !BO->getLHS()->getType()->isScalarType() ||
      !BO->getRHS()->getType()->isScalarType())
    return nullptr;
  return BO;
}

/// Whether \p E reads one of \p Vars: 'm = fmax(m, v)' on a reduction
/// variable must see the row before's result, so it runs row by row.
bool readsAny(const Expr *E, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  return llvm::any_of(referencedVariables(E),
                      [&](const VarDecl *Var) { return Vars.count(Var) != 0; });
}

std::string rowCopyName(unsigned Index, const VarDecl *Var) {
  return "qd_rows" + std::to_string(Index) + "_" + Var->getNameAsString();
}

} // namespace

void KernelCodeGen::addCoarsenedLaunch(const Step &S, TemplateData &Data,
                                       const std::string &LeadingArgs,
                                       const std::string &CombineLaunch) {
  const Coarsening &C = *S.Coarsen;
  TemplateData Coarse = Data;
  Coarse.set("name",
             Prefix + "_loop" + std::to_string(NextDeviceFunction++));
  const LoopForm &Row = S.rowLoop();
  const std::string Dimension = std::to_string(S.rowDimension());
  TemplateData Dims{TemplateData::type::list};
  for (const TemplateData &Dim : Data.get("dims")->list_value()) {
    TemplateData D = Dim;
    D.set("coarsened", Dim.get("index")->string_value() == Dimension);
    Dims.push_back(D);
  }
  Coarse.set("dims", Dims);
  Coarse.set("rows", std::to_string(C.Rows));
  Coarse.set("dimension", Dimension);
  Coarse.set("row_var", Row.Var->getNameAsString());
  Coarse.set("row_type", spellType(Row.Var->getType(), Policy));
  Coarse.set("fast_var", S.Collapsed.back().Var->getNameAsString());
  Coarse.set("coarsened_body", indent(coarsenedBody(S), 6));
  Coarse.set("explicit", C.Explicit);
  // The kernel takes its index type first, before the kernel's own
  // template parameters: a parameter pack among those must come last.
  const std::string Header = templateString(Data, "template_header");
  const std::string Args = templateString(Data, "template_args");
  const std::size_t Params = Header.find('<') + 1;
  Coarse.set("index_template_header",
             Header.empty() ? std::string("template <class QdIndex>\n")
                            : Header.substr(0, Params) + "class QdIndex, " +
                                  Header.substr(Params));
  auto IndexArgs = [&](const char *Index) {
    return Args.empty() ? "<" + std::string(Index) + ">"
                        : "<" + std::string(Index) + ", " + Args.substr(1);
  };
  const std::string Block = std::to_string(S.BlockDim);
  const std::string LaunchArgs =
      LeadingArgs + "qd_groups, qd_space.count[" + Dimension + "]";
  // No vector loops here (CoarsenAnalysis), so no vector threads either.
  // A body that loops a runtime number of times is a small product per
  // thread: on an H200, PolyBench's doitgen ran 21% slower in the 32-bit
  // kernel (1.149 against 0.951 ms, the same grid; 32 registers against 40,
  // so more blocks shared each multiprocessor's L1), while the stencils and
  // the fill ran 6-16% faster. Such a nest keeps the 64-bit kernel.
  Coarse.set("narrow", !C.LoopOfRuntimeLength);
  // A reduction's grid is the plain loop's, over the groups: one group per
  // thread up to its wave limit, so that each block's combine is paid for
  // by four rows (TeaLeaf's cg_calc_w, on an H200, in docs/performance.md).
  auto Launch = [&](const std::string &Grid) {
    if (S.Reductions.empty())
      addLaunch(Coarse, Grid, LaunchArgs, 2);
    else
      addReductionLaunch(S, Coarse, "qd_groups.total", LaunchArgs, 2,
                         CombineLaunch);
  };
  if (!C.LoopOfRuntimeLength) {
    Coarse.set("template_args", IndexArgs("std::uint32_t"));
    Launch("qd::detail::one_group_per_thread_grid_size(qd_groups.total, " +
           Block + ")");
    Coarse.set("narrow_launch", Coarse.get("launch")->string_value());
  }
  Coarse.set("template_args", IndexArgs("std::uint64_t"));
  Launch("qd::detail::coarsened_grid_size(qd_groups.total, " + Block +
         ", qd_device)");
  Coarse.set("wide_launch", Coarse.get("launch")->string_value());
  DeviceFunctions +=
      renderTemplate(Options.Target, "device_coarsened_loop", Coarse) + "\n";
  Coarse.set("plain_launch",
             C.Explicit ? std::string() : Data.get("launch")->string_value());
  Data.set("launch", indent(renderTemplate(Options.Target, "launch_coarsened",
                                           Coarse),
                            4));
}

std::string KernelCodeGen::coarsenedBody(const Step &S) {
  const Coarsening &C = *S.Coarsen;
  const LoopForm &Row = S.rowLoop();
  CoarsenedRows Rows;
  Rows.Count = std::to_string(C.Rows);
  const std::string Dim = std::to_string(S.rowDimension());
  Rows.Index = indexDeclaration(Row, "qd_begin" + Dim, "qd_row0 + qd_r") + "\n";
  for (unsigned I = 0; I < C.RowLocals.size(); ++I)
    Rows.Copies[C.RowLocals[I]] = rowCopyName(I, C.RowLocals[I]);
  for (const Reduction &R : S.Reductions)
    Rows.Reduced.insert(R.Var);

  std::string Out = typePrelude(S.S);
  for (unsigned I = 0; I < C.RowLocals.size(); ++I)
    Out += "qd::detail::row_copies<" +
           spellType(C.RowLocals[I]->getType(), Policy) + ", " + Rows.Count +
           "> " + rowCopyName(I, C.RowLocals[I]) + ";\n";
  std::vector<const VarDecl *> Visible;
  Out += coarsenedStatements(C.Statements, Rows, Visible);
  return Out;
}

std::string
KernelCodeGen::coarsenedStatements(const std::vector<CoarsenedStatement> &List,
                                   CoarsenedRows &Rows,
                                   std::vector<const VarDecl *> Visible) {
  std::string Out;
  for (const CoarsenedStatement &CS : List) {
    if (CS.Entered) {
      const auto *For = cast<ForStmt>(CS.S);
      Out += userLine(For->getBeginLoc()) + "\n" +
             Source.range(SourceRange(For->getBeginLoc(), For->getRParenLoc())) +
             " {\n" + generatedLine() + "\n" +
             indent(coarsenedStatements(CS.Body, Rows, Visible), 2) + "\n}\n";
      continue;
    }
    // The copies this statement sees, under their own names; an inner
    // local hides an outer one of the same name, as in the user's scopes.
    llvm::StringSet<> Bound;
    if (const auto *DS = dyn_cast<DeclStmt>(CS.S))
      for (const Decl *D : DS->decls())
        Bound.insert(cast<VarDecl>(D)->getName());
    const auto Used = referencedVariables(CS.S);
    std::string Bindings;
    for (auto It = Visible.rbegin(); It != Visible.rend(); ++It)
      if (Bound.insert((*It)->getName()).second && Used.count(*It))
        Bindings = copyBinding(*It, Rows.Copies.lookup(*It), "qd_r") + "\n" +
                   Bindings;
    auto RowLoop = [&](const std::string &Text) {
      return "QD_UNROLL for (unsigned qd_r = 0; qd_r < " + Rows.Count +
             "; ++qd_r) {\n" +
             indent(Rows.Index + Bindings + userLine(CS.S->getBeginLoc()) +
                        "\n" + Text + "\n" + generatedLine(),
                    2) +
             "\n}\n";
    };
    if (const auto *DS = dyn_cast<DeclStmt>(CS.S)) {
      // Only the initializers run; a declaration without any is its copies.
      const bool Initializes = llvm::any_of(DS->decls(), [](const Decl *D) {
        return hasRowInitializer(cast<VarDecl>(D));
      });
      std::string Text;
      for (const Decl *D : DS->decls()) {
        const auto *Var = cast<VarDecl>(D);
        Visible.push_back(Var);
        Text += copyDeclaration(Var, Rows.Copies.lookup(Var), "qd_r") + "\n";
      }
      if (Initializes)
        Out += RowLoop(Text);
    } else if (const BinaryOperator *Assign = splittableAssignment(CS.S);
               Assign && !readsAny(Assign->getRHS(), Rows.Reduced)) {
      // Every row's value first, then every row's store: a store between
      // two rows' loads would keep the compiler from sharing them (it
      // cannot know that the pointers do not alias; the parallel loop
      // promises it). C++17 evaluates the right operand first too.
      const std::string Value = "qd_value" + std::to_string(Rows.Values++);
      const Expr *RHS = Assign->getRHS();
      Out += "qd::detail::row_copies<" +
             spellType(RHS->getType().getUnqualifiedType(), Policy) + ", " +
             Rows.Count + "> " + Value + ";\n";
      Out += RowLoop(Value + "[qd_r] = " + Source.range(RHS->getSourceRange()) +
                     ";");
      Out += RowLoop(Source.range(Assign->getLHS()->getSourceRange()) + " " +
                     Assign->getOpcodeStr().str() + " " + Value + "[qd_r];");
    } else {
      Out += RowLoop(statementText(CS.S));
    }
  }
  return Out;
}

} // namespace qd
