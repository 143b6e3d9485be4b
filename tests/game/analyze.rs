//! `mythforge::analyze`: exact answers checked against independent computation — closed
//! forms, the dice engine's own distributions and brute force over every face forced one
//! by one through the ordinary roller — within 1e-12; the sampling fallback against exact
//! answers within its intervals; the same seed giving the same answer on any number of
//! threads; questions refused with their spans.

use std::collections::BTreeMap;
use std::path::PathBuf;

use mythforge::analyze::{
    Axis, Measure, Options, Report, Scenario, StatSetting, analyze, analyze_prepared, sweep,
};
use mythforge::dice::{DiceExpr, distribution};
use mythforge::runtime::PowerUse;

const MESTEZIA: &str =
    "load mestezia\nactor Itzel from Itzel\nactor The Inquisitor from The Inquisitor\n";
const CHARGE: &str = "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl";

/// A question asked `repeat` times after `setup`, with the analyze fixtures' folder as the
/// working directory (shared with the other analyze modules).
pub(crate) fn scenario(setup: &str, question: &str, repeat: u32) -> Scenario {
    Scenario {
        setup: setup.into(),
        question: question.into(),
        repeat,
        working_directory: Some(PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/analyze"
        ))),
    }
}

fn refused<T>(refused: mythforge::analyze::Refused) -> T {
    panic!("{:?}", refused.diagnostics)
}

fn run(scenario: &Scenario, options: &Options, inputs: &[StatSetting]) -> Report {
    let prepared = scenario
        .prepare(options.seed)
        .unwrap_or_else(refused)
        .with_inputs(inputs)
        .unwrap_or_else(refused);
    let again = || scenario.prepare(options.seed)?.with_inputs(inputs);
    analyze_prepared(&prepared, &again, options).unwrap_or_else(refused)
}

fn measure<'a>(report: &'a Report, name: &str) -> &'a Measure {
    report.measure(name).unwrap_or_else(|| {
        let names: Vec<&str> = report.measures.iter().map(|m| m.name.as_str()).collect();
        panic!("no measure `{name}` among {names:?}")
    })
}

/// Asserts `measure` lists exactly `expected` (value → probability) within 1e-12.
fn assert_law(measure: &Measure, expected: &BTreeMap<i64, f64>) {
    for (value, p) in expected {
        assert!(
            (measure.p(*value) - p).abs() < 1e-12,
            "{}: P({value}) = {}, expected {p}",
            measure.name,
            measure.p(*value)
        );
    }
    for outcome in &measure.outcomes {
        let want = expected.get(&outcome.value).copied().unwrap_or(0.0);
        assert!(
            (outcome.p - want).abs() < 1e-12,
            "{}: P({}) = {}, expected {want}",
            measure.name,
            outcome.value,
            outcome.p
        );
    }
}

fn law(pairs: impl IntoIterator<Item = (i64, f64)>) -> BTreeMap<i64, f64> {
    let mut map = BTreeMap::new();
    for (value, p) in pairs {
        *map.entry(value).or_insert(0.0) += p;
    }
    map
}

/// C(3, g) / 8: three dice, each meeting the threshold half the time.
fn half_binomial(grade: i64) -> f64 {
    [1.0, 3.0, 3.0, 1.0][grade as usize] / 8.0
}

// ---------------------------------------------------------------- Mestezia, one charge

#[test]
fn one_charge_follows_the_binomial_law() {
    let report = run(&scenario(MESTEZIA, CHARGE, 1), &Options::default(), &[]);
    assert!(report.exact);
    // Each die of 3d10 + 6 (Attack 3 + Strength 3) meets Defense 12 on a 6 or more: 1/2.
    let check = measure(&report, "Itzel's check");
    assert_law(check, &law((0..=3).map(|g| (g, half_binomial(g)))));
    let labels: Vec<&str> = check.outcomes.iter().filter_map(|o| o.label.as_deref()).collect();
    assert_eq!(labels, ["Fail", "Low", "Medium", "High"]);
    // A Fail deals nothing; grade g deals Maquahuitl 12 + g.
    let damage = measure(&report, "damage to The Inquisitor");
    assert_law(damage, &law((0..=3).map(|g| (if g == 0 { 0 } else { 12 + g }, half_binomial(g)))));
    let hp = measure(&report, "The Inquisitor's HP");
    assert_eq!(hp.before, Some(30));
    assert_law(hp, &law((0..=3).map(|g| (if g == 0 { 30 } else { 18 - g }, half_binomial(g)))));
    let cp = measure(&report, "Itzel's CP");
    assert_eq!((cp.before, cp.outcomes.len(), cp.p(2)), (Some(6), 1, 1.0));
    assert!(report.measure("refused").is_none(), "a charge that can be paid is never refused");
    assert_eq!(measure(&report, "The Inquisitor's HP at 0 or less").p(1), 0.0);
    // The power reads only the pool's grade and count, so its 220 sorted pools are
    // explored as the 4 ways of grading them, each run once (the first run takes the
    // first choice instead of failing there).
    assert_eq!((report.runs, report.leaves), (4, Some(4)));
}

