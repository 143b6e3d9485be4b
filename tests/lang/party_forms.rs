//! `every ally is X` / `every ally gains N R` (every creature of a kind, placed or not) and
//! the test `no ally is X` / `an ally is X` read into the model and print as written; a kind
//! the engine does not select and a condition the pack does not declare are refused at the
//! word.

use mythforge::diagnostics::SourceMap;
use mythforge::model::common::Test;
use mythforge::model::{BlockBody, Effect, EffectPart, Pack, PowerLine, Recipient, Requirement};

const FORMS: &str = "system Band
Resource HP: max 9
Resource Morale: start 0; no max

condition Inspired

power Rally
Target: Self
Prereq: no ally is Inspired and an enemy is Inspired
Result: every ally is Inspired for 2 turns; every ally gains 1 Morale
";

fn parse(text: &str) -> (Pack, SourceMap) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "band.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    (Pack { files: vec![file] }, sources)
}

#[test]
fn every_and_party_tests_read_into_the_model_and_print_as_written() {
    let (pack, _) = parse(FORMS);
    assert_eq!(mythforge::model::format_file(&pack.files[0]), FORMS);
    assert!(mythforge::check::check_pack(&pack).is_empty());
    let block = pack.blocks().last().unwrap();
    let BlockBody::Power(lines) = &block.node.body else { panic!() };
    let PowerLine::Prereq(Requirement::Tests { first, rest }) = &lines[1].node else {
        panic!("{:?}", lines[1])
    };
    let Test::Party { negated: true, who, condition } = &first.node else { panic!("{first:?}") };
    assert_eq!((who.node.as_str(), condition.node.as_str()), ("ally", "Inspired"));
    assert!(matches!(&rest[0].1.node, Test::Party { negated: false, .. }));
    let PowerLine::Result { effects, .. } = &lines[2].node else { panic!("{:?}", lines[2]) };
    let EffectPart::Effect(Effect::Apply { subject: Some(who), every: true, within: None, .. }) =
        &effects.parts[0].node
    else {
        panic!("{:?}", effects.parts[0].node)
    };
    assert_eq!(who.node.as_str(), "ally");
    let EffectPart::Effect(Effect::Gain { recipient: Some(Recipient::Every { who }), .. }) =
        &effects.parts[1].node
    else {
        panic!("{:?}", effects.parts[1].node)
    };
    assert_eq!(who.node.as_str(), "ally");
}

#[test]
fn an_unknown_kind_or_condition_is_refused_at_the_word() {
    let (pack, sources) = parse(&FORMS.replace("every ally is", "every friend is"));
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::each_kind");
    assert_eq!(sources.slice(found[0].primary_span()), "friend");
    let (pack, sources) = parse(&FORMS.replace("no ally is Inspired", "no alley is Inspired"));
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(sources.slice(found[0].primary_span()), "alley");
    assert_eq!(
        found[0].help.as_deref(),
        Some("did you mean `ally`? A `within` test counts allies, enemies or creatures")
    );
    let (pack, sources) = parse(&FORMS.replace("no ally is Inspired", "no ally is Inspried"));
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "unknown condition `Inspried`");
    assert_eq!(sources.slice(found[0].primary_span()), "Inspried");
    let at = sources.line_col(found[0].primary_span()).unwrap();
    assert_eq!((at.line, at.column), (9, 20));
}
