//! Check procedures defined entirely by a script (`Method: script move_roll`): the script
//! rolls through `roll(...)` on the world's roller (forced dice respected) and returns the
//! grade and named values; the outcome is logged like other checks and works from `check`
//! requests, versus checks and power `Check:` lines. The fixture's `move_roll` is "2d6 plus
//! the modifier: 10 or more is grade 2, 7 to 9 grade 1".

use mythforge::engine::{Answer, Decider, DecisionPoint, DecisionTaken};
use mythforge::runtime::{CheckRequest, Game, PowerUse, VersusRequest};

const RULES: &str = include_str!("../fixtures/scripted/moves.rules");
const SCRIPT: &str = include_str!("../fixtures/scripted/moves.rhai");

fn game() -> Game {
    let mut game = Game::new(11);
    game.load_source_with_scripts("moves.rules", RULES, &[("moves.rhai", SCRIPT)]).unwrap();
    game.add_actor("Ana", Some("Hunter"), &[]).unwrap();
    game.add_actor("Bo", Some("Hunter"), &[("Sharp", 3)]).unwrap();
    game
}

fn check(game: &mut Game, procedure: &str, dice: &[u32]) -> mythforge::runtime::CheckOutcome {
    game.world_mut().roller.force(dice.iter().copied());
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec!["Sharp".into()],
        procedure: Some(procedure.into()),
        ..CheckRequest::default()
    };
    game.check(&request).unwrap()
}

#[test]
fn the_script_grades_forced_dice_with_the_procedures_labels() {
    let mut game = game();
    // Sharp 1: 6 + 3 + 1 = 10 is a strong hit; 4 + 3 + 1 = 8 weak; 1 + 2 + 1 = 4 a miss.
    let cases = [([6, 3], 2, "Strong hit", 3), ([4, 3], 1, "Weak hit", 1), ([1, 2], 0, "Miss", -3)];
    for (dice, grade, label, margin) in cases {
        let outcome = check(&mut game, "Move", &dice);
        assert_eq!(outcome.grade, grade, "{dice:?}");
        assert_eq!(outcome.label.as_deref(), Some(label));
        assert_eq!(outcome.names.margin, margin);
        assert_eq!(outcome.totals, vec![10 + margin - 3]);
    }
    assert!(game.world().roller.state().forced.is_empty(), "every forced die was used");
}

#[test]
fn the_check_and_its_dice_are_logged() {
    let mut game = game();
    let mark = game.mark();
    check(&mut game, "Move", &[6, 3]);
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana rolls 2d6 = 9"), "{transcript}");
    assert!(transcript.contains("move_roll: grade 2, margin 3"), "{transcript}");
    // Undo takes back the check and its roll.
    game.undo().unwrap();
    assert_eq!(game.mark(), mark);
}

#[test]
fn the_same_seed_gives_the_same_scripted_checks() {
    let run = || {
        let mut game = game();
        let request = CheckRequest {
            actor: "Ana".into(),
            stats: vec!["Sharp".into()],
            ..CheckRequest::default()
        };
        (0..20).map(|_| game.check(&request).unwrap().grade).collect::<Vec<_>>()
    };
    let first = run();
    assert_eq!(first, run());
    assert!(first.contains(&0) && first.contains(&2), "{first:?}");
}

