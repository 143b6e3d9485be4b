//! A `total` check may keep the best of several dice (`Dice: 2d20kh1`): `check` accepts it;
//! any other several-dice notation on a one-die method is still refused, at the dice, with
//! a hint that names the keep-best form.

use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

fn refusals(dice: &str) -> (Vec<mythforge::diagnostics::Diagnostic>, SourceMap) {
    let text = format!(
        "system S\nResource HP: max 9\nGrades: 0 Fail, 1 Success\n\ncheck Lucky\nMethod: total\nDice: {dice}\nModifier: total\nSuccess: >= [Threshold]\n"
    );
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "s.rules", &text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    (mythforge::check::check_pack(&Pack { files: vec![file] }), sources)
}

#[test]
fn keeping_the_best_of_several_dice_is_one_die_for_a_total_check() {
    for dice in ["2d20kh1", "2d20kh", "3d20k1", "d20"] {
        assert!(refusals(dice).0.is_empty(), "{dice}");
    }
}

#[test]
fn other_several_dice_notations_are_refused_at_the_dice_with_the_keep_best_hint() {
    for dice in ["2d20kh2", "2d20", "2d20kl1"] {
        let (found, sources) = refusals(dice);
        assert_eq!(found.len(), 1, "{dice}: {found:#?}");
        assert_eq!(found[0].code, "rules::check::not_one_die");
        assert_eq!(sources.slice(found[0].primary_span()), dice);
        let at = sources.line_col(found[0].primary_span()).unwrap();
        assert_eq!((at.line, at.column), (7, 7));
        assert_eq!(
            found[0].help.as_deref(),
            Some(
                "write `Dice: d20` (a `total` check may keep the best of several: `2d20kh1`); for several dice use a `pool` or `successes` procedure"
            )
        );
    }
}
