//! `lift X` and `use Power` at run time: a snare walked into holds its walker and is lifted
//! (walking off and on again does nothing), `use` runs a power the walker does not list with
//! its check and outcome, a `use` that runs itself is stopped with a refusal and nothing
//! changes, and `lift` from a creature off the map is refused at the line.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Field
Grid: square
Stats: Footing
Resource HP: max 10
Grades: 0 Fail, 1 Success
When Snare is applied: apply Held; lift Snare
When Mire is applied: use Wade

condition Snare

condition Held

condition Mire

check Footing Roll
Method: total
Dice: d10
Modifier: total
Success: >= [Threshold]

power Wade
Target: Self
Check: [Footing] using Footing Roll
Threshold: 8
Result Fail: 3 damage

power Step
Target: Self
Result: walk up to 3 squares

power Spiral
Target: Self
Result: use Spiral

power Unsnare
Target: creature in 3
Result: lift Snare at Target

actor Body
Stats: Footing 2
Resources: HP 10
Powers: Step, Spiral, Unsnare
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("field.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Body"), &[]).unwrap();
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    game
}

fn walk(game: &mut Game, to: (i64, i64)) -> String {
    let mut request = PowerUse::new("Ana", "Step");
    request.options.destination = Some(Hex::new(to.0, to.1));
    let mark = game.mark();
    game.use_power(&request).unwrap();
    game.transcript_since(mark)
}

fn hp(game: &Game) -> i64 {
    game.world().actor("Ana").unwrap().resources["HP"].current
}

#[test]
fn a_snare_walked_into_holds_once_and_is_lifted() {
    let mut game = game();
    game.set_terrain("Snare", None, &[Hex::new(1, 0)]).unwrap();
    assert_eq!(
        walk(&mut game, (1, 0)),
        "Ana walk: 0,0 -> 1,0 (1 square)\nAna gains Snare\nAna (Snare is applied)\nAna gains Held\n\
         terrain Snare lifted at 1,0\nAna loses Snare\n"
    );
    assert!(game.world().terrain.is_empty());
    // Undo puts the lifted snare back; the walk again sets it off again.
    game.undo().unwrap();
    assert!(game.world().terrain.contains_key(&Hex::new(1, 0)));
    assert!(!game.world().actor("Ana").unwrap().conditions.has("Held"));
    walk(&mut game, (1, 0));
    assert!(game.world().terrain.is_empty());
    walk(&mut game, (0, 0));
    let again = walk(&mut game, (1, 0));
    assert_eq!(again, "Ana walk: 0,0 -> 1,0 (1 square)\n");
    // Lifting what is not there says so and changes nothing.
    game.add_actor("Bo", Some("Body"), &[]).unwrap();
    game.place("Bo", Some(Hex::new(2, 0))).unwrap();
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Unsnare").at(["Bo"])).unwrap();
    assert_eq!(game.transcript_since(mark), "no Snare lies at 2,0: nothing to lift\n");
}

#[test]
fn entering_a_mire_uses_a_power_the_walker_does_not_list() {
    let mut game = game();
    game.set_terrain("Mire", None, &[Hex::new(1, 0), Hex::new(2, 0)]).unwrap();
    game.world_mut().roller.force([5]);
    let out = walk(&mut game, (1, 0));
    assert!(
        out.ends_with("Ana (Mire is applied)\nAna rolls 1d10 for check: [5f]\nAna: 5 -> 7 vs 8: failure\nAna takes 3 damage into HP; HP now 7\n"),
        "{out}"
    );
    game.world_mut().roller.force([6]);
    let out = walk(&mut game, (2, 0));
    assert!(out.ends_with("Ana: 6 -> 8 vs 8: success\n"), "{out}");
    assert_eq!(hp(&game), 7);
}

#[test]
fn a_use_that_runs_itself_is_refused_and_changes_nothing() {
    let mut game = game();
    let error = game.use_power(&PowerUse::new("Ana", "Spiral")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "internal engine error: `use Spiral` ran powers more than 16 deep"
    );
    assert_eq!(hp(&game), 10);
}

#[test]
fn lifting_from_a_creature_off_the_map_is_refused() {
    let mut game = game();
    game.add_actor("Bo", Some("Body"), &[]).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Unsnare").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "Bo is not on the map: no square to lift Snare from");
}
