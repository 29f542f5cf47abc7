# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: configures the
# build-sanitize/ tree (Clang 19, ASan + UBSan, the fuzzer; no samples, CUDA
# or HIP) and sets the sanitizer options. See docs/testing.md.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sanitize_build=$root/build-sanitize
jobs=${QD_JOBS:-$(nproc)}

# Halt on the first report; leaks in our code fail the run.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

configure_sanitize_tree() {
  local cxx=${QD_SANITIZE_CXX:-clang++-19} cc=${QD_SANITIZE_CC:-clang-19}
  command -v "$cxx" >/dev/null || { echo "sanitize: $cxx not found; run scripts/bootstrap.sh" >&2; return 1; }
  # -O1 and line tables only: fast enough to fuzz, readable stack traces.
  # No -DNDEBUG: assertions stay on.
  cmake -S "$root" -B "$sanitize_build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
    -DQD_SANITIZE=address,undefined -DQD_BUILD_FUZZER=ON \
    -DQD_BUILD_SAMPLES=OFF -DQD_ENABLE_CUDA=OFF -DQD_ENABLE_HIP=OFF >/dev/null
}
