//! Fuzz target `dice`: see fuzz/README.md and [`mythforge_fuzz::dice`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mythforge_fuzz::dice(data));
