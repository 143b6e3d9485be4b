//! Power-use rules as data: the system's `Keyword X:` rules (own turn, not in encounters,
//! needs a trigger), conditions' `Forbids:` (directly and through `Includes:`), `Per turn:`
//! quotas (and Mestezia's challenge turn), and stances (cost, modifier on a forced check,
//! replacement, loss on Unconscious, undo, save/restore). Each refusal is checked for its
//! message, code, primary line, secondary label and for changing nothing.

use mythforge::diagnostics::{Span, ToDiagnostic};
use mythforge::runtime::{CheckRequest, Game, PowerUse};

const SMALL: &str = "\
system Small
Stats: Defense
Resource HP: max 20
Resource CP: start 10
Keyword Attack: only on own turn
Keyword Ritual: not in encounters
Keyword Reaction: needs a trigger
Per turn: 1 Task, 1 other

condition Stunned
Forbids: powers

condition Knocked Out
Includes: Stunned

condition Shaken
Forbids: Reaction powers

power Jab
Cost: 1 CP
Target: Enemy
Result: 2 damage
Keywords: Attack Melee

power Dodge
Target: Self
Result: gain 1 CP
Keywords: Reaction

power Vigil
Target: Self
Result: gain 1 CP
Keywords: Ritual

power Study
Target: Self
Result: gain 1 CP
Keywords: Task

power Focus
Target: Self
Result: gain 1 CP
Keywords: Utility

power Rest
Target: Self
Result: gain 1 CP
";

fn small() -> Game {
    let mut game = Game::new(3);
    game.load_source("small.rules", SMALL).expect("the small pack loads");
    for name in ["Ana", "Bo"] {
        game.add_actor(name, None, &[("HP", 20), ("CP", 10)]).unwrap();
        let powers = &mut game.world_mut().actor_mut(name).unwrap().powers;
        powers.extend(["Jab", "Dodge", "Vigil", "Study", "Focus", "Rest"].map(String::from));
    }
    game
}

/// The 1-based line of `span` and the line of SMALL that starts with `text`.
fn line(game: &Game, span: Span) -> usize {
    game.sources().line_col(span).unwrap().line
}

fn small_line(text: &str) -> usize {
    SMALL.lines().position(|line| line.starts_with(text)).unwrap() + 1
}

fn cp(game: &Game, actor: &str) -> i64 {
    game.world().actor(actor).unwrap().resources["CP"].current
}

fn acting(game: &Game) -> String {
    game.world().encounter.as_ref().unwrap().acting().unwrap().name.clone()
}

/// The error of `request`, asserting that the world did not change.
fn refused(game: &mut Game, request: &PowerUse) -> mythforge::runtime::RuntimeError {
    let (before, log) = (game.world().clone(), game.log().len());
    let error = game.use_power(request).unwrap_err();
    assert_eq!(game.world().actors, before.actors, "a refusal changes nothing");
    assert_eq!(game.world().encounter, before.encounter, "nor the encounter's counters");
    assert_eq!(game.log().len(), log, "nor the log");
    error
}

#[test]
fn an_attack_off_turn_points_at_the_keyword_rule_and_the_powers_keywords() {
    let mut game = small();
    // Out of encounters `only on own turn` does not restrict.
    game.use_power(&PowerUse::new("Bo", "Jab").at(["Ana"])).unwrap();
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    let (on_turn, off_turn) = if acting(&game) == "Ana" { ("Ana", "Bo") } else { ("Bo", "Ana") };
    let error = refused(&mut game, &PowerUse::new(off_turn, "Jab").at([on_turn]));
    assert_eq!(
        error.to_string(),
        format!(
            "{off_turn} cannot use Jab now: Attack powers only on own turn, and it is \
             {on_turn}'s turn"
        )
    );
    assert_eq!(line(&game, error.span), small_line("Keyword Attack"));
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::not_own_turn");
    assert_eq!(
        diagnostic.help.as_deref(),
        Some(format!("use it on {off_turn}'s own turn").as_str())
    );
    let secondary = &diagnostic.labels[1];
    assert_eq!(line(&game, secondary.span), small_line("Keywords: Attack"));
    assert_eq!(secondary.message, "Jab has the keyword Attack");
    // The user on its own turn may attack.
    game.use_power(&PowerUse::new(on_turn, "Jab").at([off_turn])).unwrap();
}

