//! An `At N Resource:` line fires when its counter reaches N however it got there: a turn
//! start's gain or a check's `On failure:` line as well as an effect line (it used to be
//! looked at after effect lines only, so a counter could pass N in silence). The GM's fiat
//! and an actor joining run no rule lines: what they set stands.

use crate::common::sessions::{run, session_with};

/// The pack: tests/fixtures/runtime/marks.rules.
const PACK: &str = include_str!("../fixtures/runtime/marks.rules");

#[test]
fn a_turn_starts_gain_reaching_the_count_fires_the_line() {
    let mut session = session_with("counters.rules", PACK, "actor Ana from Ana\n");
    let out = run(&mut session, "encounter Ana\nnext turn\nnext turn\nnext turn\n");
    assert!(out.contains("Ana: Rage 1 -> 2\nAna's Rage reaches 2\nAna: HP 30 -> 25\n"), "{out}");
    // Once: Rage stays at 2 or more, so the line does not fire again.
    assert_eq!(out.matches("reaches 2").count(), 1, "{out}");
}

#[test]
fn an_on_failure_line_reaching_the_count_fires_the_line() {
    let mut session = session_with("counters.rules", PACK, "actor Ana from Ana\n");
    let out =
        run(&mut session, "force 12\ncheck Ana Blades vs 0\nforce 12\ncheck Ana Blades vs 0\n");
    let said =
        "Ana's Blades Marks reaches 2\nAna's Blades goes from 5 to 6\nAna: Blades Marks 2 -> 0\n";
    assert!(out.contains(said), "{out}");
}

#[test]
fn the_gms_set_and_an_actor_joining_past_the_count_fire_nothing() {
    // Fiat runs no rule lines: what the GM set, or an actor brought, stands as it is.
    let mut session = session_with(
        "counters.rules",
        PACK,
        "actor Ana from Ana
",
    );
    let out = run(
        &mut session,
        "set Ana Rage to 2
actor Bo from Ana with Blades Marks 3
",
    );
    assert!(!out.contains("reaches"), "{out}");
    // A rule's own change past the count later does not fire either: it was reached.
    let out = run(
        &mut session,
        "encounter Ana
",
    );
    assert!(
        out.contains(
            "Ana: Rage 2 -> 3
"
        ) && !out.contains("reaches"),
        "{out}"
    );
}

#[test]
fn a_line_that_spends_its_count_runs_again_while_the_counter_still_reaches_it() {
    // 5 Blades Marks at once: the line runs twice (5 -> 3 -> 1), raising Blades twice.
    let pack = PACK.replace(
        "At 2 Blades Marks: raise Blades by 1; set Blades Marks to 0",
        "At 2 Blades Marks: raise Blades by 1; lose 2 Blades Marks",
    ) + "Powers: Study\n\npower Study\nTarget: Self\nResult: gain 5 Blades Marks\n";
    let mut session = session_with("counters.rules", &pack, "actor Ana from Ana\n");
    let out = run(&mut session, "Ana uses Study\n");
    assert_eq!(out.matches("Ana's Blades Marks reaches 2").count(), 2, "{out}");
    assert!(out.contains("Ana's Blades goes from 6 to 7\n"), "{out}");
    assert!(out.ends_with("Ana: Blades Marks 3 -> 1\n"), "{out}");
}
