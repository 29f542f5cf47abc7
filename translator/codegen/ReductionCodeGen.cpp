// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReductionCodeGen.cpp - Renders 'reduction' clauses -----------------===//
//
// GPU targets: each thread of a reducing loop combines into private copies of
// the variables, then the blocks combine in a fixed order and the last block
// to finish writes the results to the call's scratch
// (templates/gpu/reduction_combine, <qd/detail/reduce.h>). Later device code
// reads a result from its scratch slot. The cpu target keeps the variables as
// host locals, passed by reference; the loop reduces into a copy of its own,
// with OpenMP reduction clauses, and stores it back once.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"

namespace qd {

/// The reduction identifier that OpenMP combines \p R with: its operator,
/// or the one ompReductionDeclarations declares for an fmax/fmin variable.
static std::string ompReductionIdentifier(const Reduction &R) {
  const std::string Op = reductionOpSpelling(R.Op).str();
  return R.IgnoresNaN ? "qd_f" + Op + "_" + R.Var->getNameAsString() : Op;
}

std::string ompReductionClause(const Reduction &R) {
  return " reduction(" + ompReductionIdentifier(R) + ": " +
         R.Var->getNameAsString() + ")";
}

std::string KernelCodeGen::ompReductionDeclarations(
    llvm::ArrayRef<Reduction> Reductions) const {
  // fmax and fmin are not OpenMP operators: such a variable gets its own
  // reduction identifier (OpenMP 4.0), so that the threads' results combine
  // as the body does and a NaN initial value gives way as in the serial loop.
  std::string Out;
  for (const Reduction &R : Reductions) {
    if (!R.IgnoresNaN)
      continue;
    const std::string Op = reductionOpSpelling(R.Op).str();
    const std::string Type = typeOf(R.Var);
    Out += "#pragma omp declare reduction(" + ompReductionIdentifier(R) +
           " : " + Type +
           " : omp_out = std::f" + Op + "(omp_out, omp_in)) initializer(omp_priv = " +
           (R.Op == ReductionOp::Max ? "-" : "") + "static_cast<" + Type +
           ">(HUGE_VAL))\n";
  }
  return Out;
}

void KernelCodeGen::addReductionData(const Step &S, TemplateData &Data) {
  const bool Gpu = Options.Target != Target::Cpu;
  Data.set("has_reductions", !S.Reductions.empty());
  std::string Params, Args, OmpClauses, Locals, Stores;
  TemplateData Items{TemplateData::type::list};
  for (const Reduction &R : S.Reductions) {
    const std::string Var = R.Var->getNameAsString();
    const std::string Type = typeOf(R.Var);
    if (Gpu) {
      Params += ", " + Type + "* qd_result_" + Var + ", " + Type +
                "* qd_partials_" + Var;
      Args += ", qd_scratch.slot<" + Type + ">(" + std::to_string(R.Slot) +
              "), qd_scratch.partials<" + Type + ">(" +
              std::to_string(R.Partials) + ")";
      if (R.First) {
        Params += ", " + Type + " qd_init_" + Var;
        Args += ", " + Var;
      }
    } else {
      // The loop sums into a local copy and stores it once: through the
      // reference itself, every store of the body might alias the sum, so
      // the compiler would load and store it on each iteration (TeaLeaf's
      // cpu target ran 2.8x slower than its serial build that way).
      Params += ", " + Type + "& qd_ref_" + Var;
      Args += ", " + Var;
      OmpClauses += ompReductionClause(R);
      Locals += "  " + Type + " " + Var + " = qd_ref_" + Var + ";\n";
      Stores += "  qd_ref_" + Var + " = " + Var + ";\n";
    }
    TemplateData Item;
    Item.set("var", Var);
    Item.set("type", Type);
    Item.set("op", R.runtimeOp().str());
    Item.set("first", R.First);
    Items.push_back(Item);
  }
  if (Gpu && !S.Reductions.empty()) {
    addCombineTask(S, Data);
    Params += templateString(Data, "combine_task_params") + ", unsigned* qd_done";
    Args += templateString(Data, "combine_task_args");
    Data.set("reduction_args_before_counter", Args);
    Args += ", qd_scratch.counter(" + std::to_string(S.Counter) + ")";
  }
  Data.set("reductions", Items);
  Data.set("reduction_params", Params);
  Data.set("reduction_args", Args);
  Data.set("omp_clauses", OmpClauses);
  Data.set("reduction_locals", Locals);
  Data.set("reduction_stores", Stores);
  Data.set("omp_declarations", Gpu ? std::string()
                                   : ompReductionDeclarations(S.Reductions));
  if (Gpu && !S.Reductions.empty())
    Data.set("reduction_combine",
             llvm::StringRef(
                 renderTemplate(Options.Target, "reduction_combine", Data))
                 .rtrim('\n')
                 .str());
}

std::string KernelCodeGen::addReductionCombine(const Step &S,
                                              const TemplateData &Data) {
  if (Options.Target == Target::Cpu)
    return std::string();
  TemplateData Combine = Data;
  std::string Params, Args;
  // In a 'check_every' loop whose condition the GPU found false, the loop's
  // blocks store no partials: the combine must not fold the stale ones in
  // again.
  if (!Predicate.empty()) {
    Params += ", qd::detail::LoopPredicate* qd_predicate";
    Args += ", " + Predicate;
  }
  Combine.set("predicate", !Predicate.empty());
  for (const Reduction &R : S.Reductions) {
    const std::string Var = R.Var->getNameAsString();
    const std::string Type = typeOf(R.Var);
    Params += ", " + Type + "* qd_result_" + Var + ", const " + Type +
              "* qd_partials_" + Var;
    Args += ", qd_scratch.slot<" + Type + ">(" + std::to_string(R.Slot) +
            "), qd_scratch.partials<" + Type + ">(" +
            std::to_string(R.Partials) + ")";
    if (R.First) {
      Params += ", " + Type + " qd_init_" + Var;
      Args += ", " + Var;
    }
  }
  // The task that runs in the combine (CombineTaskCodeGen.cpp) runs here
  // when the combine is apart.
  Params += templateString(Data, "apart_task_params");
  Args += templateString(Data, "apart_task_args");
  Combine.set("name", templateString(Data, "name") + "_combine");
  Combine.set("combine_params", Params);
  Combine.set("args", std::string());
  Combine.set("reduction_args", Args);
  DeviceFunctions +=
      renderTemplate(Options.Target, "device_reduction_apart", Combine) + "\n";
  // A serial task's grid (one block): it counts as a launch check too.
  addLaunch(Combine, "qd::detail::task_grid_size()", "qd_grid", 2);
  return templateString(Combine, "launch");
}

void KernelCodeGen::addReductionLaunch(const Step &S, TemplateData &Data,
                                       const std::string &Threads,
                                       const std::string &LeadingArgs,
                                       unsigned Indent) {
  if (Options.Target == Target::Cpu)
    return;
  const std::string CombineLaunch = addReductionCombine(S, Data);
  addReductionLaunch(S, Data, Threads, LeadingArgs, Indent, CombineLaunch);
}

void KernelCodeGen::addReductionLaunch(const Step &S, TemplateData &Data,
                                       const std::string &Threads,
                                       const std::string &LeadingArgs,
                                       unsigned Indent,
                                       const std::string &CombineLaunch) {
  if (Options.Target == Target::Cpu)
    return;
  const std::string Block = std::to_string(S.BlockDim);
  const std::string Counter =
      "qd_scratch.counter(" + std::to_string(S.Counter) + ")";
  const std::string Before =
      templateString(Data, "reduction_args_before_counter");
  // The loop's blocks take the last-block combine only when it is not
  // apart: a null counter tells them to store their partials and stop.
  Data.set("reduction_args", Before + ", qd_apart ? nullptr : " + Counter);
  addLaunch(Data, "qd_grid", LeadingArgs, 0);
  const std::string Loop = templateString(Data, "launch");
  Data.set("launch",
           indent("const unsigned qd_grid = qd::detail::reduction_grid_size(" +
                      Threads + ", " + Block + ", qd_device);\n" +
                      "const bool qd_apart = qd::detail::combine_apart(qd_grid, " +
                      Block + ", qd_device);\n" + Loop + "\nif (qd_apart) {\n" +
                      CombineLaunch + "\n}",
                  Indent));
}

void KernelCodeGen::addScratchData(TemplateData &Data) const {
  const bool Gpu = Options.Target != Target::Cpu;
  Data.set("scratch", Gpu && Plan->needsScratch());
  Data.set("scratch_slots", std::to_string(Plan->ScratchSlots));
  Data.set("scratch_counters", std::to_string(Plan->ScratchCounters));
  std::string Partials;
  for (const PartialsArray &P : Plan->ScratchPartials)
    Partials += std::string(Partials.empty() ? "" : ", ") + "{" +
                std::to_string(P.BlockDim) + ", sizeof(" + typeOf(P.Var) +
                ")}";
  Data.set("scratch_partials", Partials);
}

} // namespace qd
