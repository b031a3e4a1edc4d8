//! Suite files (from the seed corpus: an 8-byte mutation seed, then the file) mutated at token
//! level and checked: no panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| generators::fuzz::suite_mutate(data));
