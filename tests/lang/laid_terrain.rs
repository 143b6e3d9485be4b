//! Terrain laid by a power. Cell tests (`the square is occupied`, `not the square has
//! Mire`): a power's `Prereq:` and `While:` lines test the cell its use names and check
//! clean; anywhere else nothing names a cell, so `check` refuses the test at it
//! (`rules::check::no_cell_here`); a terrain the pack does not declare is an unknown
//! condition. `Spares: who laid it`: refused on a condition nothing lays
//! (`rules::check::spares_unlaid`) and where its rule uses a power, which would not spare
//! the layer (`rules::check::spares_use`).

use crate::common::checked::checked;

const PACK: &str = "system Snares
Grid: square
Resource HP: max 10

When Snare is applied: apply Held; each creature within 1 is Held; lift Snare

condition Snare
Spares: who laid it

condition Held

condition Mire

power Set Snare
Target: Self
Prereq: not the square is occupied and not the square has Mire
While: not the square has Snare
Result: lay Snare
";

#[test]
fn a_power_tests_the_cell_its_use_names() {
    assert_eq!(checked("snares.rules", PACK), vec![]);
}

#[test]
fn a_cell_test_where_no_use_names_a_cell_is_refused_at_the_test() {
    let text = format!("{PACK}\ncondition Wary\nWhile: the square is occupied\n");
    assert_eq!(
        checked("snares.rules", &text),
        vec![(
            "rules::check::no_cell_here".to_string(),
            "a `While` line here has no square for `the square` to name".to_string(),
            "the square is occupied".to_string(),
            "a cell test belongs on a power's `Prereq:` or `While:` line, whose use names the \
             cell (`Ana uses Place Trap to 2,1`)"
                .to_string(),
        )]
    );
}

#[test]
fn a_terrain_the_pack_does_not_declare_is_an_unknown_condition() {
    let text = PACK.replace("has Mire", "has Mirre");
    let found = checked("snares.rules", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "rules::check::unknown_condition");
    assert_eq!(found[0].2, "Mirre");
    assert!(found[0].3.contains("did you mean `Mire`?"), "{:?}", found[0]);
}

#[test]
fn spares_on_a_condition_nothing_lays_is_refused_at_the_line() {
    let text = PACK.replace("condition Mire\n", "condition Mire\nSpares: who laid it\n");
    assert_eq!(
        checked("snares.rules", &text),
        vec![(
            "rules::check::spares_unlaid".to_string(),
            "nothing lays Mire: `Spares: who laid it` would never spare anyone (terrain the GM \
             lays is laid by nobody)"
                .to_string(),
            "Spares: who laid it".to_string(),
            "lay it from a power (`Result: lay Mire`), or drop the line".to_string(),
        )]
    );
}

#[test]
fn a_power_used_by_the_rule_of_a_sparing_terrain_is_refused_at_its_name() {
    let text = PACK.replace("lift Snare\n", "lift Snare; use Set Snare\n");
    let found = checked("snares.rules", &text);
    let spares: Vec<_> = found.iter().filter(|d| d.0 == "rules::check::spares_use").collect();
    assert_eq!(
        spares,
        vec![&(
            "rules::check::spares_use".to_string(),
            "`use Set Snare` would reach whoever laid Snare: a used power does not spare the \
             layer"
                .to_string(),
            "Set Snare".to_string(),
            "write the effects on the rule itself, or in an effects group it runs with `do`"
                .to_string(),
        )],
        "{found:?}"
    );
}
