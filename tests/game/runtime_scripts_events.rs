//! Script decisions and event hooks end to end: a script's `decide(...)` inside a power use
//! asks the caller's decider (a policy or a person) and the answer is logged; `On resource
//! zero` follows every path to 0 (costs, `lose`, damage, scripts, turn resets) once per
//! reaching; `On turn start` / `On turn end` follow each participant's turn. Order and
//! arguments are read from the transcript.

use crate::common::acting;

use acting::game;
use mythforge::engine::{Answer, Decider, DecisionPoint, DecisionTaken, PolicyDecider};
use mythforge::runtime::{Game, PowerUse};

/// Answers every script question with the option at `pick`, counting the questions.
struct Pick {
    pick: i64,
    asked: usize,
}

impl Decider for Pick {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        self.asked += 1;
        DecisionTaken { point: point.clone(), answer: Answer::Amount(self.pick), policy: None }
    }
}

fn jab_with(game: &mut Game, faces: &[u32], decider: &mut dyn Decider) -> String {
    let mark = game.mark();
    game.world_mut().roller.force(faces.iter().copied());
    game.use_power_with(&PowerUse::new("Ana", "Jab").at(["Bo"]), decider).unwrap();
    game.transcript_since(mark)
}

#[test]
fn decide_in_a_power_use_follows_the_policy() {
    let mut game = game("", "script ask(Self)");
    let transcript = jab_with(&mut game, &[9, 3], &mut PolicyDecider::default());
    assert!(
        transcript.contains("Ana decides push or pull? push; the first option"),
        "{transcript}"
    );
    assert!(transcript.contains("picked 0"), "{transcript}");
}

#[test]
fn decide_in_a_power_use_asks_the_decider_once_and_logs_the_answer() {
    let mut game = game("", "script ask(Self)");
    let mut decider = Pick { pick: 1, asked: 0 };
    let transcript = jab_with(&mut game, &[9, 3], &mut decider);
    assert_eq!(decider.asked, 1);
    assert!(transcript.contains("Ana decides push or pull? pull; asked"), "{transcript}");
    assert!(transcript.contains("picked 1"), "{transcript}");
    // The command ran again with the answer: its check dice were logged once.
    assert_eq!(transcript.matches("picked").count(), 1, "{transcript}");
    assert!(game.world().roller.state().forced.is_empty());
    // An answer out of range is clamped to the last option.
    let mut decider = Pick { pick: 7, asked: 0 };
    let transcript = jab_with(&mut game, &[9, 3], &mut decider);
    assert!(transcript.contains("picked 1"), "{transcript}");
}

#[test]
fn a_session_passes_its_decider_into_power_uses() {
    let game = game("", "script ask(Self)");
    let mut session = mythforge::session::Session::new(game, 7);
    let mut decider = Pick { pick: 1, asked: 0 };
    assert!(session.run_input("force 9, 3", None).failure.is_none());
    let run = session.run_input("Ana uses Jab on Bo", Some(&mut decider));
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let texts: Vec<&str> =
        run.steps.iter().flat_map(|s| &s.events).map(|e| e.text.as_str()).collect();
    assert!(texts.contains(&"Ana decides push or pull? pull; asked"), "{texts:?}");
    assert_eq!(decider.asked, 1);
}

fn lines_with(transcript: &str, word: &str) -> Vec<String> {
    transcript.lines().filter(|l| l.contains(word)).map(str::to_string).collect()
}

#[test]
fn resource_zero_fires_for_lose_effects_once_per_reaching() {
    let mut game = game("On resource zero: zeroed", "lose 3 Focus");
    let mut transcript = String::new();
    for _ in 0..2 {
        let mark = game.mark();
        acting::jab(&mut game, &[9, 3]).unwrap();
        transcript += &game.transcript_since(mark);
    }
    // Focus 3 -> 0 fires; the second hit leaves it at 0 and fires nothing.
    assert_eq!(lines_with(&transcript, "reached 0"), vec!["Bo's Focus reached 0".to_string()]);
}

#[test]
fn resource_zero_fires_for_costs_damage_and_scripts_in_order() {
    let mut game =
        game("On resource zero: zeroed", "40 damage; script empty_focus(Self)\nCost: 3 Focus");
    let mark = game.mark();
    acting::jab(&mut game, &[9, 3]).unwrap();
    let transcript = game.transcript_since(mark);
    assert_eq!(
        lines_with(&transcript, "reached 0"),
        vec!["Ana's Focus reached 0".to_string(), "Bo's HP reached 0".to_string()],
        "{transcript}"
    );
    // The cost fired before the damage; Ana's Focus was already 0 for the script.
    let cost = transcript.find("Ana's Focus reached 0").unwrap();
    let hp = transcript.find("Bo's HP reached 0").unwrap();
    assert!(cost < hp, "{transcript}");
}

#[test]
fn a_script_emptying_a_resource_fires_after_the_script_returns() {
    let mut game = game("On resource zero: zeroed", "script empty_focus(Target)");
    let mark = game.mark();
    acting::jab(&mut game, &[9, 3]).unwrap();
    let transcript = game.transcript_since(mark);
    assert_eq!(lines_with(&transcript, "reached 0"), vec!["Bo's Focus reached 0".to_string()]);
}

#[test]
fn a_hook_that_refills_the_resource_lets_it_fire_again() {
    let mut game = game("On resource zero: refill", "lose 1 Focus");
    let focus = |game: &Game| game.world().actor("Bo").unwrap().resources["Focus"].current;
    for _ in 0..2 {
        acting::jab(&mut game, &[9, 3]).unwrap();
    }
    assert_eq!(focus(&game), 1);
    // 1 -> 0 (refilled to 1) -> 0 again (refilled again): once per reaching.
    acting::jab(&mut game, &[9, 3]).unwrap();
    assert_eq!(focus(&game), 1);
}

#[test]
fn turn_hooks_follow_every_participants_start_and_end_in_order() {
    let mut game = game("On turn start: turn_began\nOn turn end: turn_ended", "5 damage");
    let mark = game.mark();
    let order = game.start_encounter(&["Ana", "Bo"]).unwrap();
    for _ in 0..6 {
        game.next_turn().unwrap();
    }
    let transcript = game.transcript_since(mark);
    let (first, second) = (&order[0], &order[1]);
    assert_eq!(
        lines_with(&transcript, "turn "),
        [
            format!("turn start: {first}"),
            format!("turn end: {first}"),
            format!("turn start: {second}"),
            format!("turn end: {second}"),
            format!("turn start: {first}"),
        ],
        "{transcript}"
    );
}

#[test]
fn a_failing_resource_zero_hook_fails_the_command_and_changes_nothing() {
    let mut game = game("On resource zero: fumble", "lose 3 Focus");
    game.world_mut().roller.force([9, 3]);
    let before = crate::common::serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: no script function `fumble` taking 2 argument(s)");
    assert_eq!(crate::common::serialised(&game), before);
    assert_eq!(game.mark(), mark);
}

#[test]
fn a_resource_that_starts_at_zero_has_not_reached_it() {
    let mut game = game("On resource zero: zeroed", "1 damage");
    let mark = game.mark();
    game.add_actor("Cy", Some("Fighter"), &[("Focus", 0)]).unwrap();
    assert_eq!(game.world().actor("Cy").unwrap().resources["Focus"].current, 0);
    assert_eq!(lines_with(&game.transcript_since(mark), "reached 0"), Vec::<String>::new());
}
