//! The event log shares the names it repeats instead of copying them: after many attacks,
//! every event naming the same actor, resource or armour layer points at one copy of the
//! name. This guards the allocation count of a power use (a copied name is an allocation
//! per event), without timing anything.

use std::collections::BTreeMap;

use mythforge::engine::{Event, SharedText};
use mythforge::runtime::{Game, PowerUse};

fn attack() -> (Game, PowerUse) {
    let mut game = crate::common::game_with(7, &["tests/fixtures/sample/system.rules"]);
    game.add_actor("Attacker", Some("Brakka"), &[("CP", 1_000)]).unwrap();
    game.add_actor("Defender", Some("Brakka"), &[("HP", 1_000), ("Max HP", 1_000)]).unwrap();
    (game, PowerUse::new("Attacker", "Berserker Charge").at(["Defender"]))
}

/// Every shared name in the hot events, in log order.
fn names<'a>(events: impl Iterator<Item = &'a Event>) -> Vec<&'a SharedText> {
    let mut names = Vec::new();
    for event in events {
        match event {
            Event::Roll { actor, purpose, .. } => names.extend(actor.iter().chain([purpose])),
            Event::Check { actor, .. } => names.extend(actor.iter()),
            Event::CostPaid { actor, resource, .. }
            | Event::ResourceChanged { actor, resource, .. } => names.extend([actor, resource]),
            Event::Damage { actor, into, layers, .. } => {
                names.extend([actor, into]);
                names.extend(layers.iter().map(|hit| &hit.layer));
            }
            _ => {}
        }
    }
    names
}

#[test]
fn repeated_attacks_log_one_copy_of_each_name() {
    let (mut game, request) = attack();
    for _ in 0..5 {
        game.use_power(&request).unwrap();
    }
    let names = names(game.world().log.iter());
    // Each use logs its cost (2 names), roll (2) and check (1); hits add more.
    assert!(names.len() > 5 * 5, "only {} names logged", names.len());
    let mut first: BTreeMap<&str, *const u8> = BTreeMap::new();
    for name in &names {
        let copy = *first.entry(name.as_str()).or_insert(name.as_ptr());
        assert_eq!(copy, name.as_ptr(), "`{name}` was copied");
    }
    let distinct: Vec<&str> = first.keys().copied().collect();
    assert!(distinct.contains(&"Attacker") && distinct.contains(&"Defender"), "{distinct:?}");
    assert!(distinct.contains(&"CP") && distinct.contains(&"check"), "{distinct:?}");
}

#[test]
fn the_log_and_the_layers_share_the_layer_names() {
    let (mut game, request) = attack();
    for _ in 0..5 {
        game.use_power(&request).unwrap();
    }
    let defender = game.world().actor("Defender").unwrap();
    let layers: Vec<&SharedText> =
        defender.layered.values().flat_map(|pool| pool.layers.iter().map(|l| &l.name)).collect();
    let hits: Vec<&SharedText> = game
        .world()
        .log
        .iter()
        .filter_map(|e| match e {
            Event::Damage { layers, .. } => Some(layers.iter().map(|hit| &hit.layer)),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(!hits.is_empty() && !layers.is_empty());
    for hit in &hits {
        let layer = layers.iter().find(|l| l.as_str() == hit.as_str()).expect("a known layer");
        assert_eq!(layer.as_ptr(), hit.as_ptr(), "the hit on `{hit}` copied its name");
    }
}

#[test]
fn shared_names_serialise_as_before() {
    let (mut game, request) = attack();
    game.use_power(&request).unwrap();
    let json = game.world().log.to_json_lines();
    let cost = json.lines().find(|line| line.contains("\"cost_paid\"")).unwrap();
    assert!(cost.starts_with(r#"{"event":"cost_paid","actor":"Attacker","resource":"CP","#));
    // A save with these events loads back to the same events.
    let events: Vec<Event> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(events.iter().eq(game.world().log.iter()));
}
