#!/usr/bin/env bash
# Prints the libFuzzer flags of options/<target>.options, the file OSS-Fuzz and ClusterFuzzLite
# read, so a local run fuzzes with the same max_len, timeout, memory limit and dictionary:
#   RUSTC_BOOTSTRAP=1 cargo fuzz run check_bytes corpus/check_bytes -- $(./flags.sh check_bytes)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
file="$here/options/${1:?usage: flags.sh TARGET}.options"
[ -f "$file" ] || { echo "flags.sh: no $file" >&2; exit 2; }
while IFS='=' read -r key value; do
  key="${key//[[:space:]]/}"
  value="${value//[[:space:]]/}"
  case "$key" in
    '' | '['* | '#'*) ;;
    # build.sh ships opencl.dict as <target>.dict, the name the options give.
    dict) echo "-dict=$here/opencl.dict" ;;
    *) echo "-$key=$value" ;;
  esac
done < "$file"
