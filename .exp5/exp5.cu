// Scratch: the generated 32-bit coarsened stencil kernels under other block sizes and launch bounds.
#include "genlap.h"
#include "genconv.h"
int main() {
  for (int n : {256, 384, 512}) {
    const std::size_t cells = std::size_t(n) * n * n;
    float *u, *ref, *v, *b;
    CK(cudaMalloc(&u, cells * 4)); CK(cudaMalloc(&ref, cells * 4)); CK(cudaMalloc(&v, cells * 4)); CK(cudaMalloc(&b, cells * 4));
    initk<<<2048, 256>>>(u, cells, 3); CK(cudaMemset(ref, 0, cells * 4));
    const std::uint64_t cnt[3] = {std::uint64_t(n - 2), std::uint64_t(n - 2), std::uint64_t(n - 2)};
    const auto sp = qd::detail::collapsed_space(cnt, "l", "f", 1);
    const auto g = qd::detail::coarsened_space(sp, 1, 4);
    launch<3, std::uint64_t, 1>(lap_k<std::uint64_t, 1>, 8448, sp, 1, u, ref, n);
    for (int rep = 0; rep < 2; ++rep) {
      const double copy = median_ms([&] { cudaMemcpyAsync(b, u, cells * 4, cudaMemcpyDeviceToDevice); });
      auto run = [&](const char* name, unsigned bd, auto k) {
        auto f = [&] { k<<<unsigned((g.total + bd - 1) / bd), bd>>>(1, 1, 1, g, sp.count[1], u, v, n); };
        CK(cudaMemset(v, 0, cells * 4)); f(); CK(cudaDeviceSynchronize()); const bool ok = same(v, ref, cells);
        const double ms = median_ms(f);
        std::printf("lap7 %d^3 %-14s %.4f ms %.3fx copy %s\n", n, name, ms, ms / copy, ok ? "" : "DIFFERENT");
      };
      run("b256", 256, gen::lap_lb256<unsigned>);
      run("b256 lb6", 256, gen::lap_lb256_6<unsigned>);
      run("b256 lb7", 256, gen::lap_lb256_7<unsigned>);
      run("b256 lb8", 256, gen::lap_lb256_8<unsigned>);
      run("b128", 128, gen::lap_b128<unsigned>);
      run("b512", 512, gen::lap_b512<unsigned>);
    }
    cudaFree(u); cudaFree(ref); cudaFree(v); cudaFree(b);
  }
  for (int h : {4096, 8192}) {
    const int w = h; const std::size_t cells = std::size_t(h) * w;
    float *in, *out, *k, *b, *ref;
    CK(cudaMalloc(&in, cells * 4)); CK(cudaMalloc(&out, cells * 4)); CK(cudaMalloc(&ref, cells * 4)); CK(cudaMalloc(&b, cells * 4)); CK(cudaMalloc(&k, 64));
    initk<<<2048, 256>>>(in, cells, 5); initk<<<1, 9>>>(k, 9, 7); CK(cudaMemset(ref, 0, cells * 4));
    const std::uint64_t cnt[2] = {std::uint64_t(h - 2), std::uint64_t(w - 2)};
    const auto sp = qd::detail::collapsed_space(cnt, "c", "f", 1);
    const auto g = qd::detail::coarsened_space(sp, 0, 4);
    launch<2, std::uint64_t, 1>(conv_k<std::uint64_t, 1>, 8448, sp, 0, in, ref, k, w);
    for (int rep = 0; rep < 2; ++rep) {
      const double copy = median_ms([&] { cudaMemcpyAsync(b, in, cells * 4, cudaMemcpyDeviceToDevice); });
      auto run = [&](const char* name, unsigned bd, auto kern) {
        auto f = [&] { kern<<<unsigned((g.total + bd - 1) / bd), bd>>>(1, 1, g, sp.count[0], in, out, k, w); };
        CK(cudaMemset(out, 0, cells * 4)); f(); CK(cudaDeviceSynchronize()); const bool ok = same(out, ref, cells);
        const double ms = median_ms(f);
        std::printf("conv %d^2 %-14s %.4f ms %.3fx copy %s\n", h, name, ms, ms / copy, ok ? "" : "DIFFERENT");
      };
      run("b256", 256, genc::conv_b256<unsigned>);
      run("b256 lb6", 256, genc::conv_b256_6<unsigned>);
      run("b128", 128, genc::conv_b128<unsigned>);
      run("b512", 512, genc::conv_b512<unsigned>);
    }
    cudaFree(in); cudaFree(out); cudaFree(b); cudaFree(ref); cudaFree(k);
  }
}
