// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What every golden driver shares. A driver includes one golden case (the
// annotated source for the serial reference, or one of its translations),
// runs its kernels on fixed inputs and prints `name value` lines that
// tests/gpu/compare_results.py compares across builds. The same driver text
// serves every build, so a difference in output is a difference in the
// kernels' meaning, never in the harness.
#ifndef QD_GOLDEN_DRIVER_SUPPORT_H
#define QD_GOLDEN_DRIVER_SUPPORT_H

#include <qd/qd.h>

#include <cstddef>
#include <cstdio>
#include <vector>

namespace qd_driver {

// A host array mirrored in device memory (host memory on the serial and cpu
// builds, where qd::Buffer allocates on the host). Kernels get device();
// the driver fills and reads host.
template <class T> class Mirrored {
public:
  // Element i starts as init(i).
  template <class Init>
  Mirrored(std::size_t n, Init init) : host(n), buffer_(n) {
    for (std::size_t i = 0; i < n; ++i)
      host[i] = static_cast<T>(init(i));
    buffer_.copy_from_host(host.data());
  }
  explicit Mirrored(std::size_t n) : Mirrored(n, [](std::size_t) { return T(0); }) {}

  T* device() { return buffer_.data(); }
  const T* device() const { return buffer_.data(); }

  // Waits for every kernel on the device, then brings the data back.
  void download() {
    qd::synchronize();
    buffer_.copy_to_host(host.data());
    qd::synchronize();
  }

  std::vector<T> host;

private:
  qd::Buffer<T> buffer_;
};

// Three order-sensitive summaries of an array: a result that differs in one
// element, or has two elements swapped, changes at least one of them.
template <class T> void print_summary(const char* name, const std::vector<T>& v) {
  double sum = 0, weighted = 0, alternating = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double x = static_cast<double>(v[i]);
    sum += x;
    weighted += x * static_cast<double>(i % 97 + 1);
    alternating += (i % 2 ? -x : x);
  }
  std::printf("%s.sum %.9g\n%s.weighted %.9g\n%s.alternating %.9g\n", name, sum,
              name, weighted, name, alternating);
}

template <class T> void print_summary(const char* name, Mirrored<T>& m) {
  m.download();
  print_summary(name, m.host);
}

// A pseudo-random but fixed input value in [lo, hi) for element i.
inline double pattern(std::size_t i, double lo = 0.0, double hi = 1.0) {
  std::size_t h = i * 2654435761u + 12345u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return lo + (hi - lo) * static_cast<double>(h % 100000u) / 100000.0;
}

} // namespace qd_driver

#endif // QD_GOLDEN_DRIVER_SUPPORT_H
