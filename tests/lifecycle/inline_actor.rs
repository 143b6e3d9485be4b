//! Row "`actor Dummy with Defense 12, HP 30` after `load mestezia` (the README's example)
//! fails with `unknown name Max HP`; with `Max HP 60` added the sheet shows `HP 0/60` and
//! `(Healthy)`": a value an actor is given names a resource (its amount) or a stat; a
//! resource whose maximum is one value the actor was not given starts full; a maximum that
//! reads a missing value, a derived value and an unknown name are refused, naming them.

use mythforge::runtime::Game;

use super::common::{game, session, transcript};

/// The transcript of `text` after `load mestezia`, from the first line after the load.
fn after_mestezia(text: &str) -> (Vec<String>, Option<Vec<mythforge::diagnostics::Diagnostic>>) {
    let mut session = session();
    let (lines, failure) = transcript(&mut session, &format!("load mestezia\n{text}"));
    let start = lines.iter().position(|line| !line.starts_with("> load") && line.starts_with("> "));
    let lines = lines[start.unwrap_or(lines.len())..].iter();
    (lines.flat_map(|event| event.lines().map(str::to_string)).collect(), failure)
}

fn line<'a>(lines: &'a [String], prefix: &str) -> &'a str {
    lines.iter().find(|line| line.starts_with(prefix)).unwrap_or_else(|| panic!("{lines:#?}"))
}

#[test]
fn the_readme_example_gives_the_dummy_30_of_30_hp() {
    let (lines, failure) = after_mestezia("actor Dummy with Defense 12, HP 30\nshow Dummy\n");
    assert!(failure.is_none(), "{failure:?}");
    assert_eq!(
        lines[..3],
        [
            "> actor Dummy with Defense 12, HP 30",
            "Dummy joins",
            "Dummy's Max HP is 30: HP 30 starts full (HP's maximum is [Max HP])",
        ]
    );
    assert_eq!(line(&lines, "Dummy ("), "Dummy (Healthy)");
    assert_eq!(line(&lines, "  Stats:"), "  Stats: Defense 12");
    assert_eq!(
        line(&lines, "  Resources:"),
        "  Resources: Breakthroughs 0, CP 0, FP 0, HP 30/30, Max HP 30, Setbacks 0, Sg 0, XP 0"
    );
}

#[test]
fn a_given_maximum_is_the_maximum_and_the_sheet_says_bloodied() {
    let (lines, failure) =
        after_mestezia("actor Dummy with Defense 12, HP 30, Max HP 60\nshow Dummy\n");
    assert!(failure.is_none(), "{failure:?}");
    assert_eq!(lines[..2], ["> actor Dummy with Defense 12, HP 30, Max HP 60", "Dummy joins"]);
    assert_eq!(line(&lines, "Dummy ("), "Dummy (Bloodied)");
    assert_eq!(
        line(&lines, "  Resources:"),
        "  Resources: Breakthroughs 0, CP 0, FP 0, HP 30/60, Max HP 60, Setbacks 0, Sg 0, XP 0"
    );
}

#[test]
fn a_derived_value_or_an_unknown_name_is_refused_at_the_command() {
    let (_, failure) = after_mestezia("actor Dummy with Attack 3\n");
    let diagnostics = failure.expect("refused");
    assert_eq!(diagnostics[0].code, "runtime::actor_value");
    assert_eq!(
        diagnostics[0].message,
        "Attack is derived from other values; an actor cannot be given it"
    );
    let (_, failure) = after_mestezia("actor Dummy with Defence 12\n");
    let diagnostics = failure.expect("refused");
    assert_eq!(diagnostics[0].message, "unknown stat or resource `Defence`");
    assert_eq!(diagnostics[0].help.as_deref(), Some("did you mean `Defense`?"));
    assert!(!diagnostics[0].primary_span().is_none());
}

const FOCUS: &str = "
system Tiny
Stats: Will
Resource Focus: max [Will * 2]
";

