//! Invested powers resolve segments later; sustained powers re-resolve at start phases and
//! halt on a successful halting check at end phases.

use std::path::PathBuf;

use crate::common::hp;
use mythforge::runtime::{Game, PowerUse};

fn game() -> Game {
    let mut game = crate::common::game_with(5, &["tests/fixtures/runtime/timing.rules"]);
    game.add_actor("A", Some("Caster"), &[("Initiative", 0)]).unwrap();
    game.add_actor("B", Some("Caster"), &[]).unwrap();
    // A rolls 10 (segment 10), B rolls 5 (segment 5).
    game.world_mut().roller.force([10, 5]);
    assert_eq!(game.start_encounter(&["A", "B"]).unwrap(), ["A", "B"]);
    game
}

#[test]
fn invest_resolves_the_given_segments_later() {
    let mut game = game();
    let outcome = game.use_power(&PowerUse::new("A", "Slow Bolt").at(["B"])).unwrap();
    assert!(outcome.queued);
    assert_eq!(hp(&game, "B"), 20, "nothing resolves yet");
    // A's turn (segment 10) ends; B's turn starts at segment 5: 5 segments later >= 3.
    game.world_mut().roller.force([10, 10]);
    game.next_turn().unwrap(); // A: action
    game.next_turn().unwrap(); // A: end
    assert_eq!(hp(&game, "B"), 20);
    game.next_turn().unwrap(); // B: start -> the bolt resolves
    assert_eq!(hp(&game, "B"), 15);
}

#[test]
fn sustain_re_resolves_at_start_and_halt_ends_it_at_end() {
    let mut game = game();
    game.world_mut().roller.force([10, 1]);
    game.use_power(&PowerUse::new("A", "Burning Aura").at(["B"])).unwrap();
    assert_eq!(hp(&game, "B"), 19);
    game.next_turn().unwrap(); // A: action
    // Halting check at A's end phase fails (1, 1 against Defense 10): the aura goes on.
    game.world_mut().roller.force([1, 1]);
    game.next_turn().unwrap(); // A: end
    game.next_turn().unwrap(); // B: start
    game.next_turn().unwrap(); // B: action
    game.next_turn().unwrap(); // B: end
    // Round 2, A's start phase: the aura re-resolves (hit), then the halting check succeeds.
    game.world_mut().roller.force([10, 1]);
    game.next_turn().unwrap(); // A: start
    assert_eq!(hp(&game, "B"), 18);
    game.next_turn().unwrap(); // A: action
    game.world_mut().roller.force([10, 1]);
    game.next_turn().unwrap(); // A: end -> halts
    assert!(game.transcript_since(0).contains("A's Burning Aura halts"));
    assert!(game.world().encounter.as_ref().unwrap().queued.is_empty());
}

#[test]
fn out_of_an_encounter_invest_and_sustain_say_what_happens_instead() {
    let mut game = crate::common::game_with(5, &["tests/fixtures/runtime/timing.rules"]);
    game.add_actor("A", Some("Caster"), &[]).unwrap();
    game.add_actor("B", Some("Caster"), &[]).unwrap();
    game.world_mut().roller.force([10, 1]);
    let outcome = game.use_power(&PowerUse::new("A", "Slow Bolt").at(["B"])).unwrap();
    assert!(!outcome.queued, "no segments to wait for: it resolves at once");
    game.world_mut().roller.force([10, 1]);
    game.use_power(&PowerUse::new("A", "Burning Aura").at(["B"])).unwrap();
    let transcript = game.transcript_since(0);
    let said = [
        "Slow Bolt: no encounter runs, so it resolves now (`Invest: 3`)",
        "Burning Aura: no encounter runs, so it is not sustained (`Sustain: [HP > 0]`)",
    ];
    for said in said {
        assert!(transcript.contains(said), "{transcript}");
    }
}

