//! Sessions against the real runtime through the binary: the tour from any directory, JSON
//! events, the piped REPL driving game commands, a failed command changing nothing,
//! diagnostics at the session line, undo and save/restore.

use crate::common::cli::run_in;

/// A fresh folder under the system temp dir, removed on drop.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir()
            .join(format!("mythforge-session-game-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SETUP: &str =
    "seed 3\nload mestezia\nactor The Inquisitor from The Inquisitor\nactor Enrique from Enrique\n";

#[test]
fn the_tour_runs_from_any_directory_with_the_embedded_pack() {
    let dir = TempDir::new("t1");
    let tour = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tour.session");
    let (code, first, stderr) = run_in(dir.path(), &["run", tour], "");
    assert_eq!(code, 0, "{stderr}");
    assert!(!first.contains("local pack"), "{first}");
    assert!(first.contains("The Inquisitor takes 15 damage into HP; HP now 15"), "{first}");
    let (_, second, _) = run_in(dir.path(), &["run", tour], "");
    assert_eq!(first, second, "reruns are byte-identical");
    let (code, json, _) = run_in(dir.path(), &["run", tour, "--json"], "");
    assert_eq!(code, 0);
    let mut kinds = Vec::new();
    for line in json.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect(line);
        if let Some(kind) = value.get("kind").and_then(|k| k.as_str()) {
            kinds.push(kind.to_string());
        }
    }
    // The runtime's structured events come through, one per line.
    assert!(kinds.iter().any(|k| k == "damage"), "{kinds:?}");
}

#[test]
fn piped_repl_drives_game_commands_end_to_end() {
    let dir = TempDir::new("t2");
    let input = format!(
        "{SETUP}force 9, 9, 9\ncheck Enrique Trickery + Kinesthetics vs 10\nshow Enrique\n"
    );
    let (code, stdout, stderr) = run_in(dir.path(), &["repl", "--seed", "3"], &input);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Enrique rolls 3 d10 for check: [9f, 9f, 9f]"), "{stdout}");
    assert!(stdout.contains("HP 20/20"), "{stdout}");
}

#[test]
fn a_failed_uses_leaves_the_sheets_unchanged() {
    let dir = TempDir::new("t3");
    let input = format!(
        "{SETUP}show Enrique\nEnrique uses No Such Power on The Inquisitor\nshow Enrique\nshow \"The Inquisitor\"\n"
    );
    let (code, stdout, stderr) = run_in(dir.path(), &["repl", "--seed", "3"], &input);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("No Such Power"), "{stderr}");
    let sheets: Vec<&str> = stdout.split("Enrique (Healthy)\n  Stats").skip(1).collect();
    assert_eq!(sheets.len(), 2, "{stdout}");
    let cut = |sheet: &str| {
        sheet
            .split("\n\n")
            .next()
            .unwrap_or_default()
            .lines()
            .take(6)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(cut(sheets[0]), cut(sheets[1]));
}

#[test]
fn a_runtime_error_points_at_the_session_line() {
    let dir = TempDir::new("t4");
    std::fs::write(
        dir.path().join("bad.session"),
        format!("{SETUP}Enrique uses Obsidian Cut on Nobody\n"),
    )
    .unwrap();
    let (code, _, stderr) = run_in(dir.path(), &["run", "bad.session"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("bad.session:5:"), "{stderr}");
}

#[test]
fn undo_and_save_restore_through_the_session() {
    let dir = TempDir::new("t5");
    let session = format!(
        "{SETUP}save \"fight.json\"\nforce 10, 10, 10\ncheck Enrique Trickery vs 5\nundo\nrestore \"fight.json\"\nshow Enrique\nundo\n"
    );
    std::fs::write(dir.path().join("s.session"), session).unwrap();
    let (code, stdout, stderr) = run_in(dir.path(), &["run", "s.session"], "");
    assert!(dir.path().join("fight.json").exists());
    assert!(stdout.contains("undid the last command"), "{stdout}");
    assert!(stdout.contains("restored from fight.json"), "{stdout}");
    // Restoring clears the undo history: the last undo has nothing to take back.
    assert_eq!(code, 1, "{stdout}");
    assert!(stderr.contains("s.session:11:"), "{stderr}");
}

#[test]
fn completion_names_come_from_the_loaded_pack_and_the_world() {
    use mythforge::runtime::Game;
    use mythforge::session::{CompletionKind, Session};
    let mut session = Session::new(Game::new(1), 1);
    let run = session.run_text("c.session", SETUP, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(session.complete_names(CompletionKind::Actor), ["Enrique", "The Inquisitor"]);
    assert!(
        session.complete_names(CompletionKind::Power).contains(&"Berserker Charge".to_string())
    );
    assert!(
        session.complete_names(CompletionKind::StatBlock).contains(&"White Coyote".to_string())
    );
    assert!(!session.complete_names(CompletionKind::Condition).is_empty());
    assert!(session.complete_names(CompletionKind::Pack).contains(&"mestezia".to_string()));
}