#[test]
fn a_given_amount_above_a_maximum_that_reads_a_missing_stat_is_refused_naming_it() {
    let mut game = game(FOCUS);
    let error = game.add_actor("Dummy", None, &[("Focus", 6)]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Dummy's Focus 6 is above its maximum 0: the maximum [Will * 2] reads Will, which \
         Dummy was not given"
    );
    let diagnostic = mythforge::diagnostics::ToDiagnostic::to_diagnostic(&error);
    assert_eq!(diagnostic.help.as_deref(), Some("give Dummy a Will too (`with Focus 6, Will N`)"));
    assert!(game.world().actor("Dummy").is_err(), "nothing joined");
    game.add_actor("Dummy", None, &[("Focus", 6), ("Will", 3)]).unwrap();
    let focus = &game.world().actor("Dummy").unwrap().resources["Focus"];
    assert_eq!((focus.current, focus.max), (6, Some(6)));
}

#[test]
fn a_maximum_may_read_a_resource_declared_after_it() {
    let mut game: Game =
        game("system Tiny\nStats: Will\nResource HP: max [Max HP]\nResource Max HP: start 20\n");
    game.add_actor("Ana", None, &[]).unwrap();
    let hp = &game.world().actor("Ana").unwrap().resources["HP"];
    assert_eq!((hp.current, hp.max), (0, Some(20)));
    // A maximum with a start value is not guessed: HP 12 of Max HP 20, its start.
    game.add_actor("Bo", None, &[("HP", 12)]).unwrap();
    let bo = game.world().actor("Bo").unwrap();
    assert_eq!((bo.resources["HP"].current, bo.resources["Max HP"].current), (12, 20));
}

#[test]
fn a_given_amount_above_its_maximum_is_refused_not_cut_down() {
    let text = "system Tiny\nStats: Will\nResource HP: max 30\n\nactor Brute\nResources: HP 40\n";
    let mut game = game(text);
    let error = game.add_actor("Bo", Some("Brute"), &[]).unwrap_err();
    assert_eq!(error.to_string(), "Bo's HP 40 is above its maximum 30");
    let diagnostic = mythforge::diagnostics::ToDiagnostic::to_diagnostic(&error);
    let help = "give Bo at most 30 HP, or raise the maximum (the system's `Resource HP:` line)";
    assert_eq!(diagnostic.help.as_deref(), Some(help));
    assert!(game.world().actor("Bo").is_err(), "nothing joined");
    // A `with` amount the same way; at the maximum it joins as written.
    let error = game.add_actor("Cy", None, &[("HP", 31)]).unwrap_err();
    assert_eq!(error.to_string(), "Cy's HP 31 is above its maximum 30");
    game.add_actor("Cy", None, &[("HP", 30)]).unwrap();
    assert_eq!(game.world().actor("Cy").unwrap().resources["HP"].current, 30);
}

#[test]
fn a_given_amount_its_own_trait_makes_room_for_stands() {
    // Tough's Hardy raises Max HP from 30 to 40: HP 40 is within it once the trait applies.
    let text = "system MX\nStats: Body\nDerived Max HP: [Body * 10]\nResource HP: max [Max HP]\n\n\
                condition Hardy\nModifiers: +10 Max HP\n\nfeat Tough\nEffect: apply Hardy to Self\n\n\
                actor Hero\nStats: Body 3\nResources: HP 40\nTraits: Tough\n";
    let mut game = game(text);
    game.add_actor("Ana", Some("Hero"), &[]).unwrap();
    let hp = &game.world().actor("Ana").unwrap().resources["HP"];
    assert_eq!((hp.current, hp.max), (40, Some(40)));
    let error = game.add_actor("Bo", Some("Hero"), &[("HP", 41)]).unwrap_err();
    assert_eq!(error.to_string(), "Bo's HP 41 is above its maximum 40");
    assert!(game.world().actor("Bo").is_err(), "nothing joined");
}
