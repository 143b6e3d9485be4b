//! The transcript as a person reads it (issue 24 item 4): durations in words, phase lines
//! with names as written, rolls that say what was rolled with pushed dice counted apart, no
//! event for a change that changed nothing, and a decider shown the dice before it is asked
//! about them.

use mythforge::diagnostics::Span;
use mythforge::engine::*;

fn world() -> World {
    let mut world = World::new(7);
    world.add_actor(Actor::new("Itzel").with_resource("CP", Resource::new(6).with_max(8))).unwrap();
    world
}

#[test]
fn every_duration_reads_as_a_rule_file_writes_it() {
    let turn = Expiry::EndOfTurn { actor: "Xochitl".into(), turns: 1 };
    assert_eq!(turn.to_string(), "until the end of Xochitl's next turn");
    assert_eq!(Expiry::Rounds(1).to_string(), "for 1 round");
    assert_eq!(Expiry::Rounds(3).to_string(), "for 3 rounds");
    assert_eq!(Expiry::EndOfEncounter.to_string(), "until the end of the encounter");
    assert_eq!(Expiry::UntilRemoved.to_string(), "until removed");
    assert_eq!(Expiry::UntilHealed.to_string(), "until healed");
    assert_eq!(Expiry::Encounters(1).to_string(), "until the end of the encounter");
    assert_eq!(Expiry::Encounters(3).to_string(), "for 3 encounters");
    let two = Expiry::EndOfTurn { actor: "Itzel".into(), turns: 2 };
    assert_eq!(two.to_string(), "for Itzel's next 2 turns");
}

#[test]
fn a_turn_bound_duration_counts_the_turn_in_progress_when_it_is_its_actors() {
    let one = Expiry::EndOfTurn { actor: "Itzel".into(), turns: 1 };
    let two = Expiry::EndOfTurn { actor: "Itzel".into(), turns: 2 };
    assert_eq!(one.words(Some("Itzel")), "until the end of Itzel's turn");
    assert_eq!(two.words(Some("Itzel")), "until the end of Itzel's next turn");
    assert_eq!(one.words(Some("Xochitl")), "until the end of Itzel's next turn");
}

#[test]
fn a_phase_line_names_the_actor_as_written() {
    let step = TurnStep::PhaseStarted { actor: "The Inquisitor".into(), phase: Phase::Start };
    assert_eq!(Event::Turn { step }.describe(), "The Inquisitor: start phase");
    let step = TurnStep::PhaseStarted { actor: "Itzel".into(), phase: Phase::Action };
    assert_eq!(Event::Turn { step }.describe(), "Itzel: action phase");
}

#[test]
fn a_roll_counts_pushed_dice_apart_from_the_dice_rolled() {
    let mut world = world();
    // Two sixes push one die each: four dice rolled, two more pushed.
    world.roller.force([6, 1, 6, 2, 3, 4]);
    let check = SuccessPoolCheck {
        dice: 4,
        sides: 6,
        success_at: 4,
        explode_at: Some(6),
        automatic: 0,
        required: None,
    };
    world.success_pool_check(Some("Itzel"), &check, Span::NONE).unwrap();
    assert_eq!(
        world.log.transcript(),
        "Itzel rolls 4d6 (+2 pushed) for check: [6f!, 1f, 6f!, 2f, 3f, 4f]\n\
         Itzel: 3 successes\n"
    );
}

#[test]
fn a_roll_without_pushes_is_plain_dice_notation() {
    let mut world = world();
    world.roller.force([9, 8, 2]);
    let check = PoolCheck {
        dice: 3,
        sides: 10,
        per_die_modifier: 2,
        threshold: 10,
        grade_cap: None,
        aid: 0,
    };
    world.pool_check(Some("Itzel"), &check, Span::NONE).unwrap();
    let transcript = world.log.transcript();
    assert_eq!(
        transcript,
        "Itzel rolls 3d10 for check: [9f, 8f, 2f]\nItzel: [11, 10, 4] vs 10: 2 meet, grade 2\n"
    );
}

#[test]
fn a_change_that_changes_nothing_is_no_event() {
    let mut world = world();
    assert_eq!(world.set_resource("Itzel", "CP", 6, Span::NONE).unwrap(), 6);
    // A gain at the maximum changes nothing either.
    world.set_resource("Itzel", "CP", 8, Span::NONE).unwrap();
    world.change_resource("Itzel", "CP", 3, Span::NONE).unwrap();
    assert_eq!(world.log.transcript(), "Itzel: CP 6 -> 8\n");
    assert_eq!(world.log.len(), 1);
}

/// Records what it was shown and asked, in order; answers with the default policies.
#[derive(Default)]
struct Watching(Vec<String>);

impl Decider for Watching {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        self.0.push(format!("asked {}", point.kind() as u8));
        PolicyDecider::default().decide(point)
    }

    fn show(&mut self, happened: &str) {
        self.0.push(format!("shown {happened}"));
    }
}

#[test]
fn a_decider_is_shown_the_dice_before_the_question_about_them() {
    let mut world = world();
    world.roller.force([9, 1]);
    let check = RollUnderCheck { sides: 12, target: 10, difficulty: 0, boost: 0, second_die: true };
    let mut watching = Watching::default();
    world.roll_under_check(Some("Itzel"), &check, &mut watching, Span::NONE).unwrap();
    assert_eq!(
        watching.0,
        ["shown Itzel rolls 2d12 for check: [9f, 1f]".to_string(), "asked 0".to_string()]
    );
    // The log keeps its order: the dice (now with the one not used), then the decision.
    let transcript = world.log.transcript();
    assert!(
        transcript.starts_with(
            "Itzel rolls 2d12 for check: [9f, (1f)]\n\
             Itzel keeps the first die (9 over 1); policy if-better\n"
        ),
        "{transcript}"
    );
}

#[test]
fn a_check_that_asks_nothing_shows_nothing() {
    let mut world = world();
    world.roller.force([4]);
    let check =
        RollUnderCheck { sides: 12, target: 10, difficulty: 0, boost: 0, second_die: false };
    let mut watching = Watching::default();
    world.roll_under_check(Some("Itzel"), &check, &mut watching, Span::NONE).unwrap();
    assert!(watching.0.is_empty(), "{:?}", watching.0);
}
