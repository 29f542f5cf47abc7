// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LaunchCodeGen.cpp - How a device function is launched --------------===//
//
// Stream mode launches each loop and task with <<<...>>> on its stream
// (templates/gpu/kernel_launch). Graph mode ('#pragma qd kernel graph',
// --graphs) describes the same launch to the call's qd::detail::GraphCall
// instead (templates/gpu/graph_kernel_launch), on a lane rather than a
// stream: lane 0 is the launch stream, and each region's fork hands out the
// lanes of its blocks. The runtime turns the description into a cached graph
// (runtime/graph_cache.cpp). Everything around the launch, the trip counts,
// grids and arguments, is the same in both modes.
//
//===----------------------------------------------------------------------===//
#include "codegen/KernelCodeGen.h"

namespace qd {

bool KernelCodeGen::graphMode() const {
  // The cpu target runs work on the calling thread: nothing to graph.
  if (ForcedGraphMode)
    return *ForcedGraphMode;
  return Options.Target != Target::Cpu && (Options.Graphs || Plan->Graph) &&
         !Plan->StreamOnly;
}

std::string KernelCodeGen::templateFor(const std::string &Name) const {
  return graphMode() ? "graph_" + Name : Name;
}

std::string KernelCodeGen::topLevelQueue() const {
  return graphMode() ? "0" : "qd_stream";
}

std::string KernelCodeGen::blockQueue(unsigned Index) const {
  return graphMode() ? "qd_lanes + " + std::to_string(Index) : "qd_block_stream";
}

void KernelCodeGen::addLaunch(TemplateData &Data, const std::string &Grid,
                              const std::string &LeadingArgs,
                              unsigned Indent) {
  if (Options.Target == Target::Cpu)
    return;
  std::string Args = LeadingArgs + templateString(Data, "args") +
                     templateString(Data, "reduction_args");
  Data.set("grid", Grid);
  Data.set("launch_args", Args);
  Data.set("launch_args_after_comma", Args.empty() ? "" : ", " + Args);
  Data.set("launch", indent(renderTemplate(Options.Target,
                                           templateFor("kernel_launch"), Data),
                            Indent));
}

} // namespace qd
