//! A cost chosen at use time (`Cost: choose 1-5 Vigor`): the use says the amount
//! (`choosing 3`), pays it, and reads it as `Chosen` (counted in `Spent`) on its Check,
//! Threshold, Cost and Result lines; a missing pick is asked of a person and refused
//! otherwise (naming the bounds), an out-of-bounds pick is refused naming them, and a
//! refused use changes nothing.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::engine::{Answer, Decider, DecisionPoint, DecisionTaken};
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Chosen
Stats: Attack, Defense, Level
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Vigor: no max
Resource Focus: no max
Default check: Roll

check Roll
Method: total
Dice: 1d20
Success: >= [Threshold]

power Surge
Cost: choose 1-[Level] Vigor + [Chosen] Focus
Target: Enemy
Threshold: [Target's Defense + Chosen]
Check: [Attack + 2 * Chosen]
Result: [Chosen * 2 + Spent] damage

power Jab
Cost: 1 Vigor
Target: Enemy
Result: 1 damage

actor Hero
Stats: Attack 3, Defense 10, Level 5
Resources: HP 20, Max HP 20, Vigor 10, Focus 10
Powers: Surge, Jab

actor Foe
Stats: Attack 0, Defense 5, Level 1
Resources: HP 20, Max HP 20, Vigor 0, Focus 0
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("chosen.rules", PACK).expect("the pack loads");
    game.add_actor("Hero", Some("Hero"), &[]).unwrap();
    game.add_actor("Foe", Some("Foe"), &[]).unwrap();
    game
}

fn surge(chosen: Option<i64>) -> PowerUse {
    let mut request = PowerUse::new("Hero", "Surge").at(["Foe"]);
    request.options.chosen = chosen;
    request
}

fn current(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

#[test]
fn the_chosen_amount_is_paid_and_read_on_the_uses_lines() {
    let mut game = game();
    // Check 3 + 2*3 = 9 + natural 8 = 17 against 5 + 3 = 8: a hit.
    game.world_mut().roller.force([8]);
    let outcome = game.use_power(&surge(Some(3))).unwrap();
    assert_eq!(outcome.targets[0].threshold, Some(8));
    assert!(outcome.targets[0].names.contains(&("Total", 17)));
    // Cost: 3 Vigor and [Chosen] = 3 Focus; damage 3*2 + Spent 3 = 9.
    assert_eq!(current(&game, "Hero", "Vigor"), 7);
    assert_eq!(current(&game, "Hero", "Focus"), 7);
    assert_eq!(current(&game, "Foe", "HP"), 11);
}

#[test]
fn the_bounds_are_inclusive_and_read_with_the_users_numbers() {
    let mut game = game();
    game.world_mut().roller.force([20]);
    game.use_power(&surge(Some(5))).unwrap();
    assert_eq!(current(&game, "Hero", "Vigor"), 5);
    assert_eq!(current(&game, "Foe", "HP"), 5);
    game.world_mut().roller.force([20]);
    game.use_power(&surge(Some(1))).unwrap();
    assert_eq!(current(&game, "Hero", "Vigor"), 4);
}

#[test]
fn a_pick_out_of_bounds_is_refused_naming_them_and_changes_nothing() {
    let mut game = game();
    let before = serde_json::to_string(game.world()).unwrap();
    for (pick, shown) in [(6, "not 6"), (0, "not 0"), (-2, "not -2")] {
        let error = game.use_power(&surge(Some(pick))).unwrap_err();
        assert_eq!(error.to_string(), format!("Surge takes from 1 to 5 Vigor, {shown}"));
        let diagnostic = error.to_diagnostic();
        assert_eq!(diagnostic.code, "runtime::choice");
        assert_eq!(diagnostic.help.as_deref(), Some("choose 1 to 5: `choosing 1`"));
        // At the Cost line.
        let span = diagnostic.primary_span();
        assert_eq!(&PACK[span.range()], "Cost: choose 1-[Level] Vigor + [Chosen] Focus");
    }
    assert_eq!(serde_json::to_string(game.world()).unwrap(), before);
}

#[test]
fn a_missing_pick_without_a_person_is_refused_with_a_hint() {
    let mut game = game();
    let before = serde_json::to_string(game.world()).unwrap();
    let error = game.use_power(&surge(None)).unwrap_err();
    assert_eq!(error.to_string(), "Surge takes from 1 to 5 Vigor, chosen when it is used");
    assert_eq!(
        error.to_diagnostic().help.as_deref(),
        Some("say the number: `Hero uses Surge on Foe choosing 1` (any of 1 to 5)")
    );
    // A policy decider (a batch session, an analysis) does not guess either.
    let mut policies = mythforge::engine::PolicyDecider::default();
    let error = game.use_power_with(&surge(None), &mut policies).unwrap_err();
    assert_eq!(error.to_string(), "Surge takes from 1 to 5 Vigor, chosen when it is used");
    assert_eq!(serde_json::to_string(game.world()).unwrap(), before);
}

/// A person who answers every question with the option at `index`.
struct Person {
    index: i64,
    asked: Vec<DecisionPoint>,
}

impl Decider for Person {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        self.asked.push(point.clone());
        DecisionTaken { point: point.clone(), answer: Answer::Amount(self.index), policy: None }
    }

    fn asks_person(&self) -> bool {
        true
    }
}

