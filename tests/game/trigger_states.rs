//! A reaction's `Trigger:` line: the request vouches for its events (`an enemy attacks you`),
//! and the tests beside them that say what must hold (`and you are Dazed`, `and Target is
//! Marked`) are evaluated at the use — a failing one refuses the use and spends nothing;
//! `check` refuses such a test it could not evaluate.

use crate::common::sessions::{refused, run, session_with};

const PACK: &str = "system Riposte
Resource HP: max 10
Resource Focus: start 3; no max

condition Poised

condition Marked

power Riposte
Target: Enemy
Cost: 1 Focus
Trigger: an enemy attacks you and you are Poised
Result: 2 damage

power Punish
Target: Enemy
Trigger: an enemy attacks you and Target is Marked
Result: 1 damage

actor Fencer
Resources: HP 10, Focus 3
Powers: Riposte, Punish
";

const SETUP: &str = "actor Ana from Fencer\nactor Bo from Fencer\nside Bo: foes\n";

#[test]
fn a_reaction_whose_state_test_fails_is_refused_and_spends_nothing() {
    let mut session = session_with("riposte.rules", PACK, SETUP);
    let diagnostics = refused(&mut session, "Ana uses Riposte on Bo trigger \"Bo attacks\"\n");
    assert_eq!(
        diagnostics[0].message,
        "Ana cannot use Riposte: requirement `an enemy attacks you and you are Poised` does not \
         hold"
    );
    let focus = session.backend().world().actor("Ana").unwrap().resources["Focus"].current;
    assert_eq!(focus, 3);
    let out =
        run(&mut session, "apply Poised to Ana\nAna uses Riposte on Bo trigger \"Bo attacks\"\n");
    assert!(out.ends_with("Bo takes 2 damage into HP; HP now 8\n"), "{out}");
}

#[test]
fn a_state_test_about_the_target_holds_per_target() {
    let mut session = session_with("riposte.rules", PACK, SETUP);
    let diagnostics = refused(&mut session, "Ana uses Punish on Bo trigger \"Bo attacks\"\n");
    assert_eq!(
        diagnostics[0].message,
        "Ana cannot use Punish on Bo: requirement `an enemy attacks you and Target is Marked` \
         does not hold"
    );
    let out =
        run(&mut session, "apply Marked to Bo\nAna uses Punish on Bo trigger \"Bo attacks\"\n");
    assert!(out.ends_with("Bo takes 1 damage into HP; HP now 9\n"), "{out}");
}

#[test]
fn check_takes_a_triggers_events_and_refuses_a_state_test_it_cannot_evaluate() {
    use crate::common::checked::checked;
    assert_eq!(checked("riposte.rules", PACK), vec![]);
    let text = PACK.replace("and you are Poised", "and the crowd is Poised");
    assert_eq!(
        checked("riposte.rules", &text),
        vec![(
            "rules::check::unknown_subject".to_string(),
            "a `Trigger` test cannot be about `the crowd`".to_string(),
            "the crowd".to_string(),
            "a `Trigger` test here is about `you` or `Target`, optionally after `not`".to_string(),
        )]
    );
}
