//! Issue 17, one gate rule: `when <test>:` and `if <test>:` are the same words, and the test
//! is the grammar of `While:` lines and event rules — one bracket (read with the line's
//! values), state tests (`Target is Dazed`, `an ally within 1`) or both joined by `and`/`or`.
//! On an effect line the test gates the rest of the line (printed `when`); at the head of an
//! event rule it gates the rule (printed `if`). Forced dice and positions, values asserted;
//! what `check` refuses in a `when`, with its span; `fmt` round trips.

use std::path::Path;

use mythforge::diagnostics::{Diagnostic, FileId};
use mythforge::engine::Hex;
use mythforge::model::format_file;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Gates
Stats: Might
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Glory: start 0; no max
Resource Marks: start 0; no max
On hit: when [Trigger's Damage >= 5]: gain 1 Glory
On damage taken: gain 1 Marks; if you are Dazed: gain 2 Marks

condition Dazed
Details: reels

power Press
Target: Enemy in 10
Result: 1d6 damage; when Target is Dazed and [Target's HP <= 15]: 2 damage

power Flank
Target: Enemy in 10
Result: 1d4 damage; if an ally within 1: 1d4 damage

power Daze
Target: Enemy in 10
Result: apply Dazed

actor Soldier
Stats: Might 2
Resources: HP 20, Max HP 20
Powers: Press, Flank, Daze
";

fn game(placed: &[(&str, (i64, i64), &str)]) -> Game {
    let mut game = Game::new(5);
    if let Err(diagnostics) = game.load_source("gates.rules", PACK) {
        panic!("the pack does not load: {diagnostics:#?}");
    }
    for (name, (q, r), side) in placed {
        game.add_actor(name, Some("Soldier"), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
        game.set_side(&[name], Some(side)).unwrap();
    }
    game
}

fn held(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

const THREE: &[(&str, (i64, i64), &str)] =
    &[("Ana", (0, 0), "party"), ("Bo", (1, 0), "party"), ("Og", (3, 0), "foes")];

#[test]
fn a_state_test_and_a_bracket_gate_the_rest_of_an_effect_line() {
    let mut game = game(THREE);
    // Og is not Dazed: 1d6 forced to 4, the rest of the line does not happen.
    game.world_mut().roller.force([4]);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Press").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 16);
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains(
            "Target is Dazed and [Target's HP <= 15] does not hold: 2 damage does not happen"
        ),
        "{transcript}"
    );
    // Dazed, but at 16 HP the bracket does not hold yet.
    game.use_power(&PowerUse::new("Ana", "Daze").at(["Og"])).unwrap();
    game.world_mut().actor_mut("Og").unwrap().resources.get_mut("HP").unwrap().current = 20;
    game.world_mut().roller.force([4]);
    game.use_power(&PowerUse::new("Ana", "Press").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 16, "the bracket reads HP after the 1d6");
    // Dazed and at 16: a forced 1 takes it to 15, and both parts hold: 2 more damage.
    game.world_mut().roller.force([1]);
    game.use_power(&PowerUse::new("Ana", "Press").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 13);
}

#[test]
fn if_is_when_on_an_effect_line_and_reads_who_stands_near_the_user() {
    // Bo stands next to Ana: both 1d4 roll (3 + 4).
    let mut game = game(THREE);
    game.world_mut().roller.force([3, 4]);
    game.use_power(&PowerUse::new("Ana", "Flank").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 13);
    // Bo walks off: only the first 1d4.
    game.place("Bo", Some(Hex::new(-4, 0))).unwrap();
    game.world_mut().roller.force([3, 4]);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Flank").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 10);
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains("an ally within 1 does not hold: 1d4 damage does not happen"),
        "{transcript}"
    );
}

#[test]
fn an_event_rule_takes_when_at_its_head_and_if_inside_its_effects() {
    let mut game = game(THREE);
    // A hit of 4 (1d6 forced): `when [Trigger's Damage >= 5]` gates the rule: no Glory.
    game.world_mut().roller.force([4]);
    game.use_power(&PowerUse::new("Ana", "Press").at(["Og"])).unwrap();
    assert_eq!((held(&game, "Og", "Glory"), held(&game, "Og", "Marks")), (0, 1));
    // A hit of 6: 1 Glory. Og is Dazed now: `if you are Dazed` adds 2 Marks to the 1.
    game.use_power(&PowerUse::new("Ana", "Daze").at(["Og"])).unwrap();
    game.world_mut().roller.force([6]);
    game.use_power(&PowerUse::new("Ana", "Press").at(["Og"])).unwrap();
    // Press's own gate holds too (Dazed, 10 HP after 6): a second hit of 2 — under 5.
    assert_eq!(held(&game, "Og", "HP"), 8);
    assert_eq!(held(&game, "Og", "Glory"), 1);
    assert_eq!(held(&game, "Og", "Marks"), 1 + 3 + 3, "two damage instances while Dazed");
}

#[test]
fn fmt_prints_when_on_effect_lines_and_if_at_the_head_of_an_event_rule() {
    let written = "system S\nOn hit: when [Trigger's Damage >= 5]: gain 1 Glory; If you are \
                   Dazed: gain 1 Marks\n\npower P\nTarget: Enemy\nResult: 1 damage; if an ally \
                   within 1 or [Margin >= 2]: 2 damage\nEffect: When [Grade >= 1]: apply Dazed\n";
    let canonical = "system S\nOn hit: if [Trigger's Damage >= 5]: gain 1 Glory; when you are \
                     Dazed: gain 1 Marks\n\npower P\nTarget: Enemy\nResult: 1 damage; when an \
                     ally within 1 or [Margin >= 2]: 2 damage\nEffect: when [Grade >= 1]: apply \
                     Dazed\n";
    let (file, diagnostics) =
        mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), written);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(format_file(&file), canonical);
    let (file, diagnostics) =
        mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), canonical);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(format_file(&file), canonical, "the canonical form prints back as itself");
}