/// The timing pack with A holding `upgrade` (lines appended to the pack).
fn upgraded(upgrade: &str) -> Game {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/runtime/timing.rules");
    let text = std::fs::read_to_string(path).unwrap() + "\n" + upgrade;
    let mut game = Game::new(5);
    game.load_source("timing.rules", &text).expect("the timing pack loads");
    game.add_actor("A", Some("Caster"), &[("Initiative", 0)]).unwrap();
    game.add_actor("B", Some("Caster"), &[]).unwrap();
    game.world_mut().actor_mut("A").unwrap().traits.push("Fierce Aura".into());
    game.world_mut().roller.force([10, 5]);
    game.start_encounter(&["A", "B"]).unwrap();
    game
}

#[test]
fn out_of_an_encounter_an_upgrades_limit_counts_nothing_and_the_log_says_so_once() {
    let mut game =
        upgraded("upgrade Fierce Aura\nTo: Burning Aura\nAdd: +2 damage\nLimit: once per round\n");
    game.end_encounter().unwrap();
    let uses = |game: &mut Game| {
        for _ in 0..2 {
            game.world_mut().roller.force([10, 1]);
            game.use_power(&PowerUse::new("A", "Burning Aura").at(["B"])).unwrap();
        }
    };
    uses(&mut game);
    let transcript = game.transcript_since(0);
    assert_eq!(transcript.matches("A's Fierce Aura modifies Burning Aura").count(), 2);
    let said = "Fierce Aura: no encounter runs, so `Limit: once per round` counts nothing";
    assert_eq!(transcript.matches(said).count(), 1, "{transcript}");
    // The next stretch out of encounters says it again, once.
    game.world_mut().roller.force([10, 5]);
    game.start_encounter(&["A", "B"]).unwrap();
    game.end_encounter().unwrap();
    let from = game.log().len();
    uses(&mut game);
    assert_eq!(game.transcript_since(from).matches(said).count(), 1);
}

#[test]
fn a_once_per_round_upgrade_modifies_one_resolution_a_round_and_no_halting_test() {
    let mut game =
        upgraded("upgrade Fierce Aura\nTo: Burning Aura\nAdd: +2 damage\nLimit: once per round\n");
    game.world_mut().roller.force([10, 1]);
    game.use_power(&PowerUse::new("A", "Burning Aura").at(["B"])).unwrap();
    assert_eq!(hp(&game, "B"), 17, "1 + 2");
    game.next_turn().unwrap(); // A: action
    // The used-up upgrade does not modify (or narrate on) the failing halting test.
    game.world_mut().roller.force([1, 1]);
    game.next_turn().unwrap(); // A: end
    let modifies = "A's Fierce Aura modifies Burning Aura";
    assert_eq!(game.transcript_since(0).matches(modifies).count(), 1);
    for _ in 0..3 {
        game.next_turn().unwrap(); // B: start, action, end
    }
    // Round 2: the re-resolution is the round's first, so the upgrade modifies it...
    game.world_mut().roller.force([10, 1]);
    game.next_turn().unwrap(); // A: start
    assert_eq!(hp(&game, "B"), 14);
    assert_eq!(game.transcript_since(0).matches(modifies).count(), 2);
    // ...and a second use in the round runs unmodified.
    game.world_mut().roller.force([10, 1]);
    game.use_power(&PowerUse::new("A", "Burning Aura").at(["B"])).unwrap();
    assert_eq!(hp(&game, "B"), 13);
    assert_eq!(game.transcript_since(0).matches(modifies).count(), 2);
}

#[test]
fn an_invested_power_counts_its_upgrade_when_it_resolves() {
    let mut game =
        upgraded("upgrade Fierce Aura\nTo: Slow Bolt\nAdd: +2 damage\nLimit: once per round\n");
    game.use_power(&PowerUse::new("A", "Slow Bolt").at(["B"])).unwrap();
    game.world_mut().roller.force([10, 10]);
    for _ in 0..3 {
        game.next_turn().unwrap(); // A: action, end; B: start -> the bolt resolves
    }
    assert_eq!(hp(&game, "B"), 13, "5 + 2");
}
