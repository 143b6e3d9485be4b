//! The trait block kinds that act on their own — `trait`, `item`, `relationship` (feats are
//! in tests/lifecycle/traits.rs) — run their `Effect:` lines like a feat: without a
//! `Trigger:` they hold their conditions from when the actor joins, with one they run each
//! time the event happens to their holder.

use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "system T
Stats: Defense, Attack, Will
Resource HP: max 20
Resource Favour: start 0; no max

condition Guarded
Modifiers: +2 Defense

condition Steady
Modifiers: +1 Will

trait Thick Hide
Effect: apply Guarded to Self

item Lucky Charm
Effect: apply Steady to Self

relationship Temple Patron
Trigger: you take damage
Effect: gain 1 Favour

power Wound
Target: Self
Result: 4 damage

actor Ana
Stats: Defense 1, Will 0
Resources: HP 20
Traits: Thick Hide, Lucky Charm, Temple Patron
Powers: Wound
";

fn names(game: &Game) -> Vec<String> {
    let actor = game.world().actor("Ana").unwrap();
    actor.conditions.active.iter().map(|c| c.name.clone()).collect()
}

#[test]
fn a_trait_and_an_item_without_a_trigger_hold_their_conditions_from_the_start() {
    let mut game = Game::new(2);
    game.load_source("kinds.rules", PACK).unwrap_or_else(|e| panic!("{e:?}"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    assert_eq!(names(&game), ["Guarded", "Steady"]);
    let ana = game.world().actor("Ana").unwrap();
    let sources: Vec<Option<&str>> =
        ana.conditions.active.iter().map(|c| c.source.as_deref()).collect();
    assert_eq!(sources, [Some("Thick Hide"), Some("Lucky Charm")]);
}

#[test]
fn a_relationship_with_a_trigger_runs_its_effect_each_time_the_event_happens() {
    let mut game = Game::new(2);
    game.load_source("kinds.rules", PACK).unwrap_or_else(|e| panic!("{e:?}"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    let favour = |game: &Game| game.world().actor("Ana").unwrap().resources["Favour"].current;
    assert_eq!(favour(&game), 0);
    game.use_power(&PowerUse::new("Ana", "Wound")).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().resources["HP"].current, 16);
    assert_eq!(favour(&game), 1);
    game.use_power(&PowerUse::new("Ana", "Wound")).unwrap();
    assert_eq!(favour(&game), 2);
}
