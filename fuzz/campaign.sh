#!/usr/bin/env bash
# A long fuzzing run of prebuilt targets on a many-core machine (no Rust toolchain needed there):
#   fuzz/campaign.sh BIN SEEDS OUT SECONDS JOBS TARGET...
# runs each TARGET from BIN/ one after another for SECONDS at libFuzzer's -fork=JOBS, with the
# flags of options/<target>.options, starting from SEEDS/<target>/ (make_corpus.sh). Crashes,
# timeouts and OOMs are kept and fuzzing goes on; under OUT/<target>/ land the new corpus
# entries (corpus/), the findings (artifacts/) and libFuzzer's log (log). OUT/times holds wall,
# user and system seconds per target (children included), OUT/summary the last status line.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
usage="usage: campaign.sh BIN SEEDS OUT SECONDS JOBS TARGET..."
[ $# -ge 6 ] || { echo "$usage" >&2; exit 2; }
bin="$1" seeds="$2" out="$3" seconds="$4" jobs="$5"
shift 5
mkdir -p "$out"
for t in "$@"; do
  mkdir -p "$out/$t/corpus" "$out/$t/artifacts" "$seeds/$t"
  mapfile -t flags < <("$here/flags.sh" "$t")
  TIMEFORMAT="$t: %R s wall, %U s user, %S s system, jobs $jobs"
  # New entries go to the first folder; the seeds are read, never written.
  { time "$bin/$t" "$out/$t/corpus" "$seeds/$t" "${flags[@]}" -fork="$jobs" \
      -max_total_time="$seconds" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -artifact_prefix="$out/$t/artifacts/" > "$out/$t/log" 2>&1 || true; } 2>> "$out/times"
  {
    echo "$t: $(grep -E '^#[0-9]+: cov:' "$out/$t/log" | tail -1)"
    echo "$t: $(find "$out/$t/corpus" -type f | wc -l) new corpus entries, $(find "$out/$t/artifacts" -type f | wc -l) findings"
  } >> "$out/summary"
  tail -1 "$out/times"
  tail -2 "$out/summary"
done
