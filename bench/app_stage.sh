# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by bench/tealeaf/stage.sh and bench/minibude/stage.sh: the
# translation of a port, stream and graph, and the lines that open and close
# a stage. They set, before calling these: me (their name in messages), root,
# out (the output folder), work (a scratch folder), tool (qd-translate) and
# started.
# shellcheck shell=bash disable=SC2154 # those, set by the caller

# translate_modes <function>: `<function> <mode> <folder> [--graphs]` for the
# stream and graph translations, into $out/qd_stream/ and $out/qd_graph/.
translate_modes() {
  local mode
  : >"$out/translate.log"
  for mode in stream graph; do
    mkdir -p "$out/qd_$mode"
    if [ "$mode" = graph ]; then
      "$1" "$mode" "$out/qd_$mode" --graphs
    else
      "$1" "$mode" "$out/qd_$mode"
    fi
  done
}

# translate_cuda <folder> <what> <output> <argument>...: `$tool --target=cuda
# <argument>...`, run in <folder>. A failure stops the stage with its
# diagnostics; a success's go into translate.log under "== <output>", where
# they are kept with the stage and the closing line counts them.
translate_cuda() {
  local folder=$1 what=$2 output=$3
  shift 3
  if ! (cd "$folder" && "$tool" --target=cuda "$@") 2>"$work/diag"; then
    cat "$work/diag" >&2
    echo "$me: translating $what failed" >&2
    exit 1
  fi
  if [ -s "$work/diag" ]; then
    { echo "== $output"; cat "$work/diag"; } >>"$out/translate.log"
  fi
}

# stage_info <line>...: $out/stage-info.txt, which run.py copies into its
# table: when, where and from which commit, the app's lines, the translator.
stage_info() {
  {
    echo "staged $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n) from commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    printf '%s\n' "$@"
    echo "translator $("$tool" --version 2>/dev/null | head -1)"
  } >"$out/stage-info.txt"
}

# stage_done: the closing line, which scripts/gpu_stage.sh shows.
stage_done() {
  echo "$me: $(find "$out" -type f | wc -l) files in $(( $(date +%s) - started )) s ($(grep -c '^== ' "$out/translate.log" || true) translations with diagnostics)"
}
