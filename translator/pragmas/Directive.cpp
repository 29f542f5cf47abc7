//===- Directive.cpp ------------------------------------------------------===//
#include "Directive.h"

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
  }
  return "";
}
} // namespace qd
