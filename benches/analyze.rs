//! Benchmarks of `mythforge analyze` (placeholder, filled below).
fn main() {}
