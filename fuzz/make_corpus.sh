#!/usr/bin/env bash
# Builds the seed corpora from suite/: `fuzz/make_corpus.sh [DIR]` (default fuzz/corpus) writes
# DIR/<target>/ for every target under fuzz/fuzz_targets/. suite_mutate gets every suite file
# behind an 8-byte mutation seed (`generators::fuzz::suite_mutate_input`); every other target
# gets the suite files as they are (check_bytes and preprocess read bytes, roundtrip and oracle
# drive `arbitrary::Unstructured` with them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/corpus}"
suite="$here/../suite/cases"
targets=()
for f in "$here"/fuzz_targets/*.rs; do targets+=("$(basename "$f" .rs)"); done
for t in "${targets[@]}"; do mkdir -p "$out/$t"; done
i=0
while IFS= read -r -d '' f; do
  i=$((i + 1))
  name="$(printf 'suite-%04d' "$i")"
  for t in "${targets[@]}"; do
    if [ "$t" = suite_mutate ]; then
      # Seed bytes (i mod 256, 1, ..., 7): a little-endian u64, one per file.
      { printf "\\x$(printf %02x $((i % 256)))\\x01\\x02\\x03\\x04\\x05\\x06\\x07"; cat "$f"; } > "$out/$t/$name"
    else
      cp "$f" "$out/$t/$name"
    fi
  done
done < <(find "$suite" -name '*.cl' -print0 | sort -z)
echo "seed corpora: $i suite files into $out/{$(IFS=,; echo "${targets[*]}")}"
