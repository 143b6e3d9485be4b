//! `mythforge export` and `mythforge new` as a GM runs them: an exported built-in pack loads
//! with its scripts (`load "DIR"` runs a power that calls a script function) and checks
//! clean of errors; a scaffold checks clean and its session reproduces its transcript; an
//! existing folder, an unknown pack and a bad name are refused and nothing is written.

use std::path::{Path, PathBuf};

use crate::common::cli::run_in as run;

/// A fresh, empty scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_export").join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// Every file under `folder`, relative, sorted.
fn listing(folder: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(directory) = pending.pop() {
        for entry in std::fs::read_dir(&directory).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path.strip_prefix(folder).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn an_exported_pack_loads_with_its_scripts_and_checks() {
    let root = scratch("export");
    let (code, stdout, stderr) = run(&root, &["export", "mestezia", "house"], "");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("exported mestezia to house: 10 rule files, 1 script\n"),
        "{stdout}"
    );
    let files = listing(&root.join("house"));
    assert!(files.contains(&"system.rules".to_string()), "{files:?}");
    assert!(files.contains(&"scripts/checks.rhai".to_string()), "{files:?}");
    let shipped = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/mestezia/system.rules"),
    )
    .unwrap();
    assert_eq!(std::fs::read_to_string(root.join("house/system.rules")).unwrap(), shipped);
    let (code, _, stderr) = run(&root, &["check", "house"], "");
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("checked 11 files: 0 errors"), "{stderr}");
    // Healing Poultice heals `[jolt(Target) + Grade]`: jolt is a script function.
    let session = "load \"house\"\nactor Ragweed from Ragweed\nactor Itzel from Itzel\n\
                   force 9, 9, 9\nRagweed uses Healing Poultice on Itzel\n";
    let (code, stdout, stderr) = run(&root, &["run", "-"], session);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("loaded house: 107 blocks, 1 script\n"), "{stdout}");
    // Exported to `rules/NAME`, it is the local pack `load NAME` prefers, scripts included.
    std::fs::create_dir_all(root.join("rules")).unwrap();
    let (code, _, stderr) = run(&root, &["export", "mestezia", "rules/mestezia"], "");
    assert_eq!(code, 0, "{stderr}");
    let session = session.replace("load \"house\"", "load mestezia");
    let (code, stdout, stderr) = run(&root, &["run", "-"], &session);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("instead of the built-in one\nloaded mestezia: 107 blocks, 1 script\n")
    );
}

#[test]
fn a_pack_without_its_scripts_folder_is_refused_by_check_and_by_load() {
    let root = scratch("no-scripts");
    let (code, _, stderr) = run(&root, &["export", "mestezia", "house"], "");
    assert_eq!(code, 0, "{stderr}");
    std::fs::remove_dir_all(root.join("house/scripts")).unwrap();
    // Mestezia declares nine script functions on one `Functions:` line: each is an error
    // at its name, instead of a clean check and a failure at the first call.
    let (code, _, stderr) = run(&root, &["check", "house"], "");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("checked 10 files: 9 errors"), "{stderr}");
    assert!(
        stderr.contains("`jolt` is a script function, but no script comes with this pack"),
        "{stderr}"
    );
    assert!(stderr.contains("script::no_scripts"), "{stderr}");
    let (code, stdout, stderr) = run(&root, &["run", "-"], "load \"house\"\n");
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(!stdout.contains("loaded house"), "{stdout}");
    assert!(stderr.contains("`jolt` is a script function"), "{stderr}");
    // Loaded by name as a local pack (`rules/house`, no `scripts/house`): the same refusal.
    std::fs::create_dir_all(root.join("rules")).unwrap();
    std::fs::rename(root.join("house"), root.join("rules/house")).unwrap();
    let (code, stdout, stderr) = run(&root, &["run", "-"], "load house\n");
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(!stdout.contains("loaded house"), "{stdout}");
    assert!(stderr.contains("`jolt` is a script function, but no script comes"), "{stderr}");
    // An empty scripts folder brings no script either.
    std::fs::create_dir_all(root.join("scripts/house")).unwrap();
    let (code, _, stderr) = run(&root, &["run", "-"], "load house\n");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("script::no_scripts"), "{stderr}");
    // And `check` says so once for each function, as the load does.
    let (code, _, stderr) = run(&root, &["check", "rules/house"], "");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("checked 10 files: 9 errors"), "{stderr}");
    assert_eq!(stderr.matches("script::no_scripts").count(), 9, "{stderr}");
}

#[test]
fn export_refuses_an_existing_folder_and_an_unknown_pack() {
    let root = scratch("refuse");
    std::fs::create_dir_all(root.join("taken")).unwrap();
    std::fs::write(root.join("taken/notes.txt"), "mine").unwrap();
    let (code, stdout, stderr) = run(&root, &["export", "mestezia", "taken"], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.contains("`taken` already exists and is not an empty folder"), "{stderr}");
    assert_eq!(listing(&root.join("taken")), ["notes.txt"]);
    let (code, _, stderr) = run(&root, &["export", "mestzia", "fresh"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("no built-in pack is called `mestzia`"), "{stderr}");
    assert!(stderr.contains("did you mean `mestezia`?"), "{stderr}");
    assert!(!root.join("fresh").exists());
    // An empty folder is fine; no partial folder is left behind.
    std::fs::create_dir_all(root.join("empty")).unwrap();
    let (code, _, stderr) = run(&root, &["export", "mystika", "empty"], "");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(listing(&root).iter().filter(|f| f.contains("partial")).count(), 0);
}

#[test]
fn a_new_pack_checks_clean_and_its_session_reproduces_its_transcript() {
    let root = scratch("new");
    let (code, stdout, stderr) = run(&root, &["new", "my-game"], "");
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("created my-game/ with README.md, system.rules"), "{stdout}");
    let pack = root.join("my-game");
    assert_eq!(
        listing(&pack),
        [
            "README.md",
            "actors.rules",
            "play.session",
            "play.transcript",
            "powers.rules",
            "system.rules"
        ]
    );
    assert!(
        std::fs::read_to_string(pack.join("system.rules")).unwrap().contains("system My Game\n")
    );
    let (code, _, stderr) = run(&pack, &["check", "."], "");
    assert_eq!((code, stderr.as_str()), (0, "checked 3 files: 0 errors, 0 warnings\n"));
    let (code, stdout, stderr) = run(&pack, &["run", "play.session"], "");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, std::fs::read_to_string(pack.join("play.transcript")).unwrap());
    assert!(stdout.contains("> Ana uses Jab on Bo\n"), "{stdout}");
    assert!(stdout.contains("Bo takes 3 damage into HP; HP now 7\n"), "{stdout}");
}

#[test]
fn new_refuses_a_bad_name_and_an_existing_folder() {
    let root = scratch("new-refuse");
    let (code, _, stderr) = run(&root, &["new", "2fast"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("`2fast` is not a pack name"), "{stderr}");
    let (code, _, stderr) = run(&root, &["new", "../escape"], "");
    assert_eq!(code, 1, "{stderr}");
    assert!(listing(&root).is_empty());
    std::fs::create_dir_all(root.join("mine")).unwrap();
    std::fs::write(root.join("mine/system.rules"), "# mine\n").unwrap();
    let (code, _, stderr) = run(&root, &["new", "mine"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("`mine` already exists"), "{stderr}");
    assert_eq!(std::fs::read_to_string(root.join("mine/system.rules")).unwrap(), "# mine\n");
    assert_eq!(listing(&root), ["mine/system.rules"]);
}
