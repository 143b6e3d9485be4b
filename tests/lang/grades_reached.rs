//! A one-die check (`total`, `versus`, `roll under`) grades a use 0 or 1: a `Result 2:`,
//! `Effect 2:` or a named gate whose label names grade 2 on a power checked so would never
//! run, and `check` refuses it (`rules::check::grade_never_reached`); a pool's grades and a
//! critical read by name check clean.

use crate::common::checked::checked;

const PACK: &str = "system Duel
Stats: Attack, Defense
Resource HP: max 20
Default check: Strike

check Strike
Method: total
Dice: 1d20
Success: >= [Threshold]
Critical: natural >= 20

check Volley
Method: pool
Dice: 3d6
Success: >= [Threshold]

power Slash
Target: Enemy in 1
Threshold: [Target's Defense]
Check: [Attack]
Result: 2 damage
Result Critical: 4 damage

power Rain
Target: Enemy in 5
Threshold: 4
Check: [Attack] using Volley
Result 2: 3 damage
";

const HELP: &str = "read what the check produced by name: `Result Critical:` (with a `Critical:` \
                    line on the procedure) or `Result if [Margin >= 5]:`";

fn never(grade: &str, under: &str) -> (String, String, String, String) {
    (
        "rules::check::grade_never_reached".to_string(),
        format!(
            "grade {grade} is never reached: `Strike` is a `total` check, which grades a use 0 \
             (failure) or 1 (success)"
        ),
        under.to_string(),
        HELP.to_string(),
    )
}

#[test]
fn a_critical_by_name_and_a_pool_grade_check_clean() {
    assert_eq!(checked("duel.rules", PACK), vec![]);
}

#[test]
fn a_grade_above_1_on_a_one_die_check_is_refused_at_the_grade() {
    let text = PACK.replace("Result Critical: 4 damage", "Result 2: 4 damage\nEffect 3: 1 damage");
    assert_eq!(checked("duel.rules", &text), vec![never("2", "2"), never("3", "3")]);
}

#[test]
fn a_label_that_names_grade_2_is_refused_at_the_label() {
    let text = PACK
        .replace("Default check: Strike", "Default check: Strike\nGrades: 0 Miss, 1 Hit, 2 Great")
        .replace("Result Critical: 4 damage", "Result Great: 4 damage");
    assert_eq!(checked("duel.rules", &text), vec![never("2", "Great")]);
}

#[test]
fn a_gate_reads_the_label_of_its_power_s_own_procedure() {
    // `Hit` is grade 1 of `Strike` (Slash's procedure): the gate reads it.
    let text = PACK
        .replace("Critical: natural >= 20", "Critical: natural >= 20\nGrades: 0 Miss, 1 Hit")
        .replace("Result Critical: 4 damage", "Result Hit: 4 damage");
    assert_eq!(checked("duel.rules", &text), vec![]);
    // A label of Strike's naming grade 2 is never reached on a total check.
    let text = PACK
        .replace("Critical: natural >= 20", "Critical: natural >= 20\nGrades: 0 Miss, 2 Hit")
        .replace("Result Critical: 4 damage", "Result Hit: 4 damage");
    assert_eq!(checked("duel.rules", &text), vec![never("2", "Hit")]);
}

#[test]
fn a_label_both_lines_give_is_read_from_the_procedure_s() {
    // `Hit` is grade 1 on the system's line and grade 2 on Strike's: Slash's gate reads
    // Strike's, which a total check never reaches (read from the system's, it would be).
    let text = PACK
        .replace("Default check: Strike", "Default check: Strike\nGrades: 0 Fail, 1 Hit")
        .replace("Critical: natural >= 20", "Critical: natural >= 20\nGrades: 0 Miss, 2 Hit")
        .replace("Result Critical: 4 damage", "Result Hit: 4 damage");
    let codes: Vec<(String, String)> =
        checked("duel.rules", &text).into_iter().map(|(code, _, under, _)| (code, under)).collect();
    assert_eq!(
        codes,
        [
            ("rules::check::grade_never_reached".to_string(), "Hit".to_string()),
            ("rules::check::grade_label_shadowed".to_string(), "Hit".to_string()),
        ]
    );
}

#[test]
fn a_label_no_grades_line_names_is_refused_with_both_lines_named() {
    let text = PACK
        .replace("Default check: Strike", "Default check: Strike\nGrades: 0 Fail, 1 Pass")
        .replace("Critical: natural >= 20", "Critical: natural >= 20\nGrades: 0 Miss, 1 Hit")
        .replace("Result Critical: 4 damage", "Result Great: 4 damage");
    let found = checked("duel.rules", &text);
    assert_eq!(
        found,
        vec![(
            "rules::check::unknown_grade_label".to_string(),
            "no grade is labelled `Great`".to_string(),
            "Great".to_string(),
            "the `Grades:` lines of `Strike` and of the system name Miss, Hit, Fail, Pass"
                .to_string(),
        )]
    );
    // A power whose procedure has no labels of its own: the system's line alone.
    let rain = text.replace("Result 2: 3 damage", "Result Great: 3 damage");
    let found = checked("duel.rules", &rain);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        (found[1].0.as_str(), found[1].2.as_str()),
        ("rules::check::unknown_grade_label", "Great")
    );
    assert_eq!(found[1].3, "the system's `Grades:` line names Fail, Pass");
}

#[test]
fn a_procedure_label_the_system_gives_another_grade_warns_which_a_gate_reads() {
    let text = PACK
        .replace("Default check: Strike", "Default check: Strike\nGrades: 0 Fail, 1 Hit, 2 Great")
        .replace("Critical: natural >= 20", "Critical: natural >= 20\nGrades: 0 Miss, 1 Great");
    assert_eq!(
        checked("duel.rules", &text),
        vec![(
            "rules::check::grade_label_shadowed".to_string(),
            "`Great` is grade 1 on `Strike`'s `Grades:` line and grade 2 on the system's"
                .to_string(),
            "Great".to_string(),
            "a `Result Great:` gate of a power checked with `Strike` reads this line, others \
             the system's; name the two grades apart to keep one meaning"
                .to_string(),
        )]
    );
}

#[test]
fn a_grade_above_the_cap_is_said_once() {
    let text = PACK
        .replace("Default check: Strike", "Default check: Strike\nRuling grade cap: 1")
        .replace("Result Critical: 4 damage", "Result 2: 4 damage");
    let found = checked("duel.rules", &text);
    let codes: Vec<&str> = found.iter().map(|found| found.0.as_str()).collect();
    // Slash's `Result 2:` and Rain's, each once: not also `grade_never_reached` at Slash's.
    assert_eq!(codes, ["rules::check::grade_above_cap"; 2], "{found:?}");
}
