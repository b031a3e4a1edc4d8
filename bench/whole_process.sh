#!/usr/bin/env bash
# Whole-process figures of `clasp check` against `clang-16 -fsyntax-only`: same files, same
# profile, same include directory, each command one process per run, alternating, on one core.
#   bench/whole_process.sh CLASP_BIN [RUNS]      (default: target/release/clasp, 9 runs)
# With BASE=OTHER_CLASP_BIN set, that binary runs in the same alternation, as "base".
# Inputs are generated into /tmp/clasp-bench by bench/gen_kernels.py and bench/gen_libraries.py
# (deterministic). ONLY=libraries runs the inputs of gen_libraries.py alone.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
clasp="$(realpath "${1:-$here/../target/release/clasp}")"
runs="${2:-9}"
out=/tmp/clasp-bench
rm -rf "$out" && python3 "$here/gen_kernels.py" "$out" && python3 "$here/gen_libraries.py" "$out"
cd "$out"
clang="clang-16 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only"
# The binaries leave the page cache first: how a binary came into it (copied, linked, read by a
# run) decides the size of the blocks a process maps around each page it touches, which moved
# peak memory by up to 0.5 MiB between two copies of one binary. Dropped, each is read back the
# way its first run reads it.
python3 -c 'import os, sys
for f in sys.argv[1:]:
    fd = os.open(f, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' \
  "$clasp" ${BASE:+"$(realpath "$BASE")"}
base=()
bench() {
  [ -n "${BASE:-}" ] && base=("base=${1#*=}") && base=("${base[0]/$clasp/$(realpath "$BASE")}")
  taskset -c 0 python3 "$here/process.py" "$runs" "$@" "${base[@]}"
}
echo "== start-up: an empty file"
bench "clasp=$clasp check /dev/null --std CL1.2"
echo "== relativity.cl (one huge function), $(stat -c %s relativity.cl) bytes"
bench "clasp=$clasp check relativity.cl --std CL1.2" "clang-16=$clang relativity.cl"
for k in crypt/kernels/m*.cl; do
  bytes=$(cat "$k" crypt/include/* | wc -c)
  echo "== $k with the whole library: $bytes bytes"
  bench "clasp=$clasp check $k -I crypt/include --std CL1.2" "clang-16=$clang -I crypt/include $k"
done
[ "${ONLY:-}" = libraries ] && exit 0
echo "== big.cl, $(stat -c %s big.cl) bytes"
bench "clasp=$clasp check big.cl --std CL1.2" "clang-16=$clang big.cl"
for k in proj/kernels/k*.cl; do
  bytes=$(cat "$k" $($clang -I proj/include -M "$k" 2>/dev/null | tr -d '\\' | tr ' ' '\n' | grep '^proj/.*\.h$' | sort -u) | wc -c)
  echo "== $k with its headers: $bytes bytes"
  bench "clasp=$clasp check $k -I proj/include --std CL1.2" "clang-16=$clang -I proj/include $k"
done
echo "== the directory: every kernel, one process"
bench "clasp=$clasp check proj/kernels -I proj/include --std CL1.2"
