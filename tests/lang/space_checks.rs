//! Issue 17 item 6 in the language: `Grid:` names a grid the engine has (a did-you-mean
//! otherwise, and once only), `an ally within N` tests and `each ally within N is X` read
//! into the model and print canonically, and a kind the engine does not count is refused.

use mythforge::diagnostics::{RenderStyle, SourceMap, render};
use mythforge::model::common::Test;
use mythforge::model::{
    BlockBody, ConditionLine, Effect, EffectPart, Pack, PowerLine, Requirement,
};

const FORMS: &str = "system Band
Grid: square
Resource HP: max 9

condition Inspired
While: an ally within 2 and no enemy within [HP]

power Rally
Target: Self
Result: each ally within 3 is Inspired until end of turn
";

fn parse(text: &str) -> (Pack, SourceMap) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "band.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    (Pack { files: vec![file] }, sources)
}

#[test]
fn the_forms_read_into_the_model_and_print_as_written() {
    let (pack, _) = parse(FORMS);
    assert_eq!(mythforge::model::format_file(&pack.files[0]), FORMS);
    let mut blocks = pack.blocks().skip(1);
    let BlockBody::Condition(lines) = &blocks.next().unwrap().node.body else { panic!() };
    let ConditionLine::While(Requirement::Tests { first, rest }) = &lines[0].node else {
        panic!("{:?}", lines[0].node)
    };
    let Test::Near { negated: false, who, .. } = &first.node else { panic!("{first:?}") };
    assert_eq!(who.node.as_str(), "ally");
    assert!(matches!(rest[0].1.node, Test::Near { negated: true, .. }));
    let BlockBody::Power(lines) = &blocks.next().unwrap().node.body else { panic!() };
    let PowerLine::Result { effects, .. } = &lines[1].node else { panic!("{:?}", lines[1]) };
    let EffectPart::Effect(Effect::Apply { subject: Some(who), within: Some(_), .. }) =
        &effects.parts[0].node
    else {
        panic!("{:?}", effects.parts[0].node)
    };
    assert_eq!(who.node.as_str(), "ally");
    assert!(mythforge::check::check_pack(&pack).is_empty());
}

fn refusals(text: &str) -> (Vec<mythforge::diagnostics::Diagnostic>, SourceMap) {
    let (pack, sources) = parse(text);
    (mythforge::check::check_pack(&pack), sources)
}

#[test]
fn an_unknown_grid_is_refused_with_a_did_you_mean_at_the_word() {
    let (found, sources) = refusals("system S\nGrid: sqare\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    let refusal = &found[0];
    assert_eq!(
        (refusal.code.as_str(), refusal.message.as_str()),
        ("rules::check::grid", "unknown grid `sqare`")
    );
    assert_eq!(sources.slice(refusal.primary_span()), "sqare");
    let at = sources.line_col(refusal.primary_span()).unwrap();
    assert_eq!((at.line, at.column), (2, 7));
    assert_eq!(
        refusal.help.as_deref(),
        Some("did you mean `square`? The grids are `hex` and `square`")
    );
    let text = render(refusal, &sources, RenderStyle::Plain);
    assert!(text.contains("band.rules:2:7"), "{text}");
    let (found, _) = refusals("system S\nGrid: octagons\n");
    assert_eq!(
        found[0].help.as_deref(),
        Some("the grids are `hex` (six neighbours) and `square` (four, no diagonals)")
    );
    let (found, _) = refusals("system S\nGrid: hex\nGrid: square\n");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, "rules::check::system_line_twice");
    assert_eq!(found[0].message, "the system writes its `Grid:` line twice");
}

#[test]
fn a_within_test_of_an_unknown_kind_is_refused_with_a_did_you_mean() {
    let (found, sources) =
        refusals("system S\nResource HP: max 9\n\ncondition Brave\nWhile: an alley within 2\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::each_kind");
    assert_eq!(found[0].message, "`alley` names no kind of creature a `within` test counts");
    assert_eq!(sources.slice(found[0].primary_span()), "alley");
    assert_eq!(
        found[0].help.as_deref(),
        Some("did you mean `ally`? A `within` test counts allies, enemies or creatures")
    );
    let (found, _) = refusals(
        "system S\nResource HP: max 9\n\ncondition Brave\n\npower P\nResult: each friend within 2 is Brave\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "`each friend` names no kind of creature the engine selects");
}
