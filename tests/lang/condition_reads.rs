//! A condition whose lines read its `N` is given one: `apply Marked to Target` (no amount)
//! and an actor's `Conditions: Marked` (which gives none) are refused, pointing at where the
//! condition reads it; an `apply` with an amount, and a condition that reads no N, are fine.
//! A condition's modifier reading what only a power's use binds (`[Grade]`, `[Target's X]`) is
//! refused too: it holds all the time, with nothing to read there.

use crate::common::checked::checked_code;

const PACK: &str = "system S
Stats: Defense
Resource HP: max 9

condition Marked
Parameters: N
Modifiers: -[N] Defense

condition Dazed
Modifiers: -2 Defense
";

fn refusals(extra: &str) -> Vec<(String, String, String, String)> {
    checked_code("marks.rules", &format!("{PACK}\n{extra}"), "rules::check::condition_without_n")
}

#[test]
fn an_apply_without_the_n_its_condition_reads_is_refused() {
    let found = refusals("power Mark\nTarget: Enemy in 5\nResult: apply Marked to Target\n");
    assert_eq!(
        found,
        [(
            "rules::check::condition_without_n".to_string(),
            "`Marked` is given no N, and its lines read one".to_string(),
            "Marked".to_string(),
            "give the N it reads: `Marked 2`".to_string(),
        )]
    );
}

#[test]
fn an_actor_listing_it_under_conditions_is_refused() {
    let found =
        refusals("actor Bo\nStats: Defense 3\nResources: HP 9\nConditions: Marked, Dazed\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].2, "Marked");
}

#[test]
fn an_apply_with_an_amount_or_of_a_condition_reading_no_n_is_fine() {
    let extra =
        "power Mark\nTarget: Enemy in 5\nResult: apply Marked 2 to Target; apply Dazed to Target\n";
    assert!(refusals(extra).is_empty());
}

#[test]
fn the_gms_apply_without_the_n_a_condition_reads_is_refused_and_with_one_runs() {
    use crate::common::sessions::{refused, run, session_with};
    let setup = "actor Bo with Defense 3, HP 9\n";
    let mut session = session_with("marks.rules", PACK, setup);
    let found = refused(&mut session, "apply Marked to Bo\n");
    assert_eq!(found[0].message, "Marked reads its N: give it one");
    assert_eq!(found[0].help.as_deref(), Some("`apply Marked 2 to Bo`; nothing changed"));
    let out = run(&mut session, "apply Marked 2 to Bo\napply Dazed to Bo\n");
    assert!(out.contains("Bo gains Marked 2\n") && out.contains("Bo gains Dazed\n"), "{out}");
}

#[test]
fn a_modifier_reading_what_only_a_use_binds_is_refused() {
    let extra = "condition Cursed\nModifiers: -[Target's Defense] Defense, +[Grade] Defense\n\n\
                 condition Hunted\nModifiers: damage taken + [Distance to Target]\n\n\
                 condition Spited\nModifiers: damage taken - [Grade] vs Source\n";
    let found =
        checked_code("marks.rules", &format!("{PACK}\n{extra}"), "rules::check::use_name_unbound");
    let unbound: Vec<(&str, &str)> =
        found.iter().map(|(_, message, under, _)| (message.as_str(), under.as_str())).collect();
    let why = "a condition's modifier holds all the time, with no check, target or trigger to read";
    assert_eq!(
        unbound,
        [
            (format!("`Target's Defense` is not known here: {why}").as_str(), "Target's Defense"),
            (format!("`Grade` is not known here: {why}").as_str(), "Grade"),
            (
                format!("`Distance to Target` is not known here: {why}").as_str(),
                "Distance to Target"
            ),
            (format!("`Grade` is not known here: {why}").as_str(), "Grade"),
        ]
    );
}

#[test]
fn an_include_without_the_n_or_an_apply_of_one_passing_its_n_on_is_refused() {
    let found = refusals("condition Hexed\nIncludes: Marked\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].2, "Marked");
    assert_eq!(found[0].3, "give the N it reads: `Marked 2`, or `Marked [N]` for this one's");
    // Cursed passes its own N on to Marked, so it reads one too.
    let extra = "condition Cursed\nParameters: N\nIncludes: Marked [N]\n\n\
                 power Curse\nTarget: Enemy in 5\nResult: apply Cursed to Target\n";
    let found = refusals(extra);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].1, "`Cursed` is given no N, and its lines read one");
}

#[test]
fn laying_it_without_the_n_is_refused_by_check_and_by_the_session() {
    use crate::common::sessions::{refused, session_with};
    let found = refusals("power Bog\nTarget: Self\nResult: lay Marked at Self\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].2, "Marked");
    let mut session = session_with("marks.rules", PACK, "actor Bo with Defense 3, HP 9\n");
    let found = refused(&mut session, "terrain Marked at 1,0\n");
    assert_eq!(found[0].message, "Marked reads its N: give it one");
    assert_eq!(found[0].help.as_deref(), Some("`terrain Marked 2 at 1,0`; nothing changed"));
}