#[test]
fn a_ritual_is_refused_in_an_encounter_and_a_reaction_without_a_trigger() {
    let mut game = small();
    game.use_power(&PowerUse::new("Ana", "Vigil")).unwrap();
    assert_eq!(cp(&game, "Ana"), 11);
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    let error = refused(&mut game, &PowerUse::new("Ana", "Vigil"));
    assert_eq!(error.to_string(), "Ana cannot use Vigil: Ritual powers are not used in encounters");
    assert_eq!(error.to_diagnostic().code, "runtime::not_in_encounters");
    assert_eq!(line(&game, error.span), small_line("Keyword Ritual"));

    let error = refused(&mut game, &PowerUse::new("Ana", "Dodge"));
    assert_eq!(error.to_string(), "Ana cannot use Dodge: Reaction powers need a trigger");
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::needs_trigger");
    assert_eq!(
        diagnostic.help.as_deref(),
        Some("name what it answers: `Ana uses Dodge trigger \"...\"`")
    );
    assert_eq!(line(&game, error.span), small_line("Keyword Reaction"));
    let mut answer = PowerUse::new("Ana", "Dodge");
    answer.options.trigger = Some("Bo attacks".into());
    game.use_power(&answer).unwrap();
}

#[test]
fn a_condition_forbids_powers_directly_and_through_includes() {
    let mut game = small();
    let shaken =
        mythforge::engine::ActiveCondition::new("Shaken", mythforge::engine::Expiry::UntilRemoved);
    let stacking = mythforge::engine::StackRule::Never;
    game.world_mut().apply_condition("Ana", shaken, stacking, Span::NONE).unwrap();
    let mut answer = PowerUse::new("Ana", "Dodge");
    answer.options.trigger = Some("Bo attacks".into());
    let error = refused(&mut game, &answer);
    assert_eq!(error.to_string(), "Ana cannot use Dodge: Shaken forbids Reaction powers");
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::forbidden_by_condition");
    assert_eq!(line(&game, error.span), small_line("Forbids: Reaction"));
    assert_eq!(diagnostic.labels[1].message, "Dodge has the keyword Reaction");
    // Shaken forbids only reactions.
    game.use_power(&PowerUse::new("Ana", "Rest")).unwrap();

    let out = mythforge::engine::ActiveCondition::new(
        "Knocked Out",
        mythforge::engine::Expiry::UntilRemoved,
    );
    game.world_mut().apply_condition("Bo", out, stacking, Span::NONE).unwrap();
    let error = refused(&mut game, &PowerUse::new("Bo", "Rest"));
    assert_eq!(error.to_string(), "Bo cannot use Rest: Stunned forbids powers");
    assert_eq!(line(&game, error.span), small_line("Forbids: powers"));
    assert_eq!(
        error.to_diagnostic().help.as_deref(),
        Some("Rest can be used again once Bo no longer has Stunned")
    );
}

#[test]
fn a_per_turn_quota_counts_each_kind_and_resets_at_the_end_of_the_turn() {
    let mut game = small();
    // Out of encounters nothing is counted.
    for _ in 0..3 {
        game.use_power(&PowerUse::new("Ana", "Study")).unwrap();
    }
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    let first = acting(&game);
    game.use_power(&PowerUse::new(&first, "Study")).unwrap();
    let error = refused(&mut game, &PowerUse::new(&first, "Study"));
    assert_eq!(
        error.to_string(),
        format!(
            "{first} cannot use Study: a turn allows 1 Task power; used by Study in round 1, {first}'s turn"
        )
    );
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::turn_quota");
    assert_eq!(diagnostic.help.as_deref(), Some("the count starts again at the end of the turn"));
    assert_eq!(line(&game, error.span), small_line("Per turn"));
    assert_eq!(diagnostic.labels[1].message, "Study counts as 1 Task");
    // One other power: Focus; then Rest (no keywords) is also `other`.
    game.use_power(&PowerUse::new(&first, "Focus")).unwrap();
    let error = refused(&mut game, &PowerUse::new(&first, "Rest"));
    assert!(error.to_string().contains("a turn allows 1 other power; used by Focus"), "{error}");
    // Rest has no Keywords line: the secondary label is at its name.
    assert_eq!(game.sources().slice(error.to_diagnostic().labels[1].span), "Rest");
    // Each turn has start, action and end phases: on through Bo's turn back to the first.
    while acting(&game) == first {
        game.next_turn().unwrap();
    }
    while acting(&game) != first {
        game.next_turn().unwrap();
    }
    game.use_power(&PowerUse::new(&first, "Study")).unwrap();
}

fn mestezia() -> Game {
    let mut game = crate::common::game_with(
        5,
        &["rules/mestezia", "tests/fixtures/power_rules/test_powers.rules"],
    );
    for actor in ["Itzel", "Xochitl", "The Inquisitor"] {
        game.add_actor(actor, Some(actor), &[]).unwrap();
        let powers = &mut game.world_mut().actor_mut(actor).unwrap().powers;
        powers.extend(["Test Knockout", "Test Dominate"].map(String::from));
    }
    game
}

