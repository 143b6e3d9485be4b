//! A procedure's `On failure:` / `On success:` lines change the roller's resource after the
//! check; a line that cannot act (the check names no skill for `per skill`, or the roller has
//! no such resource) says so in the log rather than doing nothing silently.

use crate::common::sessions::{run, session_with};

/// The pack: tests/fixtures/runtime/marks.rules.
const PACK: &str = include_str!("../fixtures/runtime/marks.rules");

fn failed(check: &str) -> String {
    let mut session = session_with("marks.rules", PACK, "actor Ana from Ana\n");
    run(&mut session, &format!("force 12\n{check}\n"))
}

#[test]
fn a_failed_check_gains_a_mark_in_its_skill() {
    let out = failed("check Ana Blades vs 0");
    assert!(out.contains("Ana: Blades Marks 0 -> 1\n"), "{out}");
}

#[test]
fn a_roller_without_the_skills_resource_gains_nothing_and_the_log_says_so() {
    let out = failed("check Ana Wits vs 0");
    let said = "`On failure: gain 1 Marks per skill`: Ana has no Wits Marks, so gains nothing\n";
    assert!(out.contains(said), "{out}");
}

#[test]
fn a_check_that_names_no_skill_gains_nothing_and_the_log_says_so() {
    let out = failed("check Ana 3 vs 0");
    let said =
        "`On failure: gain 1 Marks per skill`: the check names no skill, so Ana gains nothing\n";
    assert!(out.contains(said), "{out}");
}
