//! A `Result <Label>:` gate reads the label on the `Grades:` line of the power's own
//! procedure first, then the system's (one rule with `check`): a homebrewer labels a
//! check's grades where the check is written. Forced dice, HP asserted; an analysis names the
//! grades the same way.

use crate::common::sessions::{run, session_with};

/// The pack, one of the analyze fixtures' folders (`load labels` there).
const PACK: &str = include_str!("../fixtures/analyze/rules/labels/labels.rules");

fn hp_after(commands: &str) -> i64 {
    let setup = "actor Ana from Brute\nactor Bo from Brute\nside Ana: heroes\nside Bo: foes\n";
    let mut session = session_with("labels.rules", PACK, setup);
    run(&mut session, commands);
    session.backend().world().actor("Bo").unwrap().resources["HP"].current
}

#[test]
fn a_gate_reads_its_procedure_s_label_before_the_system_s() {
    // Two dice at 4 or more: grade 2, `Strong` on Blow's line.
    assert_eq!(hp_after("force 5, 6\nAna uses Smash on Bo\n"), 15);
    // One: grade 1, not `Strong`; the exact gate deals its 1.
    assert_eq!(hp_after("force 5, 1\nAna uses Smash on Bo\n"), 19);
}

#[test]
fn a_label_both_lines_give_is_read_from_the_procedure_s() {
    // `Pass` is grade 3 on Blow's line (two dice never reach it) and grade 1 on the
    // system's: Tap's `Result Pass:` reads Blow's, so it deals nothing at grade 1 or 2.
    assert_eq!(hp_after("force 5, 1\nAna uses Tap on Bo\n"), 20);
    assert_eq!(hp_after("force 5, 6\nAna uses Tap on Bo\n"), 20);
}

#[test]
fn a_power_checked_with_a_procedure_without_labels_reads_the_system_s() {
    // Shove checks with the default procedure (none: the system's line gives `Great` = 2).
    let pack_default = PACK.replace("Grades: 0 Fail", "Default check: Plain\nGrades: 0 Fail");
    let setup = "actor Ana from Brute\nactor Bo from Brute\nside Ana: heroes\nside Bo: foes\n";
    let mut session = session_with("labels.rules", &pack_default, setup);
    run(&mut session, "force 6, 6\nAna uses Shove on Bo\n");
    assert_eq!(session.backend().world().actor("Bo").unwrap().resources["HP"].current, 17);
}

#[test]
fn an_analysis_names_the_grades_with_the_power_s_procedure_labels() {
    let scenario = crate::analyze::scenario(
        "load labels\nactor Ana from Brute\nactor Bo from Brute\nside Ana: heroes\nside Bo: foes\n",
        "Ana uses Smash on Bo",
        1,
    );
    let report = mythforge::analyze::analyze(&scenario, &mythforge::analyze::Options::default())
        .unwrap_or_else(|refused| panic!("{:?}", refused.diagnostics));
    let check = report.measure("Ana's check").expect("the check is measured");
    let outcomes: Vec<(i64, Option<&str>, f64)> =
        check.outcomes.iter().map(|o| (o.value, o.label.as_deref(), o.p)).collect();
    // Two d6 at 4 or more: 1/4, 1/2, 1/4 — labelled by Blow's line, not the system's.
    assert_eq!(
        outcomes,
        [(0, Some("Miss"), 0.25), (1, Some("Hit"), 0.5), (2, Some("Strong"), 0.25)]
    );
}
