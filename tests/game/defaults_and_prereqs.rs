//! The system's `Default X: N` (what an actor that does not list a stat reads) and a
//! trait's `Prereq:` where the engine tests it: when a stance is adopted and when an
//! upgrade would modify a power (issue 15: both were accepted with no test running them).

use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "system T
Stats: Strength, Will
Resource HP: max 20
Default Strength: 3
Default Level: 1

power Strike
Target: Self
Result: [Strength] damage

upgrade Brutal
To: Strike
Add: +2 damage
Prereq: [Level >= 3]

stance Guard
Prereq: [Strength >= 4]
Effect: apply Shielded to Self

condition Shielded
Modifiers: +1 Will

actor Ana
Resources: HP 20
Powers: Strike
Traits: Brutal

actor Vet
Level: 3
Stats: Strength 5
Resources: HP 20
Powers: Strike
Traits: Brutal
";

fn game() -> Game {
    let mut game = Game::new(5);
    game.load_source("defaults.rules", PACK).unwrap_or_else(|e| panic!("{e:?}"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Vet", Some("Vet"), &[]).unwrap();
    game
}

fn hp(game: &Game, actor: &str) -> i64 {
    game.world().actor(actor).unwrap().resources["HP"].current
}

#[test]
fn a_default_stat_applies_to_an_actor_that_does_not_list_it() {
    let mut game = game();
    // Ana lists no Strength: `Default Strength: 3`; her Level defaults to 1, so Brutal's
    // `Prereq: [Level >= 3]` does not hold and Strike deals 3.
    game.use_power(&PowerUse::new("Ana", "Strike")).unwrap();
    assert_eq!(hp(&game, "Ana"), 17);
    // Vet lists Strength 5 and Level 3: the defaults do not apply, Brutal does (+2).
    game.use_power(&PowerUse::new("Vet", "Strike")).unwrap();
    assert_eq!(hp(&game, "Vet"), 13);
    assert!(game.transcript_since(0).contains("Vet's Brutal"), "{}", game.transcript_since(0));
    assert!(!game.transcript_since(0).contains("Ana's Brutal"));
}

#[test]
fn a_stat_without_a_default_still_reads_0() {
    let mut game = Game::new(5);
    let text = PACK.replace("Default Strength: 3\n", "");
    game.load_source("defaults.rules", &text).unwrap();
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Strike")).unwrap();
    assert_eq!(hp(&game, "Ana"), 20);
}

#[test]
fn a_stances_prereq_is_tested_when_it_is_adopted() {
    let mut game = game();
    // Ana's Strength is the default 3: `[Strength >= 4]` does not hold.
    let error = game.adopt("Ana", "Guard").unwrap_err();
    assert_eq!(
        error.to_string(),
        "Ana cannot use Guard: requirement `[Strength >= 4]` does not hold"
    );
    assert_eq!(&PACK[error.span.range()], "Prereq: [Strength >= 4]");
    assert_eq!(game.stance_of("Ana"), None);
    game.adopt("Vet", "Guard").unwrap();
    assert_eq!(game.stance_of("Vet"), Some("Guard"));
    let conditions = &game.world().actor("Vet").unwrap().conditions;
    let names: Vec<&str> = conditions.active.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Shielded"]);
}

#[test]
fn check_refuses_a_default_for_a_resource_or_an_unknown_name() {
    use mythforge::diagnostics::SourceMap;
    let text =
        "system T\nStats: Strength\nResource HP: max 20\nDefault HP: 5\nDefault Strenght: 2\n";
    let mut sources = SourceMap::new();
    let (file, problems) = mythforge::parse::parse_source(&mut sources, "d.rules", text);
    assert!(problems.is_empty(), "{problems:?}");
    let diagnostics = mythforge::check::check_pack(&mythforge::model::Pack { files: vec![file] });
    let refused: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(refused.len(), 2, "{diagnostics:?}");
    assert!(refused.iter().all(|d| d.code == "rules::check::not_run"));
    assert_eq!(refused[0].message, "`Default HP:` gives a default to no stat");
    assert_eq!(&text[refused[0].primary_span().range()], "Default HP: 5");
    assert_eq!(
        refused[0].help.as_deref(),
        Some("a resource starts at its `start` value: `Resource HP: ..., start N`")
    );
    assert_eq!(refused[1].help.as_deref(), Some("did you mean `Strength`?"));
}
