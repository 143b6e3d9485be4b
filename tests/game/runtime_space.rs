//! Positions on the hex map through [`Game`]: placing actors and walls, reach and line to
//! target, area selection (burst, cone, ray, path; excluding/including Self) with exact target
//! lists, push and pull stopping at blocked hexes, moves to a destination, and undo.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

use crate::common::hp;
use crate::common::map::{at, hit};

const PACK: &str = "\
system Space
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max

power Jab
Target: Enemy in 1
Result: 2 damage

power Snipe
Target: Enemy in 6
Result: 1 damage

power Shove
Target: Enemy in 1
Result: push Target 2 hexes

power Yank
Target: Enemy in 4
Result: pull Target 3 hexes

power Nova
Target: Burst 1
Result: 1 damage

power Warm Nova
Target: Burst 1 including Self
Result: 1 damage

power Fireball
Target: Burst 1 within 5
Result: 1 damage

power Careful Fireball
Target: Burst 1 within 5 excluding Self
Result: 1 damage

power Gust
Target: Cone 2
Result: 1 damage

power Lance
Target: Ray 3
Result: 1 damage

power Vines
Target: Path 3
Result: 1 damage

power Stride
Target: Self
Result: walk up to 3 hexes

power Blink
Target: Self
Result: teleport up to 4 hexes

actor Body
Stats: Attack 0, Defense 5
Resources: HP 20, Max HP 20
Powers: Jab, Snipe, Shove, Yank, Nova, Warm Nova, Fireball, Careful Fireball, Gust, Lance, Vines, Stride, Blink
";

/// A game with `Ana` at 0,0 and the others where `placed` says.
fn game(placed: &[(&str, (i64, i64))]) -> Game {
    let mut game = Game::new(1);
    game.load_source("space.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Body"), &[]).unwrap();
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    for (name, (q, r)) in placed {
        game.add_actor(name, Some("Body"), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
    }
    game
}

fn source_of(error: &mythforge::runtime::RuntimeError) -> &'static str {
    &PACK[error.span.range()]
}

#[test]
fn a_target_within_reach_is_hit_and_one_beyond_is_refused_at_the_target_line() {
    let mut game = game(&[("Bo", (1, 0)), ("Cy", (2, -1))]);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 18);
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Cy"])).unwrap_err();
    assert_eq!(error.to_string(), "Cy is 2 hexes away; Jab reaches 1");
    assert_eq!(source_of(&error), "Target: Enemy in 1");
    assert_eq!(hp(&game, "Cy"), 20);
}

#[test]
fn a_wall_on_every_line_blocks_the_target_and_creatures_do_not() {
    let mut game = game(&[("Bo", (3, 0)), ("Cy", (1, 0))]);
    // Cy stands on the line: creatures never block it.
    game.use_power(&PowerUse::new("Ana", "Snipe").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 19);
    game.add_walls(&[Hex::new(2, 0)]).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Snipe").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "no line to target from 0,0 to Bo at 3,0: wall at 2,0");
    assert_eq!(source_of(&error), "Target: Enemy in 6");
    assert_eq!(hp(&game, "Bo"), 19);
}

#[test]
fn a_melee_burst_takes_everyone_around_the_user_but_the_user() {
    let mut game = game(&[("Bo", (1, 0)), ("Cy", (0, 1)), ("Di", (2, 0))]);
    // Ring 1 starts towards direction 4 (-1,1) and goes round: (0,1) before (1,0).
    assert_eq!(hit(&mut game, "Nova", &[]), ["Cy", "Bo"]);
    assert_eq!((hp(&game, "Ana"), hp(&game, "Di")), (20, 20));
    assert_eq!(hit(&mut game, "Warm Nova", &[]), ["Ana", "Cy", "Bo"]);
}

#[test]
fn a_ranged_burst_is_placed_within_reach_and_includes_its_user_unless_told_not_to() {
    let mut game = game(&[("Bo", (2, 0)), ("Cy", (1, 1)), ("Di", (4, 0))]);
    // Ring 1 round 1,0 starts at 0,1 and ends at the user's 0,0.
    assert_eq!(hit(&mut game, "Fireball", &[(1, 0)]), ["Cy", "Bo", "Ana"]);
    assert_eq!(hit(&mut game, "Careful Fireball", &[(1, 0)]), ["Cy", "Bo"]);
    let mut far = PowerUse::new("Ana", "Fireball");
    far.options.aim = vec![Hex::new(6, 0)];
    let error = game.use_power(&far).unwrap_err();
    assert_eq!(error.to_string(), "the origin 6,0 is 6 hexes away; Fireball reaches 5");
    assert_eq!(source_of(&error), "Target: Burst 1 within 5");
    let error = game.use_power(&PowerUse::new("Ana", "Fireball")).unwrap_err();
    assert_eq!(error.to_string(), "Fireball needs an origin hex");
}

