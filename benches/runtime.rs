//! Resolving a typical attack power (cost, one target, check against Defense, damage through
//! armour) through the public runtime API, without scripts; and one effect whose amount
//! reads a weapon's damage, a number against dice of the same size, so rolling a dice field
//! inside a bracket stays within twice the cost of reading a number.

#[path = "support/mod.rs"]
mod support;

#[path = "attack/mod.rs"]
mod attack;

use criterion::{Criterion, criterion_group, criterion_main};
use mythforge::runtime::{Game, PowerUse};

fn attack(c: &mut Criterion) {
    let (game, request) = attack::attack();
    c.bench_function("runtime/attack power, one target", |b| {
        b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
    });
}

/// A game whose `Hit` deals `[Weapon Damage + Strength - Target's Stamina]` damage with a
/// weapon whose `Damage:` is `damage` (`5` or `1d8`).
fn hit(damage: &str) -> (Game, PowerUse) {
    let rules = format!(
        "system Bench\nStats Core: Strength, Stamina\nResource HP: max [Max HP]\n\
         Resource Max HP: no max\nRounding: floor\n\nweapon Blade\nDamage: {damage}\n\n\
         power Hit\nTarget: Enemy in 1\nEffect: [Weapon Damage + Strength - Target's Stamina] \
         damage\n\nactor Brute\nStats: Strength 3, Stamina 1\nResources: HP 10, Max HP 10\n\
         Powers: Hit\nEquipment: Blade\n"
    );
    let mut game = Game::new(7);
    game.load_source("bench.rules", &rules).expect("the bench pack loads");
    game.add_actor("Attacker", Some("Brute"), &[]).unwrap();
    game.add_actor("Defender", Some("Brute"), &[("HP", 1_000_000_000), ("Max HP", 1_000_000_000)])
        .unwrap();
    (game, PowerUse::new("Attacker", "Hit").at(["Defender"]))
}

fn bracket_dice(c: &mut Criterion) {
    for (label, damage) in [("a number", "5"), ("dice", "1d8")] {
        let (game, request) = hit(damage);
        c.bench_function(&format!("runtime/effect reading a weapon's damage, {label}"), |b| {
            b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
        });
    }
}

criterion_group!(benches, attack, bracket_dice);
criterion_main!(benches);
