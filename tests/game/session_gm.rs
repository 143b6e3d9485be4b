//! The GM at the table: fiat commands (set, damage, heal, conditions, grants, next turn)
//! logged, undone and saved like any command; `reload` after editing rule files, keeping the
//! world where names still resolve and reporting what changed; an inline definition
//! redefined; `actor ... from ... with ...`. Every refusal leaves the game as it was.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::Diagnostic;
use mythforge::runtime::Game;
use mythforge::session::{Run, Session, transcript};

fn session() -> Session<Game> {
    Session::new(Game::new(1), 1)
}

fn text(run: &Run) -> String {
    assert!(run.failure.is_none(), "{:?}", run.failure);
    run.steps.iter().map(transcript::step_text).collect()
}

fn failure(run: Run) -> Vec<Diagnostic> {
    run.failure.expect("the run fails")
}

/// What a refused command must not change: the pack and the world (the log included).
fn state(session: &Session<Game>) -> (String, String) {
    let game = session.backend();
    let pack = game.pack().files.iter().map(mythforge::model::format_file).collect();
    (pack, serde_json::to_string(game.world()).unwrap())
}

fn folder(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("session_gm").join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

const SETUP: &str =
    "load mestezia\nactor Itzel from Itzel\nactor The Inquisitor from The Inquisitor\n";

#[test]
fn fiat_commands_change_the_game_and_undo_takes_each_back() {
    let mut session = session();
    text(&session.run_text("setup.session", SETUP, None));
    let steps = [
        ("set Itzel HP to 12\n", "Itzel: HP 24 -> 12\n"),
        ("set Itzel Strength to 4\n", "Itzel's Strength is set to 4 (was 3)\n"),
        ("Itzel takes 5 fire damage\n", "Itzel takes 5 damage into HP; HP now 7\n"),
        ("Itzel heals 2\n", "Itzel heals 2 HP (now 9)\n"),
        ("apply Dazed to Itzel\n", "Itzel gains Dazed\n"),
        (
            "apply Ongoing 2 to \"The Inquisitor\" for 2 rounds\n",
            "The Inquisitor gains Ongoing 2\n",
        ),
        ("remove Dazed from Itzel\n", "Itzel loses Dazed\n"),
        ("grant power Sleep to Itzel\n", "Itzel gains power Sleep (GM)\n"),
        ("revoke feat Dying Collapse from Itzel\n", "Itzel loses trait Dying Collapse (GM)\n"),
        ("grant weapon Obsidian Knife to Itzel\n", "Itzel gains weapon Obsidian Knife (GM)\n"),
    ];
    for (command, expected) in steps {
        let before = state(&session);
        let out = text(&session.run_text("fiat.session", command, None));
        assert_eq!(out, format!("> {}{expected}", command), "{command}");
        assert_ne!(state(&session), before, "{command} changed nothing");
        text(&session.run_text("undo.session", "undo\n", None));
        assert_eq!(state(&session).1, before.1, "undo of {command}");
        text(&session.run_text("again.session", command, None));
    }
    let sheet = text(&session.run_text("show.session", "show Itzel\n", None));
    assert!(sheet.contains("HP 9/24"), "{sheet}");
    assert!(sheet.contains("Strength 4"), "{sheet}");
    assert!(sheet.contains("Sleep\n"), "{sheet}");
    assert!(sheet.contains("  Traits: Jaguar Stance\n"), "{sheet}");
    assert!(sheet.contains("  Equipment: Maquahuitl, Obsidian Knife\n"), "{sheet}");
    let state = text(&session.run_text(
        "state.session",
        "show condition Ongoing\nshow The Inquisitor\n",
        None,
    ));
    assert!(state.contains("Conditions: Ongoing 2 from GM [for 2 rounds]"), "{state}");
}

#[test]
fn fiat_refusals_say_why_and_change_nothing() {
    let mut session = session();
    text(&session.run_text("setup.session", SETUP, None));
    let before = state(&session);
    let cases = [
        ("set Itzle HP to 3\n", "unknown actor `Itzle`", Some("did you mean `Itzel`?")),
        ("set Itzel Attack to 5\n", "Attack is derived from other values; it cannot be set", None),
        ("set Itzel Charm to 5\n", "unknown stat or resource `Charm`", None),
        ("Itzle takes 5 damage\n", "unknown actor `Itzle`", Some("did you mean `Itzel`?")),
        ("apply Dazd to Itzel\n", "unknown condition `Dazd`", Some("did you mean `Dazed`?")),
        ("remove Dazed from Itzel\n", "Itzel does not have Dazed", None),
        ("grant power Slep to Itzel\n", "unknown power `Slep`", Some("did you mean `Sleep`?")),
        ("grant power Berserker Charge to Itzel\n", "Itzel already has Berserker Charge", None),
        ("revoke power Sleep from Itzel\n", "Itzel has no power `Sleep`", None),
        ("next turn\n", "there is no encounter", Some("start one with `encounter A, B`")),
        ("Itzel takes -3 damage\n", "cannot deal negative damage (-3)", None),
        ("Itzel heals -3\n", "cannot heal a negative amount (-3)", None),
        (
            "apply Dazed to Itzel until dawn\n",
            "unknown duration `until dawn`",
            Some(
                "the durations the engine runs: `for N rounds`, `for N turns`, `for N encounters`, \
                 `until end of turn`, `until end of this turn`, `until end of your turn`, `until \
                 end of next turn`, `until end of your next turn`, `until end of round`, `until \
                 end of this round`, `until end of encounter`, `until end of this encounter`, \
                 `until end of battle`, `until end of this battle`, `until healed`, `until hit`, \
                 `until removed`",
            ),
        ),
    ];
    for (command, message, help) in cases {
        let diagnostics = failure(session.run_text("refused.session", command, None));
        assert_eq!(diagnostics[0].message, message, "{command}");
        if let Some(help) = help {
            assert_eq!(diagnostics[0].help.as_deref(), Some(help), "{command}");
        }
        assert!(!diagnostics[0].primary_span().is_none(), "{command}: no location");
        assert_eq!(state(&session), before, "{command} changed the game");
    }
}

#[test]
fn next_turn_ends_the_turn_and_starts_the_next_as_one_command() {
    let mut session = session();
    text(&session.run_text(
        "setup.session",
        &format!("{SETUP}force 6, 5\nencounter Itzel, The Inquisitor\n"),
        None,
    ));
    let out = text(&session.run_text("turn.session", "next turn\n", None));
    assert_eq!(
        out,
        "> next turn\nItzel: action phase\nItzel: end phase\nItzel ends the turn\n\
         The Inquisitor: start phase\n"
    );
    // One undo takes the whole turn change back.
    text(&session.run_text("undo.session", "undo\n", None));
    let state = text(&session.run_text("state.session", "show state\n", None));
    assert!(state.contains("encounter: round 1, Itzel acting"), "{state}");
}

#[test]
fn fiat_changes_are_saved_and_restored() {
    let folder = folder("save");
    let save = folder.join("fight.json");
    let mut session = session();
    let commands = format!(
        "{SETUP}set Itzel HP to 10\napply Dazed to Itzel\ngrant power Sleep to Itzel\nsave \"{}\"\n\
         Itzel heals 5\nremove Dazed from Itzel\nrestore \"{}\"\nshow Itzel\n",
        save.display(),
        save.display()
    );
    let out = text(&session.run_text("save.session", &commands, None));
    let sheet = out.rsplit("> show Itzel\n").next().unwrap();
    assert!(sheet.contains("HP 10/24"), "{sheet}");
    assert!(sheet.contains("Conditions: Dazed from GM [until removed]"), "{sheet}");
    assert!(sheet.contains(", Sleep\n"), "{sheet}");
}

#[test]
fn an_actor_from_a_stat_block_takes_inline_stats_too() {
    let mut session = session();
    let out = text(&session.run_text(
        "vet.session",
        "load mestezia\nactor Vet from Itzel with Level 6, HP 10\nshow Vet\n",
        None,
    ));
    assert!(out.contains("Vet joins (from Itzel)\n"), "{out}");
    assert!(out.contains("Level 6"), "{out}");
    assert!(out.contains("Tier 2, Pool Dice 4"), "{out}");
    assert!(out.contains("HP 10/24"), "{out}");
    let before = state(&session);
    let diagnostics =
        failure(session.run_text("bad.session", "actor Rookie from Itzle with Level 2\n", None));
    assert_eq!(diagnostics[0].message, "unknown actor block `Itzle`");
    assert_eq!(diagnostics[0].help.as_deref(), Some("did you mean `Itzel`?"));
    assert_eq!(state(&session), before);
}

const SYSTEM: &str = "system Tiny\nStats: Attack, Defense\nResource HP: max [Max HP]\n\
                      Resource Max HP: no max\nDefault check: Roll\n\n\
                      check Roll\nMethod: pool\nDice: 2d10\nModifier: each die\n\
                      Success: >= [Threshold]\nGrades: 0 Miss, 1 Hit, 2 Strong\n";
const POWERS: &str = "power Jab\nTarget: Enemy in 1\nThreshold: Target's Defense\n\
                      Check: [Attack]\nResult: [2 + Grade] damage\n\n\
                      power Kick\nCheck: [Attack]\nResult: 1 damage\n\n\
                      condition Dazed\nModifiers: -1 Attack\n";
const ACTORS: &str = "actor Fighter\nStats: Attack 2, Defense 10\nResources: HP 10, Max HP 10\n\
                      Powers: Jab\n";

fn pack(folder: &Path, powers: &str) {
    std::fs::write(folder.join("system.rules"), SYSTEM).unwrap();
    std::fs::write(folder.join("powers.rules"), powers).unwrap();
    std::fs::write(folder.join("actors.rules"), ACTORS).unwrap();
}

#[test]
fn reload_reads_edited_files_and_keeps_the_world_where_names_resolve() {
    let folder = folder("reload");
    pack(&folder, POWERS);
    let mut session = session();
    let setup = format!(
        "load \"{}\"\nactor Ana from Fighter\nactor Bo from Fighter\nBo takes 4 damage\n\
         apply Dazed to Ana\ngrant power Kick to Ana\ngrant power Kick to Bo\n",
        folder.display()
    );
    text(&session.run_text("setup.session", &setup, None));
    // The GM edits the file: Jab hits harder, Kick and Dazed are gone, Dizzy is new.
    let edited = POWERS
        .replace("[2 + Grade] damage", "[3 + Grade] damage")
        .replace("power Kick\nCheck: [Attack]\nResult: 1 damage\n\n", "")
        .replace("condition Dazed", "condition Dizzy");
    std::fs::write(folder.join("powers.rules"), edited).unwrap();
    let out = text(&session.run_text("reload.session", "reload\n", None));
    assert_eq!(
        out,
        "> reload\nreloaded 5 blocks, 0 scripts: 4 changes\n\
         power Jab changed\n  ~ Result: [2 + Grade] damage\n    -> Result: [3 + Grade] damage\n\
         condition Dizzy added\npower Kick removed\ncondition Dazed removed\n\
         Ana's power Kick is gone: the pack has no power `Kick`\n\
         Ana's condition Dazed is gone: the pack has no condition `Dazed`\n\
         Bo's power Kick is gone: the pack has no power `Kick`\n\
         undo starts again from here\n"
    );
    let bo = text(&session.run_text("show.session", "show Bo\n", None));
    assert!(bo.contains("HP 6/10"), "the world is kept: {bo}");
    let jab = text(&session.run_text("jab.session", "force 9, 3\nAna uses Jab on Bo\n", None));
    assert!(jab.contains("Bo takes 4 damage into HP; HP now 2\n"), "{jab}");
}

#[test]
fn a_reload_whose_files_do_not_check_changes_nothing() {
    let folder = folder("broken");
    pack(&folder, POWERS);
    let mut session = session();
    text(&session.run_text(
        "setup.session",
        &format!("load \"{}\"\nactor Ana from Fighter\n", folder.display()),
        None,
    ));
    let before = state(&session);
    std::fs::write(folder.join("powers.rules"), POWERS.replace("[Attack]", "[Atack]")).unwrap();
    let diagnostics = failure(session.run_text("reload.session", "reload\n", None));
    assert_eq!(diagnostics[0].message, "unknown stat `Atack`");
    assert_eq!(state(&session), before);
    std::fs::write(folder.join("powers.rules"), "power Jab\nCheck: [Attack\n").unwrap();
    let diagnostics = failure(session.run_text("reload.session", "reload\n", None));
    assert!(diagnostics[0].is_error());
    assert_eq!(state(&session), before);
    // Nothing loaded: nothing to reload.
    let diagnostics = failure(self::session().run_text("empty.session", "reload\n", None));
    assert_eq!(diagnostics[0].message, "nothing is loaded to reload");
}

#[test]
fn reload_maps_a_renamed_condition_and_refuses_an_ambiguous_one() {
    let folder = folder("rename");
    pack(&folder, POWERS);
    let mut session = session();
    text(&session.run_text(
        "setup.session",
        &format!("load \"{}\"\nactor Ana from Fighter\napply Dazed to Ana\n", folder.display()),
        None,
    ));
    std::fs::write(
        folder.join("powers.rules"),
        POWERS.replace("condition Dazed", "condition Dazedd"),
    )
    .unwrap();
    let out = text(&session.run_text("reload.session", "reload\n", None));
    assert!(out.contains("Ana's condition Dazed is now Dazedd\n"), "{out}");
    let before = state(&session);
    let two = POWERS.replace("condition Dazed\n", "condition Dazed\n\ncondition Dazeda\n");
    std::fs::write(folder.join("powers.rules"), two).unwrap();
    let diagnostics = failure(session.run_text("reload.session", "reload\n", None));
    assert_eq!(
        diagnostics[0].message,
        "Ana's condition `Dazedd` cannot be mapped: the pack has `Dazed` and `Dazeda`"
    );
    assert_eq!(state(&session), before);
}

#[test]
fn an_inline_definition_may_be_redefined_and_says_so() {
    let mut session = session();
    let define = "power Quick Jab\nCost: 1 CP\nCheck: [Attack]\nResult: 1 damage\n\n";
    text(&session.run_text("one.session", &format!("load mestezia\n{define}"), None));
    let again =
        "power Quick Jab\nCost: 2 CP\nCheck: [Attack]\nResult: 1 damage\n\nshow power Quick Jab\n";
    let out = text(&session.run_text("two.session", again, None));
    assert_eq!(
        out,
        "> power Quick Jab\nredefined power Quick Jab: it replaces the earlier definition\n  \
         ~ Cost: 1 CP\n    -> Cost: 2 CP\n> show power Quick Jab\npower Quick Jab\nCost: 2 CP\n\
         Check: [Attack]\nResult: 1 damage\n"
    );
    // A pack's block is not an inline definition: redefining it is refused.
    let before = state(&session);
    let clash = "power Sleep\nCost: 1 CP\nCheck: [Attack]\nResult: 1 damage\n";
    let diagnostics = failure(session.run_text("three.session", clash, None));
    assert!(diagnostics[0].message.contains("Sleep"), "{:?}", diagnostics[0]);
    assert_eq!(state(&session), before);
}

#[test]
fn a_save_restores_onto_an_edited_pack_and_reports_each_difference() {
    let folder = folder("restore");
    let system = SYSTEM.replace("Stats: Attack, Defense", "Stats: Attack, Defense, Luck");
    std::fs::write(folder.join("system.rules"), &system).unwrap();
    std::fs::write(folder.join("powers.rules"), POWERS).unwrap();
    std::fs::write(folder.join("actors.rules"), ACTORS).unwrap();
    let save = folder.join("fight.json");
    let load = format!("load \"{}\"\n", folder.display());
    let mut session = session();
    text(&session.run_text(
        "setup.session",
        &format!("{load}actor Ana from Fighter with Luck 3\n"),
        None,
    ));
    let setup = format!(
        "actor Bo from Fighter\nBo takes 4 damage\napply Dazed to Ana\ngrant power Kick to Ana\n\
         save \"{}\"\n",
        save.display()
    );
    text(&session.run_text("save.session", &setup, None));
    // The same pack: restored as it was.
    let out =
        text(&session.run_text("same.session", &format!("restore \"{}\"\n", save.display()), None));
    assert!(out.ends_with(&format!("restored from {}\n", save.display())), "{out}");
    // The GM edits the pack: Luck is no longer a stat, Kick is gone, Dazed is now Dazzed,
    // and a resource is new.
    std::fs::write(
        folder.join("system.rules"),
        SYSTEM.replace(
            "Resource Max HP: no max\n",
            "Resource Max HP: no max\nResource Focus: start 2\n",
        ),
    )
    .unwrap();
    let powers = POWERS
        .replace("power Kick\nCheck: [Attack]\nResult: 1 damage\n\n", "")
        .replace("condition Dazed", "condition Dazzed");
    std::fs::write(folder.join("powers.rules"), powers).unwrap();
    let mut session = self::session();
    text(&session.run_text("load.session", &load, None));
    let out = text(&session.run_text(
        "restore.session",
        &format!("restore \"{}\"\nshow Ana\nshow Bo\n", save.display()),
        None,
    ));
    let restored = out.split("> show Ana").next().unwrap();
    assert!(restored.contains("the save was made with another version of the pack"), "{restored}");
    assert!(
        restored.ends_with(
            "mapped by name:\n\
         Ana's power Kick is gone: the pack has no power `Kick`\n\
         Ana's condition Dazed is now Dazzed\n\
         Ana's stat Luck is no longer declared; its value 3 is dropped\n\
         Ana gains resource Focus (2), newly declared\n\
         Bo gains resource Focus (2), newly declared\n"
        ),
        "{restored}"
    );
    assert!(out.contains("Conditions: Dazzed from GM"), "{out}");
    assert!(out.contains("HP 6/10"), "Bo's damage is kept: {out}");
    // A name that is close to two of the pack's names cannot be mapped: refused, unchanged.
    let two = POWERS.replace("condition Dazed", "condition Dazes\n\ncondition Dazer");
    std::fs::write(folder.join("powers.rules"), two).unwrap();
    let mut session = self::session();
    text(&session.run_text("load.session", &load, None));
    let before = state(&session);
    let diagnostics = failure(session.run_text(
        "restore.session",
        &format!("restore \"{}\"\n", save.display()),
        None,
    ));
    assert_eq!(diagnostics[0].code, "runtime::unmappable");
    assert_eq!(
        diagnostics[0].message,
        "Ana's condition `Dazed` cannot be mapped: the pack has `Dazer` and `Dazes`"
    );
    assert_eq!(state(&session), before);
    // Not a save at all: damaged, and nothing changes.
    std::fs::write(folder.join("notes.json"), "{\"pack\": 3}").unwrap();
    let notes = folder.join("notes.json");
    let diagnostics = failure(session.run_text(
        "notes.session",
        &format!("restore \"{}\"\n", notes.display()),
        None,
    ));
    assert_eq!(diagnostics[0].code, "engine::save::corrupt", "{:?}", diagnostics[0]);
    assert_eq!(state(&session), before);
}
