//! The creation budget (issue 19, GAPS.md 9): `Creation: 8 points among Attributes, 0-4
//! each` holds every actor block naming no `Side:`; a listed trait's `Creation: +2 points`
//! raises it. Over budget is refused at the `Stats:` line with the total and the budget; a
//! stat outside the range at the stat; exactly the budget passes; foes (with a side) are
//! not created characters. Also: the shipped Mystica cast checks clean (Jasmine at 10).

use mythforge::diagnostics::{Diagnostic, SourceMap};
use mythforge::model::Pack;

fn pack(actor: &str) -> String {
    format!(
        "system S\nStats Attributes: Might, Wit, Grace\nCreation: 8 points among Attributes, 0-4 each\n\n\
         feat Human\nCreation: +2 points\n\n{actor}"
    )
}

fn checked(text: &str) -> (Vec<Diagnostic>, SourceMap) {
    let mut sources = SourceMap::new();
    let (file, parsed) = mythforge::parse::parse_source(&mut sources, "s.rules", text);
    assert!(parsed.is_empty(), "{parsed:#?}");
    let pack = Pack { files: vec![file] };
    assert_eq!(mythforge::model::format_file(&pack.files[0]), text);
    (mythforge::check::check_pack(&pack), sources)
}

#[test]
fn exactly_the_budget_passes_and_a_human_spends_10() {
    let (found, _) = checked(&pack("actor Ana\nStats: Might 4, Wit 2, Grace 2\n"));
    assert!(found.is_empty(), "{found:#?}");
    let (found, _) = checked(&pack("actor Ana\nStats: Might 4, Wit 4, Grace 2\nTraits: Human\n"));
    assert!(found.is_empty(), "{found:#?}");
    // A foe names its side: no budget.
    let (found, _) = checked(&pack("actor Ogre\nStats: Might 4, Wit 4, Grace 4\nSide: foes\n"));
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn over_budget_is_refused_at_the_stats_line_with_total_and_budget() {
    let (found, sources) = checked(&pack("actor Ana\nStats: Might 4, Wit 3, Grace 2\n"));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::creation");
    assert_eq!(found[0].message, "Ana spends 9 creation points among Attributes; the budget is 8");
    assert_eq!(sources.slice(found[0].primary_span()), "Stats: Might 4, Wit 3, Grace 2");
    let at = sources.line_col(found[0].primary_span()).unwrap();
    assert_eq!((at.line, at.column), (9, 1));
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "take 1 point off its Attributes, or list a trait that raises the budget (`Creation: +2 points`)"
        )
    );
    let (found, _) = checked(&pack("actor Ana\nStats: Might 4, Wit 4, Grace 3\nTraits: Human\n"));
    assert_eq!(
        found[0].message,
        "Ana spends 11 creation points among Attributes; the budget is 10 (8, +2 from Human)"
    );
}

#[test]
fn a_stat_outside_the_range_is_refused_at_the_stat() {
    let (found, sources) = checked(&pack("actor Ana\nStats: Might 5, Wit 0, Grace 0\n"));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "Ana's Might 5 is outside the creation range 0 to 4");
    assert_eq!(sources.slice(found[0].primary_span()), "Might 5");
    assert_eq!(found[0].help.as_deref(), Some("each of Attributes holds 0 to 4 at creation"));
}

#[test]
fn a_raise_without_a_budget_and_an_undeclared_group_are_refused() {
    let (found, _) = checked("system S\nStats: Might\n\nfeat Human\nCreation: +2 points\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "the system has no creation budget to raise");
    let (found, sources) =
        checked("system S\nStats: Might\nCreation: 8 points among Attributes, 0-4 each\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "no stats group is called Attributes");
    assert_eq!(sources.slice(found[0].primary_span()), "Attributes");
}