#[test]
fn charges_against_every_defense_match_the_dice_engine() {
    let defense = Axis::parse("The Inquisitor's Defense", "8..16").unwrap();
    let swept =
        sweep(&scenario(MESTEZIA, CHARGE, 1), &[], &[defense], &Options::default()).unwrap();
    assert_eq!(swept.points.len(), 9);
    for point in &swept.points {
        let threshold = point.values[0];
        let expected =
            distribution(&DiceExpr::parse(&format!("{{3d10+6}}cs>={threshold}")).unwrap()).unwrap();
        assert!(point.report.exact);
        assert_law(
            measure(&point.report, "Itzel's check"),
            &law(expected.outcomes.iter().copied()),
        );
    }
}

#[test]
fn exploring_agrees_with_every_face_forced_one_by_one() {
    let prepared = scenario(MESTEZIA, CHARGE, 1).prepare(1).unwrap();
    let report = analyze_prepared(&prepared, &|| unreachable!(), &Options::default()).unwrap();
    let mut request = PowerUse::new("Itzel", "Berserker Charge").at(["The Inquisitor"]);
    request.options.weapon = Some("Maquahuitl".into());
    let mut grades = BTreeMap::new();
    let mut hp = BTreeMap::new();
    for faces in 0..1000u32 {
        let mut game = prepared.game.clone();
        game.world_mut().roller.force([faces / 100 + 1, faces / 10 % 10 + 1, faces % 10 + 1]);
        let outcome = game.use_power(&request).unwrap();
        *grades.entry(i64::from(outcome.targets[0].grade)).or_insert(0.0) += 0.001;
        let left = game.world().actor("The Inquisitor").unwrap().resources["HP"].current;
        *hp.entry(left).or_insert(0.0) += 0.001;
    }
    assert_law(measure(&report, "Itzel's check"), &grades);
    assert_law(measure(&report, "The Inquisitor's HP"), &hp);
}

// ---------------------------------------------------------------- Mestezia, two charges

#[test]
fn two_charges_drop_the_inquisitor_one_time_in_64_with_the_cp_for_both() {
    let two = scenario(MESTEZIA, CHARGE, 2);
    // The pack's Itzel has 6 CP: the second charge (4 CP) cannot be paid.
    let report = run(&two, &Options::default(), &[]);
    let refused =
        report.measures.iter().find(|m| m.name == "refused" && m.command == Some(2)).unwrap();
    assert_eq!(refused.outcomes.len(), 1);
    assert_eq!(
        refused.outcomes[0].label.as_deref(),
        Some("refused: Itzel needs 4 CP but has 2: short by 2")
    );
    assert!((refused.outcomes[0].p - 1.0).abs() < 1e-12);
    assert_eq!(measure(&report, "The Inquisitor's HP at 0 or less").p(1), 0.0);
    // With 8 CP both land: only two Highs (15 + 15) drop 30 HP, (1/8)^2 = 1/64.
    let report = run(&two, &Options::default(), &[StatSetting::parse("Itzel's CP", 8).unwrap()]);
    assert!(report.exact);
    let dropped = measure(&report, "The Inquisitor's HP at 0 or less");
    assert!((dropped.p(1) - 1.0 / 64.0).abs() < 1e-12, "{}", dropped.p(1));
    let second =
        report.measures.iter().find(|m| m.name == "Itzel's check" && m.command == Some(2)).unwrap();
    assert_law(second, &law((0..=3).map(|g| (g, half_binomial(g)))));
    // Total damage: the sum of two independent charges.
    let one = law((0..=3).map(|g| (if g == 0 { 0 } else { 12 + g }, half_binomial(g))));
    let mut both = BTreeMap::new();
    for (a, p) in &one {
        for (b, q) in &one {
            *both.entry(a + b).or_insert(0.0) += p * q;
        }
    }
    assert_law(measure(&report, "damage to The Inquisitor in all"), &both);
    assert_law(measure(&report, "Itzel's CP"), &law([(0, 1.0)]));
}

