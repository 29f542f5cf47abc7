#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On a GPU machine (nvcc, OpenMPI, NCCL; no clang), in the repository root,
# with .device-scaling.tar.xz from bench/multi_gpu/stage.sh:
#
#   bash bench/multi_gpu/run_on_device.sh [sample] [bench] [racecheck]
#
#   sample     samples/multi_gpu_jacobi in stream and graph mode on 1 rank,
#              and one rank per GPU on every GPU count up to 4 the machine
#              has, each compared with the serial build;
#              its resident solve (one kernel call, a WHILE node in graph
#              mode) on 1, 2 and 4 GPUs
#   bench      bench/multi_gpu/jacobi_nccl_bench: strong scaling (16384^2
#              in all) and weak scaling (16384^2 per GPU) on 1, 2 and 4 GPUs
#              as the machine has them, the four translations (stream/graph,
#              with/without priority(high)) each against the hand-written
#              CUDA+NCCL baseline in the same process
#   racecheck  compute-sanitizer --tool racecheck on the sample, one rank,
#              per sweep and resident
#
# Writes $OUT/scaling.txt (the benchmark lines) and $OUT/multi_gpu.log.
# QD_SCALING_SWEEPS (default 200) sets the timed sweeps per run,
# QD_SCALING_GPUS (default "1 2 4") the GPU counts; the ranks get every
# NCCL_* variable set here.
set -uo pipefail
root=$PWD
out=${OUT:-/tmp/out}
mkdir -p "$out"
log=$out/multi_gpu.log
exec > >(tee -a "$log") 2>&1
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(sample bench racecheck)
want() { [[ " ${parts[*]} " == *" $1 "* ]]; }

b=/tmp/qd-multi-gpu
mkdir -p "$b"
# In the repository root: the entry-point headers include the sample's
# header by a path relative to the stage.
tar -xJf "$root/.device-scaling.tar.xz" -C "$root"
stage=$root/.device-scaling
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
export JACOBI_BASELINE_PRIORITY=high # bench: each run sets its own
mpirun_flags=(--oversubscribe --bind-to none --mca btl_vader_single_copy_mechanism none)
ngpu=$(nvidia-smi -L | wc -l)
echo "== $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1); $ngpu GPU(s); $(nvcc --version | tail -1)"
nccl_dir=$(python3 -c "import nvidia.nccl as m; print(list(m.__path__)[0])" 2>/dev/null)
echo "== NCCL: ${nccl_dir:-not found} ${NCCL_VERSION:-}"
[ -n "$nccl_dir" ] || { echo "FAIL no NCCL"; exit 1; }
export LD_LIBRARY_PATH=$nccl_dir/lib:${LD_LIBRARY_PATH:-}
[ -e "$nccl_dir/lib/libnccl.so" ] || ln -sf libnccl.so.2 "$nccl_dir/lib/libnccl.so" 2>/dev/null

NV=(nvcc -std=c++17 -O3 -arch=native -Werror all-warnings)
mpi_inc=$(mpicxx --showme:compile)
# The runtime, as qd::runtime_cuda builds it (runtime/CMakeLists.txt).
rt_sources=$(sed -n '/^set(QD_RUNTIME_SOURCES/,/^)/p' runtime/CMakeLists.txt | grep -o '[a-z_]*\.cpp')
if [ ! -f "$b/libqdrt.a" ]; then
  # Waits for these jobs by pid: a bare 'wait' would also wait for the
  # process substitution that tees the log, which never ends.
  pids=()
  for f in $rt_sources; do
    "${NV[@]}" -x cu -DQD_BACKEND_CUDA -Iinclude -Iruntime -c "runtime/$f" -o "$b/rt_${f%.cpp}.o" &
    pids+=($!)
  done
  wait "${pids[@]}"
  ar rcs "$b/libqdrt.a" "$b"/rt_*.o || { echo "FAIL runtime build"; exit 1; }
fi
# build <variant> <main source> <exe>: one translation with a main of its own.
build() {
  local v=$1 main=$2 exe=$3 d=$stage/$1
  "${NV[@]}" -DOMPI_SKIP_MPICXX -DQD_JACOBI_NCCL $mpi_inc -Isamples/multi_gpu_jacobi -I"$d/include" \
    -Iinclude -I"$nccl_dir/include" -c "$d/solver.cu" -o "$b/$v.solver.o" &&
    "${NV[@]}" -DOMPI_SKIP_MPICXX -DQD_JACOBI_NCCL $mpi_inc -Isamples/multi_gpu_jacobi -I"$d/include" \
      -Iinclude -I"$nccl_dir/include" -x cu -c "$main" -o "$b/$exe.main.o" &&
    mpicxx "$b/$exe.main.o" "$b/$v.solver.o" "$b/libqdrt.a" -L/usr/local/cuda/lib64 -lcudart \
      -L"$nccl_dir/lib" -l:libnccl.so.2 -o "$b/$exe"
}
# Each rank sees the GPU of its local rank modulo the GPUs a run may use.
cat >"$b/pin.sh" <<'P'
#!/bin/bash
export CUDA_VISIBLE_DEVICES=$(( OMPI_COMM_WORLD_LOCAL_RANK % QD_NGPU ))
exec "$@"
P
chmod +x "$b/pin.sh"
run() { # run <ranks> <gpus> <exe> [args]: prints the program's output
  local np=$1 g=$2 v
  shift 2
  # Every NCCL_* setting of the caller reaches the ranks (NCCL_MAX_CTAS, ...).
  local pass=(-x QD_NGPU -x LD_LIBRARY_PATH -x JACOBI_BASELINE_PRIORITY)
  for v in $(compgen -e | grep '^NCCL_'); do pass+=(-x "$v"); done
  QD_NGPU=$g timeout -k 5 ${QD_RUN_TIMEOUT:-120} mpirun -np "$np" "${mpirun_flags[@]}" "${pass[@]}" \
    "$b/pin.sh" "$@"
}

