#!/usr/bin/env bash
# Produces clasp's reference results on a machine with an NVIDIA GPU, NVIDIA's OpenCL driver and
# PoCL, where there is no Rust toolchain: build `clasp` elsewhere and place the binary (and the
# clpeak .deb, for the bench phase) in $GPU_DIR. Outputs go to $OUT: the conformance run in the
# compact form `reports/reference/` keeps (`reference/summary.md` and `reference/results.json.gz`;
# `clasp report $OUT/reference` renders every other report from them), and logs.
#
#   scripts/gpu-reference.sh conformance   # clasp devices + clasp run (compile and run-time cases)
#   scripts/gpu-reference.sh bench         # PyTorch copy + clpeak references, then clasp bench
#   scripts/gpu-reference.sh fuzz [TIME]   # differential fuzzing of NVIDIA's driver (default 8m)
#   scripts/gpu-reference.sh verify        # the corpus on every device, the whole generated suite
#       on NVIDIA (8 shards) and a sample of 5 on PoCL, each merged into a compact report in $OUT
#       (hand/, gen-nvidia/, gen-pocl-sample/) with the logs in $OUT/logs.tar.gz: about 4 minutes
#   scripts/gpu-reference.sh fuzz-runtime SUBJECT [TIME] [JOBS]
#       run-time fuzzing of SUBJECT (NVIDIA, portable) with random programs and their EMI
#       variants (default 10m, 1 job)
#   scripts/gpu-reference.sh generated SUBJECT SHARDS [SECONDS]
#       the whole generated suite from memory on SUBJECT (nvidia, portable) in SHARDS hash
#       shards, within SECONDS (default 540); call again to go on (references: nvidia 8 shards in
#       one call, portable 4 shards in three)
set -u
phase=${1:?usage: gpu-reference.sh conformance|verify|bench|fuzz [TIME]|fuzz-runtime SUBJECT [TIME]|generated SUBJECT SHARDS [SECONDS]}
GPU_DIR=${GPU_DIR:-target/gpu}
OUT=${OUT:?set OUT to the output folder}
BIN=$GPU_DIR/clasp
mkdir -p "$OUT" /etc/OpenCL/vendors
# NVIDIA's ICD file is missing on that machine.
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$OUT/nvidia-smi-$phase.txt"

