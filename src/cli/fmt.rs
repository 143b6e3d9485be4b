//! `mythforge fmt PATH...`: print rule files in canonical form on stdout, one after the
//! other (folders recurse over `*.rules`). Includes are not followed: each named file is
//! printed as it is. A file with parse errors is not printed; its diagnostics are.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::diagnostics::{Diagnostic, SourceMap};

/// Arguments of `mythforge fmt`.
#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Rule files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// Runs `mythforge fmt`.
pub fn run(args: &FmtArgs) -> ExitCode {
    let mut sources = SourceMap::new();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut outputs = Vec::new();
    for path in &args.paths {
        let files = match crate::parse::rule_files(path) {
            Ok(files) => files,
            Err(error) => {
                diagnostics.push(crate::parse::unreadable(path, &error.to_string()));
                continue;
            }
        };
        for file in files {
            match crate::parse::load_file(&file, &mut sources) {
                Ok((rule_file, found)) => {
                    if !found.iter().any(Diagnostic::is_error) {
                        outputs.push(crate::model::format_file(&rule_file));
                    }
                    diagnostics.extend(found);
                }
                Err(diagnostic) => diagnostics.push(diagnostic),
            }
        }
    }
    print!("{}", outputs.join("\n"));
    super::report(&diagnostics, &sources)
}
