//! Conditions that say what the rulebook says, on the Mestezia pack with forced dice: typed
//! resistance and vulnerability, damage dealt versus damage taken with their rounding,
//! healing floors, relative modifiers (Marked), granted Advantage (Prone, Dazed) and
//! included conditions (Dominated is Dazed, for exactly as long).

use crate::common::hp;
use mythforge::diagnostics::Span;
use mythforge::engine::{ActiveCondition, Event, Expiry, StackRule};
use mythforge::runtime::{CheckRequest, Game, PowerUse};

fn game() -> Game {
    let mut game = crate::common::game_with(
        11,
        &["rules/mestezia", "tests/fixtures/conditions/test_powers.rules"],
    );
    for actor in ["Itzel", "The Inquisitor", "White Coyote"] {
        game.add_actor(actor, Some(actor), &[]).unwrap();
        let powers = &mut game.world_mut().actor_mut(actor).unwrap().powers;
        powers.extend(
            [
                "Test Fire Cold Blast",
                "Test Fire Blast",
                "Test Strike",
                "Test Mend",
                "Test Swing",
                "Test Shot",
                "Test Mark",
                "Test Dominate",
                "Test Release",
                "Test While Dazed",
                "Test Burst",
                "Test Spit",
            ]
            .map(String::from),
        );
    }
    game
}

/// Puts `condition` (with N and type when given) on `actor`, applied by `source`.
fn give(game: &mut Game, actor: &str, condition: &str, n: Option<i64>, kind: Option<&str>) {
    let mut active = ActiveCondition::new(condition, Expiry::UntilRemoved).with_source("Itzel");
    if let Some(n) = n {
        active = active.with_n(n);
    }
    if let Some(kind) = kind {
        active = active.with_subtype(kind);
    }
    let stacking = if kind.is_some() { StackRule::PerSubtype } else { StackRule::Never };
    game.world_mut().apply_condition(actor, active, stacking, Span::NONE).unwrap();
}

/// The final amount of the last damage event.
fn last_damage(game: &Game) -> i64 {
    let found = game.log().iter().rev().find_map(|event| match event {
        Event::Damage { steps, .. } => Some(steps.total),
        _ => None,
    });
    found.expect("a damage event")
}

fn hit(game: &mut Game, user: &str, power: &str, target: &str) -> i64 {
    game.use_power(&PowerUse::new(user, power).at([target])).unwrap();
    last_damage(game)
}

/// The grade of one use of `power` by `user` on `target` with the dice `faces`.
fn grade(game: &mut Game, user: &str, power: &str, target: &str, faces: [u32; 3]) -> u32 {
    game.world_mut().roller.force(faces);
    game.use_power(&PowerUse::new(user, power).at([target])).unwrap().targets[0].grade
}

#[test]
fn resistant_fire_2_does_not_resist_a_fire_and_cold_hit() {
    let mut game = game();
    give(&mut game, "The Inquisitor", "Resistant", Some(2), Some("Fire"));
    assert_eq!(hit(&mut game, "Itzel", "Test Fire Cold Blast", "The Inquisitor"), 10);
    assert_eq!(hit(&mut game, "Itzel", "Test Fire Blast", "The Inquisitor"), 8);
    assert_eq!(hp(&game, "The Inquisitor"), 30 - 10 - 8);
    // Cold resisted too: every type of the hit is resisted, the smaller resistance counts.
    give(&mut game, "The Inquisitor", "Resistant", Some(3), Some("Cold"));
    assert_eq!(hit(&mut game, "Itzel", "Test Fire Cold Blast", "The Inquisitor"), 8);
    // Untyped hits are not resisted by typed resistance.
    assert_eq!(hit(&mut game, "Itzel", "Test Strike", "The Inquisitor"), 7);
}

#[test]
fn untyped_resistance_applies_to_every_hit_and_never_below_zero() {
    let mut game = game();
    give(&mut game, "The Inquisitor", "Resistant", Some(8), None);
    assert_eq!(hit(&mut game, "Itzel", "Test Strike", "The Inquisitor"), 0);
    assert_eq!(hit(&mut game, "Itzel", "Test Fire Cold Blast", "The Inquisitor"), 2);
}

#[test]
fn vulnerable_applies_when_any_type_matches_and_untyped_always() {
    let mut game = game();
    give(&mut game, "The Inquisitor", "Vulnerable", Some(3), Some("Cold"));
    assert_eq!(hit(&mut game, "Itzel", "Test Fire Cold Blast", "The Inquisitor"), 13);
    assert_eq!(hit(&mut game, "Itzel", "Test Fire Blast", "The Inquisitor"), 10);
    give(&mut game, "White Coyote", "Vulnerable", Some(1), None);
    assert_eq!(hit(&mut game, "Itzel", "Test Strike", "White Coyote"), 8);
}

