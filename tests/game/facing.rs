//! Issue 17 item 6 / issue 20 (Mythmaster GAPS 3): an actor's facing on both grids — set by
//! `place ... facing`, `X faces D` and walking (not by a push), shown, saved, undone — and the
//! defence gate `within N degrees of facing`, which offers a shield only against an attacker
//! inside the arc (edge included), and says in the log when it leaves one out or cannot judge.

use mythforge::engine::{Direction, Hex};
use mythforge::runtime::Game;
use mythforge::session::{Run, Session, transcript};

/// A duel pack on `grid`: a buckler (60), a kite shield (120), a tower shield (180).
fn pack(grid: &str) -> String {
    format!(
        "system Shields
Grid: {grid}
Stats: Melee, Shield Skill
Resource Health: max 30
Default check: Versus
Armour fields: Facing number

check Versus
Method: versus
Dice: d20
Tie: defender

armour Buckler
Protection: 0
Facing: 60

armour Kite Shield
Protection: 0
Facing: 120

armour Tower Shield
Protection: 0
Facing: 180

power Strike
Target: Enemy in 3
Check: [Melee] versus a defence
Result: 1 damage

power Step
Target: Self
Result: walk 3

power Shove
Target: Enemy in 1
Result: push 1

power Shield Block
Defence: any, within [Armour Facing] degrees of facing
Check: [Shield Skill]

actor Fighter
Stats: Melee 5, Shield Skill 4
Resources: Health 30
Powers: Strike, Step, Shove, Shield Block

actor Buckler Guard
Stats: Melee 5, Shield Skill 4
Resources: Health 30
Powers: Strike, Shield Block
Equipment: Buckler

actor Kite Guard
Stats: Melee 5, Shield Skill 4
Resources: Health 30
Powers: Strike, Shield Block
Equipment: Kite Shield

actor Tower Guard
Stats: Melee 5, Shield Skill 4
Resources: Health 30
Powers: Strike, Shield Block
Equipment: Tower Shield
"
    )
}

fn session(grid: &str) -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source("shields.rules", &pack(grid)).unwrap();
    Session::new(game, 1)
}

fn text(run: &Run) -> String {
    assert!(run.failure.is_none(), "{:?}", run.failure);
    run.steps.iter().map(transcript::step_text).collect()
}

fn play(session: &mut Session<Game>, commands: &str) -> String {
    text(&session.run_text("shields.session", commands, None))
}

fn facing(session: &Session<Game>, who: &str) -> Option<Direction> {
    session.backend().world().actor(who).unwrap().facing
}

/// Bo (a guard from `guard`, at 0,0 facing `facing`) is struck by Ana from `from`: whether
/// Bo defended, and the transcript.
fn struck_from(grid: &str, guard: &str, facing: &str, from: (i64, i64)) -> (bool, String) {
    let mut session = session(grid);
    let setup = format!(
        "actor Ana from Fighter\nactor Bo from {guard}\n\
         place Bo at 0,0 facing {facing}\nplace Ana at {},{}\n",
        from.0, from.1
    );
    play(&mut session, &setup);
    let shown = play(&mut session, "force 10, 10\nAna uses Strike on Bo\n");
    (shown.contains("Bo defends with Shield Block"), shown)
}

#[test]
fn placing_sets_the_facing_and_a_walk_turns_the_mover_along_its_last_step() {
    let mut hexes = session("hex");
    let shown = play(&mut hexes, "actor Ana from Fighter\nplace Ana at 0,0 facing northeast\n");
    assert!(shown.ends_with("Ana is placed at 0,0\nAna faces northeast\n"), "{shown}");
    assert_eq!(facing(&hexes, "Ana"), Some(Direction::Northeast));
    play(&mut hexes, "Ana uses Step to 0,2\n");
    assert_eq!(facing(&hexes, "Ana"), Some(Direction::Southeast));
    play(&mut hexes, "Ana uses Step to -2,2\n");
    assert_eq!(facing(&hexes, "Ana"), Some(Direction::West));
    let shown = play(&mut hexes, "show Ana\nshow state\n");
    assert!(shown.contains("  Position: -2,2, facing west\n"), "{shown}");
    assert!(shown.contains("Ana: Health 30/30 at -2,2 facing west\n"), "{shown}");

    let mut squares = session("square");
    play(&mut squares, "actor Ana from Fighter\nplace Ana at 0,0 facing east\n");
    play(&mut squares, "Ana uses Step to 0,-2\n");
    assert_eq!(facing(&squares, "Ana"), Some(Direction::North));
    play(&mut squares, "Ana uses Step to 1,0\n");
    assert_eq!(facing(&squares, "Ana"), Some(Direction::South), "the last of 3 steps is south");
}

