//! Arbitrary bytes through lexer, preprocessor, parser and sema in every profile: no panic, spans in bounds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| generators::fuzz::check_bytes(data));