#[test]
fn a_power_check_line_uses_the_scripted_procedure() {
    let mut game = game();
    let hp = |game: &Game| game.world().actor("Bo").unwrap().resources["HP"].current;
    game.world_mut().roller.force([5, 4]);
    let outcome = game.use_power(&PowerUse::new("Ana", "Volley").at(["Bo"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 2);
    assert!(outcome.targets[0].names.contains(&("Margin", 3)));
    assert_eq!(hp(&game), 6, "grade 2: `Result:` 1 and `Result 2:` 3");
    game.world_mut().roller.force([3, 2]);
    let outcome = game.use_power(&PowerUse::new("Ana", "Volley").at(["Bo"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 0);
    assert_eq!(hp(&game), 6, "a miss does nothing");
}

#[test]
fn versus_compares_the_scripted_checks() {
    let mut game = game();
    // Ana: 4 + 4 + 1 = 9 (grade 1); Bo: 3 + 3 + 3 = 9 is grade 1 too, then the scores
    // (the grades) tie and nobody wins.
    game.world_mut().roller.force([4, 4, 3, 3]);
    let side = |actor: &str| CheckRequest {
        actor: actor.into(),
        stats: vec!["Sharp".into()],
        ..CheckRequest::default()
    };
    let request =
        VersusRequest { attacker: side("Ana"), defender: side("Bo"), ..VersusRequest::default() };
    let outcome = game.versus(&request).unwrap();
    assert_eq!((outcome.attacker.grade, outcome.defender.grade), (1, 1));
    assert_eq!(outcome.winner, None);
    // A power's `versus`: Ana 6 + 6 + 1 = 13 (grade 2) beats Bo 1 + 1 + 3 = 5 (grade 0).
    game.world_mut().roller.force([6, 6, 1, 1]);
    let outcome = game.use_power(&PowerUse::new("Ana", "Parley").at(["Bo"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    assert!(outcome.targets[0].names.contains(&("Margin", 2)));
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 8);
}

/// Answers every script question with the option at `pick`, and records the questions.
struct Scripted {
    pick: i64,
    asked: Vec<String>,
}

impl Decider for Scripted {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        if let DecisionPoint::Choose { question, .. } = point {
            self.asked.push(question.clone());
        }
        DecisionTaken { point: point.clone(), answer: Answer::Amount(self.pick), policy: None }
    }
}

#[test]
fn a_scripted_check_asks_the_callers_decider() {
    let mut game = game();
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec!["Sharp".into()],
        procedure: Some("Gamble".into()),
        ..CheckRequest::default()
    };
    // Without a decider the policy takes the first option: 1d6 + 4 = 9.
    game.world_mut().roller.force([5]);
    assert_eq!(game.check(&request).unwrap().grade, 1);
    // The decider picks "risky": 2d6 + 2 = 6 + 4 + 2 = 12.
    game.world_mut().roller.force([6, 4]);
    let mark = game.mark();
    let mut decider = Scripted { pick: 1, asked: Vec::new() };
    assert_eq!(game.check_with(&request, &mut decider).unwrap().grade, 2);
    assert_eq!(decider.asked, vec!["how do you roll?".to_string()], "asked exactly once");
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana decides how do you roll? risky; asked"), "{transcript}");
    assert_eq!(transcript.matches("rolls 2d6").count(), 1, "{transcript}");
}

#[test]
fn a_check_script_cannot_change_the_world() {
    let mut game = game();
    let before = mythforge::engine::to_json(game.world()).unwrap();
    let request = CheckRequest {
        actor: "Ana".into(),
        procedure: Some("Cheat".into()),
        ..CheckRequest::default()
    };
    let error = game.check(&request).unwrap_err();
    assert_eq!(
        error.to_string(),
        "script error: `change_resource` cannot be used in a check procedure: a check rolls, \
         reads and decides, but does not change the world"
    );
    assert_eq!(mythforge::engine::to_json(game.world()).unwrap(), before);
}

#[test]
fn a_result_that_is_not_a_grade_is_an_error_naming_the_problem() {
    let mut game = game();
    let request = |procedure: &str| CheckRequest {
        actor: "Ana".into(),
        procedure: Some(procedure.into()),
        ..CheckRequest::default()
    };
    let error = game.check(&request("Shrug")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "script error: script function `shrug` returned string, not a grade or a map such as \
         #{grade: 2, margin: 1}"
    );
    let error = game.check(&request("Vague")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "script error: script function `vague` returned the unknown key `luck`; a result map \
         holds grade, margin, successes, success_number, natural, critical, total"
    );
}

#[test]
fn a_method_line_that_is_not_a_method_or_a_script_call_is_refused() {
    let text = "check Odd\nMethod: script 2d6\nGrades: 0 Miss\n";
    let (_, diagnostics) =
        mythforge::parse::parse_source(&mut mythforge::diagnostics::SourceMap::new(), "odd", text);
    let labels: Vec<&str> =
        diagnostics.iter().flat_map(|d| &d.labels).map(|l| l.message.as_str()).collect();
    assert!(
        labels.iter().any(|l| l.contains(
            "`pool`, `roll under`, `successes`, `total`, `versus` or `script` and a script \
             function's name"
        )),
        "{diagnostics:?}"
    );
}

#[test]
fn the_script_method_prints_canonically() {
    let (file, diagnostics) = mythforge::parse::parse_source(
        &mut mythforge::diagnostics::SourceMap::new(),
        "moves",
        "check Move\nMethod:   script   move_roll\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = mythforge::model::format_file(&file);
    assert!(printed.contains("Method: script move_roll\n"), "{printed}");
}

#[test]
fn a_dice_line_in_a_scripted_procedure_is_a_warning() {
    let rules =
        RULES.replace("Method: script move_roll\n", "Method: script move_roll\nDice: 2d6\n");
    let mut game = Game::new(1);
    let warnings =
        game.load_source_with_scripts("moves.rules", &rules, &[("moves.rhai", SCRIPT)]).unwrap();
    let found: Vec<_> = warnings
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str(), d.is_error(), d.help.as_deref()))
        .collect();
    assert_eq!(
        found,
        vec![(
            "rules::check::ignored_line",
            "`Dice` does nothing in a `script` procedure",
            false,
            Some("remove the line, or read the value in the script from its `inputs` map"),
        )]
    );
}
