//! A random well-typed program and its one-violation mutant: the checker reports exactly the annotated diagnostics.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| generators::fuzz::oracle(data));
