//! Issue 17 item 6: a downed creature (its health at 0 or below) can be passed through: a
//! walk goes through a downed enemy's hex where a standing one blocks it, but still cannot
//! end there.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Field
Resource HP: max [Max HP]
Resource Max HP: no max

power Step
Target: Self
Result: walk up to 2 hexes

actor Body
Resources: HP 10, Max HP 10
Powers: Step
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("field.rules", PACK).expect("the pack loads");
    for (name, (q, r)) in [("Ana", (0, 0)), ("Grr", (1, 0)), ("Hss", (1, -1)), ("Bo", (0, 1))] {
        game.add_actor(name, Some("Body"), &[]).unwrap();
        game.place(name, Some(Hex::new(q, r))).unwrap();
    }
    game.set_side(&["Ana"], Some("party")).unwrap();
    game.set_side(&["Grr", "Hss", "Bo"], Some("foes")).unwrap();
    game
}

fn walk(game: &mut Game, to: (i64, i64)) -> Result<(), String> {
    let mut request = PowerUse::new("Ana", "Step");
    request.options.destination = Some(Hex::new(to.0, to.1));
    game.use_power(&request).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn a_downed_enemy_is_passed_through_but_not_stood_on() {
    let mut game = game();
    assert_eq!(
        walk(&mut game, (2, 0)).unwrap_err(),
        "Ana cannot walk from 0,0 to 2,0 in 2 steps: enemies block the way (Grr at 1,0, Hss at 1,-1, Bo at 0,1)"
    );
    game.set_value("Grr", "HP", 0).unwrap();
    assert_eq!(walk(&mut game, (1, 0)).unwrap_err(), "1,0 is occupied by Grr");
    walk(&mut game, (2, 0)).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().position, Some(Hex::new(2, 0)));
}
