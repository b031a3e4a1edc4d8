#!/usr/bin/env bash
# Whole-process figures of `clasp check` against `clang-16 -fsyntax-only` on kernels nobody here
# wrote: hashcat's OpenCL kernels (Debian's hashcat-data package: small `m*.cl` kernels over
# megabytes of `inc_*.cl` hash and cipher libraries) and kernels shaped like generated
# numerical-relativity code (bench/gen_scientific.py). Each command is one process per run,
# the commands alternate on the same input, pinned to one core, medians.
#   bench/real_kernels.sh [CLASP_BIN] [RUNS]      (default: target/release/clasp, 5 runs)
# BASE=OTHER_CLASP_BIN adds that binary to the same alternation, as "base". CORE=N pins to
# core N (default 1). ONLY=hashcat or ONLY=scientific runs one group.
# The package is fetched with `apt-get download` into $WORK (default /tmp/clasp-real) and
# unpacked with `dpkg -x` there, once; nothing of it is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
clasp="$(realpath "${1:-$here/../target/release/clasp}")"
runs="${2:-5}"
core="${CORE:-1}"
work="${WORK:-/tmp/clasp-real}"
mkdir -p "$work"
kernels="$work/hashcat/usr/share/hashcat/OpenCL"
if [ ! -d "$kernels" ]; then
  (cd "$work" && apt-get download hashcat-data >/dev/null && dpkg -x hashcat-data_*.deb hashcat)
fi
rm -rf "$work/sci" && python3 "$here/gen_scientific.py" "$work"
echo "hashcat-data $(dpkg-deb -f "$work"/hashcat-data_*.deb Version 2>/dev/null || echo '?'); $(uptime)"

# What hashcat passes when it builds a kernel for a CPU device of a generic OpenCL runtime
# (src/backend.c): the library is included through M2S(INCLUDE_PATH/...), and the device and
# hash mode come as defines.
defs="-D KERNEL_STATIC -D INCLUDE_PATH=. -D XM2S(x)=#x -D M2S(x)=XM2S(x) -D LOCAL_MEM_TYPE=2
  -D VENDOR_ID=64 -D CUDA_ARCH=0 -D HAS_VPERM=0 -D HAS_VADD3=0 -D HAS_VBFE=0 -D HAS_BFE=0
  -D HAS_LOP3=0 -D HAS_MOV64=0 -D HAS_PRMT=0 -D VECT_SIZE=4 -D DEVICE_TYPE=2 -D DGST_R0=0
  -D DGST_R1=3 -D DGST_R2=2 -D DGST_R3=1 -D DGST_ELEM=4 -D KERN_TYPE=0 -D ATTACK_EXEC=11
  -D ATTACK_KERN=0 -D ATTACK_MODE=0 -D FIXED_LOCAL_SIZE=256"
defs="$(echo $defs)"
clang="clang-16 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only"
# The binaries leave the page cache first, as bench/whole_process.sh does (see there).
python3 -c 'import os, sys
for f in sys.argv[1:]:
    fd = os.open(f, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' \
  "$clasp" ${BASE:+"$(realpath "$BASE")"}
bench() {  # bench CLASP_ARGS CLANG_ARGS
  local cmds=("clasp=$clasp check --std CL1.2 $1")
  [ -n "${BASE:-}" ] && cmds+=("base=$(realpath "$BASE") check --std CL1.2 $1")
  cmds+=("clang-16=$clang $2")
  taskset -c "$core" python3 "$here/process.py" "$runs" "${cmds[@]}"
}
# Eleven kernels over different parts of the library: MD5, SHA-256, SHA-512, bcrypt,
# Whirlpool, TrueCrypt (RIPEMD-160, AES, Serpent, Twofish, XTS), Streebog, VeraCrypt, LUKS,
# Electrum (secp256k1), WPA (PBKDF2-SHA1).
if [ "${ONLY:-hashcat}" = hashcat ]; then
  cd "$kernels"
  for k in m00000_a0-pure m01400_a3-optimized m01700_a0-optimized m03200-pure \
    m06100_a0-optimized m06211-pure m11700_a0-optimized m13711-pure m14621-pure m21800-pure \
    m22000-pure; do
    bytes=$($clang -I . $defs -M "$k.cl" 2>/dev/null | tr -d '\\' | tr ' ' '\n' | grep -v ':$' \
      | grep -v '^/' | grep . | sort -u | xargs cat | wc -c)
    echo "== hashcat $k.cl with its includes: $bytes bytes"
    bench "-I . $defs $k.cl" "-I . $defs $k.cl"
  done
fi
if [ "${ONLY:-scientific}" = scientific ]; then
  cd "$work/sci"
  for k in rhs.cl constraints.cl; do
    echo "== generated relativity kernel $k: $(stat -c %s $k) bytes"
    bench "-D VECTOR_SIZE_I=4 $k" "-D VECTOR_SIZE_I=4 $k"
  done
fi
echo "== end: $(uptime)"
