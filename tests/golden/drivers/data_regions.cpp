// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case data_regions (see driver_support.h).
// Everything it passes is host memory: the data directives make it present.
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

#include <string>
#include <vector>

int main() {
  using namespace qd_driver;
  for (int n : {3, 17, 4099}) {
    std::vector<double> p(n), s(Cells);
    for (int i = 0; i < n; ++i)
      p[i] = pattern(i, -1.0, 1.0);
    for (int i = 0; i < Cells; ++i) {
      field[i] = pattern(i + 11);
      weights[i] = pattern(i + 5, 0.5, 1.5);
    }
    const double sum = run_regions(p.data(), s.data(), n, 4);
    const std::string name = "n" + std::to_string(n);
    std::printf("%s.sum %.17g\n", name.c_str(), sum);
    print_summary((name + ".p").c_str(), p);
    std::vector<double> f(field, field + Cells);
    print_summary((name + ".field").c_str(), f);
    run_throwing(p.data(), n);
    print_summary((name + ".thrown").c_str(), p);
    const double first = run_one_statements(p.data(), n, 3);
    std::printf("%s.one_statements %.17g modes_seen %d\n", name.c_str(), first,
                modes_seen);
    print_summary((name + ".one_statements").c_str(), p);
    std::vector<double> cells(n), spare(n);
    for (int i = 0; i < n; ++i) {
      cells[i] = pattern(i + 3, -2.0, 2.0);
      spare[i] = pattern(i + 9);
    }
    Mesh mesh{cells.data(), n, {1.0, 2.0, 3.0, 4.0}};
    Mesh::spare = spare.data();
    std::printf("%s.sweep %.17g\n", name.c_str(), mesh.sweep(3));
    print_summary((name + ".cells").c_str(), cells);
    print_summary((name + ".spare").c_str(), spare);
    std::vector<double> halo(mesh.halo, mesh.halo + 4);
    print_summary((name + ".halo").c_str(), halo);
    std::printf("%s.shadowed %.17g\n", name.c_str(), run_shadowed(p.data(), n));
    print_summary((name + ".shadowed").c_str(), p);
  }
  return 0;
}
