// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Seed: every data directive and list form, so that mutations reach the
// data clause parser (pragmas/DataClauseParser.cpp) and its analysis.
#include <cstddef>
double field[64];
double* work;
struct Chunk { double* buf; int n; };
void step(double* a, int n);
void run(double** pa, Chunk* c, double* p, int n) {
#pragma qd enter data create(work[0:64]) copyin((*pa)[:n], c->buf[0:c->n])
#pragma qd data copy(field) copyin(p[1:n - 1]) create(p[0:1]) present(work[0:64])
  {
    step(p, n);
#pragma qd update host(p[0:n]) self(field) device(work[0:1])
  }
#pragma qd data copyout(p[0:n])
  step(p, n);
#pragma qd exit data delete(work[0:64]) copyout((*pa)[:n], c->buf[0:c->n])
}
#pragma qd kernel
void step(double* a, int n) {
  for (int i = 0; i < n; ++i)
    a[i] += field[i % 64];
#pragma qd update host(a[0:1], a[n - 1:1])
#pragma qd host wait reuse
  a[0] = a[n - 1];
#pragma qd update device(a[0:1])
}
