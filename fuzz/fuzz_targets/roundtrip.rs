//! A random program printed, re-laid-out and re-parsed gives the same tree (spans aside).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| generators::fuzz::roundtrip(data));
