//! Saves: a world saved midway and restored continues byte-for-byte like the uninterrupted
//! one; a save killed at any instant leaves a loadable file; damaged, oversized or
//! future-version saves are clear errors, never panics; the backup is a fallback.

use std::path::PathBuf;

use mythforge::diagnostics::{Span, ToDiagnostic};
use mythforge::engine::*;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("engine_save_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start() -> World {
    let mut world = World::new(2026);
    let body = LayeredPool::new(vec![
        Layer::new("armour", 6).with_hardness(3).unwrap().with_threshold(4),
        Layer::new("health", 500).with_hardness(1).unwrap(),
    ]);
    for name in ["ana", "bo"] {
        let actor = Actor::new(name)
            .with_stat("skill", 9)
            .with_resource("points", Resource::new(6).with_max(6))
            .with_layered("body", body.clone());
        world.add_actor(actor).unwrap();
    }
    world.clock = WorldClock::new(6, 4).unwrap();
    let mut encounter =
        Encounter::new(vec![Participant::new("ana"), Participant::new("bo")], TurnMode::Ordered);
    encounter.resets.push(ResourceReset {
        resource: "points".into(),
        value: 6,
        phase: Phase::Action,
    });
    world.start_encounter(encounter).unwrap();
    world
}

/// One deterministic command: whoever acts attacks the other with every procedure in turn.
fn step(world: &mut World, n: u32) {
    let acting = world.encounter.as_ref().unwrap().acting().unwrap().name.clone();
    let other = if acting == "ana" { "bo" } else { "ana" };
    let check = PoolCheck {
        dice: 3,
        sides: 10,
        per_die_modifier: 2,
        threshold: 9,
        grade_cap: Some(3),
        aid: 0,
    };
    let grade = world.pool_check(Some(&acting), &check, Span::NONE).unwrap().grade;
    let under = RollUnderCheck { sides: 12, target: 8, difficulty: 0, boost: 2, second_die: true };
    let outcome = world
        .roll_under_check(Some(&acting), &under, &mut PolicyDecider::default(), Span::NONE)
        .unwrap();
    if outcome.used_second {
        world.change_pool("chaos", 1, Span::NONE);
    }
    let pool = SuccessPoolCheck {
        dice: 4,
        sides: 6,
        success_at: 4,
        explode_at: Some(6),
        automatic: 0,
        required: Some(2),
    };
    world.success_pool_check(Some(&acting), &pool, Span::NONE).unwrap();
    let mut rules = DamageRules::default();
    rules.resistances.insert("fire".into(), 1);
    let damage = Damage::new(i64::from(grade) * 4 + i64::from(n % 3)).with_type("fire");
    world
        .deal_damage(other, &DamageInto::Layers("body".into()), &damage, &rules, Span::NONE)
        .unwrap();
    let condition = ActiveCondition::new("dazed", Expiry::Rounds(1)).with_source(acting.clone());
    world.apply_condition(other, condition, StackRule::Never, Span::NONE).unwrap();
    let _ = world.pay(&acting, &[("points", 2)], Span::NONE);
    world.advance_clock_ticks(1);
    world.advance_turn().unwrap();
}

#[test]
fn saved_and_restored_world_continues_byte_for_byte() {
    let dir = scratch("continue");
    let path = dir.join("game.json");
    let (n, m) = (7, 11);

    let mut uninterrupted = start();
    for i in 0..n + m {
        step(&mut uninterrupted, i);
    }

    let mut first = start();
    for i in 0..n {
        step(&mut first, i);
    }
    save(&first, &path).unwrap();
    drop(first);
    let mut restored = load(&path).unwrap();
    for i in n..n + m {
        step(&mut restored, i);
    }

    assert_eq!(to_json(&restored).unwrap(), to_json(&uninterrupted).unwrap());
    assert_eq!(restored.log.to_json_lines(), uninterrupted.log.to_json_lines());
    assert_eq!(restored.log.transcript(), uninterrupted.log.transcript());
    assert!(uninterrupted.log.len() > 100);
}

/// Saves the start, takes one step, saves again: the path, the first save's JSON, the world.
fn saved_twice(name: &str) -> (PathBuf, String, World) {
    let path = scratch(name).join("game.json");
    let mut world = start();
    save(&world, &path).unwrap();
    let first = to_json(&world).unwrap();
    step(&mut world, 0);
    save(&world, &path).unwrap();
    (path, first, world)
}

