//! The world as a whole: costs that are paid in full or not at all, encounters (initiative,
//! segments, phases, resets, delaying, ticks, challenges), conditions ending on time, the
//! event log as JSON lines and transcript, errors as diagnostics, and undo.

use mythforge::diagnostics::{FileId, Span, ToDiagnostic};
use mythforge::dice::Roller;
use mythforge::engine::*;

fn line(start: usize) -> Span {
    Span::new(FileId(1), start..start + 10)
}

fn hero() -> Actor {
    Actor::new("ana")
        .with_stat("speed", 4)
        .with_resource("points", Resource::new(6).with_max(10))
        .with_resource("surges", Resource::new(1))
        .with_resource("health", Resource::new(20).with_max(20))
}

fn world() -> World {
    let mut world = World::new(7);
    world.add_actor(hero()).unwrap();
    world.add_actor(Actor::new("bo").with_resource("points", Resource::new(0))).unwrap();
    world
}

#[test]
fn cost_short_names_resource_and_changes_nothing() {
    let mut world = world();
    let before = to_json(&world).unwrap();
    let error = world.pay("ana", &[("points", 4), ("surges", 3)], line(40)).unwrap_err();
    assert_eq!(
        error.kind,
        EngineErrorKind::CannotPay {
            actor: "ana".into(),
            resource: "surges".into(),
            needed: 3,
            available: 1,
            short: 2
        }
    );
    assert_eq!(error.span, line(40));
    assert_eq!(error.to_string(), "ana needs 3 surges but has 1: short by 2");
    assert_eq!(to_json(&world).unwrap(), before);
}

#[test]
fn cost_twice_from_one_resource_is_checked_as_a_sum() {
    let mut world = world();
    assert!(world.pay("ana", &[("points", 4), ("points", 3)], Span::NONE).is_err());
    world.pay("ana", &[("points", 4), ("surges", 1)], Span::NONE).unwrap();
    assert_eq!(world.actor("ana").unwrap().resources["points"].current, 2);
    assert_eq!(world.log.len(), 2);
}

#[test]
fn unknown_resource_points_at_the_line_and_suggests() {
    let mut world = world();
    let error = world.change_resource("ana", "pionts", 1, line(12)).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "engine::unknown_name");
    assert_eq!(diagnostic.primary_span(), line(12));
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `points`?"));
    let error = world.actor("anna").unwrap_err();
    assert_eq!(error.to_string(), "unknown actor `anna`");
}

#[test]
fn resource_changes_clamp_to_bounds_and_pools_never_go_negative() {
    let mut world = world();
    assert_eq!(world.change_resource("ana", "points", 9, Span::NONE).unwrap(), 10);
    assert_eq!(world.change_resource("ana", "points", -99, Span::NONE).unwrap(), 0);
    assert_eq!(world.change_pool("chaos", 2, Span::NONE), 2);
    assert_eq!(world.change_pool("chaos", -5, Span::NONE), 0);
}

#[test]
fn derived_values_come_from_the_hook() {
    let world = world();
    let quarter = |actor: &Actor, name: &str| {
        (name == "jolt")
            .then(|| actor.resources["health"].max.unwrap_or(0) / 4 + actor.stats["speed"])
    };
    assert_eq!(world.actor("ana").unwrap().value("jolt", &quarter), Some(9));
    assert_eq!(world.actor("ana").unwrap().value("jolt", &NoDerivedValues), None);
}

fn segment_rule() -> InitiativeRule {
    InitiativeRule {
        sides: 10,
        tie_break: InitiativeTieBreak::HigherModifier,
        segments: Some(SegmentRule { segments: 10, overflow_resource: Some("points".into()) }),
    }
}

// MECHANICS.md §1 Encounters: a total above 10 acts in segment 10 and gets total - 10 extra.
#[test]
fn initiative_above_the_last_segment_overflows() {
    let mut roller = Roller::new(0);
    roller.force([9, 7, 5]);
    let entrants = [("ana".to_string(), 4), ("bo".to_string(), 2), ("cy".to_string(), 6)];
    let rolls = roll_initiative(&mut roller, &entrants, &segment_rule()).unwrap();
    let order: Vec<(&str, i64, Option<u32>, i64)> =
        rolls.iter().map(|r| (r.name.as_str(), r.total, r.segment, r.overflow)).collect();
    assert_eq!(
        order,
        vec![("ana", 13, Some(10), 3), ("cy", 11, Some(10), 1), ("bo", 9, Some(9), 0)]
    );
}

