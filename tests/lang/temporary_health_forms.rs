//! Temporary health in rule text: `Temporary health: N` on a condition and a heal's `over
//! its maximum as X ...` read into the model and print back as written; `check` refuses an
//! `over its maximum as` naming a condition that holds no temporary health, and a
//! temporary-health condition applied without the N it holds; the line takes only `N`.

use crate::common::checked::checked;
use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

const PACK: &str = "system S\nResource HP: max 20; start 20\nStats: Level, Speed\n\n\
                    condition Coated\nTemporary health: N\nModifiers: -1 Speed\n\
                    Duration: until end of encounter\n\n\
                    condition Dazed\n\n";

#[test]
fn the_line_and_the_heal_print_as_written_and_check_clean() {
    let text = format!(
        "{PACK}power Mud\nTarget: Self\n\
         Effect: heal [Level + 1]; Target is Coated [Level + 1]\n\n\
         power Stand\nTarget: Self\n\
         Effect: Target heals [HP - 1] over its maximum as Coated until end of encounter; set HP to 1\n"
    );
    assert_eq!(checked("t.rules", &text), vec![]);
    let mut sources = SourceMap::new();
    let (file, errors) = mythforge::parse::parse_source(&mut sources, "t.rules", &text);
    assert!(errors.is_empty(), "{errors:#?}");
    let pack = Pack { files: vec![file] };
    assert_eq!(mythforge::model::format_file(&pack.files[0]), text);
}

#[test]
fn over_its_maximum_into_a_condition_without_temporary_health_is_refused() {
    let text = format!(
        "{PACK}power Stand\nTarget: Self\nEffect: Target heals 5 over its maximum as Dazed\n"
    );
    assert_eq!(
        checked("t.rules", &text),
        vec![(
            "rules::check::not_temporary_health".to_string(),
            "`Dazed` holds no temporary health".to_string(),
            "Dazed".to_string(),
            "give `condition Dazed` the line `Temporary health: N`, or name a condition that \
             has it"
                .to_string(),
        )]
    );
}

#[test]
fn over_its_maximum_into_an_unknown_condition_is_an_unknown_name() {
    let text = format!(
        "{PACK}power Stand\nTarget: Self\nEffect: Target heals 5 over its maximum as Coatd\n"
    );
    let found = checked("t.rules", &text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::unknown_condition");
    assert_eq!(found[0].2, "Coatd");
}

#[test]
fn a_temporary_health_condition_applied_without_its_n_is_refused() {
    let text = format!(
        "{PACK}power Mud\nTarget: Self\nEffect: apply Coated to Target\n\n\
         power Wrap\nTarget: Self\nEffect: Target is Coated until end of turn\n"
    );
    let refusal = |_: ()| {
        (
            "rules::check::temporary_health_without_n".to_string(),
            "`Coated` is applied without its temporary health".to_string(),
            "Coated".to_string(),
            "give the N it holds: `apply Coated [Level + 1] to Target`".to_string(),
        )
    };
    assert_eq!(checked("t.rules", &text), vec![refusal(()), refusal(())]);
}

#[test]
fn the_line_takes_only_n() {
    let text = "system S\nResource HP: max 20\n\ncondition Coated\nTemporary health: 5\n";
    let mut sources = SourceMap::new();
    let (_, errors) = mythforge::parse::parse_source(&mut sources, "t.rules", text);
    let found: Vec<(&str, &str, &str)> = errors
        .iter()
        .map(|d| {
            (d.message.as_str(), d.labels[0].message.as_str(), sources.slice(d.primary_span()))
        })
        .collect();
    assert_eq!(
        found,
        [(
            "could not read this `Temporary health` line",
            "expected `N`, the N it is applied with: `Temporary health: N`",
            "5"
        )]
    );
}

#[test]
fn an_actor_listing_a_temporary_health_condition_is_refused_at_the_name() {
    let text = format!("{PACK}actor Ana\nStats: Level 1, Speed 4\nConditions: Dazed, Coated\n");
    assert_eq!(
        checked("t.rules", &text),
        vec![(
            "rules::check::temporary_health_without_n".to_string(),
            "`Coated` is listed without its temporary health".to_string(),
            "Coated".to_string(),
            "apply it with its N instead (a session's `apply Coated 3 to NAME`, or a power's \
             `apply Coated [Level + 1] to Target`)"
                .to_string(),
        )]
    );
}