// ---------------------------------------------------------- a d20 attack with criticals

const SKIRMISH: &str = "load skirmish\nactor Ana from Fighter\nactor Bo from Fighter\n";

#[test]
fn a_d20_attack_with_criticals_matches_its_closed_form() {
    // Ana: d20 + 5 against AC 15. A natural 1-9 misses (9/20), 10-18 hits (9/20), 19-20
    // are criticals (2/20): 1d8 + 3, plus 1d8 more on a critical.
    let report = run(&scenario(SKIRMISH, "Ana uses Longsword on Bo", 1), &Options::default(), &[]);
    assert!(report.exact);
    let check = measure(&report, "Ana's check");
    assert_law(check, &law([(0, 9.0 / 20.0), (1, 9.0 / 20.0), (2, 2.0 / 20.0)]));
    assert_eq!(check.outcomes[2].label.as_deref(), Some("Critical"));
    let hit = distribution(&DiceExpr::parse("1d8+3").unwrap()).unwrap();
    let critical = distribution(&DiceExpr::parse("2d8+3").unwrap()).unwrap();
    let expected = law(std::iter::once((0, 9.0 / 20.0))
        .chain(hit.outcomes.iter().map(|(v, p)| (*v, p * 9.0 / 20.0)))
        .chain(critical.outcomes.iter().map(|(v, p)| (*v, p * 2.0 / 20.0))));
    assert_law(measure(&report, "damage to Bo"), &expected);
    // The same through the dice notation's named roll: the d20 read twice.
    let named = distribution(
        &DiceExpr::parse("r = 1d20; (r + 5 >= 15) * (1d8 + 3) + (r >= 19) * 1d8").unwrap(),
    )
    .unwrap();
    assert_law(measure(&report, "damage to Bo"), &law(named.outcomes.iter().copied()));
}

const DUEL: &str = "load duel\nactor Ana from Fighter\nactor Bo from Fighter\n";

#[test]
fn a_weapon_attack_against_every_ac_matches_one_named_roll() {
    // The icepool comparison's question (docs/src/analyze.md): the weapon's crit range
    // (19-20) and damage dice (1d8) are data, read by `Critical: natural in [...]` and
    // `[Weapon Damage]`; a critical rolls the weapon's dice once more.
    let ac = Axis::parse("Bo's AC", "10..20").unwrap();
    let question = scenario(DUEL, "Ana uses Strike on Bo with weapon Longsword", 1);
    let swept = sweep(&question, &[], &[ac], &Options::default()).unwrap();
    assert_eq!(swept.points.len(), 11);
    for point in &swept.points {
        let ac = point.values[0];
        let named = format!("r = 1d20; (r + 5 >= {ac}) * (1d8 + 3 + (r >= 19) * 1d8)");
        let expected = distribution(&DiceExpr::parse(&named).unwrap()).unwrap();
        assert!(point.report.exact, "AC {ac}");
        assert_law(measure(&point.report, "damage to Bo"), &law(expected.outcomes.iter().copied()));
        let hits = f64::from(u8::try_from((26 - ac).clamp(0, 20)).unwrap()) / 20.0;
        let check = measure(&point.report, "Ana's check");
        assert!((check.p(2) - 0.1).abs() < 1e-12, "AC {ac}: P(critical) = {}", check.p(2));
        assert!((check.p(0) - (1.0 - hits)).abs() < 1e-12, "AC {ac}: P(miss) = {}", check.p(0));
    }
}

// ------------------------------------------------------------------------ dice questions

#[test]
fn a_roll_question_matches_the_dice_engine() {
    for text in ["2d6 + 1d4", "4d6kh3", "r = 1d20; (r + 7 >= 15) * (2d6 + 4) + (r >= 19) * 2d6"] {
        let report = run(&scenario("", &format!("roll {text}"), 1), &Options::default(), &[]);
        let exact = distribution(&DiceExpr::parse(text).unwrap()).unwrap();
        assert!(report.exact, "{text}");
        assert_eq!(report.truncated, 0.0, "{text}");
        assert_law(measure(&report, "roll"), &law(exact.outcomes.iter().copied()));
    }
}

