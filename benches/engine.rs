//! A typical attack, resolved end to end: a 3d10 pool with a per-die modifier against a
//! threshold, then typed damage through a resistance and two layers (armour over health).
//! Measured twice: the bare procedures, and through the world with every event logged.
//! Run: cargo bench --bench engine -- --warm-up-time 1 --measurement-time 3

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mythforge::diagnostics::Span;
use mythforge::dice::Roller;
use mythforge::engine::{
    Actor, Damage, DamageInto, DamageRules, Layer, LayeredPool, PoolCheck, World,
    pool_vs_threshold, resolve_damage,
};

const CHECK: PoolCheck = PoolCheck {
    dice: 3,
    sides: 10,
    per_die_modifier: 3,
    threshold: 12,
    grade_cap: Some(3),
    aid: 0,
};

fn body() -> LayeredPool {
    LayeredPool::new(vec![
        Layer::new("armour", 10).with_hardness(5).unwrap().with_threshold(4),
        Layer::new("health", 1_000_000_000).with_hardness(1).unwrap(),
    ])
}

fn rules() -> DamageRules {
    let mut rules = DamageRules::default();
    rules.resistances.insert("fire".into(), 2);
    rules
}

fn attack(c: &mut Criterion) {
    let mut group = c.benchmark_group("attack");
    group.throughput(Throughput::Elements(1));

    let mut roller = Roller::new(7);
    let mut target = body();
    let rules = rules();
    let damage_type = vec!["fire".to_string()];
    group.bench_function("procedures", |b| {
        b.iter(|| {
            let outcome = pool_vs_threshold(&mut roller, black_box(&CHECK)).unwrap();
            let damage =
                Damage { amount: 8 + i64::from(outcome.grade) * 3, types: damage_type.clone() };
            let steps = resolve_damage(&damage, &rules);
            let hit = target.hit(steps.total);
            if target.layers[0].value == 0 {
                target.layers[0].value = 10;
            }
            black_box(hit.through)
        })
    });

    let mut world = World::new(7);
    world.add_actor(Actor::new("target").with_layered("body", body())).unwrap();
    let into = DamageInto::Layers("body".into());
    group.bench_function("world_logged", |b| {
        b.iter(|| {
            let outcome =
                world.pool_check(Some("attacker"), black_box(&CHECK), Span::NONE).unwrap();
            let damage =
                Damage { amount: 8 + i64::from(outcome.grade) * 3, types: damage_type.clone() };
            let report = world.deal_damage("target", &into, &damage, &rules, Span::NONE).unwrap();
            if world.log.len() > 4096 {
                world.log.truncate(0);
            }
            black_box(report.after)
        })
    });
    group.finish();
}

criterion_group!(benches, attack);
criterion_main!(benches);
