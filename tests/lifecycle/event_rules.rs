//! Issue 17 item 7, lifecycle rules as rule lines: a system's `When HP reaches 0:`, `On
//! hit:`, `On kill:` and `On damage taken:` lines run effects (behind an optional `if`
//! test reading `[Trigger's Damage]`), so "unconscious at 0, dead when hit again but never
//! in the same turn it fell" and "more than half of Stability from one hit bleeds" need no
//! script; and `check` and the parser refuse what such a line cannot run.

use mythforge::runtime::{Game, PowerUse};

use super::common::{check, game};

const PACK: &str = "
system Falls
Stats: Stability
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Glory: start 0; no max
Turn order: 1d20
When HP reaches 0: apply Unconscious; apply Fallen until end of turn
On hit: if you are Unconscious and not you are Fallen: apply Dead
On kill: gain 1 Glory
On damage taken: if [Trigger's Damage * 2 > Stability]: apply Bleeding

condition Unconscious
condition Fallen
condition Dead
condition Bleeding

power Strike
Target: Enemy
Result: 6 damage

power Graze
Target: Enemy
Result: 4 damage

actor Brute
Stats: Stability 10
Resources: HP 10, Max HP 10, Glory 0
Powers: Strike, Graze
";

fn held(game: &Game, actor: &str) -> Vec<String> {
    let actor = game.world().actor(actor).unwrap();
    actor.conditions.active.iter().map(|c| c.name.clone()).collect()
}

fn strike(game: &mut Game, power: &str) {
    game.use_power(&PowerUse::new("Ana", power).at(["Bo"])).unwrap();
}

#[test]
fn unconscious_at_0_then_dead_when_hit_again_but_never_in_the_turn_it_fell() {
    let mut game = game(PACK);
    game.add_actor("Ana", Some("Brute"), &[]).unwrap();
    game.add_actor("Bo", Some("Brute"), &[]).unwrap();
    game.set_side(&["Bo"], Some("foes")).unwrap();
    game.world_mut().roller.force([20, 1]);
    assert_eq!(game.start_encounter(&["Ana", "Bo"]).unwrap(), ["Ana", "Bo"]);
    // 4 of Stability 10 is not more than half: no bleeding.
    strike(&mut game, "Graze");
    assert_eq!(held(&game, "Bo"), Vec::<String>::new());
    let mark = game.mark();
    strike(&mut game, "Strike");
    assert_eq!(
        game.transcript_since(mark),
        "Bo takes 6 damage into HP; HP now 0\nBo (on damage taken)\nBo gains Bleeding\n\
         Bo (HP reaches 0)\nBo gains Unconscious\nBo gains Fallen\nAna (on kill)\nAna: Glory 0 -> 1\n"
    );
    assert_eq!(held(&game, "Bo"), ["Bleeding", "Unconscious", "Fallen"]);
    assert_eq!(game.world().actor("Ana").unwrap().resources["Glory"].current, 1);
    // Hit again in the same turn: not dead, and no second kill.
    strike(&mut game, "Strike");
    assert!(!held(&game, "Bo").contains(&"Dead".to_string()));
    assert_eq!(game.world().actor("Ana").unwrap().resources["Glory"].current, 1);
    // Ana's turn ends (Fallen with it), Bo's passes; hit on Ana's next turn: dead.
    let mark = game.mark();
    for _ in 0..7 {
        game.next_turn().unwrap();
    }
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana ends the turn\nBo loses Fallen\n"), "{transcript}");
    assert!(transcript.ends_with("Ana: start phase\nAna: action phase\n"), "{transcript}");
    assert_eq!(held(&game, "Bo"), ["Bleeding", "Unconscious"]);
    strike(&mut game, "Graze");
    assert_eq!(held(&game, "Bo"), ["Bleeding", "Unconscious", "Dead"]);
}

#[test]
fn event_rules_print_canonically() {
    let text = "system S\nResource HP: max 10\nWhen  HP reaches 0 :  apply Dying\n\
                On kill:gain 1 Glory\nOn hit:  if you are Dying:apply Dead\n\
                Challenge counters:  Wins ,Losses\n";
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "s.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let printed = mythforge::model::print::format_file(&file);
    assert!(
        printed.contains(
            "When HP reaches 0: apply Dying\nOn kill: gain 1 Glory\nOn hit: if you are Dying: apply Dead\n\
             Challenge counters: Wins, Losses\n"
        ),
        "{printed}"
    );
}

#[test]
fn misuse_is_refused_with_the_line() {
    // An unknown event, a `When` that is not `X reaches 0`, a gate the engine cannot test.
    let text = PACK
        .replace("On kill: gain 1 Glory", "On victory: gain 1 Glory")
        .replace("When HP reaches 0:", "When HP is low:")
        .replace(
            "if you are Unconscious and not you are Fallen",
            "if an enemy moves adjacent to you",
        );
    let diagnostics = check(&text);
    let found: Vec<(&str, &str)> =
        diagnostics.iter().map(|d| (d.code.as_str(), d.message.as_str())).collect();
    assert_eq!(
        found,
        [
            ("rules::parse::unexpected", "could not read this `When HP is low` line"),
            ("rules::parse::unexpected", "could not read this `On hit` line"),
            ("rules::parse::unexpected", "could not read this `On victory` line"),
        ]
    );
    let expected = |index: usize| diagnostics[index].labels[0].message.as_str();
    let at = text.find("HP is low").unwrap();
    assert_eq!(diagnostics[0].primary_span().range(), at..at + "HP is low".len());
    assert_eq!(
        expected(0),
        "expected `When <Resource> reaches 0:`, `When <Condition> is applied:` or `When \
         <Condition> ends:` and effects, such as `When HP reaches 0: apply Dying`"
    );
    let at = text.find("an enemy moves").unwrap();
    assert_eq!(diagnostics[1].primary_span().range().start, at);
    assert!(expected(1).starts_with("expected a test the engine can evaluate"), "{}", expected(1));
    assert_eq!(
        expected(2),
        "expected an event after `On`: damage taken, turn start, turn end, condition applied, \
         condition ended, resource zero, hit, kill"
    );
    // An unknown resource or condition in a rule is the usual unknown name.
    let unknown = check(
        &PACK.replace("When HP reaches 0: apply Unconscious", "When Mana reaches 0: apply Sleepy"),
    );
    let codes: Vec<&str> = unknown.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        ["rules::check::unknown_condition", "rules::check::unknown_resource"],
        "{unknown:#?}"
    );
}