fails=0
# Every program at once: nvcc takes a minute per file.
pids=()
if want sample || want racecheck; then
  for mode in stream graph; do
    build ${mode}_prio samples/multi_gpu_jacobi/main.cpp jacobi_$mode >"$b/build.jacobi_$mode.log" 2>&1 &
    pids+=($!)
  done
fi
if want bench; then
  for v in stream_prio stream_noprio graph_prio graph_noprio; do
    build "$v" bench/multi_gpu/jacobi_nccl_bench.cu bench_$v >"$b/build.bench_$v.log" 2>&1 &
    pids+=($!)
  done
fi
[ ${#pids[@]} -gt 0 ] && wait "${pids[@]}"
for f in "$b"/build.*.log; do
  exe=$(basename "$f" .log)
  exe=${exe#build.}
  if [ -x "$b/$exe" ] && [ ! -s "$f" ]; then
    echo "PASS build.$exe (no warnings)"
  else
    echo "FAIL build.$exe"; head -20 "$f"; fails=$((fails + 1))
  fi
done
echo "== built in $SECONDS s"

if want sample; then
  for mode in stream graph; do
    [ -x "$b/jacobi_$mode" ] || continue
    # NCCL refuses two ranks on one GPU ("Duplicate GPU detected"), so each
    # rank has a GPU of its own; several ranks on one machine without
    # GPUs are CI's cpu-target tests.
    for placement in 1:1:sweep 2:2:sweep 4:4:sweep 1:1:resident 2:2:resident 4:4:resident; do
      IFS=: read -r np g how <<<"$placement"
      [ "$g" -gt "$ngpu" ] && continue
      name=sample.$mode.$how.np${np}_${g}gpu
      args=()
      [ "$how" = resident ] && args=(96 80 1e-6 20000 resident)
      if run "$np" "$g" "$b/jacobi_$mode" "${args[@]}" >"$b/$name.txt" 2>"$b/$name.err" &&
        python3 "$stage/compare_results.py" --rtol 1e-12 "$stage/serial.txt" "$b/$name.txt" >"$b/$name.cmp"; then
        echo "PASS $name: $(tr '\n' ' ' <"$b/$name.txt")"
      else
        echo "FAIL $name"; cat "$b/$name.cmp" "$b/$name.err" 2>/dev/null | tail -8
        fails=$((fails + 1))
      fi
    done
  done
fi

if want bench; then
  sweeps=${QD_SCALING_SWEEPS:-200}
  for g in ${QD_SCALING_GPUS:-1 2 4}; do
    [ "$g" -gt "$ngpu" ] && continue
    for kind in strong weak; do
      ny=16384
      [ "$kind" = weak ] && ny=$((16384 * g))
      for v in stream_prio stream_noprio graph_prio graph_noprio; do
        [ -x "$b/bench_$v" ] || continue
        # Each translation against the baseline of the same priorities.
        base_priority=high
        [[ $v == *noprio ]] && base_priority=normal
        if res=$(JACOBI_BASELINE_PRIORITY=$base_priority run "$g" "$g" "$b/bench_$v" 16384 "$ny" \
          "$sweeps" 3 2>"$b/bench.err"); then
          line="gpus=$g kind=$kind variant=$v $(echo "$res" | tr '\n' ' ')"
          echo "$line" | tee -a "$out/scaling.txt"
        else
          echo "FAIL bench gpus=$g $kind $v"; echo "$res" | tail -5; tail -5 "$b/bench.err"
          fails=$((fails + 1))
        fi
      done
    done
  done
fi
if want racecheck; then
  cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  for mode in stream graph; do
    [ -x "$b/jacobi_$mode" ] || continue
    # A smaller grid and fewer sweeps: the tool runs each kernel serialized.
    if QD_NGPU=1 timeout -k 5 120 mpirun -np 1 "${mpirun_flags[@]}" -x QD_NGPU -x LD_LIBRARY_PATH \
      "$b/pin.sh" "$cs" --tool racecheck --error-exitcode 9 "$b/jacobi_$mode" 64 32 1e-30 40 \
      >"$b/race.$mode.txt" 2>&1 &&
      QD_NGPU=1 timeout -k 5 120 mpirun -np 1 "${mpirun_flags[@]}" -x QD_NGPU -x LD_LIBRARY_PATH \
      "$b/pin.sh" "$cs" --tool racecheck --error-exitcode 9 "$b/jacobi_$mode" 64 32 1e-30 40 resident \
      >>"$b/race.$mode.txt" 2>&1; then
      echo "PASS racecheck.$mode: $(grep -c 'RACECHECK SUMMARY' "$b/race.$mode.txt") summary, $(grep 'RACECHECK SUMMARY' "$b/race.$mode.txt" | head -1)"
    else
      echo "FAIL racecheck.$mode"; tail -20 "$b/race.$mode.txt"; fails=$((fails + 1))
    fi
  done
fi

echo "== multi_gpu: $fails failure(s)"
exit $((fails > 0))
