//! Issue 17 item 6: `[Distance to Target]` reads the hexes between a line's user and its
//! target, so rule lines test space: damage that grows with range, and adjacency as a
//! `Prereq:` (`[Distance to Target <= 1]`); without positions it is an error at the line.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Field
Resource HP: max [Max HP]
Resource Max HP: no max

power Lob
Target: creature in 10
Result: [Distance to Target * 2] damage

power Shove
Target: creature in 10
Prereq: [Distance to Target <= 1]
Result: 1 damage

actor Body
Resources: HP 30, Max HP 30
Powers: Lob, Shove
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("field.rules", PACK).expect("the pack loads");
    for (name, (q, r)) in [("Ana", (0, 0)), ("Bo", (3, 0)), ("Cy", (0, 1))] {
        game.add_actor(name, Some("Body"), &[]).unwrap();
        game.place(name, Some(Hex::new(q, r))).unwrap();
    }
    game
}

fn hp(game: &Game, name: &str) -> i64 {
    game.world().actor(name).unwrap().resources["HP"].current
}

#[test]
fn the_distance_to_the_target_is_read_in_a_result() {
    let mut game = game();
    game.use_power(&PowerUse::new("Ana", "Lob").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 24, "3 hexes, 6 damage");
    game.use_power(&PowerUse::new("Ana", "Lob").at(["Cy"])).unwrap();
    assert_eq!(hp(&game, "Cy"), 28, "adjacent, 2 damage");
}

#[test]
fn adjacency_as_a_prereq_refuses_a_far_target() {
    let mut game = game();
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Cy"])).unwrap();
    assert_eq!(hp(&game, "Cy"), 29);
    let error = game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_diagnostic().code, "runtime::requirement");
    assert_eq!(
        error.to_string(),
        "Ana cannot use Shove on Bo: requirement `[Distance to Target <= 1]` does not hold"
    );
    assert_eq!(hp(&game, "Bo"), 30);
}

#[test]
fn without_positions_it_is_an_error_and_the_form_prints_canonically() {
    let mut game = game();
    game.place("Bo", None).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Lob").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_diagnostic().code, "rules::eval::off_map");
    assert_eq!(error.to_string(), "`Distance to Target` measures on the map, and Bo is not on it");
    assert_eq!(hp(&game, "Bo"), 30);
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(
        &mut sources,
        "p.rules",
        "system S\nResource HP: max 9\n\npower P\nResult: [ Distance  to Target+1] damage\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let printed = mythforge::model::print::format_file(&file);
    assert!(printed.contains("Result: [Distance to Target + 1] damage\n"), "{printed}");
}
