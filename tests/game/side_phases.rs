//! Issue 17 item 5, phases by side and turn order without dice: `Side order: party, foes`
//! makes every party member act before any foe (a player phase, then an opponent phase),
//! in turn order within a side, or in the order they were named when the system rolls no
//! `Turn order:`.

use mythforge::runtime::Game;

const PACK: &str = "
system Phases
Stats: Speed
Resource HP: max 10
Side order: party, foes

actor Hero
Stats: Speed 2
Side: party

actor Goblin
Stats: Speed 5
Side: foes
";

fn game(text: &str) -> Game {
    let mut game = Game::new(4);
    game.load_source("phases.rules", text).expect("the pack loads");
    for (name, from) in [("Gob", "Goblin"), ("Ana", "Hero"), ("Rat", "Goblin"), ("Bo", "Hero")] {
        game.add_actor(name, Some(from), &[]).unwrap();
    }
    game
}

#[test]
fn the_party_acts_before_the_foes_in_the_named_order_without_dice() {
    let mut game = game(PACK);
    let order = game.start_encounter(&["Gob", "Ana", "Rat", "Bo"]).unwrap();
    assert_eq!(order, ["Ana", "Bo", "Gob", "Rat"]);
    assert!(game.world().roller.state().forced.is_empty());
}

#[test]
fn within_a_side_the_turn_order_roll_still_orders() {
    let mut game = game(&PACK.replace("Side order:", "Turn order: 1d10 + [Speed]\nSide order:"));
    // Gob 1+5, Ana 1+2, Rat 9+5, Bo 8+2: Bo before Ana, Rat before Gob, party first.
    game.world_mut().roller.force([1, 1, 9, 8]);
    let order = game.start_encounter(&["Gob", "Ana", "Rat", "Bo"]).unwrap();
    assert_eq!(order, ["Bo", "Ana", "Rat", "Gob"]);
}

#[test]
fn an_actor_of_no_listed_side_acts_last_and_the_line_prints_canonically() {
    let mut game = game(PACK);
    game.add_actor("Owl", Some("Hero"), &[]).unwrap();
    game.set_side(&["Owl"], Some("wild")).unwrap();
    let order = game.start_encounter(&["Owl", "Gob", "Ana"]).unwrap();
    assert_eq!(order, ["Ana", "Gob", "Owl"]);
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, _) = mythforge::parse::parse_source(
        &mut sources,
        "p.rules",
        "system S\nSide order:party ,  foes\n",
    );
    assert!(mythforge::model::print::format_file(&file).contains("Side order: party, foes\n"));
}
