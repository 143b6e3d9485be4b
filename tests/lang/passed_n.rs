//! The N an `Includes:` line gives a condition is a number or the including condition's own
//! `[N]`, and a `Grants:` line's a number: the runtime reads no other bracket there (it
//! passed `[N * 2]` on as the including N), so `check` refuses one.

use crate::common::checked::checked_code;

const PACK: &str = "system S
Stats: Defense
Resource HP: max 9

condition Protected
Parameters: N
Modifiers: +[N] Defense
";

fn refusals(extra: &str) -> Vec<(String, String, String, String)> {
    checked_code("passed.rules", &format!("{PACK}\n{extra}"), "rules::check::passed_n")
}

#[test]
fn an_included_conditions_n_other_than_a_number_or_n_is_refused() {
    let found = refusals("condition Fortified\nParameters: N\nIncludes: Protected [N * 2]\n");
    assert_eq!(
        found,
        [(
            "rules::check::passed_n".to_string(),
            "`Includes: Protected [N * 2]`: the runtime reads only a number or `[N]` here"
                .to_string(),
            "N * 2".to_string(),
            "write a number (`Protected 2`) or this condition's own N (`Protected [N]`)"
                .to_string(),
        )]
    );
}

#[test]
fn a_number_or_the_own_n_is_fine() {
    let extra = "condition Fortified\nParameters: N\nIncludes: Protected [N]\n\n\
                 condition Walled\nIncludes: Protected 3\n";
    assert!(refusals(extra).is_empty());
}

#[test]
fn a_granted_conditions_n_must_be_a_number() {
    let found =
        refusals("condition Inspiring\nParameters: N\nGrants: Protected [N] to attackers\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].1, "`Grants: Protected [N]`: the runtime reads only a number here");
    assert_eq!(found[0].3, "write a number: `Protected 2`");
}