#[test]
fn a_wall_shelters_a_creature_from_the_burst_behind_it() {
    let mut game = game(&[("Bo", (3, 0)), ("Cy", (4, 0))]);
    game.add_walls(&[Hex::new(2, 0)]).unwrap();
    let error = game.use_power(&{
        let mut request = PowerUse::new("Ana", "Fireball");
        request.options.aim = vec![Hex::new(3, 0)];
        request
    });
    assert_eq!(error.unwrap_err().to_string(), "no line to the origin 3,0: wall at 2,0");
}

#[test]
fn cone_ray_and_path_select_in_their_hex_order() {
    let mut game = game(&[("Bo", (1, 0)), ("Cy", (2, -1)), ("Di", (2, 0)), ("Ed", (0, 1))]);
    // A cone 2 towards +q: (1,0), then depth 2 ring hexes within 1 of (2,0).
    assert_eq!(hit(&mut game, "Gust", &[(3, 0)]), ["Bo", "Di", "Cy"]);
    assert_eq!(hit(&mut game, "Lance", &[(1, 0)]), ["Bo", "Di"]);
    assert_eq!(hit(&mut game, "Vines", &[(0, 1), (1, 1)]), ["Ed"]);
    assert_eq!(hit(&mut game, "Vines", &[(2, 0)]), ["Bo", "Di"]);
}

#[test]
fn named_targets_outside_the_area_are_refused() {
    let mut game = game(&[("Bo", (1, 0)), ("Cy", (3, 0))]);
    let error = game.use_power(&PowerUse::new("Ana", "Nova").at(["Cy"])).unwrap_err();
    assert_eq!(error.to_string(), "Cy is not in the area of Nova");
    assert_eq!(source_of(&error), "Target: Burst 1");
    assert_eq!(hp(&game, "Bo"), 20);
}