/// The errors `check` gives for `line` as a Result line of a power, with the text and line
/// and column (1-based) its primary label points at.
fn refused(line: &str) -> Vec<(String, String, (usize, usize), String)> {
    let text = format!("{PACK}\npower Odd\nTarget: Enemy\nResult: {line}\n");
    let errors = Game::new(1).load_source("gates.rules", &text).expect_err("check refuses");
    errors
        .iter()
        .filter(|d| Diagnostic::is_error(d))
        .map(|d| {
            let range = d.primary_span().range();
            let before = &text[..range.start];
            let row = before.matches('\n').count() + 1;
            let column = range.start - before.rfind('\n').map_or(0, |at| at + 1) + 1;
            let help = d.help.clone().unwrap_or_default();
            (d.message.clone(), text[range].to_string(), (row, column), help)
        })
        .collect()
}

#[test]
fn check_refuses_what_a_when_cannot_evaluate() {
    let row = PACK.lines().count() + 4;
    assert_eq!(
        refused("1 damage; when an enemy moves adjacent to you: 2 damage"),
        [(
            "a `when` line tests what holds now, but this is an event".to_string(),
            "an enemy moves adjacent to you".to_string(),
            (row, 24),
            "test what holds now (`you are Dazed`, `[HP > 0]`); an event belongs on a \
             `Trigger:` line"
                .to_string(),
        )]
    );
    assert_eq!(
        refused("if the grabber is Dazed: 2 damage"),
        [(
            "a `when` test cannot be about `the grabber`".to_string(),
            "the grabber".to_string(),
            (row, 12),
            "a `when` test here is about `you` or `Target`, optionally after `not`".to_string(),
        )]
    );
    let errors = refused("when this power has keyword Melee: 2 damage");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].0, "a `when` line here has no power for `this power` to name");
    assert_eq!((errors[0].1.as_str(), errors[0].2), ("this power", (row, 14)));
}

