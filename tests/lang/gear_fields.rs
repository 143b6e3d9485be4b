//! Gear with data in the language: the field declarations and gear values print
//! canonically (parse -> print -> parse is the identity on the printed text), and `check`
//! refuses each mistake at its line with a hint: an unknown field, a value of the wrong type
//! (dice where a number is declared), a missing required field or record entry, an unknown
//! type, a requirement field other than `Requires`, an unknown fallback weapon and a dice
//! field read where nothing rolls.

use std::path::Path;

use mythforge::diagnostics::{Diagnostic, FileId};
use mythforge::runtime::Game;

/// A canonical pack using every new form.
const CANONICAL: &str = "\
system S
Stats: Skill, Strength
Resource HP: max [Max HP]
Resource Max HP: no max
Record Attack: Hit number, Damage dice required
Weapon fields: Damage dice required, Crit range range, Crit damage dice or multiplier, Type keyword, Fast Attack, Requires requirement
Armour fields: Type keyword
Fallback weapon: Fists

weapon Sword
Damage: 1d8
Crit range: 18-20
Crit damage: x2
Type: Melee Blade
Fast: Hit -1, Damage 1d6
Requires: [Strength >= 2]

weapon Fists
Damage: 1d4

armour Buckler
Protection: 1
Type: Shield

power Bash
While: wielding a Shield and not Target is wielding a Blade
Target: Enemy in 1
Result: [Weapon's Fast Damage + Weapon Crit range] damage

condition Guarded
Modifiers: +2 Skill unless vs Ranged
";

fn printed(text: &str) -> String {
    let (file, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    mythforge::model::format_file(&file)
}

#[test]
fn gear_forms_print_canonically_and_reparse_to_the_same_text() {
    assert_eq!(printed(CANONICAL), CANONICAL);
    // Other spellings print as the canonical ones, and the printed text is a fixed point.
    let loose = CANONICAL
        .replace("Crit range: 18-20", "Crit range: 18 - 20")
        .replace("Hit -1, Damage 1d6", "Hit -1,   Damage 1d6")
        .replace("wielding a Shield", "WIELDING Shield")
        .replace("unless vs Ranged", "not against Ranged");
    assert_ne!(loose, CANONICAL);
    let once = printed(&loose);
    assert_eq!(once, CANONICAL);
    assert_eq!(printed(&once), once);
}

/// The errors `check` finds in `rules` (the load must fail), with the text each primary
/// label points at.
fn refused(rules: &str) -> Vec<(Diagnostic, String)> {
    let errors = Game::new(1).load_source("t.rules", rules).expect_err("check refuses the pack");
    errors
        .into_iter()
        .filter(Diagnostic::is_error)
        .map(|d| {
            let at = rules[d.primary_span().range()].to_string();
            (d, at)
        })
        .collect()
}

/// The one error with `code` pointing at `at`.
fn one<'a>(errors: &'a [(Diagnostic, String)], code: &str, at: &str) -> &'a Diagnostic {
    let found: Vec<_> = errors.iter().filter(|(d, s)| d.code == code && s == at).collect();
    assert_eq!(found.len(), 1, "one `{code}` at `{at}` among {errors:#?}");
    &found[0].0
}

fn help(diagnostic: &Diagnostic) -> &str {
    diagnostic.help.as_deref().unwrap_or_default()
}

