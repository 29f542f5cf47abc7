// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CollapseCodeGen.cpp - Renders 'collapse(N)' loop nests -------------===//
//
// A collapsed nest becomes one launch over the product of its trip counts
// (templates/<target>/device_collapsed_loop and launch_collapsed_loop). The
// runtime header qd/detail/collapse.h turns a thread's flat index back into
// one index per loop.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"

namespace qd {

std::string KernelCodeGen::renderCollapsedLoop(const Step &S,
                                               const std::string &Stream) {
  TemplateData Data = deviceFunctionData(S, "loop", Stream);
  std::vector<const LoopForm *> Loops{&S.Loop};
  for (const LoopForm &Inner : S.Collapsed)
    Loops.push_back(&Inner);
  TemplateData Dims{TemplateData::type::list};
  for (size_t I = 0; I < Loops.size(); ++I) {
    const LoopForm &L = *Loops[I];
    TemplateData Dim;
    Dim.set("index", std::to_string(I));
    Dim.set("type", spellType(L.Var->getType(), Policy));
    Dim.set("begin_type", loopBeginType(L));
    Dim.set("var", L.Var->getNameAsString());
    Dim.set("begin", loopBegin(L));
    Dim.set("trip_count", loopCount(L, "qd_begin" + std::to_string(I),
                               /*Checked=*/true));
    Dim.set("last", I + 1 == Loops.size());
    const CpuLoop Cpu = cpuLoop(L, std::to_string(I),
                                "qd_space.count[" + std::to_string(I) + "]");
    Dim.set("cpu_loop", Cpu.Header);
    Dim.set("cpu_index", Cpu.Index);
    Dims.push_back(Dim);
  }
  Data.set("dims", Dims);
  Data.set("depth", std::to_string(Loops.size()));
  // OpenMP shares out all but the innermost loop: GCC computes a collapsed
  // nest's indices by division, which kept the innermost from vectorizing
  // (a 5-point stencil ran 3 times slower than serial on one thread).
  Data.set("omp_depth", std::to_string(Loops.size() - 1));
  Data.set("omp_collapse",
           Loops.size() > 2 ? " collapse(" + std::to_string(Loops.size() - 1) + ")"
                            : std::string());
  Data.set("block_dim", std::to_string(S.BlockDim));
  addReductionData(S, Data);
  std::string LeadingArgs;
  for (size_t I = 0; I < Loops.size(); ++I)
    LeadingArgs += "qd_begin" + std::to_string(I) + ", ";
  const bool Coarsened = S.Coarsen && Options.Target != Target::Cpu;
  const bool Tiled = S.Tile && Options.Target != Target::Cpu;
  const bool Reduces = !S.Reductions.empty() && !S.Vector;
  // One combine kernel serves the plain and the coarsened launches.
  const std::string CombineLaunch =
      Reduces ? addReductionCombine(S, Data) : std::string();
  if (!Coarsened || !S.Coarsen->Explicit) {
    if (Reduces)
      addReductionLaunch(S, Data, "qd_space.total", LeadingArgs + "qd_space",
                         Coarsened || Tiled ? 2 : 4, CombineLaunch);
    else
      addLaunch(Data, loopGrid(S, "qd_space.total"), LeadingArgs + "qd_space",
                Coarsened || Tiled ? 2 : 4);
    DeviceFunctions +=
        renderTemplate(Options.Target,
                       addVectorData(S, Data, "device_collapsed_loop"), Data) +
        "\n";
  }
  if (Coarsened)
    addCoarsenedLaunch(S, Data, LeadingArgs, CombineLaunch);
  if (Tiled)
    addTiledLaunch(S, Data, LeadingArgs);
  return renderTemplate(Options.Target, "launch_collapsed_loop", Data);
}

} // namespace qd
