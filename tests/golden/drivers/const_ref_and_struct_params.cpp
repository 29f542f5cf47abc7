// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Driver for golden case const_ref_and_struct_params (see driver_support.h).
// Exercises integrate (ParticleArrays holding device pointers, Params by const reference with
// an array member, Vec3 by value; the loop bound params.count below the array size) and
// apply_offset (Vec3 and the bound as const references).
#include QD_GOLDEN_KERNELS
#include "driver_support.h"

int main() {
  using namespace qd_driver;
  const int size = 10007, count = 9973;
  auto component = [&](double lo, double hi, std::size_t salt) {
    return Mirrored<float>(size, [=](std::size_t i) { return pattern(i + salt, lo, hi); });
  };
  Mirrored<float> px = component(-10, 10, 0), py = component(-10, 10, 1), pz = component(0, 20, 2);
  Mirrored<float> vx = component(0.5, 2, 3), vy = component(0.5, 2, 4), vz = component(0.5, 2, 5);
  Mirrored<float> wind_power(size, [](std::size_t) { return -1.0; });
  ParticleArrays p{px.device(), py.device(), pz.device(), vx.device(), vy.device(), vz.device()};
  const Params params{0.01f, 0.5f, count, {0.0f, 0.0f, -9.81f}};
  const Vec3 wind{1.0f, 0.5f, 0.25f};
  for (int step = 0; step < 3; ++step)
    integrate(p, params, wind, wind_power.device());
  const Vec3 offset{2.5f, -1.0f, 7.0f};
  const int offset_count = 5001;
  apply_offset(px.device(), offset, offset_count);
  print_summary("px", px);
  print_summary("py", py);
  print_summary("pz", pz);
  print_summary("vx", vx);
  print_summary("vy", vy);
  print_summary("vz", vz);
  print_summary("wind_power", wind_power);
  return 0;
}
