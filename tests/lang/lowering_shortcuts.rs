//! The shortcuts that keep loading a pack cheap read lines as before: an effect segment is
//! tried as a check only when it holds the word `check` (in any case), and a gate's test is
//! lowered from its one parse.

use mythforge::diagnostics::SourceMap;
use mythforge::model::{BlockBody, EffectPart, PowerLine, Requirement, RuleFile};

fn result_parts(text: &str) -> (RuleFile, usize) {
    let mut sources = SourceMap::default();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "t.rules", text);
    (file, diagnostics.len())
}

fn parts(file: &RuleFile) -> Vec<String> {
    let Some(mythforge::model::Item::Block(block)) = file.items.first() else { panic!("block") };
    let BlockBody::Power(lines) = &block.node.body else { panic!("power") };
    lines
        .iter()
        .filter_map(|line| match &line.node {
            PowerLine::Result { effects, .. } => Some(&effects.parts),
            _ => None,
        })
        .flatten()
        .map(|part| match &part.node {
            EffectPart::Check { .. } => "check".to_string(),
            EffectPart::When { test, .. } => match &test.node {
                Requirement::Tests { rest, .. } => format!("when({} tests)", rest.len() + 1),
                Requirement::Narration(_) => "when(narration)".to_string(),
            },
            EffectPart::Effect(_) => "effect".to_string(),
            EffectPart::Narration(narration) => format!("narration({})", narration.text),
        })
        .collect()
}

#[test]
fn effect_checks_in_any_case_are_still_read_and_other_text_is_not() {
    let (file, errors) = result_parts(
        "power P\nTarget: Enemy\nResult: Target CHECKS Stability vs 12; 2 damage; the ground trembles\n",
    );
    assert_eq!(errors, 0);
    assert_eq!(parts(&file), ["check", "effect", "narration(the ground trembles)"]);
}

#[test]
fn a_gate_test_is_lowered_from_its_one_parse() {
    let (file, errors) = result_parts(
        "power P\nTarget: Enemy\nResult: 1 damage; when Target is Dazed and Target is Prone: 2 damage\n",
    );
    assert_eq!(errors, 0);
    assert_eq!(parts(&file), ["effect", "when(2 tests)"]);
}
