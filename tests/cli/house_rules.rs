//! House rules over a loaded pack: a replaced power, amended lines (replace, add, remove),
//! a removed block, changed rulings, as the session reports them and as the game then plays
//! them; `mythforge check` on a house-rule file; `fmt` of one; and every refusal (a rule
//! naming no block or no line, a line the block already has, an ambiguous label, another
//! pack's house rules, broken lines) with its diagnostic, the game unchanged.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::Diagnostic;
use mythforge::runtime::Game;
use mythforge::session::{Run, Session, transcript};

fn session() -> Session<Game> {
    Session::new(Game::new(1), 1)
}

/// The transcript of a run that must succeed.
fn text(run: &Run) -> String {
    assert!(run.failure.is_none(), "{:?}", run.failure);
    run.steps.iter().map(transcript::step_text).collect()
}

/// The diagnostics of a run that must fail.
fn failure(run: Run) -> Vec<Diagnostic> {
    run.failure.expect("the run fails")
}

/// The pack's canonical text and the world's JSON: what a refused command must not change.
fn state(session: &Session<Game>) -> (String, String) {
    let game = session.backend();
    let pack = game.pack().files.iter().map(mythforge::model::format_file).collect();
    (pack, serde_json::to_string(game.world()).unwrap())
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("house_rules");
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const CHARGE: &str = "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl\n";

#[test]
fn a_replaced_power_plays_its_new_lines() {
    let mut session = session();
    let setup = "load mestezia\nactor Itzel from Itzel\nactor The Inquisitor from The Inquisitor\n";
    text(&session.run_text("setup.session", setup, None));
    let before =
        text(&session.run_text("before.session", &format!("force 9, 8, 7\n{CHARGE}undo\n"), None));
    assert!(before.contains("Itzel pays 4 CP (2 left)\n"), "{before}");
    assert!(before.contains("The Inquisitor takes 15 damage into HP; HP now 15\n"), "{before}");
    let house = "replace power Berserker Charge\nCost: [Weapon + 2] CP\nTarget: Enemy in [Weapon Reach]\n\
                 Threshold: Target's Defense\nCheck: [Attack + Strength]\nResult: [Weapon + Grade] damage\n\
                 Result 3: apply Dazed to Target\nKeywords: Berserker Melee [Weapon] Charge\n";
    let loaded = text(&session.run_text("house.session", house, None));
    assert_eq!(
        loaded,
        "> replace power Berserker Charge\nhouse rule replaces power Berserker Charge\n  \
         ~ Cost: [Weapon + 1] CP\n    -> Cost: [Weapon + 2] CP\n  - Before: walk up to [Speed + 1] hexes\n  \
         + Result 3: Target is Dazed\n"
    );
    let after = text(&session.run_text("after.session", &format!("force 9, 8, 7\n{CHARGE}"), None));
    assert!(after.contains("Itzel pays 5 CP (1 left)\n"), "{after}");
    assert!(!after.contains("walk up to"), "{after}");
    assert!(after.contains("The Inquisitor takes 15 damage into HP; HP now 15\n"), "{after}");
    assert!(after.contains("The Inquisitor gains Dazed"), "{after}");
}

#[test]
fn amended_lines_and_a_removed_block_show_what_changed() {
    let path = scratch(
        "amend.rules",
        "house rules for mestezia\n\namend system Mestezia\nreplace Ruling grade cap: 4\n\
         add Ruling house bonus: 1\n\namend check Mestezia Pool\nremove Grade cap:\n\
         replace Grades: 0 Fail, 1 Low, 2 Medium, 3 High, 4 Critical\n\namend power Obsidian Cut\n\
         add Limit: 1 per encounter\n\nremove power Strangler Vines\n",
    );
    let mut session = session();
    let shown = path.display();
    let run =
        session.run_text("amend.session", &format!("load mestezia\nload \"{shown}\"\n"), None);
    let out = text(&run);
    let expected = format!(
        "> load \"{shown}\"\nloaded {shown}: 0 blocks, 0 scripts, 4 house rules\n\
         house rule changes system Mestezia: `Ruling grade cap: 3` becomes `Ruling grade cap: 4`\n\
         house rule adds `Ruling house bonus: 1` to system Mestezia\n\
         house rule removes `Grade cap: [Ruling grade cap]` from check Mestezia Pool\n\
         house rule changes check Mestezia Pool: `Grades: 0 Fail, 1 Low, 2 Medium, 3 High` becomes \
         `Grades: 0 Fail, 1 Low, 2 Medium, 3 High, 4 Critical`\n\
         house rule adds `Limit: once per encounter` to power Obsidian Cut\n\
         house rule removes power Strangler Vines\n"
    );
    assert!(out.ends_with(&expected), "{out}");
    let game = session.backend();
    assert_eq!(game.pack().ruling("grade cap").map(ToString::to_string).as_deref(), Some("4"));
    assert_eq!(game.pack().find("Strangler Vines").count(), 0);
    let shown = text(&session.run_text("show.session", "show power Obsidian Cut\n", None));
    assert!(shown.ends_with("Limit: once per encounter\n"), "{shown}");
}

#[test]
fn a_tier_two_pool_reaches_grade_four_once_the_cap_is_lifted() {
    let mut session = session();
    let setup = "load mestezia\nactor Vet from Itzel with Level 6\nactor The Inquisitor from The Inquisitor\n";
    text(&session.run_text("setup.session", setup, None));
    let check = "force 9, 9, 9, 9\ncheck Vet Aim vs 10\n";
    let capped = text(&session.run_text("capped.session", check, None));
    assert!(capped.contains("4 meet, grade 3\nVet: High\n"), "{capped}");
    // The pool's `Grade cap:` reads the ruling: changing the ruling lifts the cap.
    let house = "amend check Mestezia Pool\n\
                 replace Grades: 0 Fail, 1 Low, 2 Medium, 3 High, 4 Critical\n\n\
                 amend system Mestezia\nreplace Ruling grade cap: 4\n";
    text(&session.run_text("house.session", house, None));
    let lifted = text(&session.run_text("lifted.session", check, None));
    assert!(lifted.contains("4 meet, grade 4\nVet: Critical\n"), "{lifted}");
}

#[test]
fn a_house_rule_that_names_nothing_is_refused_and_changes_nothing() {
    let mut session = session();
    text(&session.run_text("setup.session", "load mestezia\nactor Itzel from Itzel\n", None));
    let before = state(&session);
    let cases = [
        (
            "replace power Berserker Charg\nCost: 1 CP\n",
            "house::names_nothing",
            "this house rule names no power `Berserker Charg`",
            Some("did you mean `Berserker Charge`?"),
        ),
        (
            "amend power Dying Collapse\nreplace Cost: 1 CP\n",
            "house::names_nothing",
            "this house rule names no power `Dying Collapse`",
            Some("`Dying Collapse` is a feat: write `amend feat Dying Collapse`"),
        ),
        (
            "amend power Obsidian Cut\nreplace Limit: 1 per encounter\n",
            "house::no_line",
            "power Obsidian Cut has no `Limit` line",
            Some("write `add Limit: ...` to add one"),
        ),
        (
            "amend system Mestezia\nreplace Ruling grade cop: 4\n",
            "house::no_line",
            "system Mestezia has no `Ruling grade cop` line",
            Some("did you mean `Ruling grade cap`?"),
        ),
        (
            "amend power Obsidian Cut\nadd Cost: 1 CP\n",
            "house::line_exists",
            "power Obsidian Cut already has a `Cost` line",
            None,
        ),
        (
            "amend power Obsidian Cut\ntweak Cost: 1 CP\n",
            "rules::house::no_action",
            "a line of an `amend` house rule starts with `add`, `replace` or `remove`",
            None,
        ),
        (
            "remove power Obsidian Cut\nCost: 1 CP\n",
            "rules::house::line_under_remove",
            "a `remove` house rule has no lines: it removes the whole block",
            None,
        ),
        // Removing a power an actor block lists leaves a dangling name: `check` refuses it.
        ("remove power Sleep\n", "rules::check::unknown_reference", "unknown power `Sleep`", None),
    ];
    for (house, code, message, help) in cases {
        let diagnostics = failure(session.run_text("house.session", house, None));
        let first = diagnostics.iter().find(|d| d.is_error()).expect("an error");
        assert_eq!((first.code.as_str(), first.message.as_str()), (code, message), "{house}");
        if let Some(help) = help {
            assert_eq!(first.help.as_deref(), Some(help), "{house}");
        }
        assert!(diagnostics.iter().all(|d| d.code != "house::removed"), "no advice on refusal");
        assert_eq!(state(&session), before, "{house} changed the game");
    }
}

#[test]
fn house_rules_for_another_pack_or_no_pack_are_refused() {
    let path = scratch(
        "for.rules",
        "house rules for mestezia\n\namend system Mestezia\nreplace Ruling grade cap: 4\n",
    );
    let load = format!("load \"{}\"\n", path.display());
    let mut session = session();
    let diagnostics = failure(session.run_text("none.session", &load, None));
    assert_eq!(
        diagnostics[0].message,
        "these house rules are for `mestezia`, but no system is loaded"
    );
    let mut session = self::session();
    text(&session.run_text("mystika.session", "load mystika\n", None));
    let before = state(&session);
    let diagnostics = failure(session.run_text("other.session", &load, None));
    assert_eq!(
        diagnostics[0].message,
        "these house rules are for `mestezia`, but the loaded system is `Mystika`"
    );
    assert_eq!(diagnostics[0].help.as_deref(), Some("load `mestezia` before these house rules"));
    assert_eq!(state(&session), before);
}

#[test]
fn an_ambiguous_label_is_refused_and_a_full_line_picks_one() {
    let mut session = session();
    let pack = "system Tiny\nStats: Attack\nResource HP: max 9\nRuling a: 1\n\npower Jab\nCheck: [Attack]\n\
                Result: 1 damage\nEffect: narrate one\nEffect: narrate two\n";
    text(&session.run_text("pack.session", pack, None));
    let before = state(&session);
    let diagnostics =
        failure(session.run_text("two.session", "amend power Jab\nremove Effect:\n", None));
    assert_eq!(diagnostics[0].message, "power Jab has 2 `Effect` lines");
    assert_eq!(state(&session), before);
    let out = text(&session.run_text(
        "one.session",
        "amend power Jab\nremove Effect: narrate two\n",
        None,
    ));
    assert!(out.contains("house rule removes `Effect: narrate two` from power Jab\n"), "{out}");
}

#[test]
fn house_rules_print_in_canonical_form() {
    let text = "house rules for mestezia\n\nreplace power Jab\nCost:   1 CP\n\namend system Tiny\n\
                replace Ruling grade cap:  4\nremove Ruling other:\n\nremove power Sleep\n";
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "house.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = mythforge::model::format_file(&file);
    assert_eq!(
        printed,
        "house rules for mestezia\n\nreplace power Jab\nCost: 1 CP\n\namend system Tiny\n\
         replace Ruling grade cap: 4\nremove Ruling other:\n\nremove power Sleep\n"
    );
    let (again, _) = mythforge::parse::parse_source(&mut sources, "again.rules", &printed);
    assert_eq!(mythforge::model::format_file(&again), printed);
}

#[test]
fn check_loads_the_named_pack_and_shows_each_change() {
    let path = scratch(
        "check.rules",
        "house rules for mestezia\n\namend system Mestezia\nreplace Ruling fate exchange CP: 4\n",
    );
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .args(["check", &path.display().to_string()])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("house::line_replaced"), "{stderr}");
    assert!(stderr.contains("house rule changes system Mestezia: `Ruling fate exchange CP: 3`"));
    assert!(stderr.contains("4 │ replace Ruling fate exchange CP: 4\n"), "{stderr}");
    assert!(stderr.contains("│ Ruling fate exchange CP: 3\n"), "{stderr}");
    // The pack's own warnings are the pack's business, not the house rules'.
    assert!(stderr.ends_with("0 errors, 0 warnings, 1 change by house rules\n"), "{stderr}");
    let broken = scratch("broken.rules", "house rules for mestezia\n\nremove power Slep\n");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .args(["check", &broken.display().to_string()])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("this house rule names no power `Slep`"), "{stderr}");
    assert!(stderr.contains("did you mean `Sleep`?"), "{stderr}");
}
