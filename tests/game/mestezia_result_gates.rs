//! Result lines gated by exact grade: `Result =0:`, `Result <2:` and `Result Fail:` parse
//! (and a malformed gate is refused), print back as written, and run on the Mestezia
//! pack's Accept the Challenge (Fail -> Setback, Low -> nothing, Medium -> Breakthrough).

use std::path::{Path, PathBuf};

use mythforge::diagnostics::FileId;
use mythforge::model::power::GradeGate;
use mythforge::model::{BlockBody, Item, PowerLine, format_file};
use mythforge::runtime::{Game, PowerUse};

const GATES: &str = "power Task\nResult =0: gain 1 Setbacks\nResult <2: gain 1 Setbacks\n\
                     Result Fail: gain 1 Setbacks\nResult 2: gain 1 Breakthroughs\n";

/// `actor` uses the task `power` choosing `skills` (the Tasks' `Choose:` line), with the
/// GM's default threshold 12.
fn task_use(actor: &str, power: &str, skills: &[&str]) -> PowerUse {
    let mut request = PowerUse::new(actor, power);
    request.options.choices = skills.iter().map(|s| s.to_string()).collect();
    request
}

#[test]
fn grade_gates_parse_and_print_back_as_written() {
    let (file, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), GATES);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let Some(Item::Block(block)) = file.items.first() else { panic!("a block") };
    let BlockBody::Power(lines) = &block.node.body else { panic!("a power") };
    let gates: Vec<(Option<u32>, String)> = lines
        .iter()
        .map(|line| match &line.node {
            PowerLine::Result { grade, gate, .. } => (
                grade.as_ref().map(|g| g.node),
                match gate {
                    GradeGate::Named(name) => format!("named {}", name.node),
                    other => format!("{other:?}"),
                },
            ),
            other => panic!("not a result: {other:?}"),
        })
        .collect();
    assert_eq!(
        gates,
        [
            (Some(0), "Exactly".to_string()),
            (Some(2), "Below".to_string()),
            (None, "named Fail".to_string()),
            (Some(2), "AtLeast".to_string()),
        ]
    );
    // The gate's span is the text after `Result`.
    let PowerLine::Result { grade: Some(grade), .. } = &lines[1].node else { panic!() };
    assert_eq!(&GATES[grade.span.start as usize..grade.span.end as usize], "<2");
    assert_eq!(format_file(&file), GATES);
}

#[test]
fn a_gate_that_is_neither_a_number_nor_one_label_is_refused_at_its_text() {
    let text = "power Task\nResult two words: gain 1 Setbacks\n";
    let (_, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code, "rules::parse::grade_gate");
    assert_eq!(diagnostics[0].message, "`Result two words` is not a grade gate");
    let span = diagnostics[0].labels[0].span;
    assert_eq!(&text[span.start as usize..span.end as usize], "two words");
}

fn task(faces: [u32; 3]) -> (i64, i64) {
    let mut game = Game::new(7);
    game.load(&[PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules").join("mestezia")])
        .expect("the pack loads");
    game.add_actor("Itzel", Some("Itzel"), &[]).unwrap();
    game.world_mut().roller.force(faces);
    game.use_power(&task_use("Itzel", "Accept the Challenge", &["Discipline", "Perception"]))
        .unwrap();
    let itzel = game.world().actor("Itzel").unwrap();
    (itzel.resources["Setbacks"].current, itzel.resources["Breakthroughs"].current)
}

#[test]
fn accept_the_challenge_is_a_setback_only_on_a_fail_and_a_breakthrough_from_medium() {
    // Discipline 2 + Perception 2 = +4 against 12.
    assert_eq!(task([1, 2, 1]), (1, 0), "5, 6, 5: Fail -> `Result Fail:`");
    assert_eq!(task([9, 2, 1]), (0, 0), "13, 6, 5: Low -> neither");
    assert_eq!(task([9, 8, 1]), (0, 1), "13, 12, 5: Medium -> `Result 2:`");
}
