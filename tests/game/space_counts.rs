//! Issue 17 item 6: `[Allies within N]`, `[Enemies within N]`, `[Creatures within N]` count
//! the placed creatures of a kind near a line's user, so an effect line can grow with the
//! crowd ("+1 damage for each ally next to you"); read off an effect line, `check` refuses
//! it; without a map it is an error at the line, never 0.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Field
Grid: square
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Courage: start 0; no max

power Gang Up
Target: Enemy in 1
Result: [1 + Allies within 1] damage

power Take Heart
Target: Self
Effect: gain [Allies within 2 - Enemies within 2] Courage; when [Creatures within 5 >= 3]: gain 10 Courage

actor Body
Resources: HP 30, Max HP 30
Powers: Gang Up, Take Heart
Side: party
";

/// Ana at 0,0 with Bo beside her (1,0) and Cy two squares off (0,2); Og, an enemy, at 0,1.
fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("field.rules", PACK).expect("the pack loads");
    for (name, (q, r)) in [("Ana", (0, 0)), ("Bo", (1, 0)), ("Cy", (0, 2)), ("Og", (0, 1))] {
        game.add_actor(name, Some("Body"), &[]).unwrap();
        game.place(name, Some(Hex::new(q, r))).unwrap();
    }
    game.set_side(&["Og"], Some("foes")).unwrap();
    game
}

fn resource(game: &Game, name: &str, resource: &str) -> i64 {
    game.world().actor(name).unwrap().resources[resource].current
}

#[test]
fn a_result_counts_the_allies_next_to_the_user() {
    let mut game = game();
    game.use_power(&PowerUse::new("Ana", "Gang Up").at(["Og"])).unwrap();
    assert_eq!(resource(&game, "Og", "HP"), 28, "Bo beside Ana: 1 + 1 damage");
    game.place("Bo", Some(Hex::new(3, 3))).unwrap();
    game.use_power(&PowerUse::new("Ana", "Gang Up").at(["Og"])).unwrap();
    assert_eq!(resource(&game, "Og", "HP"), 27, "nobody beside Ana: 1 damage");
    // Og's allies: nobody is on Og's side, so Og strikes alone.
    game.use_power(&PowerUse::new("Og", "Gang Up").at(["Ana"])).unwrap();
    assert_eq!(resource(&game, "Ana", "HP"), 29);
}

#[test]
fn counts_of_each_kind_and_a_gate_on_a_count() {
    let mut game = game();
    game.use_power(&PowerUse::new("Ana", "Take Heart")).unwrap();
    // Allies within 2: Bo (1) and Cy (2); enemies within 2: Og (1); creatures within 5: 3.
    assert_eq!(resource(&game, "Ana", "Courage"), 2 - 1 + 10);
    game.place("Cy", None).unwrap();
    game.use_power(&PowerUse::new("Ana", "Take Heart")).unwrap();
    // Cy is off the map: not counted; two creatures within 5, so the gate does not hold.
    assert_eq!(resource(&game, "Ana", "Courage"), 11);
}

#[test]
fn a_user_off_the_map_is_an_error_that_changes_nothing() {
    let mut game = game();
    game.place("Ana", None).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Take Heart")).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "rules::eval::off_map");
    assert_eq!(error.to_string(), "`Allies within 2` measures on the map, and Ana is not on it");
    assert_eq!(diagnostic.help.as_deref(), Some("place Ana first (`place Ana at 0,0`)"));
    let start = PACK.find("Allies within 2").unwrap();
    assert_eq!(diagnostic.primary_span().range(), start..start + 15);
    assert_eq!(resource(&game, "Ana", "Courage"), 0);
}

#[test]
fn check_refuses_a_count_off_an_effect_line() {
    let text = "system S\nGrid: square\nResource HP: max 9\n\npower P\nPrereq: [Allies within 1 >= 2]\nResult: 1 damage\n";
    let mut game = Game::new(1);
    let diagnostics = game.load_source("p.rules", text).unwrap_err();
    let refusal = diagnostics
        .iter()
        .find(|d| d.code == "rules::check::count_within")
        .unwrap_or_else(|| panic!("{diagnostics:#?}"));
    assert_eq!(
        refusal.message,
        "`Allies within 1` counts creatures on the map: only effect lines read it"
    );
    let start = text.find("Allies").unwrap();
    assert_eq!(refusal.primary_span().range(), start..start + 15);
    assert!(refusal.help.as_deref().unwrap().contains("an ally within 1"));
}

#[test]
fn the_count_prints_canonically_and_a_huge_distance_is_refused() {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(
        &mut sources,
        "p.rules",
        "system S\nResource HP: max 9\n\npower P\nResult: [1+allies  within 1] damage\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let printed = mythforge::model::print::format_file(&file);
    assert!(printed.contains("Result: [1 + Allies within 1] damage\n"), "{printed}");
    let (_, diagnostics) = mythforge::parse::parse_source(
        &mut sources,
        "q.rules",
        "system S\nResource HP: max 9\n\npower P\nResult: [Enemies within 99999999999] damage\n",
    );
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0].code, "rules::parse::count_within");
    assert_eq!(diagnostics[0].message, "this distance is too large");
}
