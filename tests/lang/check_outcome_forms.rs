//! The forms that read what a check produced and what a use chose: `Result Critical:` and
//! `Result if [...]:` parse to their gates and print back as written (`mythforge fmt`), a
//! malformed condition is refused at the label, and a session's `check ... vs [expr]`
//! parses its bracket with the rules language, spans in the session line.

use std::path::Path;

use mythforge::diagnostics::FileId;
use mythforge::model::power::GradeGate;
use mythforge::model::{BlockBody, Item, PowerLine, format_file};
use mythforge::session::{Command, Difficulty};

const GATES: &str =
    "power Shot\nResult Critical: 2 damage\nResult if [Margin >= 5 and Natural != 1]: 1 damage\n";

fn power_lines(text: &str) -> Vec<PowerLine> {
    let (file, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let Some(Item::Block(block)) = file.items.first() else { panic!("a block") };
    let BlockBody::Power(lines) = &block.node.body else { panic!("a power") };
    lines.iter().map(|line| line.node.clone()).collect()
}

#[test]
fn outcome_gates_parse_and_print_back_as_written() {
    let lines = power_lines(GATES);
    let PowerLine::Result { gate: GradeGate::Critical, grade: None, .. } = &lines[0] else {
        panic!("a critical gate: {:?}", lines[0]);
    };
    let PowerLine::Result { gate: GradeGate::If(when), grade: None, .. } = &lines[1] else {
        panic!("a condition gate: {:?}", lines[1]);
    };
    // The gate is an effect line's `when` test: here one bracket.
    assert_eq!(when.node.to_string(), "[Margin >= 5 and Natural != 1]");
    assert_eq!(
        &GATES[when.span.start as usize..when.span.end as usize],
        "[Margin >= 5 and Natural != 1]"
    );
    let (file, _) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), GATES);
    assert_eq!(format_file(&file), GATES);
    // Any case reads as the canonical form.
    let lower = "power Shot\nResult critical: 2 damage\n";
    let (file, _) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), lower);
    assert_eq!(format_file(&file), "power Shot\nResult Critical: 2 damage\n");
}

#[test]
fn a_malformed_condition_gate_is_refused_at_its_text() {
    let text = "power Shot\nResult if [Margin >=]: 1 damage\n";
    let (_, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code, "rules::parse::expression");
    let span = diagnostics[0].labels[0].span;
    // Right after `>=`, inside the bracket.
    assert_eq!(span.start as usize, text.find(">=]").unwrap() + 2);
    let text = "power Shot\nResult if Margin: 1 damage\n";
    let (_, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code, "rules::parse::grade_gate");
}

#[test]
fn a_session_check_takes_a_bracket_or_a_number() {
    let line = "check Ana Dexterity vs [10 + Target's Agility] against Bo";
    let Ok(Some(Command::Check(check))) = mythforge::session::parse_line(FileId(0), 0, line) else {
        panic!("a check");
    };
    let Difficulty::Expr(expr) = &check.difficulty else { panic!("a bracket") };
    assert_eq!(expr.node.to_string(), "10 + Target's Agility");
    assert_eq!(&line[expr.span.start as usize..expr.span.end as usize], "10 + Target's Agility");
    assert_eq!(check.difficulty.to_string(), "[10 + Target's Agility]");
    let Ok(Some(Command::Check(check))) =
        mythforge::session::parse_line(FileId(0), 0, "check Ana Dexterity vs 12")
    else {
        panic!("a check");
    };
    assert_eq!(check.difficulty, Difficulty::Number(12));
}
