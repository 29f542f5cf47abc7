// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Data regions (SPEC section 1, "Data regions"): host arrays made present by
// '#pragma qd data', 'enter data' and 'exit data', kernels that receive host
// pointers into them and use present global arrays (also ones declared
// without their size), 'update' in host code and in a kernel, '#pragma qd
// host wait', a region left by an exception, regions on one unbraced
// statement of each kind, and copies and host code in unbraced 'case' arms.
// Items that are data members in a member function ('cells', 'this->halo', a
// static member), and names an earlier block, loop or lambda also declared.
#include <cstddef>
#include <stdexcept>

constexpr int Cells = 96;
double field[Cells];
double* scratch;
// Declared without their size, as a header would; defined at the end.
extern double weights[];
extern const double bias[];

void smooth(int n);
void scale(double* a, int n, double f);
void swap_ends(double* a, int n);
void weigh(int n);
void settle(double* a, int n, int mode);
int modes_seen = 0;

// The host driver comes first, as serial C programs are written.
double run_regions(double* p, double* s, int n, int steps) {
  scratch = s;
#pragma qd enter data create(scratch[0:Cells])
#pragma qd data copy(field) copyin(p[0:n])
  {
    for (int it = 0; it < steps; ++it) {
      smooth(Cells);
      scale(p, n, 0.5);
      swap_ends(p + 1, n - 2);
    }
#pragma qd update host(p[0:n])
  }
#pragma qd data copy(field)
  smooth(Cells);
#pragma qd data copy(field) copyin(weights[0:Cells], bias[0:4])
  weigh(Cells);
#pragma qd exit data delete(scratch[0:Cells])
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += p[i];
  for (int i = 0; i < Cells; ++i)
    sum += field[i];
  return sum;
}

// Copies back on the way out of a throw.
void run_throwing(double* p, int n) {
  try {
#pragma qd data copy(p[0:n])
    {
      scale(p, n, 3.0);
      if (n > 0)
        throw std::runtime_error("stop");
    }
  } catch (const std::runtime_error&) {
  }
}

// A member function's regions copy its object's members.
struct Mesh {
  double* cells;
  int count;
  double halo[4];
  static double* spare;
  double sweep(int steps);
};
double* Mesh::spare = nullptr;

double Mesh::sweep(int steps) {
  double first = 0;
#pragma qd data copy(cells[0:count]) copy(this->halo) copy(spare[0:count])
  {
    for (int s = 0; s < steps; ++s) {
      scale(cells, count, 0.75);
      scale(this->halo, 4, 2.0);
      swap_ends(spare, count);
    }
#pragma qd update host(cells[0:count])
    first = cells[0];
  }
  return first + halo[0] + spare[0];
}

// 'p' is declared three more times before the directive, none of them in
// scope there: the directive's 'p' is the parameter.
double run_shadowed(double* p, int n) {
  {
    double p[2] = {1.0, 2.0};
    n += static_cast<int>(p[1] - p[0]) - 1;
  }
  for (int p = 0; p < 2; ++p)
    n += p - p;
  auto first = [](const double* p) { return p[0]; };
#pragma qd data copy(p[0:n])
  scale(p, n, -1.0);
  return first(p);
}

// One-statement regions: the copies live for the statement, unbraced.
double run_one_statements(double* p, int n, int steps) {
  int k = 0;
#pragma qd data copy(p[0:n])
  for (int s = 0; s < steps; ++s) scale(p, n, 0.5);
#pragma qd data copy(p[0:n])
  if (steps > 2) scale(p, n, 2.0); else scale(p, n, 4.0);
#pragma qd data copy(p[0:n])
  while (k++ < steps) swap_ends(p, n);
#pragma qd data copy(p[0:n])
  for (int mode : {0, 1, 2}) settle(p, n, mode);
#pragma qd data copy(p[0:n])
  do scale(p, n, 1.5); while (--k > 2);
#pragma qd data copy(p[0:n])
  switch (k) { case 2: scale(p, n, 3.0); break; default: scale(p, n, 5.0); }
#pragma qd data copy(p[0:n])
  if (k > 0) scale(p, n, 0.25);
  return p[0] + k;
}

#pragma qd kernel
void smooth(int n) {
  for (int i = 0; i < n; ++i)
    scratch[i] = field[i];
  for (int i = 1; i < n - 1; ++i)
    field[i] = (scratch[i - 1] + scratch[i] + scratch[i + 1]) / 3;
}

#pragma qd kernel
void scale(double* a, int n, double f) {
  for (int i = 0; i < n; ++i)
    a[i] *= f;
}

// The ends through the host: as an MPI exchange of boundary values would be.
#pragma qd kernel
void swap_ends(double* a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma qd update host(a[0:1], a[n - 1:1])
#pragma qd host wait
  {
    const double t = a[0];
    a[0] = a[n - 1];
    a[n - 1] = t;
  }
#pragma qd update device(a[0:1]) device(a[n - 1:1])
}

// The sections of the region around the call say how much of each is present.
#pragma qd kernel
void weigh(int n) {
  for (int i = 0; i < n; ++i)
    field[i] = field[i] * weights[i] + bias[i % 4];
}

// Copies and host code in unbraced 'case' arms of a host switch.
#pragma qd kernel
void settle(double* a, int n, int mode) {
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
  switch (mode) {
  case 0:
#pragma qd update host(a[0:1])
#pragma qd host wait
    a[0] += 100;
#pragma qd update device(a[0:1])
    break;
  case 1:
#pragma qd host
    modes_seen += mode;
    break;
  default:
    break;
  }
}

double weights[Cells];
const double bias[4] = {0.5, -0.25, 0.125, 1.0};