#[test]
fn an_exploding_die_is_explored_to_its_far_tail_and_says_what_was_cut() {
    let report = run(&scenario("", "roll 1d6x", 1), &Options::default(), &[]);
    assert!(report.exact);
    // Every path at least 1e-18 likely is explored: 23 sixes in a row are not.
    assert!(report.truncated > 0.0 && report.truncated < 1e-17, "{}", report.truncated);
    assert!(
        report.notes[0].starts_with("paths less likely than 1e-18 were cut off"),
        "{:?}",
        report.notes
    );
    let exact = distribution(&DiceExpr::parse("1d6x").unwrap()).unwrap();
    assert_law(
        measure(&report, "roll"),
        &law(exact.outcomes.iter().copied().filter(|(_, p)| *p > 1e-13)),
    );
    // (1/6)^k / 6 for each face 6k + 1..6k + 5: P(13) = 1/216.
    assert!((measure(&report, "roll").p(13) - 1.0 / 216.0).abs() < 1e-15);
}

#[test]
fn a_question_past_the_budget_is_sampled_and_says_so() {
    // 6d10 rolled die by die: 10^6 paths, past the default budget of 250,000 runs.
    let options = Options { samples: 4_000, ..Options::default() };
    let report = run(&scenario("", "roll 6d10", 1), &options, &[]);
    assert!(!report.exact);
    assert_eq!((report.samples, report.seed), (Some(4_000), Some(1)));
    assert_eq!(
        report.notes,
        [
            "exploring every roll needs more than 250000 runs (the budget); estimated from 4000 seeded samples instead"
        ]
    );
    let roll = measure(&report, "roll");
    let (low, high) = roll.mean_interval.unwrap();
    assert!(low <= 33.0 && 33.0 <= high, "mean 33 outside [{low}, {high}]");
}

// ------------------------------------------------------------------------------ sampling

#[test]
fn sampling_agrees_with_exact_answers_within_its_intervals() {
    let charge = scenario(MESTEZIA, CHARGE, 1);
    let exact = run(&charge, &Options::default(), &[]);
    let truth = measure(&exact, "Itzel's check");
    // A 95% interval misses the truth one time in twenty: over 20 seeds, the four grades'
    // and the mean's 100 intervals hold it about 95 times (binomial sd 2.2), and no
    // estimate is more than four standard errors away.
    let (mut held, mut intervals) = (0, 0);
    for seed in 1..=20 {
        let options = Options { sample: true, samples: 2_000, seed, ..Options::default() };
        let estimate = run(&charge, &options, &[]);
        assert!(!estimate.exact);
        assert_eq!((estimate.samples, estimate.seed), (Some(2_000), Some(seed)));
        let guess = measure(&estimate, "Itzel's check");
        let mut check = |value: f64, estimate: f64, (low, high): (f64, f64)| {
            intervals += 1;
            held += usize::from(low <= value && value <= high);
            let error = (high - low) / (2.0 * 1.96);
            assert!((estimate - value).abs() <= 4.0 * error, "seed {seed}: {estimate} vs {value}");
        };
        for outcome in &guess.outcomes {
            check(truth.p(outcome.value), outcome.p, outcome.interval.unwrap());
        }
        check(truth.mean, guess.mean, guess.mean_interval.unwrap());
        // Damage and HP are read from the same samples: the same counts under other values.
        let damage = measure(&estimate, "damage to The Inquisitor");
        for (grade, value) in [(0, 0), (1, 13), (2, 14), (3, 15)] {
            assert_eq!(damage.p(value), guess.p(grade), "seed {seed}");
        }
    }
    assert_eq!(intervals, 100);
    assert!(held >= 88, "only {held} of {intervals} intervals hold the exact answer");
}

#[test]
fn the_same_seed_gives_the_same_estimate_on_any_number_of_threads() {
    let charge = scenario(MESTEZIA, CHARGE, 1);
    let options =
        Options { sample: true, samples: 10_000, seed: 3, threads: 1, ..Options::default() };
    let one = run(&charge, &options, &[]);
    let two = run(&charge, &Options { threads: 2, ..options.clone() }, &[]);
    assert_eq!(one, two);
    let other = run(&charge, &Options { seed: 4, ..options }, &[]);
    assert_ne!(one.measures, other.measures);
}

#[test]
fn past_the_budget_the_analysis_samples_and_says_so() {
    // One charge takes 4 runs (one per grade of its pool).
    let options = Options { budget: 3, samples: 2_000, ..Options::default() };
    let report = run(&scenario(MESTEZIA, CHARGE, 1), &options, &[]);
    assert!(!report.exact);
    assert_eq!(report.samples, Some(2_000));
    assert_eq!(
        report.notes,
        [
            "exploring every roll needs more than 3 runs (the budget); estimated from 2000 seeded samples instead"
        ]
    );
    assert!(measure(&report, "Itzel's check").outcomes.iter().all(|o| o.interval.is_some()));
}