#[test]
fn mestezia_dazed_through_dominated_forbids_the_fate_exchange() {
    let mut game = mestezia();
    game.use_power(&PowerUse::new("The Inquisitor", "Test Dominate").at(["Itzel"])).unwrap();
    let error = refused(&mut game, &PowerUse::new("Itzel", "Fate Exchange CP"));
    assert_eq!(error.to_string(), "Itzel cannot use Fate Exchange CP: Dazed forbids Fate powers");
    assert_eq!(error.to_diagnostic().labels[1].message, "Fate Exchange CP has the keyword Fate");
    assert_eq!(game.sources().slice(error.span), "Forbids: Reaction powers, Fate powers");
}

#[test]
fn mestezia_a_challenge_turn_allows_one_task_and_one_other_power() {
    let mut game = mestezia();
    game.world_mut().roller.force([9, 4]);
    game.start_challenge(2, 2, &["Itzel", "Xochitl"]).unwrap();
    assert_eq!(acting(&game), "Itzel");
    let task = |power: &str| {
        let mut request = PowerUse::new("Itzel", power);
        request.options.choices = vec!["Discipline".into()];
        request.options.threshold = Some(12);
        request
    };
    game.world_mut().roller.force([10, 4, 2]);
    game.use_power(&task("Accept the Challenge")).unwrap();
    let error = refused(&mut game, &task("Build Momentum"));
    assert_eq!(
        error.to_string(),
        "Itzel cannot use Build Momentum: a challenge turn allows 1 Task power; used by Accept \
         the Challenge in round 1, Itzel's turn"
    );
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    game.world_mut().roller.force([9, 9, 9]);
    let error = refused(&mut game, &PowerUse::new("Itzel", "Jaguar Leap"));
    assert!(
        error.to_string().contains("allows 1 other power; used by Fate Exchange CP"),
        "{error}"
    );
    // Combat encounters have no such quota.
    game.end_encounter().unwrap();
    game.world_mut().roller.force([9, 1, 1]);
    game.start_encounter(&["Itzel", "The Inquisitor"]).unwrap();
    assert_eq!(acting(&game), "Itzel");
    game.world_mut().roller.force([9, 9, 9]);
    game.use_power(&PowerUse::new("Itzel", "Jaguar Leap")).unwrap();
    game.world_mut().roller.force([9, 9, 9]);
    game.use_power(&PowerUse::new("Itzel", "Jaguar Leap")).unwrap();
}

fn defense_check(game: &mut Game) -> u32 {
    let request = CheckRequest {
        actor: "Itzel".into(),
        stats: vec!["Defense".into()],
        threshold: 10,
        ..CheckRequest::default()
    };
    game.world_mut().roller.force([9, 7, 2]);
    game.check(&request).unwrap().grade
}

#[test]
fn a_stance_costs_its_cost_applies_its_effect_and_is_replaced_by_the_next() {
    let mut game = mestezia();
    // Defense 1: 10, 8, 3 against 10 is one success.
    assert_eq!(defense_check(&mut game), 1);
    game.adopt("Itzel", "Tortoise Stance").unwrap();
    assert_eq!(cp(&game, "Itzel"), 5, "Cost: 1 CP");
    assert_eq!(game.stance_of("Itzel"), Some("Tortoise Stance"));
    // Protected 2: Defense 3, so 12, 10, 5: two successes.
    assert_eq!(defense_check(&mut game), 2);
    let error = game.adopt("Itzel", "Tortoise Stance").unwrap_err();
    assert_eq!(error.to_string(), "Itzel is already in Tortoise Stance");
    assert_eq!(error.to_diagnostic().code, "runtime::stance");
    // Replacing: Protected ends with the Tortoise Stance, Hasted comes with the Jaguar.
    game.adopt("Itzel", "Jaguar Stance").unwrap();
    assert_eq!(cp(&game, "Itzel"), 3, "Cost: 2 CP");
    let conditions = &game.world().actor("Itzel").unwrap().conditions;
    let names: Vec<&str> = conditions.active.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Hasted"]);
    assert_eq!(defense_check(&mut game), 1);
    // All or nothing: 3 CP cannot pay for a second Jaguar... Tortoise costs 1; drain CP first.
    game.world_mut().actor_mut("Itzel").unwrap().resources.get_mut("CP").unwrap().current = 0;
    let before = game.world().clone();
    let error = game.adopt("Itzel", "Tortoise Stance").unwrap_err();
    assert!(error.to_string().contains("CP"), "{error}");
    assert_eq!(game.world().actors, before.actors);
    let error = game.adopt("Itzel", "Turtle Stance").unwrap_err();
    assert_eq!(error.to_string(), "unknown stance `Turtle Stance`");
    assert_eq!(error.to_diagnostic().help.as_deref(), Some("did you mean `Tortoise Stance`?"));
}