#[test]
fn weakened_halves_damage_dealt_rounding_up_and_not_damage_taken() {
    let mut game = game();
    give(&mut game, "Itzel", "Weakened", None, None);
    assert_eq!(hit(&mut game, "Itzel", "Test Strike", "The Inquisitor"), 4);
    // The Weakened holder takes full damage.
    assert_eq!(hit(&mut game, "The Inquisitor", "Test Strike", "Itzel"), 7);
    assert!(
        game.transcript_since(0).contains("Itzel's conditions change the damage dealt: 7 -> 4")
    );
}

#[test]
fn insubstantial_halves_damage_taken_rounding_up_after_the_dealer_halves() {
    let mut game = game();
    give(&mut game, "The Inquisitor", "Insubstantial", None, None);
    assert_eq!(hit(&mut game, "Itzel", "Test Strike", "The Inquisitor"), 4);
    give(&mut game, "Itzel", "Weakened", None, None);
    // 7 dealt halved up to 4, taken halved up to 2.
    assert_eq!(hit(&mut game, "Itzel", "Test Strike", "The Inquisitor"), 2);
}

#[test]
fn sickly_reduces_heals_to_a_minimum_of_one_and_boosted_adds() {
    let mut game = game();
    game.world_mut().actor_mut("Itzel").unwrap().resources.get_mut("HP").unwrap().current = 10;
    give(&mut game, "Itzel", "Sickly", Some(5), None);
    game.use_power(&PowerUse::new("Itzel", "Test Mend").at(["Itzel"])).unwrap();
    assert_eq!(hp(&game, "Itzel"), 11, "heal 3 - 5 is raised to 1");
    give(&mut game, "Itzel", "Boosted", Some(4), None);
    game.use_power(&PowerUse::new("Itzel", "Test Mend").at(["Itzel"])).unwrap();
    assert_eq!(hp(&game, "Itzel"), 13, "heal 3 + 4 - 5 = 2");
}

#[test]
fn marked_costs_one_attack_only_when_not_targeting_the_marker() {
    let mut game = game();
    game.use_power(&PowerUse::new("The Inquisitor", "Test Mark").at(["Itzel"])).unwrap();
    let marked = game.world().actor("Itzel").unwrap();
    assert_eq!(marked.conditions.active[0].source.as_deref(), Some("The Inquisitor"));
    // Itzel: Attack 3. Against the Coyote (Defense 10): 7, 6, 1 would be 10, 9, 4 (Low);
    // Marked makes it 9, 8, 3: a Fail.
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [7, 6, 1]), 0);
    // Against the marker (Defense 12): 9, 8, 1 -> 12, 11, 4, no penalty: Low.
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "The Inquisitor", [9, 8, 1]), 1);
}

#[test]
fn prone_grants_advantage_to_melee_attackers_and_one_defense_against_ranged() {
    let mut game = game();
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [7, 6, 1]), 1);
    give(&mut game, "White Coyote", "Prone", None, None);
    // Melee: +1 Attack from the granted Advantage: 11, 10, 5 vs 10 -> Medium.
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [7, 6, 1]), 2);
    // Ranged: no Advantage, and Defense 11: 10, 9, 4 -> Fail.
    assert_eq!(grade(&mut game, "Itzel", "Test Shot", "White Coyote", [7, 6, 1]), 0);
    // Dazed grants Advantage too, but Advantage never stacks: still +1.
    give(&mut game, "White Coyote", "Dazed", None, None);
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [7, 6, 1]), 2);
    assert_eq!(grade(&mut game, "Itzel", "Test Shot", "White Coyote", [7, 6, 1]), 1);
}

#[test]
fn granted_advantage_does_not_add_to_an_advantage_already_held() {
    let mut game = game();
    give(&mut game, "Itzel", "Advantage", None, None);
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [6, 6, 1]), 2);
    give(&mut game, "White Coyote", "Dazed", None, None);
    // 6, 5, 1 + 4 = 10, 9, 5 vs 10: Low; a second +1 would make 11, 10, 6: Medium.
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [6, 5, 1]), 1);
}

#[test]
fn dominated_includes_dazed_for_exactly_as_long_and_never_twice() {
    let mut game = game();
    let cp = |game: &mut Game| {
        game.world_mut().roller.force([1, 1, 1]);
        let request = CheckRequest {
            actor: "White Coyote".into(),
            stats: vec!["CP".into()],
            threshold: 10,
            ..CheckRequest::default()
        };
        game.check(&request).unwrap().totals[0] - 1
    };
    assert_eq!(cp(&mut game), 6);
    let dazed = PowerUse::new("White Coyote", "Test While Dazed").at(["White Coyote"]);
    assert!(game.use_power(&dazed).is_err(), "not Dazed yet");
    game.use_power(&PowerUse::new("Itzel", "Test Dominate").at(["White Coyote"])).unwrap();
    assert_eq!(cp(&mut game), 4, "the included Dazed's -2 CP counts");
    game.use_power(&dazed).unwrap();
    // Dazed applied directly as well: still -2 CP, not -4.
    give(&mut game, "White Coyote", "Dazed", None, None);
    assert_eq!(cp(&mut game), 5, "one Dazed: 7 CP (6 + 1 gained) - 2");
    game.world_mut().actor_mut("White Coyote").unwrap().conditions.remove("Dazed", None);
    game.use_power(&PowerUse::new("Itzel", "Test Release").at(["White Coyote"])).unwrap();
    assert_eq!(cp(&mut game), 7);
    assert!(game.use_power(&dazed).is_err(), "Dazed ended with Dominated");
}

