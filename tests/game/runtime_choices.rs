//! Choices made when a power is used: `Choose: Skill from Skills` binds the chosen stat on
//! every line of the power (check modifier, cost resource, raised stat), `Choose: 1-2 Skills`
//! sums several, and `Threshold: set by GM, default 12` takes the request's threshold.

use mythforge::diagnostics::Severity;
use mythforge::runtime::{Game, PowerOutcome, PowerUse, RuntimeError};

const PACK: &str = "\
system Choices
Stats Skills: Analysis, Lore, Blades
Resource Analysis Fragments: start 0; no max
Resource Lore Fragments: start 0; no max
Resource Blades Fragments: start 0; no max
Resource Breakthroughs: start 0; no max
Default check: Pool

check Pool
Method: pool
Dice: 3d10
Modifier: each die
Success: >= [Threshold]

power Train Skill
Choose: Skill from Skills
Target: Self
Cost: [Skill + 1] Skill Fragments
Result: raise Skill by 1

power Research
Choose: 1-2 Skills from Skills
Target: Self
Threshold: set by GM, default 12
Check: [Skills]
Result: gain [Grade] Breakthroughs

power Ruled Task
Target: Self
Threshold: set by GM
Check: [Analysis]
Result: gain 1 Breakthroughs

power Broaden
Choose: 2 Skills from Skills
Target: Self
Result: raise Skills by 1

actor Sage
Stats: Analysis 3, Lore 2, Blades 7
Resources: Analysis Fragments 0, Lore Fragments 0, Blades Fragments 9, Breakthroughs 0
Powers: Train Skill, Research, Ruled Task, Broaden
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("choices.rules", PACK).expect("the pack loads");
    game.add_actor("Sage", Some("Sage"), &[]).unwrap();
    game
}

fn request(power: &str, choices: &[&str], threshold: Option<i64>) -> PowerUse {
    let mut request = PowerUse::new("Sage", power);
    request.options.choices = choices.iter().map(|c| c.to_string()).collect();
    request.options.threshold = threshold;
    request
}

fn stat(game: &Game, name: &str) -> i64 {
    game.world().actor("Sage").unwrap().stats[name]
}

fn resource(game: &Game, name: &str) -> i64 {
    game.world().actor("Sage").unwrap().resources[name].current
}

/// The text of the pack the error points at.
fn pointed(error: &RuntimeError) -> &'static str {
    &PACK[error.span.start as usize..error.span.end as usize]
}

fn single(outcome: &PowerOutcome) -> (Option<i64>, u32) {
    let [target] = outcome.targets.as_slice() else { panic!("one target: {outcome:?}") };
    (target.threshold, target.grade)
}

#[test]
fn the_cost_is_computed_from_the_chosen_stat_and_the_raise_applies_to_it() {
    let mut game = game();
    game.use_power(&request("Train Skill", &["Blades"], None)).unwrap();
    // Blades 7 -> 8 costs [Blades + 1] = 8 Blades Fragments of 9.
    assert_eq!(stat(&game, "Blades"), 8);
    assert_eq!(resource(&game, "Blades Fragments"), 1);
    assert_eq!(stat(&game, "Analysis"), 3);
    assert_eq!(stat(&game, "Lore"), 2);
}

#[test]
fn raising_several_chosen_stats_raises_each() {
    let mut game = game();
    game.use_power(&request("Broaden", &["Lore", "Analysis"], None)).unwrap();
    assert_eq!((stat(&game, "Analysis"), stat(&game, "Lore"), stat(&game, "Blades")), (4, 3, 7));
    let error = game.use_power(&request("Broaden", &["Lore"], None)).unwrap_err();
    assert_eq!(error.to_string(), "Broaden chooses 2 of Skills, not 1");
}

#[test]
fn a_choice_is_matched_case_insensitively_and_a_shortfall_changes_nothing() {
    let mut game = game();
    let before = serde_json::to_string(game.world()).unwrap();
    let error = game.use_power(&request("Train Skill", &["lore"], None)).unwrap_err();
    // [Lore + 1] = 3 Lore Fragments, the Sage has none.
    assert_eq!(error.to_string(), "Sage needs 3 Lore Fragments but has 0: short by 3");
    assert_eq!(serde_json::to_string(game.world()).unwrap(), before);
}

