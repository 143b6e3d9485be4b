//! A trait's `Choices:` line (a class whose tiers each offer a choice of skills): `check`
//! refuses an actor block listing the trait and two names of one group, at the second with
//! the group as secondary label, and a name no power or trait block has; the line prints
//! back as written. (`grant` refusing the second of a group: tests/game/mystica_pierce_double_tap.rs.)

use crate::common::checked::checked;

const PACK: &str = "system C\nStats: Might\nResource HP: max 9\n\n\
    power Strike\nTarget: Enemy\nResult: 1 damage\n\n\
    power Sweep\nTarget: Enemy\nResult: 1 damage\n\n\
    power Lunge\nTarget: Enemy\nResult: 2 damage\n\n\
    stance Guard Up\n\n\
    feat Fighter\nChoices: Strike or Guard Up; Sweep or Lunge\n\n";

#[test]
fn one_of_each_group_checks_clean_and_prints_back() {
    let text = format!(
        "{PACK}actor Ana\nStats: Might 1\nPowers: Strike, Lunge\nTraits: Fighter\n\n\
         actor Bo\nStats: Might 1\nPowers: Strike, Sweep, Lunge\nTraits: Guard Up\n"
    );
    // Bo holds both of each group, but does not list Fighter: nothing holds him to it.
    assert_eq!(checked("c.rules", &text), Vec::new());
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, _) = mythforge::parse::parse_source(&mut sources, "c.rules", &text);
    let printed = mythforge::model::format_file(&file);
    assert!(printed.contains("\nChoices: Strike or Guard Up; Sweep or Lunge\n"), "{printed}");
}

#[test]
fn two_of_one_group_are_refused_at_the_second() {
    let text = format!(
        "{PACK}actor Ana\nStats: Might 1\nPowers: Strike, Sweep, Lunge\nTraits: Fighter, Guard Up\n"
    );
    let code = "rules::check::choices_held".to_string();
    assert_eq!(
        checked("c.rules", &text),
        vec![
            (
                code.clone(),
                "Ana has more than one of Strike or Guard Up: Fighter allows one".to_string(),
                "Guard Up".to_string(),
                "keep one of Strike or Guard Up on Ana's block".to_string(),
            ),
            (
                code,
                "Ana has more than one of Sweep or Lunge: Fighter allows one".to_string(),
                "Lunge".to_string(),
                "keep one of Sweep or Lunge on Ana's block".to_string(),
            ),
        ]
    );
}

#[test]
fn a_name_no_block_has_is_refused_with_did_you_mean() {
    let text = "system C\nStats: Might\nResource HP: max 9\n\n\
                power Strike\nTarget: Enemy\nResult: 1 damage\n\n\
                power Sweep\nTarget: Enemy\nResult: 1 damage\n\n\
                feat Fighter\nChoices: Strike or Swep\n";
    let found = checked("c.rules", text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::unknown_reference");
    assert_eq!(found[0].1, "unknown power or trait `Swep`");
    assert_eq!(found[0].2, "Swep");
    assert!(found[0].3.contains("Sweep"), "{}", found[0].3);
}

#[test]
fn a_group_of_one_name_is_a_parse_error() {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let text = "feat Fighter\nChoices: Strike; Sweep or Lunge\n";
    let (_, errors) = mythforge::parse::parse_source(&mut sources, "c.rules", text);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].message, "could not read this `Choices` line");
}
