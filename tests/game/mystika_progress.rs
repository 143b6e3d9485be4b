//! Mystika progress and table options on the shipped pack, with forced dice: experience
//! fragments only after a test that could have succeeded, the skill-point cost ruling
//! (7 -> 8 costs 8 fragments), a stunt reroll and ignoring mali, the narrator keeping the
//! best of extra chaos dice from a shrinking world pool, and tick initiative (with plain
//! turns as the lower detail level). Also the new check-block lines' diagnostics and fmt.

use std::path::Path;

use mythforge::engine::{DecisionKind, Policy, PolicyDecider, TurnMode};
use mythforge::model::outcome::InitiativeMode;
use mythforge::runtime::{CheckRequest, Game, PowerUse};

use crate::common::packs;
use packs::mystika_game as game;

/// `actor` uses `power` choosing `skill` (the advancement powers' `Choose:` line).
fn choosing(actor: &str, power: &str, skill: &str) -> PowerUse {
    let mut request = PowerUse::new(actor, power);
    request.options.choices = vec![skill.to_string()];
    request
}

fn current(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

fn stat(game: &Game, actor: &str, stat: &str) -> i64 {
    game.world().actor(actor).unwrap().stats[stat]
}

/// A `Test` by `actor` with `skill` plus `bonus` (boni - mali) against `difficulty`.
fn test(actor: &str, skill: &str, bonus: i64, difficulty: i64) -> CheckRequest {
    CheckRequest {
        actor: actor.to_string(),
        stats: vec![skill.to_string()],
        bonus,
        difficulty,
        ..CheckRequest::default()
    }
}

fn with_policy(request: CheckRequest, kind: DecisionKind, policy: Policy) -> CheckRequest {
    CheckRequest { policies: Some(PolicyDecider::default().with(kind, policy)), ..request }
}

#[test]
fn a_failed_test_that_could_have_succeeded_gives_one_fragment_in_its_skill() {
    let mut game = game();
    // Blades 11, no difficulty: a 12 fails (the dark 12 too), and 11 >= max(1, 0).
    game.world_mut().roller.force([12, 12]);
    let outcome = game.check(&test("Mira", "Blades", 0, 0)).unwrap();
    assert_eq!(outcome.grade, 0);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 1);
    assert_eq!(current(&game, "Mira", "Fighting Fragments"), 0);
    // Difficulty equal to the target (Lore 4, difficulty 4): SN 3 < 4 fails but could
    // have succeeded.
    game.world_mut().roller.force([3, 12]);
    assert_eq!(game.check(&test("Mira", "Lore", 0, 4)).unwrap().grade, 0);
    assert_eq!(current(&game, "Mira", "Lore Fragments"), 1);
    // A success gives nothing.
    game.world_mut().roller.force([2, 12]);
    assert_eq!(game.check(&test("Mira", "Lore", 0, 0)).unwrap().grade, 1);
    assert_eq!(current(&game, "Mira", "Lore Fragments"), 1);
}

#[test]
fn no_fragment_when_the_target_is_0_or_below_the_difficulty() {
    let mut game = game();
    // Lore 4 with mali 4: target 0, the test cannot succeed.
    game.world_mut().roller.force([5, 12]);
    assert_eq!(game.check(&test("Mira", "Lore", -4, 0)).unwrap().grade, 0);
    assert_eq!(current(&game, "Mira", "Lore Fragments"), 0);
    // Lore 4 against difficulty 5: no SN can reach 5.
    game.world_mut().roller.force([3, 12]);
    assert_eq!(game.check(&test("Mira", "Lore", 0, 5)).unwrap().grade, 0);
    assert_eq!(current(&game, "Mira", "Lore Fragments"), 0);
}

