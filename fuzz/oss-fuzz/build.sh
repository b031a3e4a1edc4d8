#!/bin/bash -eu
# Copyright 2026 The clasp Authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#
################################################################################
# OSS-Fuzz and ClusterFuzzLite build: every target under fuzz/fuzz_targets/ ships with its
# options/<target>.options, the dictionary when those options name one, and a seed corpus made
# from suite/ (fuzz/make_corpus.sh). A target without a binary or an options file fails the
# build rather than being left out.
cd "$SRC/clasp/fuzz"
cargo fuzz build -O --debug-assertions
bin=target/x86_64-unknown-linux-gnu/release
./make_corpus.sh "$WORK/corpus"
shipped=0
for src in fuzz_targets/*.rs; do
  t="$(basename "$src" .rs)"
  cp "$bin/$t" "$OUT/$t"
  cp "options/$t.options" "$OUT/$t.options"
  if grep -q '^dict *=' "options/$t.options"; then
    cp opencl.dict "$OUT/$t.dict"
  fi
  rm -f "$OUT/${t}_seed_corpus.zip"
  (cd "$WORK/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
  shipped=$((shipped + 1))
done
echo "shipped $shipped fuzz targets to $OUT"
