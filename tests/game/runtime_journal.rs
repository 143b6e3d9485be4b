//! The undo journal of power uses once the undo history is full: journals that leave the
//! history are reused by later powers, and every undo still restores the exact world
//! (armour layer values, health, cost, dice position) and the log length.

use crate::common::serialised;
use mythforge::runtime::{Game, PowerUse, UNDO_LIMIT};

fn game() -> Game {
    let mut game = crate::common::game_with(42, &["tests/fixtures/sample/system.rules"]);
    game.add_actor("Brakka", Some("Brakka"), &[("CP", 1_000)]).unwrap();
    game.add_actor("Foe", Some("Brakka"), &[("HP", 1_000), ("Max HP", 1_000)]).unwrap();
    game
}

fn armour(game: &Game) -> Vec<i64> {
    let foe = game.world().actor("Foe").unwrap();
    foe.layered.values().flat_map(|pool| pool.layers.iter().map(|layer| layer.value)).collect()
}

#[test]
fn undo_after_reused_journals_restores_each_state_exactly() {
    let mut game = game();
    let charge = PowerUse::new("Brakka", "Berserker Charge").at(["Foe"]);
    let mut states = Vec::new();
    // Well past the history limit, so later uses run on journals that left the history.
    for _ in 0..UNDO_LIMIT + 8 {
        states.push((serialised(&game), game.mark()));
        game.use_power(&charge).unwrap();
    }
    // The Leather Coat (value 20, hardness 7) wears down under the hits.
    let worn = armour(&game);
    assert_eq!(worn.len(), 1);
    assert!(worn[0] < 20, "{worn:?}");
    assert!(game.world().actor("Foe").unwrap().resources["HP"].current < 1_000);
    for _ in 0..UNDO_LIMIT {
        let (state, mark) = states.pop().unwrap();
        game.undo().unwrap();
        assert_eq!(serialised(&game), state);
        assert_eq!(game.mark(), mark);
    }
    assert!(game.undo().is_err(), "the history holds {UNDO_LIMIT} commands");
}

#[test]
fn a_refused_use_after_reused_journals_changes_nothing() {
    let mut game = game();
    let charge = PowerUse::new("Brakka", "Berserker Charge").at(["Foe"]);
    for _ in 0..UNDO_LIMIT + 2 {
        game.use_power(&charge).unwrap();
    }
    game.world_mut().actor_mut("Brakka").unwrap().resources.get_mut("CP").unwrap().current = 3;
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&charge).unwrap_err();
    assert_eq!(error.to_string(), "Brakka needs 4 CP but has 3: short by 1");
    assert_eq!(serialised(&game), before);
    assert_eq!(game.mark(), mark);
    // The refused use left the history alone: undo takes back the last successful use,
    // whose cost was paid from 1,000 CP less 4 for each use before it.
    game.undo().unwrap();
    let expected = 1_000 - 4 * (i64::try_from(UNDO_LIMIT).unwrap() + 1);
    assert_eq!(game.world().actor("Brakka").unwrap().resources["CP"].current, expected);
}