#[test]
fn placed_without_facing_an_actor_faces_nowhere_then_keeps_its_facing_when_moved_by_the_gm() {
    let mut game = Game::new(1);
    game.load_source("shields.rules", &pack("hex")).unwrap();
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().facing, None);
    game.face("Ana", Direction::West).unwrap();
    game.place("Ana", Some(Hex::new(3, 0))).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().facing, Some(Direction::West));
    game.place("Ana", None).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().facing, None, "off the map, facing nowhere");
    let refused = game.place_facing("Ana", Some(Hex::new(0, 0)), Some(Direction::North));
    assert_eq!(refused.unwrap_err().to_string(), "`north` is no direction on a hex grid");
    assert_eq!(game.world().actor("Ana").unwrap().position, None, "nothing changed");
}

#[test]
fn a_pushed_creature_keeps_its_facing() {
    let mut hexes = session("hex");
    play(
        &mut hexes,
        "actor Ana from Fighter\nactor Bo from Fighter\nside Bo: foes\n\
         place Ana at 0,0 facing east\nplace Bo at 1,0 facing southwest\n",
    );
    let shown = play(&mut hexes, "Ana uses Shove on Bo\n");
    assert!(shown.contains("Bo push: 1,0 -> 2,0"), "{shown}");
    assert_eq!(facing(&hexes, "Bo"), Some(Direction::Southwest));
}

#[test]
fn a_shield_blocks_from_the_front_and_not_from_behind_on_hexes() {
    let (defended, shown) = struck_from("hex", "Buckler Guard", "east", (1, 0));
    assert!(defended, "{shown}");
    let (defended, shown) = struck_from("hex", "Buckler Guard", "east", (-1, 0));
    assert!(!defended, "{shown}");
    assert!(
        shown.contains(
            "Bo's Shield Block is not offered: Ana at -1,0 is outside its 60 degrees of facing \
             (Bo at 0,0 faces east)\n"
        ),
        "{shown}"
    );
    assert!(!shown.contains("decides"), "no question is asked: {shown}");
    // The front-side hex is 60 degrees off: outside a buckler, on the edge of a kite shield.
    assert!(!struck_from("hex", "Buckler Guard", "east", (1, -1)).0);
    assert!(struck_from("hex", "Kite Guard", "east", (1, -1)).0);
    assert!(struck_from("hex", "Kite Guard", "east", (0, 1)).0);
    assert!(!struck_from("hex", "Tower Guard", "east", (0, -1)).0, "120 degrees off");
    // Two hexes out, between the front and a front-side hex: 30 degrees off, the buckler's edge.
    assert!(struck_from("hex", "Buckler Guard", "east", (2, -1)).0);
    assert!(!struck_from("hex", "Buckler Guard", "east", (1, -2)).0, "90 degrees off");
    assert!(struck_from("hex", "Tower Guard", "east", (1, -2)).0, "on the tower shield's edge");
}

#[test]
fn a_shield_blocks_from_the_front_and_not_from_behind_on_squares() {
    assert!(struck_from("square", "Buckler Guard", "north", (0, -1)).0);
    assert!(!struck_from("square", "Buckler Guard", "north", (0, 1)).0);
    // A side square is 90 degrees off: on the edge of 180, outside 120.
    assert!(struck_from("square", "Tower Guard", "north", (1, 0)).0);
    assert!(!struck_from("square", "Kite Guard", "north", (1, 0)).0);
    // The diagonal ahead is 45 degrees off: inside 120, outside 60.
    assert!(struck_from("square", "Kite Guard", "north", (1, -1)).0);
    assert!(!struck_from("square", "Buckler Guard", "north", (1, -1)).0);
}

