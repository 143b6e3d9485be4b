//! `Critical: natural in RANGE` as written: the faces and the range-field forms parse and
//! print back canonically (`mythforge fmt`), and a number where a range is needed (or a
//! range where one face is needed, or reversed faces) is refused at the line.

use std::path::Path;

use mythforge::diagnostics::{Diagnostic, FileId};
use mythforge::model::format_file;
use mythforge::runtime::Game;

fn parsed(text: &str) -> (String, Vec<Diagnostic>) {
    let (file, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    (format_file(&file), diagnostics)
}

#[test]
fn critical_ranges_print_back_canonically() {
    let text = "check Roll\nMethod: total\nDice: d20\nCritical: natural in 18-20\n\n\
                check Weapon Roll\nMethod: total\nDice: d20\nCritical: natural in [Weapon Crit range]\n\n\
                check Old Roll\nMethod: total\nDice: d20\nCritical: natural >= [20 - 1]\n";
    let (printed, diagnostics) = parsed(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(printed, text);
    let (printed, _) =
        parsed("check Roll\nMethod: total\nDice: d20\nCritical: natural in  19 - 20\n");
    assert_eq!(printed, "check Roll\nMethod: total\nDice: d20\nCritical: natural in 19-20\n");
    assert_eq!(parsed(&printed).0, printed);
}

#[test]
fn a_range_where_one_face_is_needed_is_refused_at_the_amount() {
    let text = "check Roll\nMethod: total\nDice: d20\nCritical: natural >= 18-20\n";
    let (_, diagnostics) = parsed(text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code, "rules::parse::unexpected");
    assert_eq!(&text[diagnostics[0].primary_span().range()], "18-20");
    assert!(diagnostics[0].labels[0].message.contains("natural in 18-20"), "{:?}", diagnostics[0]);
    let text = "check Roll\nMethod: total\nDice: d20\nCritical: natural in lots\n";
    let (_, diagnostics) = parsed(text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(&text[diagnostics[0].primary_span().range()], "lots");
}

const SYSTEM: &str = "\
system Crits
Stats: Skill
Weapon fields: Damage dice, Crit range range, Reach number

check Roll
Method: total
Dice: d20
Success: >= [Threshold]
";

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

fn one<'a>(errors: &'a [(Diagnostic, String)], code: &str, at: &str) -> &'a Diagnostic {
    let found: Vec<_> = errors.iter().filter(|(d, s)| d.code == code && s == at).collect();
    assert_eq!(found.len(), 1, "one `{code}` at `{at}` among {errors:#?}");
    &found[0].0
}

#[test]
fn a_number_where_a_range_is_needed_is_refused_at_the_bracket() {
    for (bracket, why) in [
        ("Skill", "a number"),
        ("Weapon Reach", "not a weapon field declared `range`"),
        ("Weapon Crit range - 1", "a computed number (arithmetic reads a range's lowest value)"),
    ] {
        let rules = format!("{SYSTEM}Critical: natural in [{bracket}]\n");
        let errors = refused(&rules);
        let found = one(&errors, "rules::check::critical_range", bracket);
        assert_eq!(found.message, format!("`[{bracket}]` is {why}, not a range"));
    }
    let rules = format!("{SYSTEM}Critical: natural in [Weapon Crit range]\n");
    let errors = Game::new(1).load_source("t.rules", &rules).err().unwrap_or_default();
    assert!(errors.iter().all(|d| !d.is_error()), "{errors:#?}");
}

#[test]
fn reversed_faces_are_refused_at_the_line() {
    let rules = format!("{SYSTEM}Critical: natural in 20-18\n");
    let errors = refused(&rules);
    let found = one(&errors, "rules::check::critical_range", "Critical: natural in 20-18");
    assert_eq!(found.message, "the critical range's lowest face (20) is above its highest (18)");
    assert_eq!(found.help.as_deref(), Some("write the lowest first: `natural in 18-20`"));
}