#[test]
fn unconscious_includes_prone_which_includes_slowed_and_grants_advantage_once() {
    let mut game = game();
    give(&mut game, "White Coyote", "Unconscious", None, None);
    // Defense 10 - 5 = 5; Attack 3 + 1 (Advantage, granted by Unconscious and by the
    // included Prone, counted once): 4, 1, 1 -> 8, 5, 5: High (without it 7, 4, 4: Low).
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [4, 1, 1]), 3);
    // Ranged: the included Prone's +1 Defense (6), Advantage still granted by Unconscious:
    // 2, 2, 1 -> 6, 6, 5: Medium (without Advantage 5, 5, 4: Fail).
    assert_eq!(grade(&mut game, "Itzel", "Test Shot", "White Coyote", [2, 2, 1]), 2);
}

#[test]
fn concealed_counts_against_directed_powers_only() {
    let mut game = game();
    give(&mut game, "White Coyote", "Concealed", Some(2), None);
    // A power with a creature Target is Directed: Defense 12, 9, 8, 1 -> 12, 11, 4: Low.
    assert_eq!(grade(&mut game, "Itzel", "Test Swing", "White Coyote", [9, 8, 1]), 1);
    // An area power is not: Defense 10, the same dice: Medium.
    assert_eq!(grade(&mut game, "Itzel", "Test Burst", "White Coyote", [9, 8, 1]), 2);
}

#[test]
fn a_defence_rolled_by_the_target_counts_its_relative_modifiers() {
    let mut game = game();
    // The Coyote rolls [Defense] (10) against 16: 5, 5, 1 -> 15, 15, 11: Fail.
    assert_eq!(grade(&mut game, "Itzel", "Test Spit", "White Coyote", [5, 5, 1]), 0);
    // Prone: +1 Defense against a Ranged power: 16, 16, 12: Medium.
    give(&mut game, "White Coyote", "Prone", None, None);
    assert_eq!(grade(&mut game, "Itzel", "Test Spit", "White Coyote", [5, 5, 1]), 2);
}

#[test]
fn newest_wins_stacking_replaces_the_copy_held_and_an_unchanged_copy_says_so() {
    use crate::common::sessions::{run, session_with};
    let pack = "system S\nStats: Defense\nResource HP: max 9\n\n\
                condition Marked\nParameters: N\nModifiers: -[N] Defense\nStacking: never; newest wins\n\n\
                condition Braced\nModifiers: +1 Defense\n";
    let mut session = session_with("s.rules", pack, "actor Bo with Defense 5, HP 9\n");
    let out = run(
        &mut session,
        "apply Marked 3 to Bo for 3 rounds\napply Marked 1 to Bo for 1 round\n\
         apply Braced to Bo\napply Braced to Bo\n",
    );
    assert!(out.contains("Bo refreshes Marked 1\n"), "{out}");
    assert!(out.contains("Bo keeps Braced: a new copy does not stack\n"), "{out}");
    let bo = session.backend().world().actor("Bo").unwrap();
    let marked: Vec<_> = bo.conditions.named("Marked").map(|c| (c.n, c.duration.clone())).collect();
    assert_eq!(marked, [(Some(1), Expiry::Rounds(1))]);
}

#[test]
fn a_copy_of_another_type_under_never_stacking_is_logged_on_the_copy_it_raised() {
    use crate::common::sessions::{run, session_with};
    let pack = "system S\nStats: Defense\nResource HP: max 9\n\n\
                condition Burning\nParameters: N, Type\nModifiers: -[N] Defense\n\n\
                power Fire\nTarget: Self\nResult: apply Burning 2 Fire to Self\n\n\
                power Frost\nTarget: Self\nResult: apply Burning 3 Cold to Self\n\n\
                actor Hero\nStats: Defense 5\nResources: HP 9\nPowers: Fire, Frost\n";
    let mut session = session_with("s.rules", pack, "actor Bo from Hero\n");
    let out = run(&mut session, "Bo uses Fire\nBo uses Frost\n");
    // One copy (never stacks): the Fire one, raised to 3, and the log says so.
    assert!(out.ends_with("> Bo uses Frost\nBo refreshes Burning [Fire] 3\n"), "{out}");
}