#[test]
fn a_lost_duel_side_earns_a_fragment_in_its_stat() {
    let mut game = game();
    let request = mythforge::runtime::VersusRequest {
        attacker: CheckRequest { procedure: Some("Duel".into()), ..test("Mira", "Blades", 0, 0) },
        defender: CheckRequest { procedure: Some("Duel".into()), ..test("Brannoc", "Clubs", 0, 0) },
        ..Default::default()
    };
    // Mira 11, Brannoc 12 and dark 12: Brannoc fails (Clubs 8 could have succeeded).
    game.world_mut().roller.force([11, 2, 12, 12]);
    let outcome = game.versus(&request).unwrap();
    assert_eq!(outcome.margin, 11);
    assert_eq!(current(&game, "Brannoc", "Clubs Fragments"), 1);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 0);
}

#[test]
fn a_failed_weapon_attack_earns_the_fragment_in_the_best_speciality() {
    let mut game = game();
    // Brannoc attacks with max(Blades, Clubs, Brawling): Clubs 8 and Brawling 8 tie, Clubs
    // comes first. His 12 and dark 11 fail; Mira's 11 wins her defence.
    game.world_mut().roller.force([12, 11, 11, 12]);
    let outcome = game.use_power(&PowerUse::new("Brannoc", "Weapon Attack").at(["Mira"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 0);
    assert_eq!(current(&game, "Brannoc", "Clubs Fragments"), 1);
    assert_eq!(current(&game, "Brannoc", "Brawling Fragments"), 0);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 0);
}

#[test]
fn raising_a_skill_from_7_to_8_costs_8_fragments() {
    let mut game = game();
    let mira = game.world_mut().actor_mut("Mira").unwrap();
    mira.stats.insert("Blades".into(), 7);
    mira.resources.get_mut("Blades Fragments").unwrap().current = 10;
    let mark = game.mark();
    game.use_power(&choosing("Mira", "Train Skill", "Blades")).unwrap();
    assert_eq!(stat(&game, "Mira", "Blades"), 8);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 2);
    assert!(game.transcript_since(mark).contains("Mira's Blades goes from 7 to 8"));
    // 8 -> 9 costs 9: two fragments are not enough, and nothing changes.
    let error = game.use_power(&choosing("Mira", "Train Skill", "Blades")).unwrap_err();
    assert!(error.to_string().contains("Blades Fragments"), "{error}");
    assert_eq!(stat(&game, "Mira", "Blades"), 8);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 2);
    // Undo takes the raise back.
    game.undo().unwrap();
    assert_eq!(
        (stat(&game, "Mira", "Blades"), current(&game, "Mira", "Blades Fragments")),
        (7, 10)
    );
}

#[test]
fn fragments_buy_a_stunt_point_at_the_skill_point_price() {
    let mut game = game();
    let mira = game.world_mut().actor_mut("Mira").unwrap();
    mira.resources.get_mut("Blades Fragments").unwrap().current = 12;
    game.use_power(&choosing("Mira", "Skill Stunt Point", "Blades")).unwrap();
    assert_eq!(current(&game, "Mira", "Stunt Points"), 2);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 0);
    assert_eq!(stat(&game, "Mira", "Blades"), 11);
}

#[test]
fn a_stunt_point_rerolls_a_failed_test_into_a_success() {
    let mut game = game();
    let request = with_policy(test("Mira", "Blades", 0, 0), DecisionKind::Reroll, Policy::Always);
    game.world_mut().roller.force([12, 12, 3, 12]);
    let mark = game.mark();
    let outcome = game.check(&request).unwrap();
    assert_eq!((outcome.grade, outcome.names.success_number), (1, Some(3)));
    assert_eq!(current(&game, "Mira", "Stunt Points"), 0);
    // The reroll succeeded: no fragment.
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 0);
    let text = game.transcript_since(mark);
    assert!(text.contains("pays 1 Stunt Points to reroll the failed check"), "{text}");
    // Without stunt points nobody is asked: the failure stands.
    game.world_mut().roller.force([12, 12]);
    assert_eq!(game.check(&request).unwrap().grade, 0);
    assert_eq!(current(&game, "Mira", "Blades Fragments"), 1);
}

