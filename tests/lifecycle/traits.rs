//! Rows "0 HP: the Dying rule and the `Dying Collapse` feat never fire" and "an actor
//! block's `Conditions:` line and a feat's `Effect:` line are never applied": traits with a
//! Trigger react to the event, traits without one hold their conditions, actor blocks'
//! conditions apply when the actor joins, and `check` refuses what a trait cannot do.

use std::path::PathBuf;

use mythforge::diagnostics::ToDiagnostic;
use mythforge::engine::Expiry;
use mythforge::runtime::{Game, PowerUse};

use super::common::{check, game};

fn mestezia() -> Game {
    let mut game = Game::new(5);
    let system = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/mestezia/system.rules");
    game.load(&[system]).expect("the Mestezia pack loads");
    game
}

fn conditions(game: &Game, actor: &str) -> Vec<(String, Option<String>, Expiry)> {
    let actor = game.world().actor(actor).unwrap();
    actor
        .conditions
        .active
        .iter()
        .map(|c| (c.name.clone(), c.source.clone(), c.duration.clone()))
        .collect()
}

#[test]
fn falling_to_0_hp_runs_dying_collapse_and_unconscious_forbids_powers_until_healed() {
    let mut game = mestezia();
    game.add_actor("Itzel", Some("Itzel"), &[]).unwrap();
    game.add_actor("Coyote", Some("White Coyote"), &[]).unwrap();
    game.add_actor("Ragweed", Some("Ragweed"), &[]).unwrap();
    // 9, 8, 7 + Attack 3 + Strength 3 all meet Defense 10: grade 3, 12 + 3 = 15 damage.
    game.world_mut().roller.force([9, 8, 7]);
    let mark = game.mark();
    let mut charge = PowerUse::new("Itzel", "Berserker Charge").at(["Coyote"]);
    charge.options.weapon = Some("Maquahuitl".to_string());
    game.use_power(&charge).unwrap();
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains("Coyote's Dying Collapse (you fall to 0 HP)\nCoyote gains Unconscious"),
        "{transcript}"
    );
    assert_eq!(game.status("Coyote").as_deref(), Some("Dying"));
    assert_eq!(
        conditions(&game, "Coyote"),
        [("Unconscious".to_string(), Some("Coyote".to_string()), Expiry::UntilHealed)]
    );
    // The pack's Unconscious says `Forbids: powers`.
    let error = game.use_power(&PowerUse::new("Coyote", "Pack Bite").at(["Itzel"])).unwrap_err();
    assert_eq!(error.to_diagnostic().code, "runtime::forbidden_by_condition");
    // Healed, it wakes up.
    game.set_side(&["Coyote", "Ragweed"], Some("party")).unwrap();
    game.world_mut().roller.force([9, 9, 9]);
    game.use_power(&PowerUse::new("Ragweed", "Healing Poultice").at(["Coyote"])).unwrap();
    // Jolt (10 / 4 + Sturdiness 0) + grade 3.
    assert_eq!(game.world().actor("Coyote").unwrap().resources["HP"].current, 5);
    assert_eq!(conditions(&game, "Coyote"), []);
    assert_eq!(game.status("Coyote").as_deref(), Some("Bloodied"));
}

#[test]
fn a_feat_without_a_trigger_holds_its_condition_from_the_start() {
    let mut game = mestezia();
    game.add_actor("Ragweed", Some("Ragweed"), &[]).unwrap();
    let protected = conditions(&game, "Ragweed");
    assert_eq!(
        protected,
        [("Protected".to_string(), Some("Ironhide".to_string()), Expiry::UntilRemoved)]
    );
    assert_eq!(game.world().actor("Ragweed").unwrap().conditions.active[0].n, Some(1));
}

const PACK: &str = "
system Tiny
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Focus: start 0; no max

condition Blessed
Duration: for 3 rounds

condition Guarded
Parameters: N
Modifiers: +[N] Defense

condition Enraged
Modifiers: +2 Attack

feat Thick Skin
Effect: apply Guarded 2 to Self

feat Berserk
While: [HP * 2 <= Max HP]
Effect: apply Enraged to Self

feat Second Wind
Trigger: your Focus reaches 0
Effect: heal 3 and gain 1 Focus