#[test]
fn initiative_ties_break_by_modifier_then_listing() {
    let mut roller = Roller::new(0);
    roller.force([5, 3, 5]);
    let entrants = [("a".to_string(), 1), ("b".to_string(), 3), ("c".to_string(), 1)];
    let rolls = roll_initiative(&mut roller, &entrants, &segment_rule()).unwrap();
    let names: Vec<&str> = rolls.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, vec!["b", "a", "c"]);
}

fn encounter(names: &[&str]) -> Encounter {
    let mut encounter =
        Encounter::new(names.iter().map(|n| Participant::new(*n)).collect(), TurnMode::Ordered);
    encounter.resets.push(ResourceReset {
        resource: "points".into(),
        value: 6,
        phase: Phase::Action,
    });
    encounter
}

#[test]
fn turns_walk_phases_reset_resources_and_end_conditions() {
    let mut world = world();
    world.set_resource("ana", "points", 1, Span::NONE).unwrap();
    world.start_encounter(encounter(&["ana", "bo"])).unwrap();
    let marked = ActiveCondition::new("marked", Expiry::until_end_of_next_turn("ana", Some("ana")));
    world.apply_condition("bo", marked, StackRule::Never, Span::NONE).unwrap();
    world
        .apply_condition(
            "bo",
            ActiveCondition::new("slow", Expiry::Rounds(1)),
            StackRule::Never,
            Span::NONE,
        )
        .unwrap();

    world.advance_turn().unwrap(); // ana: action -> reset
    assert_eq!(world.actor("ana").unwrap().resources["points"].current, 6);
    world.advance_turn().unwrap(); // ana: end
    world.advance_turn().unwrap(); // ana ends; bo: start
    assert!(world.actor("bo").unwrap().conditions.has("marked"));
    for _ in 0..3 {
        world.advance_turn().unwrap(); // bo action, end, then round 2 and ana: start
    }
    let encounter = world.encounter.as_ref().unwrap();
    assert_eq!((encounter.round, encounter.acting().unwrap().name.as_str()), (2, "ana"));
    assert!(!world.actor("bo").unwrap().conditions.has("slow"));
    for _ in 0..3 {
        world.advance_turn().unwrap();
    }
    assert!(!world.actor("bo").unwrap().conditions.has("marked"));
    let transcript = world.log.transcript();
    assert!(transcript.contains("-- round 2 --"), "{transcript}");
    assert!(transcript.contains("bo loses marked"), "{transcript}");
}

#[test]
fn delaying_moves_the_actor_after_another_and_skips_its_start_phase() {
    let mut world = world();
    world.add_actor(Actor::new("cy")).unwrap();
    world.start_encounter(encounter(&["ana", "bo", "cy"])).unwrap();
    world.delay_until_after("bo").unwrap();
    let acting = |w: &World| w.encounter.as_ref().unwrap().acting().unwrap().name.clone();
    assert_eq!(acting(&world), "bo");
    for _ in 0..3 {
        world.advance_turn().unwrap();
    }
    assert_eq!(acting(&world), "ana");
    assert_eq!(world.encounter.as_ref().unwrap().phase, Phase::Action);
    assert!(world.delay_until_after("ana").is_err());
}

#[test]
fn tick_mode_picks_the_lowest_tick_with_listed_order_on_ties() {
    let mut encounter =
        Encounter::new(vec![Participant::new("ana"), Participant::new("bo")], TurnMode::Ticks);
    encounter.open();
    encounter.spend_ticks("ana", 5).unwrap();
    for _ in 0..3 {
        encounter.advance();
    }
    assert_eq!(encounter.acting().unwrap().name, "bo");
    encounter.spend_ticks("bo", 5).unwrap();
    for _ in 0..3 {
        encounter.advance();
    }
    assert_eq!(encounter.acting().unwrap().name, "ana");
    assert!(encounter.spend_ticks("zed", 1).is_err());
}

