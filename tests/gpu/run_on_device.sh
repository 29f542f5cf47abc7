#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The GPU suite, run on the GPU machine from the repository root with the
# archive that scripts/gpu_stage.sh wrote carried along (docs/testing.md,
# "The GPU suite"). One device call runs one or more stages, each well inside
# the device tool's 10-minute command:
#
#   bash tests/gpu/run_on_device.sh <stage> [filters] [<stage> [filters]]...
#
#   build        configure tests/gpu/device and build everything but the
#                random programs' batches and the TSan build
#   correctness  [cuda plaincuda cudagraph hip hipgraph]: every golden case,
#                suite program, sample and the out-of-tree project against its
#                serial reference, and their `check` lines (default: all five
#                targets); the MPI programs (samples/mpi_heat, tests/mpi) on 2
#                ranks with mpirun, both on one GPU, and on 2 GPUs where 2 are
#                visible (rank -> local rank % device count); with cuda and
#                cudagraph, TeaLeaf (stream and graph mode): every solver (cg
#                cheby ppcg jacobi) on a 128x128 deck of 5 steps, on 1 rank and
#                on 2 ranks on one GPU, its four field sums after every step
#                against the serial build's on as many ranks
#                (tealeaf.<solver>.<target>.<N>rank.runs, .matches_serial)
#   generator    [0-19 | 5,7 ...] [cuda cudagraph hip hipgraph plaincuda]:
#                qdsmith batches against their serial output, bit for bit
#                (default: every staged batch, QD_SMITH_BATCHES, in
#                QD_SMITH_TARGETS="cuda cudagraph hip hipgraph")
#   sanitizers   [cuda cudagraph hip hipgraph] [memcheck racecheck synccheck]:
#                compute-sanitizer over the hand-written WHILE-node probe,
#                then the programs that matter most, then the rest as time
#                allows (default: cuda cudagraph, all three tools)
#   profiling    concurrency_proof with NVTX ranges under Nsight Systems
#   torch        PyTorch interop (tests/gpu/torch_interop)
#   tsan         runtime_stress built with ThreadSanitizer
#   bench        [triad streams ...]: the benchmarks, QD_BENCH_RUNS times;
#                `tealeaf` (only when named): TeaLeaf against its authors'
#                CUDA, the decks of QD_TEALEAF_DECKS (small, the default, or
#                large: one call each), bench/tealeaf/README.md;
#                `minibude` (only when named): miniBUDE against its authors'
#                CUDA on QD_MINIBUDE_DECKS (default bm1), bench/minibude/README.md
#   all          every stage in that order, where time allows
#
# The whole suite in 7 device calls, each carrying .device-stage.tar.xz:
#   correctness cuda plaincuda | correctness cudagraph hip hipgraph |
#   generator 0-19 | generator 20-39 | sanitizers | sanitizers hip hipgraph |
#   profiling torch tsan bench
# or, calls made back to back while the machine stays warm (the build is
# kept): build | correctness | sanitizers | generator 0-19 | ...
#
# Every stage builds what it needs (in QD_GPU_BUILD, default /tmp/qd-gpu-build,
# kept while the machine stays warm, so a second call rebuilds nothing) and
# stops starting work at the deadline QD_STAGE_BUDGET_S seconds (default
# 540) after the command began: what it could not run is recorded as
# `SKIP <test> (out of time)`. The archive (QD_STAGE_ARCHIVE, default
# .device-stage.tar.xz) is unpacked into QD_GPU_STAGE (default
# .device-stage in the repository root, where scripts/gpu_stage.sh wrote it:
# the staged entry-point headers include the samples' and the out-of-tree
# project's headers by paths relative to that place) unless the same archive
# (sha256) already is.
#
# Output: $OUT/summary.txt (every PASS/FAIL/SKIP line, each stage's time,
# the counts `N passed, N failed, N skipped`), echoed at the end;
# $OUT/logs.tar.gz (every log); $OUT/bench.txt (the benchmarks' output),
# $OUT/tealeaf.txt (bench tealeaf's), $OUT/minibude.txt (bench minibude's)
# and $OUT/proof_ranges.nsys-rep when those stages ran. Exit status 1 when
# anything failed. SKIP: could not run here or out of time, never a pass.
# INFO: what the hand-written probe shows about compute-sanitizer; not
# counted. A program with conditional graph nodes that fails under a tool
# whose WHILE-node probe failed too is a SKIP only when every kind of report
# in its log (compute-sanitizer's error classes, the unsupported call, a
# crash, a failed check, a timeout: sanitizer_kinds) is one the probe
# showed; any other is a FAIL. A TSan build that fails is a FAIL
# (tsan.runtime_stress.builds).
#
# Knobs: QD_STAGE_BUDGET_S, QD_RUN_JOBS (programs run at a time, default 8;
# the timing-sensitive suite programs always run alone), QD_RUN_TIMEOUT (per
# program, default 180 s), QD_SANITIZER_JOBS (default 6),
# QD_SANITIZER_TIMEOUT (per run, default 240 s), QD_SANITIZER_STRICT=1 (count
# the failures of programs with conditional graph nodes even where they are
# the probe's), QD_TEALEAF_CHECK_RTOL (TeaLeaf's sums against the serial
# build's, relative, default 1e-11), QD_SMITH_BATCHES, QD_SMITH_TARGETS,
# QD_BENCH_RUNS (default 3), QD_TEALEAF_* (bench/tealeaf/run.py),
# QD_MINIBUDE_* (bench/minibude/run.py),
# QD_GPU_TSAN=0, QD_TSAN_CALLS (default 300),
# QD_GPU_DRY_RUN=1 (no nvcc, no GPU: unpack, then list what each stage would
# build and run), and with it QD_GPU_REPLAY=<dir> (tests only: the logs of
# sanitizer runs, of the TSan build and of TeaLeaf runs taken from <dir>
# instead of running anything, and judged; see replayed()).
set -uo pipefail
root=$PWD
archive=${QD_STAGE_ARCHIVE:-$root/.device-stage.tar.xz}
stage=${QD_GPU_STAGE:-$root/.device-stage}
build=${QD_GPU_BUILD:-/tmp/qd-gpu-build}
out=${OUT:-/tmp/qd-gpu-out}
budget=${QD_STAGE_BUDGET_S:-540}
dry=${QD_GPU_DRY_RUN:-0}
run_jobs=${QD_RUN_JOBS:-8}
run_timeout=${QD_RUN_TIMEOUT:-180}
san_jobs=${QD_SANITIZER_JOBS:-6}
san_timeout=${QD_SANITIZER_TIMEOUT:-240}
# Seconds kept at the end for the summary and the log archive.
reserve=20
started=$(date +%s)
deadline=$((started + budget))
ncpu=$(nproc)
mkdir -p "$out"
work=$(mktemp -d /tmp/qd-gpu-run.XXXXXX)
logs=$work/logs
mkdir -p "$logs/run" "$logs/sanitizer" "$logs/build"
results=$work/results.txt
timings=$work/timings.txt
: >"$results"
: >"$timings"
# Canned logs for a dry run (tests/gpu/dry_run_test.sh): see replayed().
replay=
[ "$dry" = 1 ] && replay=${QD_GPU_REPLAY:-}
export root stage build logs deadline reserve dry run_timeout san_timeout replay

all_targets=(cuda plaincuda cudagraph hip hipgraph)
stage_names=(build correctness generator sanitizers profiling torch tsan bench)
benches=(triad streams streams_profile collapse reduce gemv stencil product jacobi polybench present)

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  rm -rf "$work"
  exit 2
}

