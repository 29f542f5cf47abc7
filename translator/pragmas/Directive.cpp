// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Directive.cpp ------------------------------------------------------===//
#include "pragmas/Directive.h"

namespace qd {
llvm::StringRef directiveName(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Kernel:
    return "kernel";
  case DirectiveKind::StreamParallel:
    return "stream_parallel";
  case DirectiveKind::Loop:
    return "loop";
  case DirectiveKind::Host:
    return "host";
  case DirectiveKind::Data:
    return "data";
  case DirectiveKind::EnterData:
    return "enter data";
  case DirectiveKind::ExitData:
    return "exit data";
  case DirectiveKind::Update:
    return "update";
  }
  return "";
}

llvm::StringRef dataClauseName(DataClauseKind K) {
  switch (K) {
  case DataClauseKind::CopyIn:
    return "copyin";
  case DataClauseKind::CopyOut:
    return "copyout";
  case DataClauseKind::Copy:
    return "copy";
  case DataClauseKind::Create:
    return "create";
  case DataClauseKind::Present:
    return "present";
  case DataClauseKind::Delete:
    return "delete";
  case DataClauseKind::Host:
    return "host";
  case DataClauseKind::Device:
    return "device";
  }
  return "";
}
} // namespace qd
