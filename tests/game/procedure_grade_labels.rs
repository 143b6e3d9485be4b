//! A `Result <Label>:` gate reads the label on the `Grades:` line of the power's own
//! procedure first, then the system's (one rule with `check`): a homebrewer labels a
//! check's grades where the check is written. Forced dice, HP asserted.

use crate::common::sessions::{run, session_with};

const PACK: &str = "\
system Labels
Stats: Might
Resource HP: max 20
Grades: 0 Fail, 1 Pass, 2 Great

check Blow
Method: pool
Dice: 2d6
Success: >= [Threshold]
Grades: 0 Miss, 1 Hit, 2 Strong, 3 Pass

power Smash
Target: Enemy in 10
Threshold: 4
Check: [Might] using Blow
Result =1: 1 damage
Result Strong: 5 damage

power Shove
Target: Enemy in 10
Threshold: 4
Check: [Might]
Result Great: 3 damage

check Plain
Method: pool
Dice: 2d6
Success: >= [Threshold]

actor Brute
Stats: Might 0
Resources: HP 20
Powers: Smash, Shove
";

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
fn a_power_checked_with_a_procedure_without_labels_reads_the_system_s() {
    // Shove checks with the default procedure (none: the system's line gives `Great` = 2).
    let pack_default = PACK.replace("Grades: 0 Fail", "Default check: Plain\nGrades: 0 Fail");
    let setup = "actor Ana from Brute\nactor Bo from Brute\nside Ana: heroes\nside Bo: foes\n";
    let mut session = session_with("labels.rules", &pack_default, setup);
    run(&mut session, "force 6, 6\nAna uses Shove on Bo\n");
    assert_eq!(session.backend().world().actor("Bo").unwrap().resources["HP"].current, 17);
}
