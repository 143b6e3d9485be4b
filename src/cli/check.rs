//! `mythforge check PATH... [--json]`: load rule files (folders recurse over `*.rules`),
//! follow includes, run every check, compile each pack's scripts (`scripts/<pack>/*.rhai`,
//! or a script folder given directly), and print the diagnostics. Exit 0 when there are no
//! errors (warnings allowed), 1 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::diagnostics::{Diagnostic, Severity, SourceMap, to_json};
use crate::model::house::House;
use crate::model::{Item, Pack};

/// Arguments of `mythforge check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Rule files or folders (folders are searched for `*.rules`).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object per diagnostic on stdout instead of rendered text on stderr.
    #[arg(long)]
    pub json: bool,
}

/// Loads and checks every pack named by `paths`: the diagnostics, the source map to
/// render them with, and how many files were read.
///
/// Each path is one pack, except a folder with no `*.rules` directly inside: that is a
/// folder of packs (like `rules/`), and each of its subfolders is checked as its own pack,
/// so two games may both define `Perception` without clashing.
pub fn check_paths(paths: &[PathBuf]) -> (Vec<Diagnostic>, SourceMap, usize) {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let mut files = 0;
    // A pack's scripts are checked once, with the first pack that names their folder (a rule
    // folder's sibling `scripts/<pack>` or the script folder given directly).
    let mut checked_scripts = std::collections::BTreeSet::new();
    for pack_paths in packs(paths) {
        let (pack, found) = crate::parse::load_pack(&pack_paths, &mut sources);
        let scripts_only = pack.files.is_empty()
            && pack_paths.iter().all(|path| {
                crate::runtime::script_folders(std::slice::from_ref(path)) == [path.clone()]
            });
        if !scripts_only {
            diagnostics.extend(found);
            // House rules for a pack: that pack first, then the rules applied to it.
            let (base, found) = house_base(&pack, &mut sources);
            diagnostics.extend(found);
            let base_files: Vec<_> = base.files.iter().map(|file| file.file).collect();
            let mut files = base.files;
            files.extend(pack.files.iter().cloned());
            let (applied, house) = crate::model::house_apply::apply(Pack { files });
            diagnostics.extend(house);
            // The named pack's own warnings are not the house rules'; its errors may be
            // (a removed power an actor still lists).
            let mut checked = crate::check::check_pack(&applied);
            checked.retain(|d| d.is_error() || !base_files.contains(&d.primary_span().file));
            diagnostics.extend(checked);
        }
        files += pack.files.len();
        let mut folders = crate::runtime::script_folders(&pack_paths);
        // Declared functions with no script to come from are refused as a load refuses
        // them (once each); the scripts are then not checked against the pack.
        let any_script = folders.iter().any(|folder| rhai_count(folder) > 0);
        if let Err(errors) = crate::runtime::require_scripts(&pack, any_script) {
            diagnostics.extend(errors);
            continue;
        }
        folders.retain(|folder| {
            checked_scripts.insert(folder.canonicalize().unwrap_or(folder.clone()))
        });
        files += folders.iter().map(|folder| rhai_count(folder)).sum::<usize>();
        diagnostics.extend(crate::runtime::check_scripts(&pack, &folders, &mut sources));
    }
    crate::check::sort_diagnostics(&mut diagnostics);
    (diagnostics, sources, files)
}

/// The pack a house-rule file of `pack` names (`house rules for fantasy`): the local
/// folder `rules/NAME` or the built-in pack, parsed; empty when no file names one.
fn house_base(pack: &Pack, sources: &mut SourceMap) -> (Pack, Vec<Diagnostic>) {
    let named = pack.files.iter().flat_map(|file| &file.items).find_map(|item| match item {
        Item::House(house) => match &house.node {
            House::For(name) => Some(name.clone()),
            House::Rule(_) => None,
        },
        _ => None,
    });
    let Some(name) = named else { return (Pack::default(), Vec::new()) };
    let wanted = name.node.as_str().to_lowercase().replace(' ', "-");
    let packs = crate::session::embedded::packs();
    match crate::session::embedded::resolve(&wanted, std::path::Path::new("."), &packs) {
        Some(files) => files.parse(sources),
        None => {
            let names: Vec<&str> = packs.iter().map(|pack| pack.name.as_str()).collect();
            let mut diagnostic = Diagnostic::error(
                "house::unknown_pack",
                format!("these house rules are for `{}`, which is no pack", name.node.as_str()),
            )
            .with_primary(name.span, "not a built-in pack or a folder `rules/NAME`");
            if let Some(close) = crate::diagnostics::did_you_mean(&wanted, names.iter().copied()) {
                diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
            }
            (Pack::default(), vec![diagnostic])
        }
    }
}

/// Groups the command-line paths into packs (see [`check_paths`]). Files given together
/// form one pack; each pack folder is its own.
fn packs(paths: &[PathBuf]) -> Vec<Vec<PathBuf>> {
    let mut loose_files = Vec::new();
    let mut packs = Vec::new();
    for path in paths {
        if !path.is_dir() {
            loose_files.push(path.clone());
        } else if holds_rules(path) {
            packs.push(vec![path.clone()]);
        } else {
            let mut folders: Vec<PathBuf> = std::fs::read_dir(path)
                .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
                .unwrap_or_default();
            folders.retain(|folder| folder.is_dir());
            folders.sort();
            if folders.is_empty() {
                // Nothing to split: let the loader report the empty folder.
                packs.push(vec![path.clone()]);
            }
            packs.extend(folders.into_iter().map(|folder| vec![folder]));
        }
    }
    if !loose_files.is_empty() {
        packs.insert(0, loose_files);
    }
    packs
}

fn rhai_count(folder: &std::path::Path) -> usize {
    std::fs::read_dir(folder).map_or(0, |entries| {
        entries
            .flatten()
            .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "rhai"))
            .count()
    })
}

fn holds_rules(folder: &std::path::Path) -> bool {
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries.flatten().any(|entry| entry.path().extension().is_some_and(|ext| ext == "rules"))
    })
}

/// Runs `mythforge check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let (diagnostics, sources, files) = check_paths(&args.paths);
    if args.json {
        for diagnostic in &diagnostics {
            println!("{}", to_json(diagnostic, &sources));
        }
        return exit_code(&diagnostics);
    }
    let code = super::report(&diagnostics, &sources);
    let errors = diagnostics.iter().filter(|diagnostic| diagnostic.is_error()).count();
    let changes = diagnostics.iter().filter(|d| d.severity == Severity::Advice).count();
    let warnings = diagnostics.len() - errors - changes;
    let changes = match changes {
        0 => String::new(),
        n => format!(", {n} change{} by house rules", plural(n)),
    };
    eprintln!(
        "checked {files} file{}: {errors} error{}, {warnings} warning{}{changes}",
        plural(files),
        plural(errors),
        plural(warnings)
    );
    code
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

fn exit_code(diagnostics: &[Diagnostic]) -> ExitCode {
    if diagnostics.iter().any(Diagnostic::is_error) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
