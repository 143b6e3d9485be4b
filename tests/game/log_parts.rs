//! The log keeps a move's narration in parts and a hit's layer results in shared chunks;
//! what it prints and serialises must be exactly the text and lists it used to store.

use mythforge::engine::Event;
use mythforge::runtime::{Game, PowerUse};

fn attacked(uses: usize) -> Game {
    let mut game = crate::common::game_with(7, &["tests/fixtures/sample/system.rules"]);
    game.add_actor("Attacker", Some("Brakka"), &[("CP", 1_000)]).unwrap();
    game.add_actor("Defender", Some("Brakka"), &[("HP", 1_000), ("Max HP", 1_000)]).unwrap();
    let request = PowerUse::new("Attacker", "Berserker Charge").at(["Defender"]);
    for _ in 0..uses {
        game.use_power(&request).unwrap();
    }
    game
}

#[test]
fn a_move_without_positions_reads_and_serialises_as_its_text() {
    let game = attacked(1);
    let log = &game.world().log;
    let narration = log.iter().find(|e| matches!(e, Event::Narration { .. })).unwrap();
    assert_eq!(narration.describe(), "Attacker: walk up to 4 hexes");
    let json = serde_json::to_string(narration).unwrap();
    assert!(json.starts_with(r#"{"event":"narration","text":"Attacker: walk up to 4 hexes","#));
    assert_eq!(&serde_json::from_str::<Event>(&json).unwrap(), narration);
}

#[test]
fn layer_hits_of_many_uses_read_back_from_the_shared_chunks() {
    // More hits than one chunk holds, so events point into several chunks.
    let game = attacked(200);
    let log = &game.world().log;
    let hits: Vec<&Event> = log.iter().filter(|e| matches!(e, Event::Damage { .. })).collect();
    assert!(hits.len() > 64, "only {} hits", hits.len());
    for event in hits {
        let Event::Damage { layers, steps, .. } = event else { unreachable!() };
        let first = layers.iter().next().expect("the hit reached the armour");
        assert_eq!(first.layer.as_str(), "Leather Coat");
        assert_eq!(first.absorbed + first.rest, steps.total);
        let json = serde_json::to_string(event).unwrap();
        assert!(json.contains(r#""layers":[{"layer":"Leather Coat","before":"#), "{json}");
        assert_eq!(&serde_json::from_str::<Event>(&json).unwrap(), event);
    }
    // A clone of the game logs into chunks of its own: the original's events stay as they are.
    let mut copy = game.clone();
    let before = game.world().log.clone();
    copy.use_power(&PowerUse::new("Attacker", "Berserker Charge").at(["Defender"])).unwrap();
    assert_eq!(game.world().log, before);
    assert!(copy.world().log.iter().take(before.len()).eq(before.iter()));
}
