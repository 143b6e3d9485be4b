//! Fuzz target `rules`: see fuzz/README.md and [`mythforge_fuzz::rules`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mythforge_fuzz::rules(data));