#[test]
fn the_default_policy_keeps_the_failure_and_the_stunt_point() {
    let mut game = game();
    game.world_mut().roller.force([12, 12]);
    assert_eq!(game.check(&test("Mira", "Blades", 0, 0)).unwrap().grade, 0);
    assert_eq!(current(&game, "Mira", "Stunt Points"), 1);
}

#[test]
fn a_stunt_point_ignores_the_mali_of_a_test() {
    let mut game = game();
    let request =
        with_policy(test("Mira", "Blades", -3, 0), DecisionKind::IgnorePenalties, Policy::Always);
    // Blades 11 - 3 = 8 would fail a 10; ignoring the mali makes the target 11.
    game.world_mut().roller.force([10, 12]);
    let outcome = game.check(&request).unwrap();
    assert_eq!((outcome.grade, outcome.names.success_number), (1, Some(10)));
    assert_eq!(current(&game, "Mira", "Stunt Points"), 0);
    // A test without mali asks nothing and costs nothing.
    game.world_mut()
        .actor_mut("Mira")
        .unwrap()
        .resources
        .get_mut("Stunt Points")
        .unwrap()
        .current = 1;
    let plain =
        with_policy(test("Mira", "Blades", 2, 0), DecisionKind::IgnorePenalties, Policy::Always);
    game.world_mut().roller.force([10, 12]);
    game.check(&plain).unwrap();
    assert_eq!(current(&game, "Mira", "Stunt Points"), 1);
}

#[test]
fn the_narrator_keeps_the_best_of_3_chaos_dice_and_the_pool_shrinks() {
    let mut game = game();
    game.world_mut().pools.insert("Chaos Dice".into(), 4);
    let request = CheckRequest {
        procedure: Some("Narrator Test".into()),
        extra_dice: Some(3),
        ..test("Narrator", "Fighting", 0, 0)
    };
    // Fighting 8: the own die 10 fails; chaos dice 3, 7, 12: the 7 is the best SN.
    game.world_mut().roller.force([10, 3, 7, 12]);
    let outcome = game.check(&request).unwrap();
    assert_eq!((outcome.grade, outcome.names.success_number), (1, Some(7)));
    assert_eq!(game.world().pools["Chaos Dice"], 1);
    // More dice than the pool holds: refused, nothing spent.
    let error = game.check(&request).unwrap_err();
    assert!(error.to_string().contains("needs 3 Chaos Dice but has 1"), "{error}");
    assert_eq!(game.world().pools["Chaos Dice"], 1);
}

#[test]
fn unleash_chaos_spends_the_whole_pool_and_keeps_the_best_die() {
    let mut game = game();
    game.world_mut().pools.insert("Chaos Dice".into(), 2);
    // Fighting 8: own die 11 fails, chaos dice 6 and 9: SN 6, 6 damage into Mira's studded
    // leather (value 10, hardness 5: absorbs 6, wears by 1).
    game.world_mut().roller.force([11, 6, 9]);
    game.use_power(&PowerUse::new("Narrator", "Unleash Chaos").at(["Mira"])).unwrap();
    assert_eq!(game.world().pools["Chaos Dice"], 0);
    let leather = &game.world().actor("Mira").unwrap().layered["Body"].layers[0];
    assert_eq!((leather.name.as_str(), leather.value), ("Studded Leather", 9));
}

fn acting(game: &Game) -> String {
    game.world().encounter.as_ref().unwrap().acting().unwrap().name.clone()
}

fn ticks(game: &Game) -> Vec<(String, u64)> {
    let encounter = game.world().encounter.as_ref().unwrap();
    encounter.participants.iter().map(|p| (p.name.clone(), p.ticks)).collect()
}

/// Start, action, end, then the next actor.
fn end_turn(game: &mut Game) {
    for _ in 0..3 {
        game.next_turn().unwrap();
    }
}