#[test]
fn an_arc_nobody_can_judge_offers_the_defence_and_says_so() {
    let mut hexes = session("hex");
    play(&mut hexes, "actor Ana from Fighter\nactor Bo from Buckler Guard\nplace Bo at 0,0\n");
    let shown = play(&mut hexes, "force 10, 10\nAna uses Strike on Bo\n");
    assert!(
        shown.contains("Bo's Shield Block: its facing arc is not judged (Ana is not on the map)\n"),
        "{shown}"
    );
    assert!(shown.contains("Bo defends with Shield Block"), "{shown}");
    let shown = play(&mut hexes, "place Ana at 1,0\nforce 10, 10\nAna uses Strike on Bo\n");
    assert!(
        shown.contains("Bo's Shield Block: its facing arc is not judged (Bo faces no direction)\n"),
        "{shown}"
    );
    assert!(shown.contains("Bo defends with Shield Block"), "{shown}");
}

#[test]
fn undo_takes_a_turn_back_with_the_walk_that_made_it() {
    let mut hexes = session("hex");
    play(&mut hexes, "actor Ana from Fighter\nplace Ana at 0,0 facing west\n");
    play(&mut hexes, "Ana uses Step to 2,0\n");
    assert_eq!(facing(&hexes, "Ana"), Some(Direction::East));
    play(&mut hexes, "undo\n");
    assert_eq!(facing(&hexes, "Ana"), Some(Direction::West));
    assert_eq!(hexes.backend().world().actor("Ana").unwrap().position, Some(Hex::new(0, 0)));
    play(&mut hexes, "Ana faces northeast\nundo\n");
    assert_eq!(facing(&hexes, "Ana"), Some(Direction::West));
}

#[test]
fn a_save_keeps_the_facing_and_an_older_save_without_it_loads() {
    let mut hexes = session("hex");
    play(&mut hexes, "actor Ana from Fighter\nplace Ana at 0,0 facing southwest\n");
    let saved = hexes.backend().save_text().unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let ana = &mut value["save"]["world"]["actors"][0];
    assert_eq!(ana["facing"], "southwest", "{saved}");
    let mut restored = Game::new(1);
    restored.load_source("shields.rules", &pack("hex")).unwrap();
    restored.restore_text(&saved, "fight.json").unwrap();
    assert_eq!(restored.world().actor("Ana").unwrap().facing, Some(Direction::Southwest));
    ana.as_object_mut().unwrap().remove("facing");
    let older = value.to_string();
    assert!(!older.contains("facing"), "{older}");
    restored.restore_text(&older, "old.json").unwrap();
    assert_eq!(restored.world().actor("Ana").unwrap().position, Some(Hex::new(0, 0)));
    assert_eq!(restored.world().actor("Ana").unwrap().facing, None);
}

#[test]
fn a_direction_the_grid_lacks_is_refused_at_the_word_with_the_grids_directions() {
    let mut hexes = session("hex");
    let run = hexes.run_text(
        "shields.session",
        "actor Ana from Fighter\nplace Ana at 0,0 facing north\n",
        None,
    );
    let failure = run.failure.expect("no north on hexes");
    assert_eq!(failure[0].message, "`north` is no direction on a hex grid");
    assert_eq!(hexes.sources().slice(failure[0].primary_span()), "north");
    assert_eq!(
        failure[0].help.as_deref(),
        Some(
            "a hex grid has no `north`: the hex grid's directions are east, northeast, \
             northwest, west, southwest, southeast"
        )
    );
    assert_eq!(hexes.backend().world().actor("Ana").unwrap().position, None, "nothing placed");

    let mut squares = session("square");
    let run = squares.run_text(
        "shields.session",
        "actor Ana from Fighter\nplace Ana at 0,0\nAna faces up\n",
        None,
    );
    let failure = run.failure.expect("`up` is no direction");
    assert_eq!(squares.sources().slice(failure[0].primary_span()), "up");
    assert_eq!(
        failure[0].help.as_deref(),
        Some("the square grid's directions are east, north, west, south")
    );

    let run = squares.run_text("shields.session", "actor Bo from Fighter\nBo faces east\n", None);
    let failure = run.failure.expect("Bo is not on the map");
    assert_eq!(failure[0].message, "Bo is not on the map, so it faces nowhere");
    assert_eq!(failure[0].help.as_deref(), Some("place it first: `place Bo at 0,0 facing east`"));
}