#[test]
fn push_moves_straight_away_and_stops_before_a_blocked_hex() {
    let mut game = game(&[("Bo", (1, 0))]);
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap();
    assert_eq!(at(&game, "Bo"), Some(Hex::new(3, 0)));
    let mut game = self::game(&[("Bo", (1, 0)), ("Cy", (3, 0))]);
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap();
    assert_eq!(at(&game, "Bo"), Some(Hex::new(2, 0)));
    let mut game = self::game(&[("Bo", (1, 0))]);
    game.add_walls(&[Hex::new(2, 0)]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap();
    assert_eq!(at(&game, "Bo"), Some(Hex::new(1, 0)));
    assert!(game.transcript_since(0).contains("Bo is stopped at 1,0 (2,0 is blocked)"));
}

#[test]
fn pull_moves_toward_the_user_and_stops_next_to_it() {
    let mut game = game(&[("Bo", (4, 0))]);
    game.use_power(&PowerUse::new("Ana", "Yank").at(["Bo"])).unwrap();
    assert_eq!(at(&game, "Bo"), Some(Hex::new(1, 0)));
    assert!(game.transcript_since(0).contains("Bo pull: 4,0 -> 1,0 (3 hexes)"));
    let mut game = self::game(&[("Bo", (2, 0))]);
    game.use_power(&PowerUse::new("Ana", "Yank").at(["Bo"])).unwrap();
    assert_eq!(at(&game, "Bo"), Some(Hex::new(1, 0)), "stops before the user's hex");
}

fn stride(game: &mut Game, power: &str, to: (i64, i64)) -> Result<(), String> {
    let mut request = PowerUse::new("Ana", power);
    request.options.destination = Some(Hex::new(to.0, to.1));
    game.use_power(&request).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn walking_goes_around_walls_within_its_steps_and_refuses_the_rest() {
    let mut game = game(&[("Bo", (0, 2))]);
    game.add_walls(&[Hex::new(1, 0), Hex::new(1, -1)]).unwrap();
    assert_eq!(
        stride(&mut game, "Stride", (4, 0)),
        Err("4,0 is 4 hexes from Ana; walk goes up to 3".to_string())
    );
    assert_eq!(
        stride(&mut game, "Stride", (2, -1)),
        Err("Ana cannot walk from 0,0 to 2,-1 around the walls in 3 steps".to_string())
    );
    assert_eq!(stride(&mut game, "Stride", (0, 2)), Err("0,2 is occupied by Bo".to_string()));
    assert_eq!(stride(&mut game, "Stride", (1, 0)), Err("1,0 is a wall".to_string()));
    assert_eq!(at(&game, "Ana"), Some(Hex::new(0, 0)), "failures change nothing");
    // 2 hexes away in a straight line, 3 steps around the walls.
    stride(&mut game, "Stride", (2, 0)).unwrap();
    assert_eq!(at(&game, "Ana"), Some(Hex::new(2, 0)));
}

#[test]
fn teleport_ignores_walls_but_not_its_distance() {
    let mut game = game(&[]);
    game.add_walls(&[Hex::new(1, 0), Hex::new(1, -1), Hex::new(0, 1)]).unwrap();
    stride(&mut game, "Blink", (3, 0)).unwrap();
    assert_eq!(at(&game, "Ana"), Some(Hex::new(3, 0)));
    assert!(stride(&mut game, "Blink", (8, 0)).is_err());
}

#[test]
fn undo_puts_everyone_back() {
    let mut game = game(&[("Bo", (1, 0))]);
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap();
    stride(&mut game, "Stride", (0, -2)).unwrap();
    game.undo().unwrap();
    assert_eq!(at(&game, "Ana"), Some(Hex::new(0, 0)));
    assert_eq!(at(&game, "Bo"), Some(Hex::new(3, 0)));
    game.undo().unwrap();
    assert_eq!(at(&game, "Bo"), Some(Hex::new(1, 0)));
}

#[test]
fn placing_on_a_wall_or_an_occupied_hex_is_refused() {
    let mut game = game(&[("Bo", (1, 0))]);
    game.add_walls(&[Hex::new(2, 0)]).unwrap();
    let error = game.place("Bo", Some(Hex::new(0, 0))).unwrap_err();
    assert_eq!(error.to_string(), "0,0 is occupied by Ana");
    assert_eq!(game.place("Bo", Some(Hex::new(2, 0))).unwrap_err().to_string(), "2,0 is a wall");
    assert!(game.add_walls(&[Hex::new(1, 0)]).is_err());
    assert_eq!(at(&game, "Bo"), Some(Hex::new(1, 0)));
    assert!(!game.world().walls.contains(&Hex::new(1, 0)));
}

#[test]
fn without_positions_the_request_targets_stand() {
    let mut game = Game::new(1);
    game.load_source("space.rules", PACK).unwrap();
    game.add_actor("Ana", Some("Body"), &[]).unwrap();
    game.add_actor("Bo", Some("Body"), &[]).unwrap();
    let outcome = game.use_power(&PowerUse::new("Ana", "Nova").at(["Bo"])).unwrap();
    assert_eq!(outcome.targets[0].name, "Bo");
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap();
    assert!(game.transcript_since(0).contains("Bo: push 2 hexes"));
}

#[test]
fn walls_survive_a_save_and_old_saves_without_walls_load() {
    let mut game = game(&[("Bo", (1, 0))]);
    game.add_walls(&[Hex::new(2, 0)]).unwrap();
    let json = serde_json::to_string(game.world()).unwrap();
    let world: mythforge::engine::World = serde_json::from_str(&json).unwrap();
    assert!(world.walls.contains(&Hex::new(2, 0)));
    let old = json.replace(",\"walls\":[{\"q\":2,\"r\":0}]", "");
    assert_ne!(old, json);
    let world: mythforge::engine::World = serde_json::from_str(&old).unwrap();
    assert!(world.walls.is_empty());
}

/// The shipped Mestezia pack with these actors (each from its own stat block).
fn mestezia(actors: &[(&str, (i64, i64))]) -> Game {
    let mut game = crate::common::game_with(7, &["rules/mestezia"]);
    for (name, (q, r)) in actors {
        game.add_actor(name, Some(name), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
    }
    game
}

#[test]
fn mestezia_thunderclap_hits_the_cone_in_front_and_pushes_on_a_medium() {
    let mut game = mestezia(&[
        ("Xochitl", (0, 0)),
        ("Itzel", (-1, 0)),
        ("White Coyote", (1, 0)),
        ("Enrique", (2, -1)),
    ]);
    game.world_mut().roller.force([9, 8, 7]);
    let mut request = PowerUse::new("Xochitl", "Thunderclap");
    request.options.aim = vec![Hex::new(3, 0)];
    let outcome = game.use_power(&request).unwrap();
    let names: Vec<&str> = outcome.targets.iter().map(|t| t.name.as_str()).collect();
    // Itzel stands behind Xochitl, outside the cone; Xochitl is its origin, never a target.
    assert_eq!(names, ["White Coyote", "Enrique"]);
    // 4 + 9, 8, 7 against Defense 10 and 11: High; 2 * 3 + 2 (Clockwork Engineer) sound.
    assert_eq!(game.world().actor("White Coyote").unwrap().resources["HP"].current, 2);
    assert_eq!(at(&game, "White Coyote"), Some(Hex::new(3, 0)));
    assert_eq!(at(&game, "Enrique"), Some(Hex::new(4, -2)));
    assert_eq!(at(&game, "Itzel"), Some(Hex::new(-1, 0)));
    game.undo().unwrap();
    assert_eq!(at(&game, "White Coyote"), Some(Hex::new(1, 0)));
}

#[test]
fn mestezia_berserker_charge_walks_into_reach_first() {
    let mut game = mestezia(&[("Itzel", (0, 0)), ("The Inquisitor", (4, 0))]);
    let mut request = PowerUse::new("Itzel", "Berserker Charge").at(["The Inquisitor"]);
    request.options.weapon = Some("Maquahuitl".to_string());
    let error = game.use_power(&request).unwrap_err();
    assert_eq!(error.to_string(), "The Inquisitor is 4 hexes away; Berserker Charge reaches 1");
    assert_eq!(game.world().actor("Itzel").unwrap().resources["CP"].current, 6, "nothing paid");
    // Before: walk up to [Speed + 1] = 4 hexes, to the hex next to the Inquisitor.
    request.options.destination = Some(Hex::new(3, 0));
    game.world_mut().roller.force([9, 8, 7]);
    game.use_power(&request).unwrap();
    assert_eq!(at(&game, "Itzel"), Some(Hex::new(3, 0)));
    let hp = game.world().actor("The Inquisitor").unwrap().resources["HP"].current;
    let max = game.world().actor("The Inquisitor").unwrap().resources["HP"].max;
    assert_eq!(max.map(|max| max - hp), Some(15), "15 damage on a High, as in the rulebook");
    game.undo().unwrap();
    assert_eq!(at(&game, "Itzel"), Some(Hex::new(0, 0)));
    request.options.destination = Some(Hex::new(9, 0));
    let error = game.use_power(&request).unwrap_err();
    assert_eq!(error.to_string(), "9,0 is 9 hexes from Itzel; walk goes up to 4");
    assert_eq!(game.sources().slice(error.span), "Before: Walk up to [Speed + 1] hexes");
}

/// Runs a session text on a fresh game with the test pack loaded inline.
fn session(text: &str) -> (mythforge::session::Session<Game>, mythforge::session::Run) {
    let mut game = Game::new(1);
    game.load_source("space.rules", PACK).unwrap();
    let mut session = mythforge::session::Session::new(game, 1);
    let run = session.run_text("space.session", text, None);
    (session, run)
}

#[test]
fn session_place_wall_aim_and_destination() {
    let text = "actor Ana from Body\nactor Bo from Body\nplace Ana at 0,0\nplace Bo at 2,-1\n\
                wall 5,5 -1,-1\nAna uses Fireball at 1,-1\nAna uses Stride to -2,0\nshow state\n";
    let (session, run) = session(text);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let world = session.backend().world();
    assert_eq!(world.actor("Ana").unwrap().position, Some(Hex::new(-2, 0)));
    assert_eq!(world.actor("Bo").unwrap().resources["HP"].current, 19);
    assert_eq!(world.actor("Ana").unwrap().resources["HP"].current, 19, "ranged: counts Ana");
    assert_eq!(world.walls.len(), 2);
    let shown = mythforge::session::transcript::step_text(run.steps.last().unwrap());
    assert!(shown.contains("Ana: HP 19/20, Max HP 20 at -2,0 facing west\n"), "{shown}");
    assert!(shown.contains("walls: -1,-1 5,5\n"), "{shown}");
}

#[test]
fn session_refusals_point_at_the_hex_or_the_rule_line() {
    let text = "actor Ana from Body\nactor Bo from Body\nplace Ana at 0,0\nplace Bo at 0,0\n";
    let (session, run) = session(text);
    let failure = run.failure.expect("an occupied hex is refused");
    assert_eq!(failure[0].message, "0,0 is occupied by Ana");
    assert_eq!(failure[0].code, "runtime::space");
    assert_eq!(session.sources().slice(failure[0].primary_span()), "0,0");
    let (_, run) = self::session("place Ana at 2\n");
    let failure = run.failure.expect("a hex needs both coordinates");
    assert!(failure[0].message.contains("a hex such as `2,-3`"), "{}", failure[0].message);
    let text = "actor Ana from Body\nplace Ana at 0,0\nAna uses Fireball at 9,0\n";
    let (session, run) = self::session(text);
    let failure = run.failure.expect("out of reach");
    let rules = session.backend().sources();
    assert_eq!(rules.slice(failure[0].primary_span()), "Target: Burst 1 within 5");
    assert_eq!(failure[0].help.as_deref(), Some("pick an origin hex within reach"));
}
