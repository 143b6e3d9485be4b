//! Skill lines with specialised skills (`Stats <Group> under <Stat>:`): an actor that has not
//! learned a specialised skill tests it at its line's value, one that has uses its own;
//! `Choose:` lists a specialised group; `check` reports an unknown parent and a cycle of parents with
//! their spans; the line prints canonically.

use std::path::Path;

use mythforge::runtime::{CheckRequest, Game, PowerUse};

use crate::common::packs;
use packs::mystika_game as game;

/// A `Test` by `actor` with `skill`, no boni or mali, no difficulty.
fn test(actor: &str, skill: &str) -> CheckRequest {
    CheckRequest { actor: actor.to_string(), stats: vec![skill.to_string()], ..Default::default() }
}

/// The success number of `actor` testing `skill` with the d12 forced to `roll` (dark die 12).
fn success_number(game: &mut Game, actor: &str, skill: &str, roll: u32) -> Option<i64> {
    game.world_mut().roller.force([roll, 12]);
    game.check(&test(actor, skill)).unwrap().names.success_number
}

#[test]
fn an_actor_without_the_specialised_skill_tests_it_at_its_line() {
    let mut game = game();
    // Brannoc has Fighting 7 and no Blades: a 7 succeeds with SN 7, an 8 fails.
    assert_eq!(success_number(&mut game, "Brannoc", "Blades", 7), Some(7));
    assert_eq!(success_number(&mut game, "Brannoc", "Blades", 8), Some(0));
    // The fallback reads the line; it does not add Blades to the actor.
    let brannoc = game.world().actor("Brannoc").unwrap().clone();
    assert!(!brannoc.stats.contains_key("Blades"));
}

#[test]
fn an_actor_with_the_specialised_skill_uses_its_own_value() {
    let mut game = game();
    // Mira has Fighting 9 and Blades 11: a 10 and an 11 succeed with Blades, not Fighting.
    assert_eq!(success_number(&mut game, "Mira", "Blades", 11), Some(11));
    assert_eq!(success_number(&mut game, "Mira", "Fighting", 10), Some(0));
    assert_eq!(success_number(&mut game, "Mira", "Blades", 10), Some(10));
}

#[test]
fn training_an_unlearned_speciality_starts_from_its_line() {
    let mut game = game();
    // Brannoc has no Blades (Fighting 7): the cost is [Blades + 1] = 8 and Blades becomes 8.
    let brannoc = game.world_mut().actor_mut("Brannoc").unwrap();
    brannoc.resources.get_mut("Blades Fragments").unwrap().current = 10;
    let mut request = PowerUse::new("Brannoc", "Train Skill");
    request.options.choices = vec!["Blades".to_string()];
    game.use_power(&request).unwrap();
    let brannoc = game.world().actor("Brannoc").unwrap();
    assert_eq!(brannoc.stats["Blades"], 8);
    assert_eq!(brannoc.resources["Blades Fragments"].current, 2);
}

const RULES: &str = "system S
Stats: Fighting, Agility
Stats Fighting Specialities under Fighting: Blades, Clubs

power Practice
Choose: Skill from Fighting Specialities
Target: Self
Result: raise Skill by 1

actor Hero
Stats: Fighting 6, Clubs 9
Powers: Practice
";

#[test]
fn choose_from_a_specialised_group() {
    let mut game = Game::new(1);
    game.load_source("lines.rules", RULES).unwrap();
    game.add_actor("Hero", Some("Hero"), &[]).unwrap();
    let mut request = PowerUse::new("Hero", "Practice");
    request.options.choices = vec!["Blades".to_string()];
    game.use_power(&request).unwrap();
    // Blades was unlearned (Fighting 6): it starts at 6 and is raised to 7.
    assert_eq!(game.world().actor("Hero").unwrap().stats["Blades"], 7);
    request.options.choices = vec!["Agility".to_string()];
    let error = game.use_power(&request).unwrap_err();
    assert!(error.to_string().contains("Agility"), "{error}");
    assert_eq!(game.world().actor("Hero").unwrap().stats.get("Agility"), None);
}

/// (code, message, help, label spans) of one diagnostic.
type Found = (String, String, Option<String>, Vec<(usize, usize)>);

fn diagnostics(text: &str) -> Vec<Found> {
    let (file, mut found) =
        mythforge::parse::parse_file(mythforge::diagnostics::FileId(0), Path::new("t.rules"), text);
    found.extend(mythforge::check::check_pack(&mythforge::model::Pack { files: vec![file] }));
    found
        .into_iter()
        .map(|d| {
            let spans = d.labels.iter().map(|l| (l.span.start as usize, l.span.end as usize));
            (d.code, d.message, d.help, spans.collect())
        })
        .collect()
}

#[test]
fn check_accepts_the_line_and_reports_an_unknown_parent() {
    assert_eq!(diagnostics(RULES), []);
    let text = "system S\nStats: Fighting\nStats Specialities under Fihgting: Blades\n";
    let found = diagnostics(text);
    assert_eq!(found.len(), 1, "{found:?}");
    let (code, message, help, spans) = &found[0];
    assert_eq!(code, "rules::check::unknown_stat");
    assert!(message.contains("`Fihgting`"), "{message}");
    assert!(help.as_deref().unwrap_or("").contains("Fighting"), "{help:?}");
    let start = text.find("Fihgting").unwrap();
    assert_eq!(spans[0], (start, start + "Fihgting".len()));
}

#[test]
fn the_line_prints_canonically() {
    let text =
        "system S\nStats: Fighting\nStats Fighting Specialities under Fighting: Blades, Clubs\n";
    let (file, found) =
        mythforge::parse::parse_file(mythforge::diagnostics::FileId(0), Path::new("t.rules"), text);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(mythforge::model::format_file(&file), text);
}

#[test]
fn check_reports_parents_that_lead_back_to_the_stat() {
    let text =
        "system S\nStats Specialities under Fighting: Blades\nStats Arts under Blades: Fighting\n";
    let found = diagnostics(text);
    assert_eq!(found.len(), 1, "one cycle, reported once: {found:?}");
    let (code, message, help, spans) = &found[0];
    assert_eq!(code, "rules::check::parent_cycle");
    assert_eq!(message, "`Blades` falls back to itself: Blades -> Fighting -> Blades");
    assert!(help.as_deref().unwrap_or("").contains("remove one `under`"), "{help:?}");
    let start = text.find("Fighting:").unwrap();
    assert_eq!(spans[0], (start, start + "Fighting".len()));
    // A stat under itself is the shortest cycle; a chain that ends is fine.
    let own = diagnostics("system S\nStats Odd under Blades: Blades\n");
    assert_eq!(own[0].1, "`Blades` falls back to itself: Blades -> Blades");
    let chain =
        "system S\nStats: Fighting\nStats A under Fighting: Blades\nStats B under Blades: Sabre\n";
    assert_eq!(diagnostics(chain), []);
}
