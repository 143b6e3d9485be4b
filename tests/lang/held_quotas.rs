//! A condition's `Per turn:` line (`Per turn: 1 Move`) reads into its quotas and prints as
//! written; `other` and purchases, which belong to the system's line, are refused where
//! written, and a keyword no power has is warned about as on the system's line.

use mythforge::diagnostics::SourceMap;
use mythforge::model::{BlockBody, ConditionLine, Pack};

fn parsed(text: &str) -> (Pack, Vec<mythforge::diagnostics::Diagnostic>) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "q.rules", text);
    (Pack { files: vec![file] }, diagnostics)
}

#[test]
fn a_conditions_per_turn_line_reads_its_quotas_and_prints_as_written() {
    let text = "system S\nResource HP: max 9\nPer turn: 1 Move, 1 Action or Move\n\n\
                condition Dazed\nPer turn: 1 Move, 1 Action or Spell\n\n\
                power Step\nKeywords: Move\n\npower Hit\nKeywords: Action\n\n\
                power Zap\nKeywords: Spell\n";
    let (pack, diagnostics) = parsed(text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let dazed = pack.blocks().nth(1).unwrap();
    let BlockBody::Condition(lines) = &dazed.node.body else { panic!("a condition") };
    let ConditionLine::PerTurn(quotas) = &lines[0].node else { panic!("{:?}", lines[0]) };
    let kinds: Vec<(u32, String)> = quotas.iter().map(|q| (q.node.count, q.node.kinds())).collect();
    assert_eq!(kinds, [(1, "Move".to_string()), (1, "Action or Spell".to_string())]);
    assert_eq!(mythforge::model::format_file(&pack.files[0]), text);
    assert!(mythforge::check::check_pack(&pack).is_empty());
}

#[test]
fn other_and_purchases_are_refused_on_a_condition() {
    for line in ["Per turn: 1 Move, 1 other", "Per turn: 1 Move; 1 HP buys 1 Move"] {
        let text = format!("system S\nResource HP: max 9\n\ncondition Dazed\n{line}\n");
        let (_, diagnostics) = parsed(&text);
        assert_eq!(diagnostics.len(), 1, "{line}: {diagnostics:#?}");
        assert_eq!(diagnostics[0].message, "could not read this `Per turn` line");
        let shown = format!("{:?}", diagnostics[0]);
        assert!(
            shown.contains(
                "keyword quotas such as `1 Move` or `1 Move, 1 Trap` (a condition narrows the holder's turn: no `other` entry and nothing bought)"
            ),
            "{line}: {shown}"
        );
    }
}

#[test]
fn a_keyword_no_power_has_is_warned_about() {
    let text = "system S\nResource HP: max 9\n\ncondition Dazed\nPer turn: 1 Mvoe\n\n\
                power Step\nKeywords: Move\n";
    let (pack, diagnostics) = parsed(text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let found: Vec<(String, String)> = mythforge::check::check_pack(&pack)
        .iter()
        .map(|d| (d.code.clone(), d.message.clone()))
        .collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].1.contains("Mvoe"), "{found:#?}");
}
