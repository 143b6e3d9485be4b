//! A power with several targets rolls its check once, and a procedure with its own method
//! (a d20 plus the modifier against the target) reads that one roll against each target's
//! own threshold, with each pair's own relative modifiers (a grant to attackers); a roll-under die, read against its number as it is rolled, cannot serve
//! two thresholds, and the use is refused rather than graded against the first.

use crate::common::sessions::{refused, run, session_with};

const PACK: &str = "system Arena
Stats: Attack, Defense
Resource HP: max 10
Grades: 0 Miss, 1 Hit

condition Blurred
Grants: -3 Attack to attackers

check Swing Roll
Method: total
Dice: d20
Modifier: total
Success: >= [Threshold]

check Gut Roll
Method: roll under
Dice: d12
Success: <= [Target]

power Sweep
Target: Up to 2 enemies in 5
Threshold: [Target's Defense]
Check: [Attack] using Swing Roll
Result: 2 damage

power Hunch
Target: Up to 2 enemies in 5
Threshold: [Target's Defense]
Check: [Attack] using Gut Roll
Result: 1 damage

actor Fighter
Stats: Attack 3, Defense 10
Resources: HP 10
Powers: Sweep, Hunch
";

const SETUP: &str = "actor Ana from Fighter\nactor Bo from Fighter\n\
actor Cy from Fighter with Defense 16\nside Bo, Cy: foes\n";

#[test]
fn one_roll_is_read_against_each_targets_own_threshold() {
    let mut session = session_with("arena.rules", PACK, SETUP);
    let out = run(&mut session, "force 9\nAna uses Sweep on Bo, Cy\n");
    assert_eq!(
        out,
        "> force 9\nnext dice: 9\n> Ana uses Sweep on Bo, Cy\n\
         Ana rolls 1d20 for check: [9f]\nAna: 9 -> 12 vs 10: success\nAna: 9 -> 12 vs 16: failure\n\
         Bo takes 2 damage into HP; HP now 8\n"
    );
}

#[test]
fn a_roll_under_die_cannot_serve_two_thresholds() {
    let mut session = session_with("arena.rules", PACK, SETUP);
    let found = refused(&mut session, "force 5\nAna uses Hunch on Bo, Cy\n");
    assert_eq!(
        found[0].message,
        "Hunch rolls once for every target, and Gut Roll's one roll cannot be read two ways \
         (threshold 10, modifier 3; threshold 16, modifier 3)"
    );
    assert_eq!(
        found[0].help.as_deref(),
        Some("give the targets one threshold, or the power one target")
    );
    // With one threshold for both it is one roll graded once.
    let out = run(&mut session, "set Cy Defense to 10\nforce 5\nAna uses Hunch on Bo, Cy\n");
    assert!(out.contains("Bo takes 1 damage") && out.contains("Cy takes 1 damage"), "{out}");
}

#[test]
fn each_target_counts_its_own_grant_against_the_one_roll() {
    let setup = format!("{SETUP}set Cy Defense to 10\napply Blurred to Cy\n");
    let mut session = session_with("arena.rules", PACK, &setup);
    let out = run(&mut session, "force 9\nAna uses Sweep on Bo, Cy\n");
    assert!(out.contains("Ana: 9 -> 12 vs 10: success\nAna: 9 -> 9 vs 10: failure\n"), "{out}");
    assert!(out.ends_with("Bo takes 2 damage into HP; HP now 8\n"), "{out}");
}