#[test]
fn the_chosen_stats_are_summed_in_the_check_with_the_default_threshold() {
    let mut game = game();
    // Analysis 3 + Lore 2 = +5 on each die: 8,6,1 -> 13,11,6 vs 12 -> grade 1.
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.use_power(&request("Research", &["Analysis", "Lore"], None)).unwrap();
    assert_eq!(single(&outcome), (Some(12), 1));
    assert_eq!(resource(&game, "Breakthroughs"), 1);
}

#[test]
fn one_chosen_stat_is_its_modifier_and_the_gm_threshold_overrides_the_default() {
    let mut game = game();
    // Blades 7 on each die: 8,6,1 -> 15,13,8 vs 14 -> grade 1 (vs 12 it would be 2).
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.use_power(&request("Research", &["Blades"], Some(14))).unwrap();
    assert_eq!(single(&outcome), (Some(14), 1));
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.use_power(&request("Research", &["Blades"], None)).unwrap();
    assert_eq!(single(&outcome), (Some(12), 2));
    assert_eq!(resource(&game, "Breakthroughs"), 3);
}

#[test]
fn a_stat_outside_the_group_is_refused_at_the_choose_line() {
    let mut game = game();
    let error = game.use_power(&request("Train Skill", &["Blade"], None)).unwrap_err();
    assert_eq!(error.kind.code(), "runtime::choice");
    assert_eq!(error.to_string(), "`Blade` is not one of Skills");
    assert_eq!(pointed(&error), "Choose: Skill from Skills");
    let diagnostic = mythforge::diagnostics::ToDiagnostic::to_diagnostic(&error);
    assert_eq!(
        diagnostic.help.as_deref(),
        Some("did you mean `Blades`? Skills: Analysis, Lore, Blades")
    );
}

#[test]
fn the_wrong_number_of_choices_is_refused() {
    let mut game = game();
    let error =
        game.use_power(&request("Research", &["Analysis", "Lore", "Blades"], None)).unwrap_err();
    assert_eq!(error.to_string(), "Research chooses 1 to 2 of Skills, not 3");
    assert_eq!(pointed(&error), "Choose: 1-2 Skills from Skills");
    let error = game.use_power(&request("Train Skill", &[], None)).unwrap_err();
    assert_eq!(error.to_string(), "Train Skill needs a choice of 1 of Skills");
    let error = game.use_power(&request("Research", &["Lore", "lore"], None)).unwrap_err();
    assert_eq!(error.to_string(), "`Lore` is chosen twice");
}

#[test]
fn a_gm_threshold_without_default_must_be_given() {
    let mut game = game();
    let error = game.use_power(&request("Ruled Task", &[], None)).unwrap_err();
    assert_eq!(error.to_string(), "Ruled Task's threshold is set by the GM: give it");
    assert_eq!(pointed(&error), "Threshold: set by GM");
    // Analysis 3: 8,6,1 -> 11,9,4 vs 9 -> grade 2.
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.use_power(&request("Ruled Task", &[], Some(9))).unwrap();
    assert_eq!(single(&outcome), (Some(9), 2));
}

#[test]
fn choices_and_thresholds_the_power_does_not_take_are_refused() {
    let mut game = game();
    let error = game.use_power(&request("Ruled Task", &["Lore"], Some(9))).unwrap_err();
    assert_eq!(error.to_string(), "Ruled Task has no `Choose:` line: nothing to choose");
    let error = game.use_power(&request("Train Skill", &["Lore"], Some(9))).unwrap_err();
    assert_eq!(error.to_string(), "Train Skill's threshold is not set by the GM");
}

fn load(
    text: &str,
) -> Result<Vec<mythforge::diagnostics::Diagnostic>, Vec<mythforge::diagnostics::Diagnostic>> {
    Game::new(1).load_source("check.rules", text)
}

