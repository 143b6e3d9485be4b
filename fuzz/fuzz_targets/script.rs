//! Fuzz target `script`: see fuzz/README.md and [`mythforge_fuzz::script`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mythforge_fuzz::script(data));