/// The pack with one more power whose `Result if` lines test state, not only brackets.
fn with_finisher(placed: &[(&str, (i64, i64), &str)]) -> Game {
    let finisher = "\npower Finisher\nTarget: Enemy in 10\nResult: 1 damage\nResult if \
                    Target is Dazed: 3 damage\nResult if [Target's HP <= 10] and an ally \
                    within 1: gain 1 Glory\n";
    let striker = "actor Striker\nStats: Might 2\nResources: HP 20, Max HP 20\nPowers: \
                   Finisher, Daze\n";
    let mut game = Game::new(5);
    if let Err(diagnostics) = game.load_source("gates.rules", &format!("{PACK}{finisher}{striker}"))
    {
        panic!("the pack does not load: {diagnostics:#?}");
    }
    for (name, (q, r), side) in placed {
        game.add_actor(name, Some("Striker"), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
        game.set_side(&[name], Some(side)).unwrap();
    }
    game
}

#[test]
fn a_result_line_gates_on_the_same_tests_as_a_when() {
    let mut game = with_finisher(THREE);
    // Og is not Dazed: only the plain 1 damage.
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Finisher").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 19);
    assert!(!game.transcript_since(mark).contains("3 damage"));
    // Dazed: 1 + 3. At 15 HP the Glory line's bracket does not hold yet.
    game.use_power(&PowerUse::new("Ana", "Daze").at(["Og"])).unwrap();
    game.use_power(&PowerUse::new("Ana", "Finisher").at(["Og"])).unwrap();
    assert_eq!((held(&game, "Og", "HP"), held(&game, "Ana", "Glory")), (15, 0));
    game.use_power(&PowerUse::new("Ana", "Finisher").at(["Og"])).unwrap();
    assert_eq!(held(&game, "Og", "HP"), 11);
    // Each gate reads the HP after the lines above it: 11 is still over 10, 7 is not.
    assert_eq!(held(&game, "Ana", "Glory"), 0);
    game.use_power(&PowerUse::new("Ana", "Finisher").at(["Og"])).unwrap();
    assert_eq!((held(&game, "Og", "HP"), held(&game, "Ana", "Glory")), (7, 1));
    // Bo walks away: the bracket holds, `an ally within 1` does not.
    game.place("Bo", Some(Hex::new(-4, 0))).unwrap();
    game.use_power(&PowerUse::new("Ana", "Finisher").at(["Og"])).unwrap();
    assert_eq!((held(&game, "Og", "HP"), held(&game, "Ana", "Glory")), (3, 1));
}

#[test]
fn fmt_prints_a_result_gate_with_state_tests_and_check_refuses_events_in_it() {
    let written = "system S\n\npower P\nTarget: Enemy\nResult if Target is Dazed or [Margin >= \
                   2]: 2 damage\n";
    let (file, diagnostics) =
        mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), written);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(format_file(&file), written, "the canonical form prints back as itself");
    let text = format!(
        "{PACK}\npower Odd\nTarget: Enemy\nResult if an enemy moves adjacent to you: 2 damage\n"
    );
    let errors = Game::new(1).load_source("gates.rules", &text).expect_err("check refuses");
    let messages: Vec<&str> = errors.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(messages, ["a `Result if` line tests what holds now, but this is an event"]);
}

#[test]
fn check_refuses_wielding_gear_no_weapon_or_armour_is_or_has() {
    // The pack declares no gear: `wielding a Shield` could never hold.
    let row = PACK.lines().count() + 4;
    assert_eq!(
        refused("1 damage; when wielding a Shield: 2 damage"),
        [(
            "no weapon or armour is or has `Shield`, so this `when` test never holds".to_string(),
            "Shield".to_string(),
            (row, 35),
            "name a weapon or armour of the pack, or a keyword one of them has".to_string(),
        )]
    );
}
