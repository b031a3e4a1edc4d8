#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build: every target of fuzz/, with its dictionary, its .options
# file and a seed corpus made from suite/ (fuzz/make_corpus.sh).
cd "$SRC/clasp/fuzz"
cargo fuzz build -O --debug-assertions
bin=target/x86_64-unknown-linux-gnu/release
./make_corpus.sh "$WORK/corpus"
for t in check_bytes preprocess roundtrip oracle suite_mutate; do
  cp "$bin/$t" "$OUT/$t"
  cp options/$t.options "$OUT/$t.options"
  cp opencl.dict "$OUT/$t.dict"
  (cd "$WORK/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
done