#[test]
fn check_verifies_the_group_and_the_names_bound_to_it() {
    let text = PACK.replace("Choose: Skill from Skills", "Choose: Skill from Skils");
    let errors = load(&text).unwrap_err();
    let codes: Vec<&str> = errors.iter().map(|d| d.code.as_str()).collect();
    assert!(codes.contains(&"rules::check::unknown_group"), "{codes:?}");
    // A resource named after the choice must exist for the group's stats.
    let text = PACK.replace("Cost: [Skill + 1] Skill Fragments", "Cost: [Skill + 1] Skill Shards");
    let errors = load(&text).unwrap_err();
    let unknown = errors.iter().find(|d| d.code == "rules::check::unknown_resource").unwrap();
    assert_eq!(unknown.message, "unknown resource `Analysis Shards`");
    // The shipped pack checks clean.
    assert!(load(PACK).unwrap().iter().all(|d| d.severity != Severity::Error));
}

#[test]
fn threshold_never_per_actor_is_a_warning_when_the_gm_sets_the_threshold() {
    // Analysis 3 + d10 cannot reach 14: an error for a fixed threshold, a warning for a
    // GM-set one (the GM gives this actor a lower number).
    let fixed = PACK.replace("Threshold: set by GM\n", "Threshold: 14\n");
    let errors = load(&fixed).unwrap_err();
    assert!(errors.iter().any(|d| d.code == "rules::check::threshold_never"));
    let gm = PACK.replace("Threshold: set by GM\n", "Threshold: set by GM, default 14\n");
    let warnings = load(&gm).unwrap();
    let warning = warnings.iter().find(|d| d.code == "rules::check::threshold_never").unwrap();
    assert_eq!(warning.severity, Severity::Warning);
}

#[test]
fn choose_and_gm_threshold_lines_print_canonically() {
    let text = "power Research\nChoose: 1-2 Skills from Skills\nThreshold: set by GM, default 12\n\
                \npower Train\nChoose: Skill from Skills\nThreshold: set by GM\n";
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "p.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = mythforge::model::format_file(&file);
    assert_eq!(printed, text);
}

#[test]
fn a_malformed_choose_line_is_a_parse_error_at_the_line() {
    let text = "power Broken\nChoose: Skill of Skills\n";
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (_, diagnostics) = mythforge::parse::parse_source(&mut sources, "p.rules", text);
    let [diagnostic] = diagnostics.as_slice() else { panic!("{diagnostics:?}") };
    assert!(diagnostic.message.contains("Choose"), "{}", diagnostic.message);
    let span = diagnostic.primary_span();
    assert_eq!(&text[span.start as usize..span.end as usize], "Skill of Skills");
}

#[test]
fn an_invested_task_keeps_its_choice_and_threshold_until_it_resolves() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut game = Game::new(3);
    game.load(&[root.join("rules/mestezia")]).expect("the Mestezia pack loads");
    game.add_actor("Xochitl", Some("Xochitl"), &[]).unwrap();
    game.world_mut().roller.force([4]);
    game.start_challenge(3, 3, &["Xochitl"]).unwrap();
    let mut research = PowerUse::new("Xochitl", "Patient Research");
    research.options.choices = vec!["Lore".into()];
    research.options.threshold = Some(10);
    assert!(game.use_power(&research).unwrap().queued);
    let queued = &game.world().encounter.as_ref().unwrap().queued[0];
    assert_eq!((queued.choices.clone(), queued.threshold), (vec!["Lore".to_string()], Some(10)));
    // Lore 3 on each die: 9, 7, 1 -> 12, 10, 4 vs the GM's 10 -> grade 2, a Breakthrough.
    let mark = game.mark();
    for _ in 0..12 {
        game.world_mut().roller.force([9, 7, 1]);
        game.next_turn().unwrap();
        if game.world().encounter.as_ref().is_none_or(|e| e.queued.is_empty()) {
            break;
        }
    }
    let text = game.transcript_since(mark);
    assert!(text.contains("Xochitl: [12, 10, 4] vs 10: 2 meet, grade 2"), "{text}");
}