// ------------------------------------------------------------------------------- refusals

#[test]
fn commands_that_are_no_question_are_refused_with_their_span() {
    let refused = analyze(&scenario(MESTEZIA, "seed 3", 1), &Options::default()).unwrap_err();
    let diagnostic = &refused.diagnostics[0];
    assert_eq!(diagnostic.code, "analyze::not_in_question");
    assert_eq!(diagnostic.message, "`seed` cannot be part of a question");
    assert_eq!(refused.sources.slice(diagnostic.primary_span()), "seed 3");
    let refused = analyze(&scenario(MESTEZIA, "", 1), &Options::default()).unwrap_err();
    assert_eq!(refused.diagnostics[0].code, "analyze::empty_question");
    let bad = scenario(MESTEZIA, CHARGE, 1).prepare(1).unwrap().with_inputs(&[StatSetting::parse(
        "Itzel's Strenght",
        2,
    )
    .unwrap()]);
    let diagnostic = &bad.unwrap_err().diagnostics[0];
    assert_eq!(diagnostic.message, "`Itzel` has no stat or resource `Strenght`");
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `Strength`?"));
}

// ------------------------------------------------------------------- the session command

#[test]
fn the_session_command_reports_exact_odds_and_leaves_the_game_as_it_was() {
    use mythforge::session::Session;
    let mut session = Session::new(mythforge::runtime::Game::new(1), 1);
    let setup = format!("{MESTEZIA}set Itzel CP to 8\n");
    assert!(session.run_text("setup", &setup, None).failure.is_none());
    let world = serde_json::to_string(session.backend().world()).unwrap();
    let run = session.run_text("ask", &format!("analyze 2 times {CHARGE}\n"), None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let event = &run.steps[0].events[0];
    assert_eq!(event.kind, "analysis");
    assert!(event.text.starts_with("exact ("), "{}", event.text);
    // The JSON report: two charges drop 30 HP only on two Highs, 1/64.
    let measures = event.data["measures"].as_array().unwrap();
    let dropped =
        measures.iter().find(|m| m["name"] == "The Inquisitor's HP at 0 or less").unwrap();
    let yes = dropped["outcomes"].as_array().unwrap().iter().find(|o| o["value"] == 1).unwrap();
    assert!((yes["p"].as_f64().unwrap() - 1.0 / 64.0).abs() < 1e-12);
    assert!(event.text.contains("         1 yes     1.5625%"), "{}", event.text);
    // Nothing changed: not the world, not the dice stream.
    assert_eq!(serde_json::to_string(session.backend().world()).unwrap(), world);
}

#[test]
fn the_session_command_refuses_what_is_no_question() {
    use mythforge::diagnostics::FileId;
    use mythforge::session::{Session, parse_line};
    let refusal = |line: &str| parse_line(FileId(0), 0, line).unwrap_err();
    let nested = refusal("analyze analyze roll 1d6");
    assert_eq!(nested.code, "session::parse::not_analysable");
    assert_eq!(nested.message, "an analysis cannot analyse an analysis");
    assert_eq!(nested.primary_span().range(), 8..24);
    let zero = refusal("analyze 0 times roll 1d6");
    assert_eq!(
        (zero.message.as_str(), zero.primary_span().range()),
        ("analyze 1 to 100 times in a row", 8..9)
    );
    assert_eq!(
        refusal("analyze # nothing").message,
        "could not read this command: expected how many times in a row, such as `2` or the \
         command to analyse, such as `Ana uses Jab on Bo`"
    );
    // The command analysed is read as a line of its own, its errors placed in this one.
    let typo = refusal("analyze rol 1d6");
    assert_eq!(
        (typo.code.as_str(), typo.primary_span().range()),
        ("session::parse::unknown_command", 8..11)
    );
    // Commands that change no game state are refused when run, with the question's span.
    let mut session = Session::new(mythforge::runtime::Game::new(1), 1);
    let run = session.run_text("ask", "analyze seed 4\n", None);
    let diagnostic = &run.failure.unwrap()[0];
    assert_eq!(diagnostic.code, "analyze::not_in_question");
    assert_eq!(diagnostic.message, "`seed` cannot be part of a question");
    assert_eq!(diagnostic.primary_span().range(), 8..14);
}
