// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Compiled by the host compiler, with no vendor header, and linked against
// qd::runtime_cuda: proves the public API is usable from plain C++.
#include <qd/qd.h>

#include <vector>

bool host_side_round_trip() {
  qd::Stream s;
  std::vector<double> in(4096), out(4096, 0.0);
  for (std::size_t i = 0; i < in.size(); ++i)
    in[i] = 0.5 * static_cast<double>(i);
  qd::Buffer<double> buf(in.size());
  qd::Event start, end;
  start.record(s);
  buf.copy_from_host(in.data(), s);
  buf.copy_to_host(out.data(), s);
  end.record(s);
  end.synchronize();
  return out == in && qd::Event::elapsed_ms(start, end) >= 0.f &&
         s.ref().native() != nullptr;
}