case "$phase" in
conformance)
  "$BIN" devices | tee "$OUT/devices.txt"
  "$BIN" devices --format json > "$OUT/devices.json"
  start=$(date +%s%N)
  timeout 520 "$BIN" run --subject devices --out /tmp/clasp-runs --cache-dir /tmp/clasp-cache --plain -j 16 > "$OUT/run.log" 2>&1
  echo "clasp run exit $? in $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$OUT/run.log"
  start=$(date +%s%N)
  timeout 60 "$BIN" run --subject devices --out /tmp/clasp-runs-cached --cache-dir /tmp/clasp-cache --plain -j 16 > "$OUT/run-cached.log" 2>&1
  echo "cached re-run exit $? in $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$OUT/run-cached.log"
  tail -5 "$OUT/run.log"
  run_dir=$(ls -d /tmp/clasp-runs/*/ | tail -1)
  "$BIN" report "$run_dir" --compact --out "$OUT/reference" > "$OUT/report.log" 2>&1
  echo "compact reference exit $? (1: findings)" | tee -a "$OUT/report.log"
  ;;
bench)
  # Independent reference 1: a large device-to-device copy through PyTorch (bytes read + written).
  python3 - > "$OUT/torch-copy.txt" <<'PY'
import torch
n = 4 << 30
x = torch.empty(n, dtype=torch.uint8, device="cuda")
y = torch.empty_like(x)
for _ in range(3):
    y.copy_(x)
torch.cuda.synchronize()
times = []
for _ in range(20):
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record(); y.copy_(x); b.record(); b.synchronize()
    times.append(a.elapsed_time(b) / 1e3)
times.sort()
print(f"torch-d2d-copy {2 * n / times[len(times) // 2] / 1e9:.1f} GB/s (median of 20, {n >> 30} GiB, read+write)")
PY
  cat "$OUT/torch-copy.txt"
  torch_gbps=$(awk '{print $2}' "$OUT/torch-copy.txt")
  # Independent reference 2: clpeak's global memory bandwidth on the NVIDIA platform.
  mkdir -p /tmp/clpeak && dpkg -x "$GPU_DIR"/clpeak_*.deb /tmp/clpeak
  timeout 300 /tmp/clpeak/usr/bin/clpeak --global-bandwidth > "$OUT/clpeak.txt" 2>&1
  clpeak_gbps=$(awk '/Platform: /{nv = ($0 ~ /NVIDIA/)} nv && /Global memory bandwidth/{g=1; next} nv && g && /:/{v=$NF+0; if (v>best) best=v} nv && g && /^$/{g=0} END{print best}' "$OUT/clpeak.txt")
  echo "clpeak best global bandwidth on NVIDIA: $clpeak_gbps GB/s"
  timeout 480 "$BIN" bench --device NVIDIA --plain --out /tmp/clasp-bench \
    --reference "clpeak-global-best=$clpeak_gbps" --reference "torch-d2d-copy=$torch_gbps" \
    > "$OUT/bench.txt" 2>&1
  echo "clasp bench exit $?" | tee -a "$OUT/bench.txt"
  timeout 100 "$BIN" bench --device pocl --quick --plain --out /tmp/clasp-bench >> "$OUT/bench.txt" 2>&1
  tail -40 "$OUT/bench.txt"
  tar czf "$OUT/bench.tar.gz" -C /tmp clasp-bench
  ;;
verify)
  L=$OUT/logs; mkdir -p "$L"
  "$BIN" devices > "$L/devices.txt" 2>&1
  (clinfo || true) > "$L/clinfo.txt" 2>&1
  timeout 240 "$BIN" run --subject devices --out /tmp/v-hand --plain -j 16 > "$L/hand.log" 2>&1
  echo "hand corpus exit $?" | tee -a "$L/verify.log"
  "$BIN" report /tmp/v-hand/*/ --compact --out "$OUT/hand" > "$L/hand-report.log" 2>&1
  start=$(date +%s)
  for i in 1 2 3 4 5 6 7 8; do
    timeout 120 "$BIN" run --suite generated --shard "$i/8" --subject nvidia --out "/tmp/v-gen$i" --plain -j 16 > "$L/gen-$i.log" 2>&1
    echo "nvidia generated shard $i/8 exit $?" | tee -a "$L/verify.log"
  done
  echo "nvidia generated suite in $(( $(date +%s) - start )) s" | tee -a "$L/verify.log"
  "$BIN" report /tmp/v-gen*/*/ --compact --out "$OUT/gen-nvidia" > "$L/gen-report.log" 2>&1
  timeout 200 "$BIN" run --suite generated --sample 5 --subject portable --out /tmp/v-pocl --plain -j 16 > "$L/pocl.log" 2>&1
  echo "pocl generated sample exit $?" | tee -a "$L/verify.log"
  "$BIN" report /tmp/v-pocl/*/ --compact --out "$OUT/gen-pocl-sample" > "$L/pocl-report.log" 2>&1
  tar czf "$OUT/logs.tar.gz" -C "$OUT" logs && rm -rf "$L"
  for r in hand gen-nvidia gen-pocl-sample; do sed -n 5p "$OUT/$r/summary.md"; done
  ;;
generated)
  # SUBJECT in SHARDS hash shards, one after another until SECONDS are spent; a shard cut short
  # by the time limit is resumed by the next call with the same arguments (on the same machine:
  # /tmp does not outlive it). The run directories
  # (results, run and cases, no HTML) come back in $OUT/runs.tar.gz; merge them elsewhere with
  # `clasp report <dirs> --compact --out DIR`.
  subject=${2:?usage: gpu-reference.sh generated SUBJECT SHARDS [SECONDS]}
  shards=${3:?usage: gpu-reference.sh generated SUBJECT SHARDS [SECONDS]}
  deadline=$(( $(date +%s) + ${4:-540} ))
  runs=/tmp/gen-$subject
  for i in $(seq 1 "$shards"); do
    left=$(( deadline - $(date +%s) ))
    [ "$left" -gt 30 ] || { echo "$subject: stopped before shard $i/$shards (time)" | tee -a "$OUT/generated.log"; break; }
    dir=$(ls -d "$runs-$i"/*/ 2>/dev/null | tail -1)
    if [ -n "$dir" ] && [ -f "$dir/summary.json" ]; then continue; fi  # finished earlier
    start=$(date +%s)
    timeout -k 5 "$left" "$BIN" run --suite generated --shard "$i/$shards" --subject "$subject" \
      ${dir:+--resume "$dir"} --out "$runs-$i" --cache-dir /tmp/gen-cache --plain -j 16 > "$OUT/$subject-$i.log" 2>&1
    echo "$subject shard $i/$shards exit $? in $(( $(date +%s) - start )) s" | tee -a "$OUT/generated.log"
  done
  ( cd /tmp && tar czf "$OUT/runs.tar.gz" $(for d in gen-"$subject"-*/*/; do
      for f in results.jsonl run.json cases.json summary.json; do [ -f "$d$f" ] && echo "$d$f"; done; done) )
  ;;
fuzz)
  # Random programs and their one-violation mutants on NVIDIA's driver, reduced on disagreement.
  "$BIN" fuzz --subject NVIDIA --time "${2:-8m}" --seed 3 --out "$OUT/fuzz-nvidia" > "$OUT/fuzz.log" 2>&1
  echo "clasp fuzz exit $?" | tee -a "$OUT/fuzz.log"
  tail -20 "$OUT/fuzz.log"
  ;;
fuzz-runtime)
  # Random run-time programs and their EMI variants, executed and compared with the outputs the
  # generator computed; mismatches reduced into run-time cases.
  subject=${2:?usage: gpu-reference.sh fuzz-runtime SUBJECT [TIME] [JOBS]}
  name=$(echo "$subject" | tr 'A-Z ' 'a-z-')
  "$BIN" fuzz --runtime --subject "$subject" --time "${3:-10m}" -j "${4:-1}" --seed 1 \
    --out "$OUT/fuzz-runtime-$name" > "$OUT/fuzz-runtime-$name.log" 2>&1
  echo "clasp fuzz --runtime exit $? (1: mismatches)" | tee -a "$OUT/fuzz-runtime-$name.log"
  tail -20 "$OUT/fuzz-runtime-$name.log"
  ;;
esac
