//! Issue 17 item 6: the grid as a system setting. `Grid: square` gives four neighbours and
//! no diagonals; distance is the number of orthogonal steps. Everything spatial follows the
//! grid: `[Distance to Target]`, reach and adjacency (`Enemy in 1`), bursts, walking around
//! walls, `each ... within N` and the log's move lengths. The same pack on hexes is the
//! control.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

use crate::common::hp;
use crate::common::map::hit;

const POWERS: &str = "\
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Morale: start 0; no max

power Lob
Target: creature in 10
Result: [Distance to Target] damage

power Jab
Target: creature in 1
Result: 1 damage

power Nova
Target: Burst 1
Result: 1 damage

power Stride
Target: Self
Result: walk up to 3 squares

power Rally
Target: Self
Result: each ally within 2 gains 1 Morale

actor Body
Resources: HP 30, Max HP 30
Powers: Lob, Jab, Nova, Stride, Rally
Side: party
";

fn game(grid: Option<&str>, placed: &[(&str, (i64, i64))]) -> Game {
    let grid_line = grid.map(|g| format!("Grid: {g}\n")).unwrap_or_default();
    let text = format!("system Field\n{grid_line}{POWERS}");
    let mut game = Game::new(1);
    game.load_source("field.rules", &text).expect("the pack loads");
    for (name, (q, r)) in placed {
        game.add_actor(name, Some("Body"), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
    }
    game
}

fn use_on(game: &mut Game, power: &str, target: &str) -> Result<(), String> {
    game.use_power(&PowerUse::new("Ana", power).at([target])).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn distance_to_the_target_is_orthogonal_steps_on_squares_and_hex_steps_on_hexes() {
    let placed = [("Ana", (0, 0)), ("Bo", (3, -2))];
    let mut square = game(Some("square"), &placed);
    use_on(&mut square, "Lob", "Bo").unwrap();
    assert_eq!(hp(&square, "Bo"), 25, "|3| + |-2| = 5 squares");
    let mut hexes = game(None, &placed);
    use_on(&mut hexes, "Lob", "Bo").unwrap();
    assert_eq!(hp(&hexes, "Bo"), 27, "max(|3|, |-2|, |-1|) = 3 hexes");
    let mut named = game(Some("hex"), &placed);
    use_on(&mut named, "Lob", "Bo").unwrap();
    assert_eq!(hp(&named, "Bo"), 27, "`Grid: hex` is the default written out");
}

#[test]
fn a_diagonal_is_not_adjacent_on_squares() {
    let placed = [("Ana", (0, 0)), ("Bo", (1, 1)), ("Cy", (0, 1))];
    let mut square = game(Some("square"), &placed);
    assert_eq!(
        use_on(&mut square, "Jab", "Bo"),
        Err("Bo is 2 squares away; Jab reaches 1".to_string())
    );
    use_on(&mut square, "Jab", "Cy").unwrap();
    assert_eq!(hp(&square, "Cy"), 29);
    // On hexes, (1,1) is two steps away as well, but (1,-1) is a neighbour.
    let mut hexes = game(None, &[("Ana", (0, 0)), ("Bo", (1, -1))]);
    use_on(&mut hexes, "Jab", "Bo").unwrap();
    assert_eq!(hp(&hexes, "Bo"), 29);
    let mut square = game(Some("square"), &[("Ana", (0, 0)), ("Bo", (1, -1))]);
    assert!(use_on(&mut square, "Jab", "Bo").is_err());
}

#[test]
fn a_burst_on_squares_takes_the_four_neighbours_not_the_diagonals() {
    let placed = [
        ("Ana", (0, 0)),
        ("East", (1, 0)),
        ("North", (0, -1)),
        ("West", (-1, 0)),
        ("South", (0, 1)),
        ("Corner", (1, 1)),
    ];
    let mut square = game(Some("square"), &placed);
    let mut taken = hit(&mut square, "Nova", &[]);
    taken.sort();
    assert_eq!(taken, ["East", "North", "South", "West"]);
    assert_eq!(hp(&square, "Corner"), 30);
}

#[test]
fn walking_on_squares_counts_orthogonal_steps_around_walls() {
    let mut square = game(Some("square"), &[("Ana", (0, 0))]);
    square.add_walls(&[Hex::new(1, 0)]).unwrap();
    let mut request = PowerUse::new("Ana", "Stride");
    request.options.destination = Some(Hex::new(2, 0));
    // 2 squares straight, 4 around the wall: more than 3.
    let error = square.use_power(&request).unwrap_err();
    assert_eq!(error.to_string(), "Ana cannot walk from 0,0 to 2,0 around the walls in 3 steps");
    request.options.destination = Some(Hex::new(1, 1));
    square.use_power(&request).unwrap();
    assert_eq!(square.world().actor("Ana").unwrap().position, Some(Hex::new(1, 1)));
    let moved: Vec<String> = square.log().iter().map(|e| e.describe()).collect();
    assert!(moved.iter().any(|line| line == "Ana walk: 0,0 -> 1,1 (2 squares)"), "{moved:?}");
}

#[test]
fn each_ally_within_counts_squares() {
    let placed = [("Ana", (0, 0)), ("Bo", (1, 1)), ("Cy", (2, 1))];
    let mut square = game(Some("square"), &placed);
    square.use_power(&PowerUse::new("Ana", "Rally")).unwrap();
    let morale = |g: &Game, who: &str| g.world().actor(who).unwrap().resources["Morale"].current;
    assert_eq!((morale(&square, "Bo"), morale(&square, "Cy")), (1, 0), "Cy is 3 squares away");
    let mut hexes = game(None, &placed);
    hexes.use_power(&PowerUse::new("Ana", "Rally")).unwrap();
    assert_eq!((morale(&hexes, "Bo"), morale(&hexes, "Cy")), (1, 0), "Cy is 3 hexes away");
}

#[test]
fn refusals_name_the_grids_cells() {
    use mythforge::diagnostics::ToDiagnostic;
    for (grid, cell) in [(Some("square"), "square"), (None, "hex")] {
        let mut game = game(grid, &[("Ana", (0, 0))]);
        game.add_actor("Bo", Some("Body"), &[]).unwrap();
        let error = game.place("Bo", Some(Hex::new(0, 0))).unwrap_err();
        assert_eq!(error.to_string(), "0,0 is occupied by Ana");
        let help = error.to_diagnostic().help;
        assert_eq!(help.as_deref(), Some(format!("pick an empty {cell}").as_str()));
    }
}
