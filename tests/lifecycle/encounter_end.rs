//! Row "a condition applied by a script always ends with the encounter; `end encounter`
//! clears conditions and zeroes CP of actors who were not in it".

use mythforge::engine::Expiry;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "
system Tiny
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Resource CP: reset to 6 at turn start; lost at end of encounter
Functions: fell, daze

condition Dead

condition Dazed
Duration: for 1 round

power Finish
Target: Enemy
Result: script fell(Target)

power Blind
Target: Enemy
Result: script daze(Target)

power Taunt
Target: Enemy
Result: apply Dazed to Target for 1 encounter

actor Fighter
Stats: Attack 2, Defense 10
Resources: HP 20, Max HP 20, CP 4
Powers: Finish, Blind, Taunt
";

const SCRIPT: &str = "
fn fell(target) { target.apply_condition(\"Dead\", 0); }
fn daze(target) { target.apply_condition(\"Dazed\", 0); }
";

fn game() -> Game {
    let mut game = Game::new(3);
    game.load_source_with_scripts("test.rules", PACK, &[("test.rhai", SCRIPT)]).unwrap();
    for name in ["Ana", "Bo", "Cy"] {
        game.add_actor(name, Some("Fighter"), &[]).unwrap();
    }
    game
}

fn duration(game: &Game, actor: &str, condition: &str) -> Option<Expiry> {
    let actor = game.world().actor(actor).unwrap();
    actor.conditions.named(condition).next().map(|c| c.duration.clone())
}

#[test]
fn a_condition_a_script_applies_follows_the_same_duration_rule() {
    let mut game = game();
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Finish").at(["Bo"])).unwrap();
    game.use_power(&PowerUse::new("Ana", "Blind").at(["Ana"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Dead"), Some(Expiry::UntilRemoved));
    assert_eq!(duration(&game, "Ana", "Dazed"), Some(Expiry::Rounds(1)), "the block's line");
    game.end_encounter().unwrap();
    assert_eq!(duration(&game, "Bo", "Dead"), Some(Expiry::UntilRemoved), "still dead");
    assert_eq!(duration(&game, "Ana", "Dazed"), None);
}

#[test]
fn ending_an_encounter_leaves_actors_who_were_not_in_it_alone() {
    let mut game = game();
    // Cy is dazed for the next encounter he takes part in, outside any encounter.
    game.use_power(&PowerUse::new("Ana", "Taunt").at(["Cy"])).unwrap();
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Taunt").at(["Bo"])).unwrap();
    game.end_encounter().unwrap();
    let cy = game.world().actor("Cy").unwrap();
    assert_eq!(cy.resources["CP"].current, 4, "Cy's CP are not lost");
    assert_eq!(duration(&game, "Cy", "Dazed"), Some(Expiry::EndOfEncounter));
    assert_eq!(duration(&game, "Bo", "Dazed"), None);
    assert_eq!(game.world().actor("Bo").unwrap().resources["CP"].current, 0);
    // Cy's next encounter ends his.
    game.start_encounter(&["Cy", "Ana"]).unwrap();
    game.end_encounter().unwrap();
    assert_eq!(duration(&game, "Cy", "Dazed"), None);
}
