//! Row "`Resource X: max [expr]` — the maximum is frozen when the actor joins": the maximum
//! follows its expression whenever what it reads changes.

use mythforge::runtime::PowerUse;

use super::common::game;

const PACK: &str = "
system Tiny
Stats: Will
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Focus: max [Focus Cap]
Layered Body: HP
Derived Focus Cap: [Will * 2]

condition Hale
Modifiers: +5 Max HP

power Grow
Target: Self
Result: gain 10 Max HP

power Wither
Target: Self
Result: lose 15 Max HP

power Study
Target: Self
Result: raise Will by 1

power Bless
Target: Self
Result: apply Hale to Self

power Mend
Target: Self
Result: heal 100

actor Sage
Stats: Will 2
Resources: HP 20, Max HP 20, Focus 4
Powers: Grow, Wither, Study, Bless, Mend
";

fn resource(game: &mythforge::runtime::Game, name: &str) -> (i64, Option<i64>) {
    let held = game.world().actor("Ana").unwrap().resources[name];
    (held.current, held.max)
}

#[test]
fn a_maximum_follows_the_resource_it_reads() {
    let mut game = game(PACK);
    game.add_actor("Ana", Some("Sage"), &[]).unwrap();
    assert_eq!(resource(&game, "HP"), (20, Some(20)));
    game.use_power(&PowerUse::new("Ana", "Grow")).unwrap();
    assert_eq!(resource(&game, "HP"), (20, Some(30)));
    game.use_power(&PowerUse::new("Ana", "Mend")).unwrap();
    assert_eq!(resource(&game, "HP"), (30, Some(30)), "the heal is capped by the new maximum");
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Wither")).unwrap();
    assert_eq!(resource(&game, "HP"), (15, Some(15)));
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana's HP maximum is now 15\nAna: HP 30 -> 15"), "{transcript}");
    game.undo().unwrap();
    assert_eq!(resource(&game, "HP"), (30, Some(30)), "undo takes the maximum back too");
}

#[test]
fn a_maximum_follows_stats_through_derived_values_and_condition_modifiers() {
    let mut game = game(PACK);
    game.add_actor("Ana", Some("Sage"), &[]).unwrap();
    assert_eq!(resource(&game, "Focus"), (4, Some(4)));
    game.use_power(&PowerUse::new("Ana", "Study")).unwrap();
    assert_eq!(resource(&game, "Focus"), (4, Some(6)));
    game.use_power(&PowerUse::new("Ana", "Bless")).unwrap();
    assert_eq!(resource(&game, "HP"), (20, Some(25)));
}

#[test]
fn a_maximum_follows_changes_made_outside_powers() {
    let mut game = game(PACK);
    game.add_actor("Ana", Some("Sage"), &[]).unwrap();
    game.add_actor("Bo", Some("Sage"), &[]).unwrap();
    game.world_mut().actor_mut("Ana").unwrap().resources.get_mut("Max HP").unwrap().current = 12;
    // Any command re-reads every actor's maximums.
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    assert_eq!(resource(&game, "HP"), (12, Some(12)));
}