#[test]
fn challenge_counts_until_a_target_is_reached() {
    let mut challenge = Challenge::new(2, 3);
    assert_eq!(challenge.record(true), ChallengeStatus::Ongoing);
    assert_eq!(challenge.record(false), ChallengeStatus::Ongoing);
    assert_eq!(challenge.record(true), ChallengeStatus::Won);
    assert_eq!(challenge.record(false), ChallengeStatus::Won);
    assert_eq!(challenge.failures, 1);
}

#[test]
fn log_json_lines_and_transcript_show_dice_and_causes() {
    let mut world = world();
    world.roller.force([8, 6, 1]);
    let check = PoolCheck {
        dice: 3,
        sides: 10,
        per_die_modifier: 3,
        threshold: 9,
        grade_cap: Some(3),
        aid: 0,
    };
    world.pool_check(Some("ana"), &check, line(30)).unwrap();
    world.heal("ana", "health", 5, &HealRules::default(), Span::NONE).unwrap();
    let json = world.log.to_json_lines();
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["event"], "roll");
    assert_eq!(first["dice"][0]["face"], 8);
    assert_eq!(first["dice"][0]["forced"], true);
    assert_eq!(first["cause"]["start"], 30);
    assert_eq!(json.lines().count(), 3);
    let transcript = world.log.transcript();
    assert_eq!(
        transcript,
        "ana rolls 3d10 for check: [8f, 6f, 1f]\nana: [11, 9, 4] vs 9: 2 meet, grade 2\nana heals 0 health (now 20)\n"
    );
}

#[test]
fn conditions_through_the_world_log_refreshes() {
    let mut world = world();
    let burn =
        |n| ActiveCondition::new("ongoing", Expiry::Rounds(2)).with_subtype("fire").with_n(n);
    world.apply_condition("ana", burn(3), StackRule::PerSubtype, Span::NONE).unwrap();
    let applied = world.apply_condition("ana", burn(5), StackRule::PerSubtype, Span::NONE).unwrap();
    assert!(matches!(applied, Applied::Refreshed { .. }));
    assert!(world.log.transcript().contains("ana refreshes ongoing [fire] 5"));
    assert_eq!(world.remove_condition("ana", "ongoing", Some("fire"), Span::NONE).unwrap(), 1);
}

#[test]
fn hex_positions_measure_reach() {
    let mut ana = hero();
    ana.position = Some(Hex::new(0, 0));
    let target = Hex::new(3, -1);
    assert_eq!(ana.position.unwrap().distance(target), 3);
    assert_eq!(ana.position.unwrap().line_to(target).len(), 4);
}

#[test]
fn world_clock_in_the_world_logs() {
    let mut world = world();
    world.clock = WorldClock::new(6, 4).unwrap();
    world.advance_clock_ticks(5);
    world.advance_clock_periods(5);
    assert_eq!(
        world.log.transcript(),
        "clock: day 0, period 1, tick 1\nclock: day 1, period 0, tick 1\n"
    );
}

#[test]
fn encounter_by_initiative_logs_dice_and_pays_overflow() {
    let mut world = world();
    world.roller.force([9, 3]);
    let entrants = [("ana".to_string(), 4), ("bo".to_string(), 0)];
    let resets = vec![ResourceReset { resource: "points".into(), value: 6, phase: Phase::Action }];
    let rolls =
        world.start_encounter_by_initiative(&entrants, &segment_rule(), resets, line(3)).unwrap();
    assert_eq!(rolls[0].overflow, 3);
    assert_eq!(world.actor("ana").unwrap().resources["points"].current, 9);
    let encounter = world.encounter.as_ref().unwrap();
    assert_eq!(encounter.participants[0].segment, Some(10));
    assert_eq!(encounter.participants[1].segment, Some(3));
    world.narrate("the floor creaks", Span::NONE);
    let transcript = world.log.transcript();
    assert!(transcript.starts_with("ana rolls 1d10 for initiative: [9f]\nbo rolls 1d10 for initiative: [3f]\nana: points 6 -> 9\n"), "{transcript}");
    assert!(transcript.ends_with("the floor creaks\n"));
    assert!(
        world
            .start_encounter_by_initiative(
                &[("zed".to_string(), 0)],
                &segment_rule(),
                Vec::new(),
                line(3)
            )
            .is_err()
    );
}