# --- results ------------------------------------------------------------------
passed=0 failed=0 skipped=0 info=0
record() { # PASS|FAIL|SKIP|INFO <name> [detail]
  local verdict=$1
  case $verdict in PASS | FAIL | SKIP | INFO) ;; *) verdict=FAIL ;; esac
  local line="$verdict $2${3:+  ($3)}"
  echo "$line"
  echo "$line" >>"$results"
  case $verdict in
    PASS) passed=$((passed + 1)) ;;
    SKIP) skipped=$((skipped + 1)) ;;
    INFO) info=$((info + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
}
left() { echo $((deadline - $(date +%s))); }
# Whether $1 more seconds fit before the deadline (less the reserve).
fits() { (($(left) - reserve >= $1)); }

finish() {
  local status=$?
  trap - EXIT
  local summary=$work/summary.txt
  {
    echo "# GPU suite: run_on_device.sh ${cmdline:-}"
    echo "# device: ${device_name:-unknown}"
    echo "# budget ${budget} s; total $(($(date +%s) - started)) s"
    [ -f "$stage/stage-info.txt" ] && sed 's/^/# stage: /' "$stage/stage-info.txt"
    cat "$results"
    # The digest, last, so that the device tool's 12,000 characters of
    # output hold it: the times, every FAIL and INFO, the SKIPs with a reason
    # other than time, and how many ran out of time.
    echo "== digest"
    cat "$timings"
    grep '^FAIL \|^INFO ' "$results"
    grep '^SKIP ' "$results" | grep -v '(out of time\|(dry run' | head -60
    local late
    late=$(grep -c '^SKIP .*(\(out of time\|dry run\)' "$results")
    if [ "$late" -gt 0 ]; then
      echo "SKIP $late tests out of time or in a dry run (the first: $(grep -m1 '^SKIP .*(\(out of time\|dry run\)' "$results" | cut -d' ' -f2); the lines above list them all)"
    fi
    [ "$info" -gt 0 ] && echo "$info informational lines (INFO, not counted)"
    echo "$passed passed, $failed failed, $skipped skipped"
  } >"$summary"
  cp "$summary" "$out/summary.txt"
  cp "$summary" "$logs/summary.txt"
  # Each file back from the device is at most 16 MiB: the sanitizers' logs of
  # a failing program can be far longer, and their first errors say enough.
  find "$logs" -type f -size +2M | while read -r f; do
    { head -c 1000000 "$f"; printf '\n[... cut by run_on_device.sh ...]\n'; tail -c 200000 "$f"; } >"$f.cut"
    mv "$f.cut" "$f"
  done
  tar -czf "$out/logs.tar.gz" -C "$work" logs
  echo
  echo "======== summary ($out/summary.txt) ========"
  cat "$summary"
  rm -rf "$work"
  [ "$failed" -eq 0 ] && [ "$status" -eq 0 ] && exit 0
  exit 1
}

# --- arguments ------------------------------------------------------------------
cmdline="$*"
[ $# -gt 0 ] || usage
is_stage() { [[ " ${stage_names[*]} all " == *" $1 "* ]]; }
plan=()      # stage names in order
plan_args=() # their filters, space-separated
takes_filters=0
while [ $# -gt 0 ]; do
  if is_stage "$1"; then
    if [ "$1" = all ]; then
      for s in "${stage_names[@]}"; do plan+=("$s"); plan_args+=(""); done
      takes_filters=0
    else
      plan+=("$1"); plan_args+=("")
      takes_filters=1
    fi
  elif [ "$takes_filters" = 1 ]; then
    plan_args[-1]+="$1 "
  else
    echo "run_on_device.sh: '$1' is neither a stage nor a filter of one" >&2
    usage
  fi
  shift
done

trap finish EXIT
trap 'record FAIL run_on_device.interrupted "signal after $(($(date +%s) - started)) s"; exit 1' TERM INT

# --- the stage archive ----------------------------------------------------------
if [ "$dry" = 1 ]; then
  device_name="dry run (QD_GPU_DRY_RUN=1): nothing is built or run"
else
  device_name=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
fi
echo "== device: ${device_name:-unknown}; $ncpu cores; budget $budget s"
if [ -f "$archive" ]; then
  sum=$(sha256sum "$archive" | cut -c1-64)
  if [ -f "$stage/.archive.sha256" ] && [ "$(cat "$stage/.archive.sha256")" = "$sum" ]; then
    echo "== stage: $stage already holds this archive ($sum)"
  else
    rm -rf "$stage"
    mkdir -p "$stage"
    if ! tar -xJf "$archive" -C "$stage" 2>"$logs/unpack.log"; then
      record FAIL stage.unpack "tar -xJf $archive: $(head -1 "$logs/unpack.log")"
      exit 1
    fi
    echo "$sum" >"$stage/.archive.sha256"
    echo "== stage: unpacked $(find "$stage" -type f | wc -l) files into $stage in $(($(date +%s) - started)) s"
  fi
elif [ -d "$root/.device-stage/serial" ]; then
  stage=$root/.device-stage # staged by hand and carried as a folder
  echo "== stage: no archive; using $stage"
else
  record FAIL stage.unpack "no $archive: run scripts/gpu_stage.sh on the build machine and carry .device-stage.tar.xz"
  exit 1
fi
[ -f "$stage/stage-info.txt" ] && sed 's/^/== stage: /' "$stage/stage-info.txt"

# --- what was staged: executables' names -------------------------------------------
stage_dir_of() { if [ "$1" = plaincuda ]; then echo cuda; else echo "$1"; fi; }
ext_of() { case $1 in hip | hipgraph) echo hip ;; *) echo cu ;; esac; }
# core_exes <target>: every executable of one target but the random programs.
core_exes() {
  local t=$1 d ext f n
  d=$stage/$(stage_dir_of "$1") ext=$(ext_of "$1")
  for f in "$d"/golden/*."$ext"; do
    [ -e "$f" ] && echo "$t.golden.$(basename "$f" ."$ext")"
  done
  for f in "$d"/programs/*."$ext"; do
    [ -e "$f" ] || continue
    n=$(basename "$f" ."$ext")
    [[ $n == qdsmith_* ]] || echo "$t.$n"
  done
  for f in "$d"/samples/*/; do
    [ -d "$f" ] && echo "$t.$(basename "$f")"
  done
  # MPI programs where mpirun is (stage_correctness says when it is not).
  if [ "$dry" = 1 ] || command -v mpirun >/dev/null; then
    for f in "$d"/mpi/*."$ext"; do
      [ -e "$f" ] && echo "$t.$(basename "$f" ."$ext")"
    done
  fi
  if [ "$t" = cuda ]; then
    [ -f "$d/programs/concurrency_proof.cu" ] && echo cuda.concurrency_proof_ranges
    [ -f "$d/oot/kernels.cu" ] && echo cuda.oot_physics
  fi
  return 0
}
# exe_sources <exe>: the staged translation(s) an executable is built from.
exe_sources() {
  local t=${1%%.*} rest=${1#*.} d ext
  d=$stage/$(stage_dir_of "$t") ext=$(ext_of "$t")
  case $rest in
    golden.*) echo "$d/golden/${rest#golden.}.$ext" ;;
    concurrency_proof_ranges) echo "$d/programs/concurrency_proof.cu" ;;
    oot_physics) echo "$d/oot/kernels.cu" ;;
    *) if [ -d "$d/samples/$rest" ]; then
         ls "$d/samples/$rest"/*."$ext"
       elif [ -f "$d/mpi/$rest.$ext" ]; then
         echo "$d/mpi/$rest.$ext"
       else
         echo "$d/programs/$rest.$ext"
       fi ;;
  esac
}
# Whether an executable's graphs have conditional (WHILE or IF) nodes.
has_conditional_nodes() {
  local f
  for f in $(exe_sources "$1"); do
    grep -qE 'qd_graph\.(loop_begin|if_begin)\(' "$f" 2>/dev/null && return 0
  done
  return 1
}
smith_batches_staged() {
  [ -f "$stage/serial/qdsmith_seeds.txt" ] && sed -n 's/^qdsmith_\([0-9]*\) .*/\1/p' "$stage/serial/qdsmith_seeds.txt"
}
# The suite programs whose checks time things: they run alone.
timing_sensitive() {
  [[ ${1#*.} =~ ^(concurrency_proof|concurrency_proof_ranges|graph_semantics|stream_semantics|runtime_stress)$ ]]
}
# Whether an executable is an MPI program (staged in <target>/mpi/): it runs
# under mpirun.
is_mpi() {
  local t=${1%%.*}
  [ -f "$stage/$(stage_dir_of "$t")/mpi/${1#*.}.$(ext_of "$t")" ]
}
export -f stage_dir_of ext_of exe_sources is_mpi

# --- building -----------------------------------------------------------------------
configured=0
configure() {
  [ "$configured" = 1 ] && return 0
  # A build directory left by a checkout elsewhere cannot be reused.
  if [ -f "$build/CMakeCache.txt" ] &&
     ! grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$root/tests/gpu/device" "$build/CMakeCache.txt"; then
    rm -rf "$build"
  fi
  local t0
  t0=$(date +%s)
  if ! cmake -S tests/gpu/device -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
       -DQD_STAGE="$stage" >"$logs/build/configure.log" 2>&1; then
    record FAIL build.configure "see logs/build/configure.log"
    tail -n 30 "$logs/build/configure.log"
    return 1
  fi
  echo "-- configured in $(($(date +%s) - t0)) s"
  configured=1
}

# build_exes <label> <seconds to leave for running> <target>...: builds the
# targets with ninja -k 0 (one that fails does not stop the others) until the
# deadline less what the stage needs to run them. Sets `built` to those that
# are up to date afterwards; records `<target>.builds` FAIL (or SKIP, out of
# time) for the others, and one PASS build.<label> when all were built.
built=()
build_exes() {
  local label=$1 leave=$2
  shift 2
  local wanted=("$@") present=() n
  built=()
  [ ${#wanted[@]} -gt 0 ] || return 0
  if [ "$dry" = 1 ]; then
    echo "-- build.$label would build ${#wanted[@]} targets: ${wanted[*]}"
    built=("${wanted[@]}")
    return 0
  fi
  if ! configure; then
    for n in "${wanted[@]}"; do record SKIP "$n.builds" "configure failed"; done
    return 1
  fi
  local known
  known=$(ninja -C "$build" -t targets all 2>/dev/null | sed -n 's/^\([^:]*\): .*/\1/p' | sort -u)
  for n in "${wanted[@]}"; do
    if grep -qxF "$n" <<<"$known"; then
      present+=("$n")
    else
      record FAIL "$n.builds" "staged, but not a target of tests/gpu/device (configure log)"
    fi
  done
  [ ${#present[@]} -gt 0 ] || return 0
  local budget_s=$(($(left) - reserve - leave))
  if ((budget_s < 20)); then
    for n in "${present[@]}"; do record SKIP "$n.builds" "out of time"; done
    return 0
  fi
  local log=$logs/build/$label.log t0 status
  t0=$(date +%s)
  echo "-- build.$label: ${#present[@]} targets, -j $ncpu, at most $budget_s s"
  timeout -k 10 "$budget_s" cmake --build "$build" -j "$ncpu" --target "${present[@]}" -- -k 0 \
    >>"$log" 2>&1
  status=$?
  local took=$(($(date +%s) - t0))
  # What is still out of date (failed, or not reached): ninja's dry run names
  # the objects' and the links' targets.
  local stale failed_targets
  stale=$(cmake --build "$build" --target "${present[@]}" -- -n 2>/dev/null |
    sed -n -e 's#.*CMakeFiles/\([^/]*\)\.dir/.*#\1#p' -e 's#.*Linking [A-Z]* executable \([^ ]*\)$#\1#p' \
      -e 's#.*Linking [A-Z]* shared library lib\([^ ]*\)\.so$#\1#p' | sort -u)
  failed_targets=$(sed -n 's#^FAILED: \(\[code=[0-9]*\] \)\{0,1\}##p' "$log" |
    sed -e 's#.*CMakeFiles/\([^/]*\)\.dir/.*#\1#' -e 's# .*##' -e 's#^lib\(.*\)\.so$#\1#' | sort -u)
  if [ -n "$failed_targets" ]; then
    echo "-- build.$label errors (logs/build/$label.log):"
    grep -A12 '^FAILED: ' "$log" | head -60
  fi
  local missing=0
  for n in "${present[@]}"; do
    if grep -qxF "$n" <<<"$stale"; then
      missing=$((missing + 1))
      if grep -qxF "$n" <<<"$failed_targets"; then
        record FAIL "$n.builds" "see logs/build/$label.log"
      elif [ "$status" = 124 ] || [ "$status" = 137 ]; then
        record SKIP "$n.builds" "out of time"
      else
        record FAIL "$n.builds" "not built${failed_targets:+: $(echo "$failed_targets" | tr '\n' ' ' | head -c 200)failed}; see logs/build/$label.log"
      fi
    else
      built+=("$n")
    fi
  done
  # A failed dependency (the runtime) is a failure of its own.
  for n in $failed_targets; do
    [[ " ${present[*]} " == *" $n "* ]] || record FAIL "build.$n" "see logs/build/$label.log"
  done
  if [ "$missing" = 0 ]; then
    record PASS "build.$label" "${#present[@]} targets up to date in $took s"
  fi
  echo "build.$label: $took s (${#built[@]} of ${#present[@]} built)" >>"$timings"
}

# --- running, several at a time --------------------------------------------------------
# run_items <jobs> <worker> <recorder> <item>...: runs `<worker> <index> <item>`
# for every item, <jobs> at a time. A worker writes tab-separated
# `VERDICT name detail` lines to $RES_DIR/<index>.res and what the console
# should show to <index>.out; they are recorded, in the items' order, through
# `<recorder> VERDICT name detail`.
run_items() {
  local jobs=$1 worker=$2 recorder=$3
  shift 3
  [ $# -gt 0 ] || return 0
  RES_DIR=$(mktemp -d "$work/res.XXXXXX")
  export RES_DIR
  local i=0 item
  # shellcheck disable=SC2016 # expanded by the worker's shell
  for item in "$@"; do
    printf '%s\0%s\0' "$i" "$item"
    i=$((i + 1))
  done | xargs -0 -r -n 2 -P "$jobs" bash -c '"$0" "$@"' "$worker"
  for ((i = 0; i < $#; ++i)); do
    [ -s "$RES_DIR/$i.out" ] && cat "$RES_DIR/$i.out"
    [ -f "$RES_DIR/$i.res" ] || continue
    while IFS=$'\t' read -r verdict name detail; do
      "$recorder" "$verdict" "$name" "$detail"
    done <"$RES_DIR/$i.res"
  done
}
# In a worker: verdict <VERDICT> <name> [detail]
verdict() { printf '%s\t%s\t%s\n' "$1" "$2" "$(printf '%s' "${3:-}" | tr '\t\n' '  ')" >>"$RES"; }
# In a worker: how long the next run may take (0: out of time), at most $1.
allowed() {
  local rem=$((deadline - $(date +%s) - reserve))
  if ((rem < 10)); then echo 0; elif ((rem < $1)); then echo "$rem"; else echo "$1"; fi
}
export -f verdict allowed

# run_limited <test> <limit s> <knob> <stdout> <stderr> <command...>: runs the
# command for at most <limit> seconds, or what is left before the deadline,
# and sets `status` to its exit status. When it could not run or finish,
# records `SKIP <test>` (out of time) or `FAIL <test>` (its own limit, named
# by <knob>) and returns 1. <stderr> may be <stdout>: one log.
run_limited() {
  local test=$1 limit=$2 knob=$3 out=$4 err=$5 t
  shift 5
  t=$(allowed "$limit")
  if [ "$t" = 0 ]; then verdict SKIP "$test" "out of time"; return 1; fi
  # (The braces keep bash's "Aborted" notice of a crash off the console.)
  if [ "$err" = "$out" ]; then
    { timeout -k 5 "$t" "$@" >"$out" 2>&1; } 2>/dev/null
  else
    { timeout -k 5 "$t" "$@" >"$out" 2>"$err"; } 2>/dev/null
  fi
  status=$?
  if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    if [ "$t" -lt "$limit" ]; then
      verdict SKIP "$test" "out of time (stopped after $t s)"
    else
      verdict FAIL "$test" "timed out after $t s ($knob)"
    fi
    return 1
  fi
}
export -f run_limited

# replayed <log>: in a dry run with QD_GPU_REPLAY=<dir>, the log that a run
# would have written, taken from <dir>/<the log's path under logs/>, and
# `status` from <that path>.status (default 0); returns 1 (nothing done)
# when there is no such file or this is no dry run. This is how
# tests/gpu/dry_run_test.sh checks the verdicts on synthetic logs without
# a GPU: the compute-sanitizer runs, the TSan build and the TeaLeaf runs.
replayed() {
  local src
  [ "$dry" = 1 ] && [ -n "$replay" ] || return 1
  src=$replay/${1#"$logs"/}
  [ -f "$src" ] || return 1
  cp "$src" "$1"
  status=0
  [ -f "$src.status" ] && status=$(cat "$src.status")
  return 0
}
export -f replayed

# run_one <index> <exe>: runs a program, compares it with its serial reference.
run_one() {
  local exe=$2 ref log err status detail
  RES=$RES_DIR/$1.res
  local con=$RES_DIR/$1.out
  ref=$stage/serial/${exe#*.}.txt log=$logs/run/$exe.txt err=$logs/run/$exe.stderr
  if [ "$dry" = 1 ]; then
    verdict SKIP "$exe.runs" "dry run: $build/$exe, compared with serial/${exe#*.}.txt"
    return
  fi
  run_limited "$exe.runs" "$run_timeout" QD_RUN_TIMEOUT "$log" "$err" \
    "$build/$exe" || return
  if [ "$status" != 0 ]; then
    verdict FAIL "$exe.runs" "exit $status; see logs/run/$exe.stderr"
    { echo "--- $exe (exit $status):"; tail -5 "$err"; } >>"$con"
    return
  fi
  verdict PASS "$exe.runs"
  if [[ $exe == *.qdsmith_* ]]; then
    # Random programs print hashes of their outputs: equal bit for bit, or
    # not. The differing lines name the program (s<seed>.) and unit; rerun
    # it alone with tests/generator/qdsmith.py --seed <seed> [--only units].
    if cmp -s "$ref" "$log"; then
      verdict PASS "$exe.identical_to_serial" "$(wc -l <"$log") outputs"
    else
      verdict FAIL "$exe.identical_to_serial" "$(diff "$ref" "$log" | grep -c '^>') lines differ"
      { echo "--- $exe differs from serial/${exe#*.}.txt:"; diff "$ref" "$log" | grep '^[<>]' | head -10; } >>"$con"
    fi
    return
  fi
  if detail=$(python3 "$root/tests/gpu/compare_results.py" "$ref" "$log" 2>&1); then
    verdict PASS "$exe.matches_serial" "$(echo "$detail" | tail -1)"
  else
    verdict FAIL "$exe.matches_serial"
    { echo "--- $exe against serial/${exe#*.}.txt:"; echo "$detail" | head -20; } >>"$con"
  fi
  # One test per `check <name> <verdict> <detail>` line.
  local name v rest
  while read -r _ name v rest; do
    verdict "$v" "$exe.$name" "$rest"
  done < <(grep '^check ' "$log")
  # --- out-of-tree project (tests/out_of_tree/README.md) ---
  # Its inputs make every result exact, so its output must also equal the
  # serial reference line for line, as in tests/out_of_tree/run.sh.
  if [ "$exe" = cuda.oot_physics ]; then
    if diff -u "$ref" "$log" >"$logs/run/cuda.oot_physics.diff" 2>&1; then
      verdict PASS cuda.oot_physics.identical_to_serial "$(wc -l <"$log") lines"
    else
      verdict FAIL cuda.oot_physics.identical_to_serial "see logs/run/cuda.oot_physics.diff"
      head -20 "$logs/run/cuda.oot_physics.diff" >>"$con"
    fi
  fi
}
export -f run_one

# The GPUs this process may use: CUDA_VISIBLE_DEVICES' entries, else all.
visible_gpus() {
  if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then
    tr ',' '\n' <<<"$CUDA_VISIBLE_DEVICES"
  else
    nvidia-smi --query-gpu=index --format=csv,noheader 2>/dev/null
  fi
}
# OpenMPI as root, more ranks than cores where the machine has few, no
# binding (ranks of two programs would share cores), and no single-copy
# transfers, which need ptrace rights that containers lack (as
# qd_mpirun_command() in cmake/QdMpi.cmake).
mpirun_flags=(--allow-run-as-root --oversubscribe --bind-to none --mca btl_vader_single_copy_mechanism none)
export QD_MPIRUN_FLAGS="${mpirun_flags[*]}"
# run_mpi <index> <exe>: an MPI program on 2 ranks, both on one GPU, then one
# rank per GPU on 2 GPUs where 2 are visible (each rank picks local rank %
# device count, and says which on stderr); each run compared with the serial
# reference (the serial build on one rank).
run_mpi() {
  local exe=$2 ref placement name log err gpus devices detail
  RES=$RES_DIR/$1.res
  local con=$RES_DIR/$1.out
  ref=$stage/serial/${exe#*.}.txt
  mapfile -t gpus < <(visible_gpus)
  for placement in 1gpu 2gpu; do
    name=$exe.np2_$placement
    if [ "$dry" = 1 ]; then
      verdict SKIP "$name.runs" "dry run: mpirun -np 2 $QD_MPIRUN_FLAGS $build/$exe on ${placement%gpu} GPU(s), compared with serial/${exe#*.}.txt"
      continue
    fi
    if ! command -v mpirun >/dev/null; then
      verdict SKIP "$name.runs" "mpirun not found"
      continue
    fi
    if [ "$placement" = 1gpu ]; then
      devices=${gpus[0]:-0}
    elif [ ${#gpus[@]} -ge 2 ]; then
      devices=${gpus[0]},${gpus[1]}
    else
      verdict SKIP "$name.runs" "${#gpus[@]} GPU visible: 2 ranks on 2 GPUs need a machine with 2"
      continue
    fi
    log=$logs/run/$name.txt err=$logs/run/$name.stderr
    # shellcheck disable=SC2086 # the flags' words
    CUDA_VISIBLE_DEVICES=$devices run_limited "$name.runs" "$run_timeout" QD_RUN_TIMEOUT "$log" "$err" \
      mpirun -np 2 $QD_MPIRUN_FLAGS "$build/$exe" || continue
    if [ "$status" != 0 ]; then
      verdict FAIL "$name.runs" "exit $status; see logs/run/$name.stderr"
      { echo "--- $name (exit $status):"; tail -5 "$err"; } >>"$con"
      continue
    fi
    # "rank 1 of 2: device 1 of 2", from the program's select_device().
    local used
    used=$(sed -n 's/^rank [0-9]* of [0-9]*: device \([0-9]*\) of [0-9]*$/\1/p' "$err" | sort -u | tr '\n' ' ')
    verdict PASS "$name.runs" "CUDA_VISIBLE_DEVICES=$devices; devices used: ${used:-not reported}"
    if [ "$placement" = 2gpu ]; then
      if [ "$(wc -w <<<"$used")" = 2 ]; then
        verdict PASS "$name.one_rank_per_gpu" "devices $used"
      else
        verdict FAIL "$name.one_rank_per_gpu" "devices used: ${used:-not reported}; see logs/run/$name.stderr"
      fi
    fi
    if detail=$(python3 "$root/tests/gpu/compare_results.py" "$ref" "$log" 2>&1); then
      verdict PASS "$name.matches_serial" "$(echo "$detail" | tail -1)"
    else
      verdict FAIL "$name.matches_serial"
      { echo "--- $name against serial/${exe#*.}.txt:"; echo "$detail" | head -20; } >>"$con"
    fi
  done
}
export -f visible_gpus run_mpi

# --- TeaLeaf (samples/tealeaf; its sources in third_party/tealeaf/) ---
# The port translated for CUDA by bench/tealeaf/stage.sh (QD_STAGE_PARTS'
# tealeaf part, into tealeaf/), built as tealeaf.check_stream (cuda) and
# tealeaf.check_graph (cudagraph, --graphs) with the bench patch's driver,
# which prints the four field sums (volume, mass, internal energy,
# temperature) after every step (bench/tealeaf/device.cmake; unlike the
# benchmark's tealeaf.qd_* it adds no device synchronization). Every solver
# runs the check deck (decks/check.<solver>.in: 128x128 cells, 5 steps,
# bench/tealeaf/decks.py) on 1 rank and on 2 ranks on one GPU; each run's
# sums are compared with the serial build's on as many ranks
# (serial/check.<solver>.np<N>.txt) by tests/gpu/compare_tealeaf.py, within
# a relative QD_TEALEAF_CHECK_RTOL (default 1e-11).
tealeaf_solvers=(cg cheby ppcg jacobi)
tealeaf_exe_of() { case $1 in cuda) echo tealeaf.check_stream ;; cudagraph) echo tealeaf.check_graph ;; esac; }
tealeaf_staged() { [ -f "$stage/tealeaf/serial/check.cg.np1.txt" ]; }
# run_tealeaf <index> <target>:<solver>:<ranks>
run_tealeaf() {
  local target solver np exe name ref log err dir detail gpus bin status=0
  IFS=: read -r target solver np <<<"$2"
  RES=$RES_DIR/$1.res
  local con=$RES_DIR/$1.out
  exe=$(tealeaf_exe_of "$target")
  name=tealeaf.$solver.$target.${np}rank
  ref=$stage/tealeaf/serial/check.$solver.np$np.txt
  log=$logs/run/$name.txt err=$logs/run/$name.stderr
  bin=$build/$exe
  [[ $bin == /* ]] || bin=$root/$bin
  local cmd=("$bin")
  # shellcheck disable=SC2206 # the flags' words
  [ "$np" = 1 ] || cmd=(mpirun -np "$np" $QD_MPIRUN_FLAGS "$bin")
  if [ ! -f "$ref" ] || [ ! -f "$stage/tealeaf/decks/check.$solver.in" ]; then
    verdict SKIP "$name.runs" "not staged: tealeaf/serial/check.$solver.np$np.txt or tealeaf/decks/check.$solver.in"
    return
  fi
  if [ "$dry" = 1 ]; then
    if ! replayed "$log"; then
      verdict SKIP "$name.runs" "dry run: ${cmd[*]} in a folder with decks/check.$solver.in as tea.in, on one GPU; sums compared with serial/check.$solver.np$np.txt"
      return
    fi
  else
    if [ "$np" != 1 ] && ! command -v mpirun >/dev/null; then
      verdict SKIP "$name.runs" "mpirun not found"
      return
    fi
    # TeaLeaf reads tea.in and writes tea.out in its working directory.
    dir=$RES_DIR/tealeaf.$1
    mkdir -p "$dir"
    cp "$stage/tealeaf/decks/check.$solver.in" "$dir/tea.in"
    cp "$stage/tealeaf/decks/tea.problems" "$dir/"
    mapfile -t gpus < <(visible_gpus)
    cd "$dir" || return
    # One rank starts without mpirun (an MPI singleton), as bench tealeaf's.
    CUDA_VISIBLE_DEVICES=${gpus[0]:-0} OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
      OMPI_MCA_btl_vader_single_copy_mechanism=none \
      run_limited "$name.runs" "$run_timeout" QD_RUN_TIMEOUT "$log" "$err" "${cmd[@]}"
    local limited=$?
    cd "$root" || return
    [ "$limited" = 0 ] || return
  fi
  if [ "$status" != 0 ]; then
    verdict FAIL "$name.runs" "exit $status; see logs/run/$name.stderr"
    { echo "--- $name (exit $status):"; tail -5 "$err" 2>/dev/null; } >>"$con"
    return
  fi
  verdict PASS "$name.runs"
  if detail=$(python3 "$root/tests/gpu/compare_tealeaf.py" --rtol "${QD_TEALEAF_CHECK_RTOL:-1e-11}" "$ref" "$log" 2>&1); then
    verdict PASS "$name.matches_serial" "$(tail -1 <<<"$detail")"
  else
    verdict FAIL "$name.matches_serial" "$(tail -1 <<<"$detail")"
    { echo "--- $name against tealeaf/serial/check.$solver.np$np.txt:"; head -20 <<<"$detail"; } >>"$con"
  fi
}
export -f tealeaf_exe_of run_tealeaf

# run_programs <exe>...: the timing-sensitive ones alone, then the others
# QD_RUN_JOBS at a time (the GPU is shared; results do not depend on it).
run_programs() {
  local alone=() together=() mpi=() exe
  for exe in "$@"; do
    if is_mpi "$exe"; then
      mpi+=("$exe")
    elif timing_sensitive "$exe"; then
      alone+=("$exe")
    else
      together+=("$exe")
    fi
  done
  run_items 1 run_one record ${alone[@]+"${alone[@]}"}
  run_items "$run_jobs" run_one record ${together[@]+"${together[@]}"}
  # One MPI program at a time: on a 2-GPU machine each uses both.
  run_items 1 run_mpi record ${mpi[@]+"${mpi[@]}"}
}

# Filters of a stage: targets (cuda ...), tools, batch ranges, bench names.
parse_targets() { # <default...> -- <args...>: the targets named, else the default
  local defaults=() named=() a
  while [ "$1" != -- ]; do defaults+=("$1"); shift; done
  shift
  for a in "$@"; do [[ " ${all_targets[*]} " == *" $a "* ]] && named+=("$a"); done
  if [ ${#named[@]} -gt 0 ]; then echo "${named[*]}"; else echo "${defaults[*]}"; fi
}
check_filters() { # <stage> <allowed regex> <args...>
  local s=$1 re=$2 a
  shift 2
  for a in "$@"; do
    if ! [[ $a =~ ^($re)$ ]]; then
      record FAIL "$s.arguments" "'$a' is not a filter of this stage"
      return 1
    fi
  done
}
# expand_batches <spec>...: "0-13", "5,7", "3" to batch numbers.
expand_batches() {
  local spec part
  for spec in "$@"; do
    for part in ${spec//,/ }; do
      if [[ $part =~ ^([0-9]+)-([0-9]+)$ ]]; then
        seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
      else
        echo "$part"
      fi
    done
  done
}

target_re='cuda|plaincuda|cudagraph|hip|hipgraph'

# --- stages -------------------------------------------------------------------------------
stage_build() {
  local exes=() t b
  for t in "${all_targets[@]}"; do
    while read -r e; do exes+=("$e"); done < <(core_exes "$t")
  done
  exes+=(probe.while_node_barrier)
  [ -d "$stage/cuda/torch" ] && exes+=(qd_torch_interop)
  tealeaf_staged && exes+=(tealeaf.check_stream tealeaf.check_graph)
  if [ -f "$stage/cuda/bench/triad.cu" ]; then
    for b in "${benches[@]}"; do exes+=("${b}_bench"); done
  fi
  build_exes all 0 "${exes[@]}"
}

stage_correctness() {
  check_filters correctness "$target_re" "$@" || return
  local exes=() t tl_targets=() programs=() items=() e solver np
  for t in $(parse_targets "${all_targets[@]}" -- "$@"); do
    while read -r e; do exes+=("$e"); done < <(core_exes "$t")
    if [ "$dry" != 1 ] && ! command -v mpirun >/dev/null &&
       compgen -G "$stage/$(stage_dir_of "$t")/mpi/*" >/dev/null; then
      record SKIP "$t.mpi" "mpirun not found: the MPI programs were not built or run"
    fi
    # TeaLeaf in stream mode (cuda) and graph mode (cudagraph).
    case $t in
      cuda | cudagraph)
        if tealeaf_staged; then
          tl_targets+=("$t")
          exes+=("$(tealeaf_exe_of "$t")")
        else
          record SKIP "tealeaf.$t" "not staged (QD_STAGE_PARTS without tealeaf)"
        fi ;;
    esac
  done
  if [ ${#exes[@]} = 0 ]; then
    record SKIP correctness "nothing staged (QD_STAGE_PARTS without core)"
    return
  fi
  build_exes correctness 120 "${exes[@]}"
  for e in ${built[@]+"${built[@]}"}; do
    [[ $e == tealeaf.* ]] || programs+=("$e")
  done
  for t in ${tl_targets[@]+"${tl_targets[@]}"}; do
    [[ " ${built[*]} " == *" $(tealeaf_exe_of "$t") "* ]] || continue
    for solver in "${tealeaf_solvers[@]}"; do
      for np in 1 2; do items+=("$t:$solver:$np"); done
    done
  done
  run_programs ${programs[@]+"${programs[@]}"}
  # Four at a time: a 2-rank run keeps two cores busy polling.
  run_items 4 run_tealeaf record ${items[@]+"${items[@]}"}
}

stage_generator() {
  check_filters generator "$target_re|[0-9,-]+" "$@" || return
  local specs=() targets batches=() b t exes=() a
  for a in "$@"; do [[ $a =~ ^[0-9,-]+$ ]] && specs+=("$a"); done
  [ ${#specs[@]} = 0 ] && [ -n "${QD_SMITH_BATCHES:-}" ] && specs=("$QD_SMITH_BATCHES")
  # shellcheck disable=SC2086 # the default list's words
  targets=$(parse_targets ${QD_SMITH_TARGETS:-cuda cudagraph hip hipgraph} -- "$@")
  if [ ${#specs[@]} -gt 0 ]; then
    mapfile -t batches < <(expand_batches "${specs[@]}")
  else
    mapfile -t batches < <(smith_batches_staged)
  fi
  if [ ${#batches[@]} = 0 ]; then
    record SKIP generator "no qdsmith batch staged (QD_STAGE_PARTS without generator)"
    return
  fi
  for b in "${batches[@]}"; do
    for t in $targets; do
      if [ -f "$stage/$(stage_dir_of "$t")/programs/qdsmith_$b.$(ext_of "$t")" ]; then
        exes+=("$t.qdsmith_$b")
      else
        record SKIP "$t.qdsmith_$b" "not staged"
      fi
    done
  done
  echo "-- generator: batches ${batches[*]} in $targets"
  build_exes generator 45 ${exes[@]+"${exes[@]}"}
  run_items "$run_jobs" run_one record ${built[@]+"${built[@]}"}
}

# --- compute-sanitizer ---
# sanitizer_kinds <log> <exit status>: the kinds of failure a run's log
# shows, one a line, sorted, without duplicates. compute-sanitizer's report
# headings (its "========= " lines but the summaries), with what differs
# from one program to the next taken out (sizes, addresses, kernels,
# numbers): "Invalid __global__ read", "Error: Race reported", "Error:
# Potential RAW hazard", "Barrier error detected. Divergent thread(s) in
# warp", "Error: process didn't terminate successfully", and "Program hit
# <error> on CUDA API call to <call>" (an unsupported or invalid call), where
# an error that the device raised while a kernel ran (cudaErrorIllegalAddress,
# cudaErrorLaunchFailure, ...) keeps no call: it surfaces at whichever call
# comes next. Then "check FAIL" when the program's own checks failed, "timed
# out" (exit 124 or 137), and, when the log has none of those, "exit <N>
# without a report".
sanitizer_kinds() {
  local log=$1 status=$2 kinds=''
  if [ -f "$log" ]; then
    kinds=$(sed -n -E '
      /^========= [^ ]/!d
      s/^========= //
      t reset
      :reset
      /^(COMPUTE-SANITIZER|ERROR SUMMARY|RACECHECK SUMMARY|LEAK SUMMARY|Target application returned an error)/d
      s/^Program hit (cudaError(IllegalAddress|LaunchFailure|IllegalInstruction|MisalignedAddress|HardwareStackError|InvalidPc|Assert|LaunchTimeout))([^A-Za-z].*)?$/Program hit \1/
      t out
      s/^Program hit ([A-Za-z_]+).* on CUDA API call to ([A-Za-z0-9_]+).*/Program hit \1 on CUDA API call to \2/
      t out
      s/^(Error|Warning|ERROR|WARNING): Race reported.*/\1: Race reported/
      t out
      s/^(Error|Warning|ERROR|WARNING): Potential ([A-Za-z]+) hazard.*/\1: Potential \2 hazard/
      t out
      s/ (of size|at|in block|in thread) .*//
      s/0x[0-9a-fA-F]+/ADDR/g
      s/[0-9]+/N/g
      :out
      s/[[:space:]]+$//
      p' "$log")
    grep -q '^check [^ ]* FAIL' "$log" && kinds+=$'\ncheck FAIL'
  fi
  case $status in 124 | 137) kinds+=$'\ntimed out' ;; esac
  kinds=$(sed '/^$/d' <<<"$kinds" | sort -u)
  if [ -z "$kinds" ] && [ "$status" != 0 ]; then kinds="exit $status without a report"; fi
  [ -z "$kinds" ] || echo "$kinds"
}
# joined: stdin's lines joined by "; ".
joined() { sed '/^$/d' | paste -sd';' | sed 's/;/; /g'; }
export -f sanitizer_kinds

# sanitize_one <index> <tool>:<exe>[:<argument>]; tool "none" runs it plainly.
# A failed run's kinds of report (sanitizer_kinds) go to <its log>.kinds,
# which record_probe and record_sanitizer read.
sanitize_one() {
  local tool exe arg name log status=0 first
  IFS=: read -r tool exe arg <<<"$2"
  RES=$RES_DIR/$1.res
  if [[ $exe == probe.* ]]; then name=probe.$tool.$arg; else name=sanitizer.$tool.$exe; fi
  log=$logs/sanitizer/$tool.$exe${arg:+.$arg}.txt
  local cmd=("$build/$exe" ${arg:+"$arg"})
  [ "$tool" = none ] || cmd=(compute-sanitizer --tool "$tool" --error-exitcode 99 "${cmd[@]}")
  if [ "$dry" = 1 ]; then
    if ! replayed "$log"; then
      verdict SKIP "$name" "dry run: QD_SUITE_QUICK=1 ${cmd[*]}"
      return
    fi
  else
    QD_SUITE_QUICK=1 run_limited "$name" "$san_timeout" QD_SANITIZER_TIMEOUT \
      "$log" "$log" "${cmd[@]}" ||
      { sanitizer_kinds "$log" "$status" >"${log%.txt}.kinds"; return; }
  fi
  first=$(grep -m1 -E 'Barrier error|Invalid|Race reported|hazard|Error|error:|Segmentation|free\(\)|Aborted|check [^ ]+ FAIL' "$log" | cut -c1-160)
  if [ "$status" = 0 ] && ! grep -q '^check [^ ]* FAIL' "$log" &&
     { [ "$tool" = none ] || grep -q "ERROR SUMMARY: 0 errors\|RACECHECK SUMMARY: 0 hazards" "$log"; }; then
    verdict PASS "$name"
  else
    sanitizer_kinds "$log" "$status" >"${log%.txt}.kinds"
    verdict FAIL "$name" "exit $status: ${first:-see the log}; logs/sanitizer/$(basename "$log")"
  fi
}
export -f sanitize_one

# What the probe showed, per tool: probe_state "while" when only the WHILE
# variants (while, while_exit, while_update) failed, "broken" when another
# did; probe_kinds the kinds of report of those WHILE variants' failures.
declare -A probe_state=() probe_kinds=()
record_probe() { # verdict probe.<tool>.<variant> detail
  local tool=${2#probe.} variant=${2##*.} kinds
  tool=${tool%%.*}
  if [ "$1" = FAIL ] && [[ $variant == while* ]] && [ "$tool" != none ]; then
    [ "${probe_state[$tool]:-}" = broken ] || probe_state[$tool]=while
    kinds=$(cat "$logs/sanitizer/$tool.probe.while_node_barrier.$variant.kinds" 2>/dev/null)
    probe_kinds[$tool]+="$kinds"$'\n'
    record INFO "$2" "FAIL: $3 -- reports: $(joined <<<"${kinds:-none classified}") -- compute-sanitizer on a WHILE-node graph of plain CUDA, about the tool; not counted"
    return
  fi
  [ "$1" = FAIL ] && probe_state[$tool]=broken
  record "$@"
}
# A program with conditional nodes that fails under a tool whose WHILE-node
# probe failed (and whose plain and graph probes passed) is a SKIP only when
# its failure is the probe's: every kind of report in its log (sanitizer_kinds)
# is one that the probe's failing WHILE variants showed under that tool. Any
# other report (another error class, another unsupported call, a wrong
# result the probe did not have, a run that timed out where the probe's did
# not) is a FAIL; QD_SANITIZER_STRICT=1 counts even the probe's.
record_sanitizer() { # verdict sanitizer.<tool>.<exe> detail
  local rest=${2#sanitizer.} tool exe kinds probe extra
  tool=${rest%%.*} exe=${rest#*.}
  if [ "$1" != FAIL ] || [ "${probe_state[$tool]:-}" != while ] || ! has_conditional_nodes "$exe"; then
    record "$@"
    return
  fi
  kinds=$(sed '/^$/d' "$logs/sanitizer/$tool.$exe.kinds" 2>/dev/null | sort -u)
  probe=$(sed '/^$/d' <<<"${probe_kinds[$tool]}" | sort -u)
  extra=$(comm -23 <(echo "$kinds") <(echo "$probe") | sed '/^$/d')
  if [ -z "$kinds" ]; then
    record FAIL "$2" "$3; no report to compare with the WHILE-node probe's"
  elif [ -n "$extra" ]; then
    record FAIL "$2" "$3; reports the WHILE-node probe did not show under $tool: $(joined <<<"$extra") (the probe's: $(joined <<<"${probe:-none classified}"))"
  elif [ "${QD_SANITIZER_STRICT:-0}" = 1 ]; then
    record FAIL "$2" "$3; the WHILE-node probe's reports ($(joined <<<"$kinds")), counted: QD_SANITIZER_STRICT=1"
  else
    record SKIP "$2" "tool limit: the same reports as the hand-written WHILE-node probe under $tool ($(joined <<<"$kinds")); this program has conditional nodes; QD_SANITIZER_STRICT=1 counts it. $3"
  fi
}

# The programs that matter most under the sanitizers: tiled products,
# coarsened and vector loops, reductions, graph-mode loops (their cuda.
# builds are the stream-mode twins, except graph_loops whose kernels say
# `graph`; no environment variable forces stream mode).
sanitizer_first='golden\.(tiled_product|coarsen|vector_loops|vector_leader_initializers|reduction|kernel_calls_reduction|macro_reductions|minmax_idioms|atomics|collapse|graph_loops|graph_mode|device_condition_loops|check_every)|reduction_semantics|vector_semantics|graph_semantics|poisson_cg'

stage_sanitizers() {
  check_filters sanitizers "$target_re|memcheck|racecheck|synccheck" "$@" || return
  if [ "$dry" != 1 ] && ! command -v compute-sanitizer >/dev/null; then
    record SKIP sanitizers "compute-sanitizer not found"
    return
  fi
  local tools=() a t e first=() rest=() items=()
  for a in "$@"; do [[ $a =~ ^(memcheck|racecheck|synccheck)$ ]] && tools+=("$a"); done
  [ ${#tools[@]} -gt 0 ] || tools=(memcheck racecheck synccheck)
  for t in $(parse_targets cuda cudagraph -- "$@"); do
    while read -r e; do
      if [[ ${e#*.} =~ ^($sanitizer_first)$ ]]; then first+=("$e"); else rest+=("$e"); fi
    done < <(core_exes "$t")
    # Of the random programs, the first batch only: the rest would take hours.
    [ -f "$stage/$(stage_dir_of "$t")/programs/qdsmith_0.$(ext_of "$t")" ] && rest+=("$t.qdsmith_0")
  done
  build_exes sanitizers_first 150 probe.while_node_barrier ${first[@]+"${first[@]}"}
  local ok=" ${built[*]} "
  if [[ $ok == *" probe.while_node_barrier "* ]]; then
    for t in none "${tools[@]}"; do
      for a in plain graph while while_exit while_update; do items+=("$t:probe.while_node_barrier:$a"); done
    done
    run_items "$san_jobs" sanitize_one record_probe "${items[@]}"
  fi
  items=()
  for t in "${tools[@]}"; do
    for e in ${first[@]+"${first[@]}"}; do
      [[ $ok == *" $e "* ]] && items+=("$t:$e")
    done
  done
  run_items "$san_jobs" sanitize_one record_sanitizer ${items[@]+"${items[@]}"}
  [ ${#rest[@]} -gt 0 ] || return 0
  if ! fits 60; then
    for t in "${tools[@]}"; do
      for e in "${rest[@]}"; do record SKIP "sanitizer.$t.$e" "out of time"; done
    done
    return
  fi
  build_exes sanitizers_rest 60 "${rest[@]}"
  ok=" ${built[*]} "
  items=()
  for t in "${tools[@]}"; do
    for e in "${rest[@]}"; do
      [[ $ok == *" $e "* ]] && items+=("$t:$e")
    done
  done
  run_items "$san_jobs" sanitize_one record_sanitizer ${items[@]+"${items[@]}"}
}

# record_checks <prefix> <log>: one test per `check <name> <verdict> <detail>` line.
record_checks() {
  local name v detail
  while read -r _ name v detail; do
    record "$v" "$1.$name" "$detail"
  done < <(grep '^check ' "$2")
}

stage_profiling() {
  [ $# = 0 ] || { check_filters profiling '' "$@"; return; }
  if [ ! -f "$stage/cuda/programs/concurrency_proof.cu" ]; then
    record SKIP nsys.concurrency_proof_ranges "not staged"
    return
  fi
  local nsys
  # shellcheck disable=SC2012 # paths without spaces
  nsys=$(command -v nsys || ls -d /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | tail -1)
  if [ "$dry" = 1 ]; then
    build_exes profiling 60 cuda.concurrency_proof_ranges
    record SKIP nsys.concurrency_proof_ranges "dry run: nsys profile --trace=cuda,nvtx $build/cuda.concurrency_proof_ranges"
    return
  fi
  if [ -z "$nsys" ]; then
    record SKIP nsys.concurrency_proof_ranges "nsys not installed"
    return
  fi
  build_exes profiling 60 cuda.concurrency_proof_ranges
  [ ${#built[@]} = 1 ] || return
  local t
  t=$(allowed 300)
  if [ "$t" = 0 ]; then record SKIP nsys.concurrency_proof_ranges "out of time"; return; fi
  # The ranges with a profiler attached, the case where a range that
  # synchronized would serialize the blocks (docs/profiling.md).
  local log=$logs/nsys.concurrency_proof_ranges.txt
  if timeout -k 5 "$t" "$nsys" profile --trace=cuda,nvtx --sample=none --cpuctxsw=none \
       --force-overwrite=true -o "$out/proof_ranges" "$build/cuda.concurrency_proof_ranges" \
       >"$log" 2>&1; then
    record_checks nsys.concurrency_proof_ranges "$log"
    # The ranges were recorded: the summary lists the blocks' ranges.
    "$nsys" stats --report nvtx_sum --format csv "$out/proof_ranges.nsys-rep" \
      >"$logs/nsys.nvtx_sum.csv" 2>&1 ||
      "$nsys" stats --report nvtxsum --format csv "$out/proof_ranges.nsys-rep" \
        >"$logs/nsys.nvtx_sum.csv" 2>&1
    if grep -q "qd block 4" "$logs/nsys.nvtx_sum.csv" && grep -q "qd kernel spin4_parallel" "$logs/nsys.nvtx_sum.csv"; then
      record PASS nsys.ranges_recorded "$(grep -c 'qd ' "$logs/nsys.nvtx_sum.csv") qd ranges in the NVTX summary"
    else
      record FAIL nsys.ranges_recorded "no 'qd block 4' range; see logs/nsys.nvtx_sum.csv"
      head -20 "$logs/nsys.nvtx_sum.csv"
    fi
    rm -f "$out/proof_ranges.sqlite"
  else
    record FAIL nsys.concurrency_proof_ranges.runs "exit $?; see logs/nsys.concurrency_proof_ranges.txt"
    tail -5 "$log"
  fi
}

stage_torch() {
  [ $# = 0 ] || { check_filters torch '' "$@"; return; }
  if [ ! -d "$stage/cuda/torch" ]; then
    record SKIP torch_interop "not staged"
    return
  fi
  build_exes torch 60 qd_torch_interop
  if [ "$dry" = 1 ]; then
    record SKIP torch_interop "dry run: python3 tests/gpu/torch_interop/torch_interop.py $build/libqd_torch_interop.so"
    return
  fi
  [ ${#built[@]} = 1 ] || return
  local log=$logs/torch_interop.txt t status
  t=$(allowed 300)
  if [ "$t" = 0 ]; then record SKIP torch_interop "out of time"; return; fi
  timeout -k 5 "$t" python3 tests/gpu/torch_interop/torch_interop.py "$build/libqd_torch_interop.so" \
    >"$log" 2>&1
  status=$?
  grep '^info ' "$log"
  if [ "$status" != 0 ] || ! grep -q '^check ' "$log"; then
    record FAIL torch_interop.runs "exit $status; see logs/torch_interop.txt"
    tail -8 "$log"
  fi
  record_checks torch_interop "$log"
}

stage_tsan() {
  [ $# = 0 ] || { check_filters tsan '' "$@"; return; }
  if [ "${QD_GPU_TSAN:-1}" = 0 ]; then
    record SKIP tsan.runtime_stress "QD_GPU_TSAN=0"
    return
  fi
  if [ ! -f "$stage/cuda/programs/runtime_stress.cu" ]; then
    record SKIP tsan.runtime_stress "not staged"
    return
  fi
  # The build: a failure (configure or compile) is FAIL
  # tsan.runtime_stress.builds; a build stopped by the deadline is SKIP (out
  # of time), one that ran past its own limit with time left, FAIL. A dry run
  # with QD_GPU_REPLAY takes the two logs and their exit statuses from there.
  local tb=$build-tsan t0 t configured=0 built_status=0 limit=400 status=0
  t0=$(date +%s)
  if [ "$dry" = 1 ]; then
    if ! replayed "$logs/build/tsan_configure.log"; then
      echo "-- build.tsan would build tsan.runtime_stress in $build-tsan (-DQD_GPU_SUITE_TSAN=ON)"
      record SKIP tsan.runtime_stress "dry run: QD_SUITE_QUICK=1 QD_STRESS_CALLS=${QD_TSAN_CALLS:-300} $build-tsan/tsan.runtime_stress"
      return
    fi
    configured=$status
    t=$limit
    if [ "$configured" = 0 ]; then
      replayed "$logs/build/tsan_build.log" || status=0
      built_status=$status
    fi
  else
    if [ -f "$tb/CMakeCache.txt" ] &&
       ! grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$root/tests/gpu/device" "$tb/CMakeCache.txt"; then
      rm -rf "$tb"
    fi
    t=$(allowed $limit)
    if ((t < 60)); then record SKIP tsan.runtime_stress "out of time"; return; fi
    cmake -S tests/gpu/device -B "$tb" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DQD_STAGE="$stage" -DQD_GPU_SUITE_TSAN=ON >"$logs/build/tsan_configure.log" 2>&1
    configured=$?
    if [ "$configured" = 0 ]; then
      timeout -k 10 $((t - 45)) cmake --build "$tb" -j "$ncpu" --target tsan.runtime_stress \
        >"$logs/build/tsan_build.log" 2>&1
      built_status=$?
    fi
  fi
  local first
  if [ "$configured" != 0 ]; then
    record FAIL tsan.runtime_stress.builds "the ThreadSanitizer build's configure exited $configured: see logs/build/tsan_configure.log"
    tail -n 15 "$logs/build/tsan_configure.log"
    return
  fi
  if [ "$built_status" = 124 ] || [ "$built_status" = 137 ]; then
    if ((t < limit)); then
      record SKIP tsan.runtime_stress.builds "out of time (the build stopped after $((t - 45)) s)"
    else
      record FAIL tsan.runtime_stress.builds "the ThreadSanitizer build ran past its $((t - 45)) s: see logs/build/tsan_build.log"
    fi
    tail -n 15 "$logs/build/tsan_build.log"
    return
  fi
  if [ "$built_status" != 0 ]; then
    first=$(grep -m1 -E 'error|FAILED' "$logs/build/tsan_build.log" | cut -c1-200)
    record FAIL tsan.runtime_stress.builds "the ThreadSanitizer build exited $built_status${first:+: $first}; see logs/build/tsan_build.log"
    tail -n 15 "$logs/build/tsan_build.log"
    return
  fi
  record PASS tsan.runtime_stress.builds "$(($(date +%s) - t0)) s"
  if [ "$dry" = 1 ]; then
    record SKIP tsan.runtime_stress "dry run: QD_SUITE_QUICK=1 QD_STRESS_CALLS=${QD_TSAN_CALLS:-300} $tb/tsan.runtime_stress"
    return
  fi
  echo "build.tsan: $(($(date +%s) - t0)) s" >>"$timings"
  # 16 threads x QD_STRESS_CALLS calls; timing checks off (QD_SUITE_QUICK).
  # The CUDA driver is not instrumented: its own threads and locks are
  # suppressed, and nothing else (tests/gpu/tsan.supp).
  local log=$logs/tsan.runtime_stress.txt reports suppressed
  t=$(allowed 400)
  if [ "$t" = 0 ]; then record SKIP tsan.runtime_stress "out of time"; return; fi
  QD_SUITE_QUICK=1 QD_STRESS_CALLS=${QD_TSAN_CALLS:-300} \
    TSAN_OPTIONS="suppressions=$root/tests/gpu/tsan.supp halt_on_error=0 exitcode=66 second_deadlock_stack=1 history_size=4" \
    timeout -k 5 "$t" "$tb/tsan.runtime_stress" >"$log" 2>&1
  status=$?
  reports=$(grep -c '^WARNING: ThreadSanitizer' "$log")
  suppressed=$(sed -n 's/^ThreadSanitizer: Matched \([0-9]*\) suppressions.*/\1/p' "$log" | head -1)
  if ! ldd "$tb/tsan.runtime_stress" | grep -q libtsan; then
    record FAIL tsan.runtime_stress "the executable does not load libtsan: not instrumented"
  elif grep -q 'FATAL: ThreadSanitizer' "$log"; then
    record SKIP tsan.runtime_stress "ThreadSanitizer could not run with the CUDA driver: $(grep -m1 'FATAL: ThreadSanitizer' "$log")"
  elif [ "$status" = 124 ] || [ "$status" = 137 ]; then
    record SKIP tsan.runtime_stress "out of time (stopped after $t s)"
  elif [ "$status" = 0 ] && [ "$reports" = 0 ]; then
    record PASS tsan.runtime_stress "no reports; ${suppressed:-0} suppressed in libcuda"
  else
    record FAIL tsan.runtime_stress "exit $status, $reports reports; see logs/tsan.runtime_stress.txt"
    grep -m1 -A14 '^WARNING: ThreadSanitizer' "$log"
  fi
  grep -A12 'Matched.*suppressions' "$log" | head -14
}

# Benchmarks: only numbers (bench.txt, docs/performance.md), never judged;
# a benchmark that exits non-zero is a failure.
stage_bench() {
  local names=() b tealeaf=0 minibude=0
  check_filters bench "$(IFS='|'; echo "${benches[*]}")|tealeaf|minibude" "$@" || return
  for b in "$@"; do
    case $b in
      tealeaf) tealeaf=1 ;;
      minibude) minibude=1 ;;
      *) names+=("$b") ;;
    esac
  done
  # TeaLeaf and miniBUDE run only when named, after the others: each takes a
  # call of its own.
  if { [ "$tealeaf" = 0 ] && [ "$minibude" = 0 ]; } || [ ${#names[@]} -gt 0 ]; then
    bench_programs ${names[@]+"${names[@]}"}
  fi
  # TeaLeaf (bench/tealeaf/README.md): the serial build and the variants
  # built here; run.py builds upstream HEAD's with its own CMake and checks
  # every run's field sums against the serial build's.
  [ "$tealeaf" = 0 ] || stage_bench_app tealeaf 240 tealeaf.serial tealeaf.qd_stream tealeaf.qd_graph \
    tealeaf.c66cafb tealeaf.c66cafb_syncwarp
  # miniBUDE (bench/minibude/README.md): the three variants built here;
  # run.py checks every run's energies (main.cpp's own check against the
  # deck's ref_energies.out).
  [ "$minibude" = 0 ] || stage_bench_app minibude 120 minibude.qd_stream minibude.qd_graph minibude.cuda
}

# bench_programs [names]: the benchmark executables (default: all of them).
bench_programs() {
  local names=("$@") b run exes=()
  [ ${#names[@]} -gt 0 ] || names=("${benches[@]}")
  if [ ! -f "$stage/cuda/bench/triad.cu" ]; then
    record SKIP bench "not staged (QD_STAGE_PARTS without bench)"
    return
  fi
  for b in "${names[@]}"; do exes+=("${b}_bench"); done
  build_exes bench 90 "${exes[@]}"
  local ok=" ${built[*]} " runs=${QD_BENCH_RUNS:-3} t status
  declare -A bad=()
  for run in $(seq "$runs"); do
    for b in "${names[@]}"; do
      [[ $ok == *" ${b}_bench "* ]] || continue
      [ -z "${bad[$b]:-}" ] || continue
      if [ "$dry" = 1 ]; then
        [ "$run" = 1 ] && record SKIP "bench.$b" "dry run: $build/${b}_bench, $runs runs, into bench.txt"
        continue
      fi
      t=$(allowed 300)
      if [ "$t" = 0 ]; then bad[$b]="out of time before run $run"; continue; fi
      echo "======== ${b}_bench, run $run" >>"$out/bench.txt"
      timeout -k 5 "$t" "$build/${b}_bench" >>"$out/bench.txt" 2>&1
      status=$?
      if [ "$status" != 0 ]; then
        bad[$b]="exit $status in run $run"
        tail -3 "$out/bench.txt"
      fi
    done
  done
  [ "$dry" = 1 ] && return
  cp "$out/bench.txt" "$logs/bench.txt" 2>/dev/null
  for b in "${names[@]}"; do
    [[ $ok == *" ${b}_bench "* ]] || continue
    case ${bad[$b]:-} in
      '') record PASS "bench.$b.runs" "$runs runs; numbers in bench.txt" ;;
      'out of time'*) record SKIP "bench.$b.runs" "${bad[$b]}" ;;
      *) record FAIL "bench.$b.runs" "${bad[$b]}; see bench.txt" ;;
    esac
  done
}

# stage_bench_app <name> <seconds to leave for running> <target>...: an
# application against its authors' CUDA (bench/<name>/README.md): the targets
# built here, then bench/<name>/run.py runs and checks them, writes
# $out/<name>.txt and the verdicts recorded below.
stage_bench_app() {
  local name=$1 leave=$2
  shift 2
  if [ ! -f "$stage/$name/stage-info.txt" ]; then
    record SKIP "bench.$name" "not staged (QD_STAGE_PARTS without bench, or QD_STAGE_${name^^}=0)"
    return
  fi
  build_exes "$name" "$leave" "$@"
  local res=$work/$name.res v n d args=()
  [ "$dry" = 1 ] && args+=(--dry-run)
  : >"$res"
  python3 "bench/$name/run.py" --stage "$stage/$name" --build "$build" --out "$out" \
    --logs "$logs/$name" --results "$res" ${args[@]+"${args[@]}"} ||
    record FAIL "bench.$name.run" "bench/$name/run.py exited $?"
  while IFS=$'\t' read -r v n d; do record "$v" "$n" "$d"; done <"$res"
}

# --- the plan ---------------------------------------------------------------------------------
for i in "${!plan[@]}"; do
  s=${plan[$i]}
  # shellcheck disable=SC2206 # the filters' words
  args=(${plan_args[$i]})
  echo "== $s${args[*]:+ ${args[*]}}"
  echo "== $s${args[*]:+ ${args[*]}}" >>"$results"
  if ! fits 20; then
    record SKIP "stage.$s" "out of time"
    continue
  fi
  t0=$(date +%s)
  "stage_$s" ${args[@]+"${args[@]}"}
  echo "stage $s${args[*]:+ ${args[*]}}: $(($(date +%s) - t0)) s" >>"$timings"
done