#[test]
fn tick_initiative_lets_the_fewest_ticks_act_next() {
    let mut game = game();
    // Turn order 1d12 + Agility: Mira 3 + 8 = 11, Brannoc 4 + 5 = 9.
    game.world_mut().roller.force([3, 4]);
    game.start_encounter(&["Brannoc", "Mira"]).unwrap();
    assert_eq!(game.world().encounter.as_ref().unwrap().mode, TurnMode::Ticks);
    assert_eq!(acting(&game), "Mira");
    game.next_turn().unwrap();
    // Take Cover costs 2 ticks.
    game.use_power(&PowerUse::new("Mira", "Take Cover")).unwrap();
    game.next_turn().unwrap();
    game.next_turn().unwrap();
    assert_eq!(acting(&game), "Brannoc");
    game.next_turn().unwrap();
    // A weapon attack costs 4: Mira (2) acts before Brannoc (4).
    game.world_mut().roller.force([12, 12, 1, 12]);
    game.use_power(&PowerUse::new("Brannoc", "Weapon Attack").at(["Mira"])).unwrap();
    game.next_turn().unwrap();
    game.next_turn().unwrap();
    assert_eq!(acting(&game), "Mira");
    assert_eq!(ticks(&game), [("Mira".to_string(), 2), ("Brannoc".to_string(), 4)]);
    // Mira does nothing: waiting costs the default 5 ticks (7), so Brannoc (4) is next.
    end_turn(&mut game);
    assert_eq!(ticks(&game), [("Mira".to_string(), 7), ("Brannoc".to_string(), 4)]);
    assert_eq!(acting(&game), "Brannoc");
    assert_eq!(game.world().encounter.as_ref().unwrap().round, 1);
}

#[test]
fn plain_turns_are_the_lower_detail_level() {
    let mut game = game();
    game.set_initiative(Some(InitiativeMode::Turns));
    game.world_mut().roller.force([3, 4]);
    game.start_encounter(&["Brannoc", "Mira"]).unwrap();
    assert_eq!(game.world().encounter.as_ref().unwrap().mode, TurnMode::Ordered);
    game.next_turn().unwrap();
    game.use_power(&PowerUse::new("Mira", "Take Cover")).unwrap();
    end_turn(&mut game);
    assert_eq!(acting(&game), "Brannoc");
    assert_eq!(ticks(&game), [("Mira".to_string(), 0), ("Brannoc".to_string(), 0)]);
}

fn diagnostics(text: &str) -> Vec<String> {
    let (_, diagnostics) =
        mythforge::parse::parse_file(mythforge::diagnostics::FileId(0), Path::new("t.rules"), text);
    diagnostics.iter().map(|d| format!("{} {}", d.code, d.message)).collect()
}

#[test]
fn misused_lines_are_reported() {
    let found = diagnostics(
        "check T\nMethod: roll under\nDice: d12\nExtra dice: Chaos Dice\nOn failure: win 1 Fragments\nReroll: Stunt\nPolicy reroll: sometimes\n\nsystem S\nInitiative: often\n",
    );
    assert_eq!(found.len(), 5, "{found:?}");
    assert!(found[0].contains("`Extra dice`"), "{found:?}");
    assert!(found[1].contains("`On failure`"), "{found:?}");
    assert!(found[2].contains("`Reroll`"), "{found:?}");
    assert!(found[3].contains("`Policy reroll`"), "{found:?}");
    assert!(found[4].contains("`Initiative`"), "{found:?}");
}

#[test]
fn new_lines_print_canonically() {
    let text = "system S\nInitiative: ticks\nAction ticks: 5\n\ncheck T\nMethod: roll under\nDice: d12\nOn failure: gain 1 Fragments per skill when [Target >= max(1, Difficulty)]\nOn success: lose [Target - 1] Luck\nReroll: 1 Stunt Points\nIgnore penalties: [1 + 1] Stunt Points\nExtra dice: Chaos Dice, keep best\nPolicy spend: always\nPolicy reroll: never\nPolicy ignore penalties: always\n\npower P\nTicks: 3\nResult: raise Blades by 1; lower Agility by [2]\n";
    let (file, diagnostics) =
        mythforge::parse::parse_file(mythforge::diagnostics::FileId(0), Path::new("t.rules"), text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = mythforge::model::format_file(&file);
    assert_eq!(printed, text);
}
