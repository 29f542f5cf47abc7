// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case graph_splits (see driver_support.h). Host arrays
// only: run_steps' data region makes them present. One rank takes no branch
// with a wait; two ranks split each step's graph.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>
#include <vector>

int main() {
  using namespace qd_driver;
  for (int ranks : {1, 2}) {
    for (int n : {2, 7, 3001}) {
      std::vector<double> u(n);
      for (int i = 0; i < n; ++i)
        u[i] = pattern(i, -2.0, 3.0);
      run_steps(u.data(), n, ranks, 4);
      print_summary(("r" + std::to_string(ranks) + ".n" + std::to_string(n) + ".u").c_str(), u);
    }
  }
  return 0;
}
