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
                diagnostics.push(Diagnostic::error("rules::load::unreadable", format!("cannot read `{}`: {error}", path.display())));
                continue;
            }
        };
        for file in files {
            let text = match std::fs::read_to_string(&file) {
                Ok(text) => text,
                Err(error) => {
                    diagnostics.push(Diagnostic::error("rules::load::unreadable", format!("cannot read `{}`: {error}", file.display())));
                    continue;
                }
            };
            let id = sources.add(file.display().to_string(), text.as_str());
            let (rule_file, found) = crate::parse::parse_file(id, &file, &text);
            let failed = found.iter().any(Diagnostic::is_error);
            diagnostics.extend(found);
            if !failed {
                outputs.push(crate::model::format_file(&rule_file));
            }
        }
    }
    print!("{}", outputs.join("\n"));
    super::report(&diagnostics, &sources)
}
