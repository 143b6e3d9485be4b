//! `Defence: ..., N per round` and `[Defences this round]`: defences counted over the whole
//! round, across every attacker's turn, starting again when the round ends — against the
//! same lines counted `per turn`, which start again at each attacker's turn.

use mythforge::runtime::Game;
use mythforge::session::{Session, transcript};

/// A parry once per `clock`, then dodges at minus the defences made before them this
/// `clock`; Ana, Cy and Bo act in that order (Agility 3, 2, 1).
fn rules(clock: &str) -> String {
    format!(
        "system Parry
Stats: Melee, Agility
Resource Health: max 30
Default check: Versus
Turn order: [Agility]

check Versus
Method: versus
Dice: d20
Tie: defender

power Strike
Target: Enemy
Check: [Melee] versus a defence
Result: 1 damage

power Parry
Defence: any, 1 per {clock}
Check: [Melee]

power Dodge
Defence: any
Check: [Melee]
Penalty: [0 - Defences this {clock}]

actor Ana
Stats: Melee 5, Agility 3
Resources: Health 30
Powers: Strike

actor Cy
Stats: Melee 5, Agility 2
Resources: Health 30
Powers: Strike

actor Bo
Stats: Melee 5, Agility 1
Resources: Health 30
Powers: Parry, Dodge
"
    )
}

/// What Bo defends with against Ana and Cy in round 1, then Ana in round 2.
fn defences(clock: &str) -> Vec<String> {
    let mut game = Game::new(1);
    game.load_source("parry.rules", &rules(clock)).unwrap();
    let mut session = Session::new(game, 1);
    let strike = |who: &str| format!("force 10, 10\n{who} uses Strike on Bo\n");
    let commands = [
        "actor Ana from Ana\nactor Cy from Cy\nactor Bo from Bo\nencounter Ana, Cy, Bo\n".into(),
        strike("Ana"),
        "next turn\n".into(),
        strike("Cy"),
        "next turn\nnext turn\n".into(),
        strike("Ana"),
    ]
    .concat();
    let run = session.run_text("parry.session", &commands, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let text: String = run.steps.iter().map(transcript::step_text).collect();
    assert!(text.contains("round 2"), "{text}");
    text.lines()
        .filter_map(|line| line.strip_prefix("Bo defends with "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_defence_counted_per_round_is_spent_across_attackers_until_the_round_ends() {
    assert_eq!(
        defences("round"),
        ["Parry", "Dodge (-1: 1 defences before it this round)", "Parry"]
    );
}

#[test]
fn a_defence_counted_per_turn_starts_again_with_each_attacker() {
    assert_eq!(defences("turn"), ["Parry", "Parry", "Parry"]);
}

#[test]
fn the_line_prints_back_with_its_clock() {
    let parse = |text| {
        mythforge::model::defence::DefenceSpec::parse(text, |_| mythforge::diagnostics::Span::NONE)
    };
    let spec = parse("unless vs Ranged, 2 per weapon  per round").unwrap();
    assert_eq!(spec.per, mythforge::model::power::LimitClock::Round);
    assert_eq!(spec.to_string(), "unless vs Ranged, 2 per weapon per round");
    assert_eq!(parse("any, 3 per encounter").unwrap().to_string(), "any, 3 per encounter");
    assert!(parse("any, 2 per day").is_none());
}

#[test]
fn out_of_an_encounter_a_limited_defence_counts_nothing_and_the_log_says_so() {
    let mut game = Game::new(1);
    game.load_source("parry.rules", &rules("round")).unwrap();
    let mut session = Session::new(game, 1);
    let commands = "actor Ana from Ana\nactor Bo from Bo\n\
                    force 10, 10\nAna uses Strike on Bo\nforce 10, 10\nAna uses Strike on Bo\n";
    let run = session.run_text("parry.session", commands, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let text: String = run.steps.iter().map(transcript::step_text).collect();
    // No round runs: Bo parries both attacks, and the log says the limit counted nothing,
    // once: a standing fact until an encounter starts.
    assert_eq!(text.matches("Bo defends with Parry").count(), 2, "{text}");
    let said = "Parry: no encounter runs, so its limit (1 per round) counts nothing";
    assert_eq!(text.matches(said).count(), 1, "{text}");
    // After an encounter the next stretch says it again, once.
    let commands = "encounter Ana, Bo\nend encounter\n\
                    force 10, 10\nAna uses Strike on Bo\nforce 10, 10\nAna uses Strike on Bo\n";
    let run = session.run_text("parry.session", commands, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let text: String = run.steps.iter().map(transcript::step_text).collect();
    assert_eq!(text.matches("Bo defends with Parry").count(), 2, "{text}");
    assert_eq!(text.matches(said).count(), 1, "{text}");
}