#[test]
fn the_canonical_pack_checks_clean() {
    let errors = Game::new(1).load_source("t.rules", CANONICAL).err().unwrap_or_default();
    let errors: Vec<_> = errors.into_iter().filter(Diagnostic::is_error).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn a_field_no_declaration_names_is_refused_with_did_you_mean() {
    let errors = refused(&CANONICAL.replace("Type: Melee Blade", "Tpye: Melee Blade"));
    let error = one(&errors, "rules::check::unknown_field", "Tpye");
    assert_eq!(error.message, "`Tpye` is not a weapon line or a declared field");
    assert!(help(error).starts_with("did you mean `Type`?"), "{error:?}");
}

#[test]
fn dice_where_a_number_is_declared_is_refused_at_the_line() {
    let errors = refused(&CANONICAL.replace("Hit -1, Damage 1d6", "Hit 1d4, Damage 1d6"));
    let error = one(&errors, "rules::check::field_type", "Hit 1d4");
    assert_eq!(error.message, "`Hit` is a dice value here, and a number entry of Attack");
    assert_eq!(help(error), "write a value of type number (`Hit 3`)");
    let rules = CANONICAL.replace(
        "Record Attack: Hit number, Damage dice required",
        "Record Attack: Hit number, Damage number",
    );
    let errors = refused(&rules);
    one(&errors, "rules::check::field_type", "Damage 1d6");
}

#[test]
fn a_value_of_another_type_is_refused_with_the_declared_type() {
    let errors = refused(&CANONICAL.replace("Crit range: 18-20", "Crit range: x2"));
    let error = one(&errors, "rules::check::field_type", "Crit range: x2");
    assert_eq!(error.message, "`Crit range` is a multiplier here, and a range field");
    assert!(help(error).starts_with("write a value of type range (`18-20`)"), "{error:?}");
}

#[test]
fn a_missing_required_field_or_entry_is_refused() {
    let errors =
        refused(&CANONICAL.replace("weapon Fists\nDamage: 1d4\n", "weapon Fists\nType: Melee\n"));
    let error = one(&errors, "rules::check::missing_field", "Fists");
    assert_eq!(error.message, "weapon `Fists` has no `Damage` line, which every weapon needs");
    let errors = refused(&CANONICAL.replace("Hit -1, Damage 1d6", "Hit -1"));
    let error = one(&errors, "rules::check::missing_field", "Fast: Hit -1");
    assert_eq!(help(error), "add `Damage 1d8` to the record");
}

#[test]
fn an_unknown_type_a_stray_requirement_and_an_unknown_fallback_are_refused() {
    let errors = refused(&CANONICAL.replace("Fast Attack,", "Fast Atack,"));
    let error = one(&errors, "rules::check::unknown_field_type", "Fast Atack");
    assert!(help(error).starts_with("did you mean `Attack`?"), "{error:?}");
    let errors = refused(&CANONICAL.replace("Type keyword, Fast", "Type requirement, Fast"));
    one(&errors, "rules::check::requirement_field", "Type");
    let errors = refused(&CANONICAL.replace("Fallback weapon: Fists", "Fallback weapon: Fist"));
    let error = one(&errors, "rules::check::unknown_fallback", "Fist");
    assert_eq!(help(error), "did you mean `Fists`?");
}

#[test]
fn a_dice_field_read_where_nothing_rolls_is_refused() {
    let rules = CANONICAL.replace(
        "Target: Enemy in 1\n",
        "Target: Enemy in 1\nCheck: [Skill + Weapon's Fast Damage]\n",
    );
    let errors = refused(&rules);
    let error = one(&errors, "rules::check::dice_not_rolled", "Weapon's Fast Damage");
    assert!(help(error).contains("`Weapon's Fast Damage` is declared as dice"), "{error:?}");
    // A number entry reads anywhere.
    let rules = CANONICAL.replace(
        "Target: Enemy in 1\n",
        "Target: Enemy in 1\nCheck: [Skill + Weapon's Fast Hit]\n",
    );
    assert!(Game::new(1).load_source("t.rules", &rules).is_ok());
}

#[test]
fn an_undeclared_gear_read_is_an_unknown_name_with_the_declared_fields() {
    let rules = CANONICAL.replace("Weapon's Fast Damage", "Weapon's Slow Damage");
    let errors = refused(&rules);
    let error = one(&errors, "rules::check::unknown_stat", "Slow Damage");
    assert!(
        help(error).starts_with("the system declares these weapon fields: Damage, Crit range"),
        "{error:?}"
    );
    // A keyword field has no number to read.
    let rules = CANONICAL.replace("Weapon's Fast Damage", "Weapon Type");
    let errors = refused(&rules);
    let error = one(&errors, "rules::check::unknown_stat", "Weapon Type");
    assert!(help(error).starts_with("`Type` is a keyword field: it has no number"), "{error:?}");
}
