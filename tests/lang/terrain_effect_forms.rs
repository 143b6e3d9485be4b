//! `lift X [at Who]` (terrain taken off a cell) and `use Power` (a power run for the line's
//! user) read into the model, print as written, and `check` refuses a `use` naming no power
//! and a `lift` naming no condition, at the name, with a did-you-mean, and a `use` of a power
//! that walks where its user chooses (a `use` names no destination).

use mythforge::diagnostics::{RenderStyle, SourceMap, render};
use mythforge::model::{BlockBody, Effect, EffectPart, Pack, PowerLine};

const FORMS: &str = "system Field
Grid: square
Resource HP: max 9
When Snare is applied: apply Held; lift Snare
When Mire is applied: use Wade

condition Snare

condition Held

condition Mire

power Wade
Target: Self
Result: 1 damage

power Sweep Clean
Target: creature in 3
Result: lift Snare at Target; use Wade
";

fn parse(text: &str) -> (Pack, SourceMap) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "field.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    (Pack { files: vec![file] }, sources)
}

#[test]
fn lift_and_use_read_into_the_model_and_print_as_written() {
    let (pack, _) = parse(FORMS);
    assert_eq!(mythforge::model::format_file(&pack.files[0]), FORMS);
    assert!(mythforge::check::check_pack(&pack).is_empty());
    let block = pack.blocks().last().unwrap();
    let BlockBody::Power(lines) = &block.node.body else { panic!() };
    let PowerLine::Result { effects, .. } = &lines[1].node else { panic!("{:?}", lines[1]) };
    let EffectPart::Effect(Effect::Lift { condition, at: Some(at) }) = &effects.parts[0].node
    else {
        panic!("{:?}", effects.parts[0].node)
    };
    assert_eq!((condition.node.as_str(), at.node.as_str()), ("Snare", "Target"));
    let EffectPart::Effect(Effect::Use { power }) = &effects.parts[1].node else {
        panic!("{:?}", effects.parts[1].node)
    };
    assert_eq!(power.node.as_str(), "Wade");
}

#[test]
fn a_use_of_no_power_is_refused_at_the_name_with_a_did_you_mean() {
    let (pack, sources) =
        parse(&FORMS.replace("When Mire is applied: use Wade", "When Mire is applied: use Wad"));
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].code.as_str(), found[0].message.as_str()),
        ("rules::check::unknown_use", "`use Wad` names no power of the pack")
    );
    assert_eq!(sources.slice(found[0].primary_span()), "Wad");
    let at = sources.line_col(found[0].primary_span()).unwrap();
    assert_eq!((at.line, at.column), (5, 27));
    assert_eq!(found[0].help.as_deref(), Some("did you mean `Wade`?"));
    let text = render(&found[0], &sources, RenderStyle::Plain);
    assert!(text.contains("field.rules:5:27"), "{text}");
    let (pack, _) = parse(&FORMS.replace("use Wade\n", "use Leap\n"));
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found[0].help.as_deref(), Some("declare it: `power Leap` with `Target: Self`"));
}

#[test]
fn a_lift_of_no_condition_is_refused_at_the_name() {
    let (pack, sources) = parse(&FORMS.replace("lift Snare at Target", "lift Snore at Target"));
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(sources.slice(found[0].primary_span()), "Snore");
    assert_eq!(found[0].message, "unknown condition `Snore`");
    assert!(found[0].help.as_deref().unwrap_or_default().contains("Snare"), "{found:#?}");
}

#[test]
fn a_use_of_a_power_that_targets_others_is_refused_at_the_name() {
    let (pack, sources) = parse(
        &FORMS.replace("When Mire is applied: use Wade", "When Mire is applied: use Sweep Clean"),
    );
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::use_targets");
    assert_eq!(
        found[0].message,
        "`use Sweep Clean` names no target, but Sweep Clean targets `creature in 3`"
    );
    assert_eq!(sources.slice(found[0].primary_span()), "Sweep Clean");
    assert_eq!(
        found[0].help.as_deref(),
        Some("`use` runs a power on its user alone: give that power `Target: Self`")
    );
}

#[test]
fn a_use_of_a_power_that_walks_where_its_user_chooses_is_refused() {
    let (pack, sources) = parse(&FORMS.replace(
        "power Wade\nTarget: Self\nResult: 1 damage",
        "power Wade\nTarget: Self\nResult: 1 damage; walk up to 2 squares",
    ));
    let found = mythforge::check::check_pack(&pack);
    // Both uses (the Mire rule's and Sweep Clean's) are refused.
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(found.iter().all(|d| d.code == "rules::check::use_moves"), "{found:#?}");
    assert_eq!(
        found[0].message,
        "`use Wade` runs a power that moves where its user chooses, but a `use` names no destination"
    );
    assert_eq!(sources.slice(found[0].primary_span()), "Wade");
    let secondary = &found[0].labels[1];
    assert_eq!(sources.slice(secondary.span), "walk up to 2 squares");
}
