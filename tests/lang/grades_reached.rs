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
