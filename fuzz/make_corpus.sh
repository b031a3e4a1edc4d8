#!/usr/bin/env bash
# Builds the seed corpora from suite/: `fuzz/make_corpus.sh [DIR]` (default fuzz/corpus) writes
# DIR/<target>/ for every target. check_bytes and preprocess start from every suite file as
# bytes; roundtrip and oracle from the same bytes (they drive `arbitrary::Unstructured`);
# suite_mutate from every file behind its 9-byte header (8-byte mutation seed, flag byte 1 =
# "the file follows").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/corpus}"
suite="$here/../suite/cases"
targets=(check_bytes preprocess roundtrip oracle suite_mutate)
for t in "${targets[@]}"; do mkdir -p "$out/$t"; done
i=0
while IFS= read -r -d '' f; do
  i=$((i + 1))
  name="$(printf 'suite-%04d' "$i")"
  for t in check_bytes preprocess roundtrip oracle; do cp "$f" "$out/$t/$name"; done
  { printf "\\x$(printf %02x $((i % 256)))\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x01"; cat "$f"; } > "$out/suite_mutate/$name"
done < <(find "$suite" -name '*.cl' -print0 | sort -z)
echo "seed corpora: $i suite files into $out/{$(IFS=,; echo "${targets[*]}")}"
