//! Macro- and #if-heavy sources with -D options: no panic, spans in bounds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| generators::fuzz::preprocess(data));
