//! The `mythforge` binary: everything lives in the library's `cli` module.

fn main() -> std::process::ExitCode {
    mythforge::cli::main()
}