power Strike
Target: Enemy
Result: 6 damage

power Drain
Target: Enemy
Result: lose 2 Focus

actor Brute
Stats: Attack 1, Defense 10
Resources: HP 10, Max HP 10, Focus 2
Conditions: Blessed
Traits: Thick Skin, Berserk, Second Wind
Powers: Strike, Drain
";

#[test]
fn an_actor_blocks_conditions_apply_when_it_joins() {
    let mut game = game(PACK);
    let mark = game.mark();
    game.add_actor("Ana", Some("Brute"), &[]).unwrap();
    let held = conditions(&game, "Ana");
    assert_eq!(held[0], ("Blessed".to_string(), None, Expiry::Rounds(3)));
    assert_eq!(
        held[1],
        ("Guarded".to_string(), Some("Thick Skin".to_string()), Expiry::UntilRemoved)
    );
    assert_eq!(held.len(), 2, "Berserk does not hold at full HP: {held:?}");
    assert_eq!(game.transcript_since(mark), "Ana gains Blessed\nAna gains Guarded 2\n");
}

#[test]
fn a_feat_with_while_holds_its_condition_exactly_while_the_test_holds() {
    let mut game = game(PACK);
    game.add_actor("Ana", Some("Brute"), &[]).unwrap();
    game.add_actor("Bo", Some("Brute"), &[]).unwrap();
    let enraged = |game: &Game| conditions(game, "Bo").iter().any(|(name, ..)| name == "Enraged");
    game.use_power(&PowerUse::new("Ana", "Strike").at(["Bo"])).unwrap();
    assert!(enraged(&game), "10 - 6 = 4 HP: at or under half");
    let mark = game.mark();
    game.world_mut().roller.force([1]);
    game.use_power(&PowerUse::new("Ana", "Drain").at(["Bo"])).unwrap(); // Focus 0: heal 3
    assert!(!enraged(&game), "7 HP: above half again");
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Bo's Second Wind (your Focus reaches 0)"), "{transcript}");
    assert!(transcript.contains("Bo's Berserk no longer holds\nBo loses Enraged"), "{transcript}");
    assert_eq!(game.world().actor("Bo").unwrap().resources["Focus"].current, 1);
}

#[test]
fn check_refuses_a_trigger_the_engine_does_not_raise_and_effects_a_feat_cannot_hold() {
    let text = PACK
        .replace("Trigger: your Focus reaches 0", "Trigger: an enemy moves adjacent to you")
        .replace("Effect: apply Guarded 2 to Self", "Effect: heal 2");
    let diagnostics = check(&text);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        ["rules::check::held_effect", "rules::check::unknown_trigger"],
        "{diagnostics:#?}"
    );
    let held = &diagnostics[0];
    assert_eq!(
        held.message,
        "feat `Thick Skin` has no `Trigger:`, so its Effect holds all the time: only conditions can be held"
    );
    let at = text.find("heal 2").unwrap();
    assert_eq!(held.primary_span().range(), at..at + "heal 2".len());
    assert!(held.help.as_deref().unwrap().starts_with("give the feat a `Trigger:`"), "{held:?}");
    let trigger = &diagnostics[1];
    assert_eq!(
        trigger.message,
        "the engine cannot tell when `an enemy moves adjacent to you` happens"
    );
    let at = text.find("Trigger: an enemy").unwrap();
    assert_eq!(trigger.primary_span().range().start, at);
    assert!(trigger.help.as_deref().unwrap().contains("you fall to 0 <Resource>"), "{trigger:?}");

    let mana = check(&PACK.replace("your Focus reaches 0", "your Mana reaches 0"));
    assert_eq!(mana.len(), 1, "{mana:#?}");
    assert_eq!(mana[0].code, "rules::check::unknown_resource");
    assert_eq!(mana[0].message, "unknown resource `Mana`");

    let timed =
        check(&PACK.replace("apply Guarded 2 to Self", "apply Guarded 2 to Self for 2 rounds"));
    assert_eq!(timed.len(), 1, "{timed:#?}");
    assert_eq!(
        timed[0].help.as_deref(),
        Some(
            "drop `for 2 rounds`, or give the feat a `Trigger:` so it applies the condition each time"
        )
    );
}
