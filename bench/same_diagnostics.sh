#!/usr/bin/env bash
# Whether two builds of the checker report exactly the same diagnostics (JSON, byte for byte) on
# kernels nobody here wrote: hashcat's kernels as shipped (they check clean) and with the
# library's private-pointer macro turned into `__global` (about a thousand errors per pair of
# kernels, deep inside its long functions), in CL1.2 and CL2.0, and the kernels of
# bench/gen_scientific.py. Run bench/real_kernels.sh first: it fetches the package.
#   bench/same_diagnostics.sh BASE_BIN NEW_BIN [EVERY]   (every EVERY-th kernel; default 10)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
base="$(realpath "$1")"
new="$(realpath "$2")"
every="${3:-10}"
work="${WORK:-/tmp/clasp-real}"
kernels="$work/hashcat/usr/share/hashcat/OpenCL"
mutant="$work/hashcat-global-private"
if [ ! -d "$mutant" ]; then
  cp -r "$kernels" "$mutant"
  sed -i 's/^#define PRIVATE_AS$/#define PRIVATE_AS __global/' "$mutant/inc_vendor.h"
fi
defs="-D KERNEL_STATIC -D INCLUDE_PATH=. -D XM2S(x)=#x -D M2S(x)=XM2S(x) -D LOCAL_MEM_TYPE=2
  -D VENDOR_ID=64 -D VECT_SIZE=4 -D DEVICE_TYPE=2 -D DGST_R0=0 -D DGST_R1=3 -D DGST_R2=2
  -D DGST_R3=1 -D DGST_ELEM=4 -D KERN_TYPE=0 -D ATTACK_EXEC=11 -D ATTACK_KERN=0 -D ATTACK_MODE=0
  -D FIXED_LOCAL_SIZE=256 -D HAS_VPERM=0 -D HAS_LOP3=0"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
checked=0 differ=0 diags=0
compare() {  # compare DIR ARGS...
  local dir="$1"; shift
  (cd "$dir" && "$base" check --format json "$@" > "$out/base" 2>&1 || true)
  (cd "$dir" && "$new" check --format json "$@" > "$out/new" 2>&1 || true)
  checked=$((checked + 1))
  diags=$((diags + $(grep -c '"rule"' "$out/new" || true)))
  if ! cmp -s "$out/base" "$out/new"; then
    differ=$((differ + 1))
    echo "DIFFERENT: (cd $dir && clasp check --format json $*)"
  fi
}
i=0
for k in $(cd "$kernels" && ls m*.cl); do
  i=$((i + 1))
  [ $((i % every)) -eq 1 ] || [ "$every" -eq 1 ] || continue
  for dir in "$kernels" "$mutant"; do
    for std in CL1.2 CL2.0; do
      compare "$dir" --std "$std" -I . $defs "$k"
    done
  done
done
rm -rf "$work/sci" && python3 "$here/gen_scientific.py" "$work" >/dev/null
for k in rhs.cl constraints.cl; do
  compare "$work/sci" --std CL1.2 -D VECTOR_SIZE_I=4 "$k"
  compare "$work/sci" --std CL2.0 -D VECTOR_SIZE_I=1 "$k"
done
echo "$checked checks, $diags diagnostics (new build), $differ different"
[ "$differ" -eq 0 ]
