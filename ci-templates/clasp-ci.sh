#!/usr/bin/env bash
# The steps of a driver vendor's clasp gate, one subcommand each, so that the GitHub Actions
# template beside this file and a local run execute the same commands:
#
#   clasp-ci.sh shard I N   run shard I of N of the suite on the driver (findings do not fail it)
#   clasp-ci.sh merge       merge the shards: the HTML report and a compact summary
#   clasp-ci.sh bugs        a ready-to-file bug report per group of findings
#   clasp-ci.sh compare     compare with the baseline: exit 1 when something is new or broken
#   clasp-ci.sh local N     all of the above on this machine, shards one after another
#
# Run it from a clasp checkout (it uses the corpus and known deviations there). Settings, all
# optional, from the environment:
#   CLASP            the clasp binary (default: clasp on PATH)
#   CLASP_OUT        where everything is written (default: clasp-out)
#   CLASP_SUBJECT    what to test, as `clasp run --subject` takes it (default: devices)
#   CLASP_SUITE      hand, generated or all (default: generated)
#   CLASP_RUN_ARGS   more `clasp run` arguments, e.g. "--sample 5" or "--rule AS-LOCAL-INIT"
#   CLASP_CASES      the hand-written corpus (default: suite/cases)
#   CLASP_KNOWN      known deviations (default: reports/known)
#   CLASP_BASELINE   the baseline: a compact report from an earlier `merge` (its compact/
#                    folder, committed in your repository), or any run or report directory.
#                    Without one, `compare` fails on every finding.
set -euo pipefail
CLASP=${CLASP:-clasp}
OUT=${CLASP_OUT:-clasp-out}
SUBJECT=${CLASP_SUBJECT:-devices}
SUITE=${CLASP_SUITE:-generated}
CASES=${CLASP_CASES:-suite/cases}
KNOWN=${CLASP_KNOWN:-reports/known}
BASELINE=${CLASP_BASELINE:-}
read -r -a EXTRA <<<"${CLASP_RUN_ARGS:-}"

usage() { sed -n '2,9p' "$0" >&2; exit 2; }

# clasp exits 1 when it finds something and 2 on a usage, input or setup error; a step that only
# collects results fails on 2 alone.
collect() { "$@" || { rc=$?; [ "$rc" -eq 1 ] || exit "$rc"; }; }

shard() {
  local i=$1 n=$2
  rm -rf "$OUT/shard-$i"
  collect "$CLASP" run --suite "$SUITE" --shard "$i/$n" --subject "$SUBJECT" --cases "$CASES" \
    --known "$KNOWN" --out "$OUT/shard-$i" --plain "${EXTRA[@]}"
}

merge() {
  local runs=("$OUT"/shard-*/*/)
  [ -d "${runs[0]}" ] || { echo "clasp-ci: no shard under $OUT" >&2; exit 2; }
  rm -rf "$OUT/report" "$OUT/compact"
  collect "$CLASP" report "${runs[@]}" --known "$KNOWN" --out "$OUT/report"
  collect "$CLASP" report "${runs[@]}" --known "$KNOWN" --out "$OUT/compact" --compact
}

bugs() {
  rm -rf "$OUT/bugs"
  collect "$CLASP" report "$OUT/report" --known "$KNOWN" --bugs "$OUT/bugs"
}

compare() {
  if [ -z "$BASELINE" ]; then
    echo "clasp-ci: no CLASP_BASELINE: every finding fails the gate ($OUT/compact is a baseline for the next run)"
    "$CLASP" report "$OUT/compact" --known "$KNOWN" --out "$OUT/gate"
    return
  fi
  local rc=0
  "$CLASP" compare "$BASELINE" "$OUT/compact" --known "$KNOWN" >"$OUT/compare.md" || rc=$?
  cat "$OUT/compare.md"
  return "$rc"
}

case "${1:-}" in
  shard) [ $# -eq 3 ] || usage; shard "$2" "$3" ;;
  merge) merge ;;
  bugs) bugs ;;
  compare) compare ;;
  local)
    [ $# -eq 2 ] || usage
    for i in $(seq 1 "$2"); do shard "$i" "$2"; done
    merge
    bugs
    compare
    ;;
  *) usage ;;
esac