#[test]
fn a_missing_pick_is_asked_of_a_person() {
    let mut game = game();
    game.world_mut().roller.force([20]);
    let mut person = Person { index: 1, asked: Vec::new() };
    game.use_power_with(&surge(None), &mut person).unwrap();
    let DecisionPoint::Choose { question, options } = &person.asked[0] else {
        panic!("a choice: {:?}", person.asked);
    };
    assert_eq!(question, "Surge: pay how much Vigor, 1 to 5?");
    assert_eq!(options, &["1 Vigor", "2 Vigor", "3 Vigor", "4 Vigor", "5 Vigor"]);
    assert_eq!(person.asked.len(), 1);
    // Option 1 is 2 Vigor.
    assert_eq!(current(&game, "Hero", "Vigor"), 8);
    assert_eq!(current(&game, "Foe", "HP"), 14);
}

#[test]
fn a_pick_for_a_power_that_chooses_nothing_is_refused() {
    let mut game = game();
    let mut request = PowerUse::new("Hero", "Jab").at(["Foe"]);
    request.options.chosen = Some(2);
    let error = game.use_power(&request).unwrap_err();
    assert_eq!(error.to_string(), "Jab's cost chooses no amount: `choosing 2` has nothing to pick");
}

#[test]
fn a_session_says_the_number_with_choosing() {
    let mut session = mythforge::session::Session::new(game(), 1);
    let run = session.run_input("force 20", None);
    assert!(run.failure.is_none());
    let run = session.run_input("Hero uses Surge on Foe choosing 4", None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let text: Vec<&str> =
        run.steps.iter().flat_map(|s| &s.events).map(|e| e.text.as_str()).collect();
    assert!(text.iter().any(|line| line.contains("Vigor")), "{text:#?}");
    let run = session.run_input("Hero uses Surge on Foe", None);
    let failure = format!("{:?}", run.failure.expect("refused"));
    assert!(failure.contains("Surge takes from 1 to 5 Vigor, chosen when it is used"), "{failure}");
}

/// An analysis of `question` on the pack (written to a scratch folder and loaded).
fn analysed(question: &str) -> mythforge::analyze::Report {
    use mythforge::analyze::{Options, Scenario, analyze};
    let folder = std::env::temp_dir().join(format!("chosen-costs-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("chosen.rules"), PACK).unwrap();
    let scenario = Scenario {
        setup: "load \"chosen.rules\"\nactor Hero from Hero\nactor Foe from Foe\n".into(),
        question: question.into(),
        repeat: 1,
        working_directory: Some(folder.clone()),
    };
    let report = analyze(&scenario, &Options::default()).unwrap_or_else(|r| panic!("{r:?}"));
    let _ = std::fs::remove_dir_all(&folder);
    report
}

#[test]
fn an_analysis_explores_a_given_pick_and_refuses_a_missing_one_by_name() {
    // choosing 2: check 3 + 4 = 7 against 5 + 2 = 7 hits on every face; 2*2 + 2 damage.
    let report = analysed("Hero uses Surge on Foe choosing 2");
    assert!(report.measure("refused").is_none());
    let damage = report.measure("damage to Foe").expect("a damage measure");
    assert_eq!(damage.outcomes.len(), 1);
    assert_eq!((damage.outcomes[0].value, damage.outcomes[0].p), (6, 1.0));
    // Without the number, the analysis refuses every run and says why: no silent default.
    let report = analysed("Hero uses Surge on Foe");
    let refused = report.measure("refused").expect("refused");
    assert_eq!(
        refused.outcomes[0].label.as_deref(),
        Some("refused: Surge takes from 1 to 5 Vigor, chosen when it is used")
    );
    assert_eq!(refused.outcomes[0].p, 1.0);
}