#[test]
fn second_save_keeps_the_first_as_backup() {
    let (path, first, world) = saved_twice("backup");
    assert_eq!(to_json(&load(&backup_path(&path)).unwrap()).unwrap(), first);
    assert_eq!(to_json(&load(&path).unwrap()).unwrap(), to_json(&world).unwrap());
}

// A kill during the write leaves a partial temporary file next to an intact save; a kill after
// the backup link and before the rename leaves the old save under both names. Every prefix of
// the new save, wherever it ends up, loads or fails cleanly.
#[test]
fn killed_save_never_breaks_the_real_save_and_load_never_panics() {
    let dir = scratch("kill");
    let path = dir.join("game.json");
    // A small world keeps every-prefix parsing (quadratic in the save's size) quick.
    let mut world = World::new(5);
    let body = LayeredPool::new(vec![Layer::new("health", 9).with_hardness(1).unwrap()]);
    world.add_actor(Actor::new("ana").with_layered("body", body)).unwrap();
    save(&world, &path).unwrap();
    let old = to_json(&world).unwrap();
    let into = DamageInto::Layers("body".into());
    world.deal_damage("ana", &into, &Damage::new(4), &DamageRules::default(), Span::NONE).unwrap();
    let new = to_json(&world).unwrap();
    let temp = dir.join("game.json.tmp");
    for length in 0..=new.len() {
        let prefix = &new.as_bytes()[..length];
        // Writing the temporary file never touches the save; checking it now and then is enough.
        if length % 97 == 0 || length == new.len() {
            std::fs::write(&temp, prefix).unwrap();
            assert_eq!(to_json(&load(&path).unwrap()).unwrap(), old);
            assert!(load(&temp).is_ok() == (length == new.len()), "prefix {length}");
        }
        match from_json(&String::from_utf8_lossy(prefix), "game.json.tmp") {
            Ok(loaded) => {
                assert_eq!(
                    to_json(&loaded).unwrap(),
                    new,
                    "prefix {length} loaded as something else"
                )
            }
            Err(error) => assert!(
                matches!(error.kind, EngineErrorKind::SaveCorrupt { .. }),
                "prefix {length}: {error}"
            ),
        }
    }
}

#[test]
fn truncated_save_falls_back_to_the_backup() {
    let (path, first, _) = saved_twice("fallback");
    let text = std::fs::read(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let error = load(&path).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "engine::save::corrupt");
    assert!(diagnostic.message.contains("is damaged"), "{}", diagnostic.message);
    let (restored, from_backup) = load_or_backup(&path).unwrap();
    assert!(from_backup);
    assert_eq!(to_json(&restored).unwrap(), first);
}

#[test]
fn other_version_oversized_and_missing_saves_are_errors() {
    let dir = scratch("errors");
    let path = dir.join("game.json");
    std::fs::write(&path, r#"{"format_version": 99, "world": {}}"#).unwrap();
    assert!(matches!(
        load(&path).unwrap_err().kind,
        EngineErrorKind::SaveVersion { found: 99, .. }
    ));
    std::fs::write(&path, vec![b' '; (MAX_SAVE_BYTES + 1) as usize]).unwrap();
    assert!(matches!(load(&path).unwrap_err().kind, EngineErrorKind::SaveTooLarge { .. }));
    std::fs::write(&path, "[1, 2").unwrap();
    assert!(matches!(load(&path).unwrap_err().kind, EngineErrorKind::SaveCorrupt { .. }));
    let missing = dir.join("nothing.json");
    assert!(matches!(load(&missing).unwrap_err().kind, EngineErrorKind::SaveIo { .. }));
    assert!(load_or_backup(&missing).is_err());
}

#[test]
fn zero_hardness_in_a_save_is_rejected_not_divided_by() {
    let world = start();
    let text = to_json(&world).unwrap().replacen("\"hardness\": 3", "\"hardness\": 0", 1);
    assert!(text.contains("\"hardness\": 0"));
    assert!(matches!(
        from_json(&text, "edited.json").unwrap_err().kind,
        EngineErrorKind::SaveCorrupt { .. }
    ));
}
