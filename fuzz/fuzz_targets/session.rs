//! Fuzz target `session`: see fuzz/README.md and [`mythforge_fuzz::session`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mythforge_fuzz::session(data));
