//! Fuzz target `save`: see fuzz/README.md and [`mythforge_fuzz::save`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mythforge_fuzz::save(data));
