//! Runtime tests for vocabulary entries no other test ran with asserted values (found by the
//! walk in `vocabulary.rs`): a power's `After:` line, the `spend` effect, a procedure's
//! `On success:` line, a weapon's `Range`, `Crit range` and `Crit damage` read in brackets,
//! and a procedure's `Policy ignore penalties: never` as the default answer.

use mythforge::runtime::{CheckRequest, Game, PowerOptions, PowerUse};

use crate::common::packs;

/// A game with `text` loaded and actor `Ana` from the block `Ana`.
fn game_of(text: &str) -> Game {
    let mut game = Game::new(3);
    game.load_source("vocabulary.rules", text).unwrap_or_else(|e| panic!("{e:?}"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game
}

fn current(game: &Game, resource: &str) -> i64 {
    game.world().actor("Ana").unwrap().resources[resource].current
}

#[test]
fn an_after_line_runs_after_the_result() {
    let mut game = game_of(
        "system T\nResource CP: start 0; no max\n\n\
         power Rally\nTarget: Self\nResult: gain 2 CP\nAfter: gain [CP * 10] CP\n\n\
         actor Ana\nPowers: Rally\n",
    );
    game.use_power(&PowerUse::new("Ana", "Rally")).unwrap();
    // The After line reads CP once the Result line has given 2: 2 + 20.
    assert_eq!(current(&game, "CP"), 22);
}

#[test]
fn a_spend_effect_takes_its_amount() {
    let mut game = game_of(
        "system T\nResource CP: start 0; no max\n\n\
         power Channel\nTarget: Self\nResult: spend 2 CP\n\n\
         actor Ana\nResources: CP 3\nPowers: Channel\n",
    );
    game.use_power(&PowerUse::new("Ana", "Channel")).unwrap();
    assert_eq!(current(&game, "CP"), 1);
}

#[test]
fn an_on_success_line_gives_on_a_success_and_not_on_a_failure() {
    let mut game = game_of(
        "system T\nStats: Skill\nResource XP: start 0; no max\nDefault check: Test\n\n\
         check Test\nMethod: total\nDice: d20\nModifier: total\nSuccess: >= 10\n\
         On success: gain 1 XP\n\n\
         actor Ana\nStats: Skill 2\n",
    );
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec!["Skill".into()],
        threshold: 10,
        procedure: Some("Test".into()),
        ..CheckRequest::default()
    };
    game.world_mut().roller.force([15]);
    assert_eq!(game.check(&request).unwrap().grade, 1);
    assert_eq!(current(&game, "XP"), 1);
    game.world_mut().roller.force([3]);
    assert_eq!(game.check(&request).unwrap().grade, 0);
    assert_eq!(current(&game, "XP"), 1);
}

#[test]
fn range_and_crit_lines_of_a_weapon_read_in_brackets() {
    let mut game = game_of(
        "system T\nResource CP: start 0; no max\n\n\
         weapon Bow\nRange: 8\nCrit range: 19\nCrit damage: 20\n\n\
         power Sight\nTarget: Self\n\
         Result: gain [Weapon Range * 10000 + Weapon Crit range * 100 + Weapon Crit damage] CP\n\n\
         actor Ana\nPowers: Sight\nEquipment: Bow\n",
    );
    let with_bow = PowerUse {
        options: PowerOptions { weapon: Some("Bow".into()), ..PowerOptions::default() },
        ..PowerUse::new("Ana", "Sight")
    };
    game.use_power(&with_bow).unwrap();
    assert_eq!(current(&game, "CP"), 81_920);
}

#[test]
fn the_declared_ignore_penalties_policy_keeps_the_mali_and_the_stunt_point() {
    // Mystika's Test says `Policy ignore penalties: never`: with no policy of the request's
    // own, Blades 11 - 3 = 8 fails a 10 and the stunt point stays.
    let mut game = packs::mystika_game();
    let request = CheckRequest {
        actor: "Mira".into(),
        stats: vec!["Blades".into()],
        bonus: -3,
        ..CheckRequest::default()
    };
    game.world_mut().roller.force([10, 12]);
    let outcome = game.check(&request).unwrap();
    assert_eq!(outcome.grade, 0);
    assert_eq!(game.world().actor("Mira").unwrap().resources["Stunt Points"].current, 1);
}