#[test]
fn a_stance_ends_on_unconscious_and_undo_and_save_bring_it_back() {
    let mut game = mestezia();
    game.adopt("Itzel", "Jaguar Stance").unwrap();
    let mark = game.mark();
    game.use_power(&PowerUse::new("The Inquisitor", "Test Knockout").at(["Itzel"])).unwrap();
    assert_eq!(game.stance_of("Itzel"), None);
    let itzel = game.world().actor("Itzel").unwrap();
    assert!(!itzel.conditions.has("Hasted"), "the stance's Hasted ends with it");
    assert!(itzel.conditions.has("Unconscious"));
    assert!(
        game.transcript_since(mark).contains("Itzel's Jaguar Stance ends (Unconscious)"),
        "{}",
        game.transcript_since(mark)
    );
    // Unconscious forbids powers, stances too are refused by their While only if HP is 0.
    game.undo().unwrap();
    assert_eq!(game.stance_of("Itzel"), Some("Jaguar Stance"));
    assert!(game.world().actor("Itzel").unwrap().conditions.has("Hasted"));

    let json = mythforge::engine::to_json(game.world()).unwrap();
    assert!(json.contains("\"stance\""), "saved with the world");
    let restored = mythforge::engine::from_json(&json, "save.json").unwrap();
    let stance = restored.actor("Itzel").unwrap().conditions.stance.clone().unwrap();
    assert_eq!(
        (stance.name.as_str(), stance.granted.as_slice()),
        ("Jaguar Stance", &["Hasted".to_string()][..])
    );
    // A save without the field loads with no stance.
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let conditions = value["world"]["actors"][0]["conditions"].as_object_mut().unwrap();
    assert!(conditions.remove("stance").is_some(), "the field was saved");
    let old = serde_json::to_string(&value).unwrap();
    let loaded = mythforge::engine::from_json(&old, "old.json").unwrap();
    assert_eq!(loaded.actor("Itzel").unwrap().conditions.stance, None);
}

/// The diagnostics of loading SMALL plus `extra`: `Ok` when only warnings.
fn load_small(
    extra: &str,
) -> Result<Vec<mythforge::diagnostics::Diagnostic>, Vec<mythforge::diagnostics::Diagnostic>> {
    let mut game = Game::new(1);
    game.load_source("small.rules", &format!("{SMALL}\n{extra}"))
}

#[test]
fn check_warns_about_a_keyword_no_power_has_and_rejects_unknown_lines() {
    let warnings = load_small("system More\nKeyword Atack: only on own turn\n").unwrap();
    let warning = warnings.iter().find(|d| d.code == "rules::check::unknown_keyword").unwrap();
    assert_eq!(warning.message, "no power has the keyword `Atack`");
    assert_eq!(warning.help.as_deref(), Some("did you mean `Attack`?"));

    let errors = load_small("system More\nStance ends: Stuned\n").unwrap_err();
    let error = errors.iter().find(|d| d.message == "unknown condition `Stuned`").unwrap();
    assert_eq!(error.help.as_deref(), Some("did you mean `Stunned`?"));

    let expected = |extra: &str| {
        let errors = load_small(extra).unwrap_err();
        assert_eq!(errors[0].code, "rules::parse::unexpected");
        (errors[0].message.clone(), errors[0].labels[0].message.clone())
    };
    assert_eq!(
        expected("system More\nKeyword Attack: sometimes\n"),
        (
            "could not read this `Keyword Attack` line".to_string(),
            "expected a keyword rule: `only on own turn`, `not in encounters`, `needs a trigger`, \
             `resisted as Tag`"
                .to_string()
        )
    );
    assert_eq!(
        expected("condition Dizzy\nForbids: reactions\n").1,
        "expected `powers` or a keyword and `powers`, such as `Reaction powers`"
    );
    assert_eq!(
        expected("system More\nPer turn: one Task\n").1,
        "expected quotas such as `1 Task, 1 Action or Move, 1 other` (a count and a keyword, \
         or keywords joined by `or` sharing one slot)"
    );
}

#[test]
fn a_session_adopts_a_stance_and_shows_it() {
    let (_, stdout, stderr) = crate::common::cli::run(
        &["repl", "--seed", "3"],
        "load mestezia\nactor Itzel from Itzel\nItzel adopts Jaguar Stance\nshow Itzel\n\
         Itzel adopts Turtle Stance\nundo\nshow Itzel\n",
    );
    assert!(stdout.contains("Itzel adopts Jaguar Stance"), "{stdout}");
    assert!(stdout.contains("\n  Stance: Jaguar Stance"), "{stdout}");
    assert!(stderr.contains("unknown stance `Turtle Stance`"), "{stderr}");
    assert!(stderr.contains("did you mean `Tortoise Stance`?"), "{stderr}");
    // The undo takes the adoption back: the last `show` has no stance.
    let last = stdout.rsplit("Itzel").next().unwrap_or_default();
    assert_eq!(stdout.matches("Stance: Jaguar Stance").count(), 1, "{last}");
}
