//! `check` on the two words for targets in order and widened turns: `[Target Number]`, a
//! target's place in the order a power strikes them, is read only on the Result and Effect
//! lines of a power with an order (an area, or several creatures), never on a `Roll:` line;
//! a condition's `Converts: Move to Action` must widen some slot of the system's `Per
//! turn:` line. Each refusal with its code, message, the text it points at and its help.

use crate::common::checked::checked;

const SYSTEM: &str = "system S\nStats: Might\nResource HP: max 30\nPer turn: 1 Move, 1 Action or Move\n\n\
    check D20\nMethod: total\nDice: d20\nSuccess: >= [Threshold]\n\n";

const TARGET_HELP: &str = "read it on the Result and Effect lines of a power that strikes an area \
    (`Target: Ray 9`) or several creatures (`Target: Up to 3 enemies`): 1 for the first target \
    struck, 2 for the next";

fn with_system(rest: &str) -> String {
    format!("{SYSTEM}{rest}")
}

#[test]
fn target_number_checks_clean_on_an_area_and_on_several_creatures() {
    let text = with_system(
        "power Arrow\nTarget: Ray 6\nRoll: [1d6]\nResult: [max(0, Roll - (Target Number - 1))] damage\nKeywords: Action\n\n\
         power Volley\nTarget: Up to 3 enemies in 5\nEffect: [4 - Target Number] damage\nKeywords: Action\n\n\
         power Step\nTarget: Self\nEffect: gain 0 HP\nKeywords: Move\n",
    );
    assert_eq!(checked("t.rules", &text), Vec::new());
}

#[test]
fn target_number_is_refused_on_one_target_off_result_lines_and_on_a_roll() {
    let text = with_system(
        "power Poke\nTarget: Enemy\nEffect: [Target Number] damage\nKeywords: Action\n\n\
         power Aimed\nTarget: Ray 6\nThreshold: [10 + Target Number]\nCheck: [Might] using D20\nResult: 1 damage\nKeywords: Action\n\n\
         power Rolled\nTarget: Ray 6\nRoll: [1d6 + Target Number]\nEffect: [Roll] damage\nKeywords: Move\n",
    );
    let unbound = "rules::check::use_name_unbound";
    let expected = vec![
        (
            unbound.to_string(),
            "`Target Number` is not known here: this power strikes one target: there is no order to count"
                .to_string(),
            "Target Number".to_string(),
            TARGET_HELP.to_string(),
        ),
        (
            unbound.to_string(),
            "`Target Number` is not known here: a target's place is read on its Result and Effect lines only"
                .to_string(),
            "Target Number".to_string(),
            TARGET_HELP.to_string(),
        ),
        (
            unbound.to_string(),
            "`Target Number` is not known here: a target's place is read on its Result and Effect lines only"
                .to_string(),
            "Target Number".to_string(),
            TARGET_HELP.to_string(),
        ),
    ];
    let mut found = checked("t.rules", &text);
    found.sort();
    let mut expected = expected;
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn a_stat_named_target_number_is_refused_where_declared() {
    let text = "system S\nStats: Target Number\nResource HP: max 30\n";
    let found = checked("t.rules", text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::use_name_declared");
    assert_eq!(found[0].2, "Target Number");
}

#[test]
fn converts_checks_clean_where_it_widens_a_slot() {
    let text = with_system(
        "power Shoot\nTarget: Self\nEffect: gain 1 HP\nKeywords: Action\n\n\
         power Step\nTarget: Self\nEffect: gain 0 HP\nKeywords: Move\n\n\
         condition Quick Hands\nConverts: Move to Action\n",
    );
    assert_eq!(checked("t.rules", &text), Vec::new());
}

#[test]
fn converts_that_widens_no_slot_is_refused_at_its_keyword() {
    let help = "name a keyword a slot of the system's `Per turn:` line counts, and one it does not \
                take yet: with `Per turn: 1 Move, 1 Action or Move`, `Converts: Move to Action`";
    let text = with_system(
        "power Shoot\nTarget: Self\nEffect: gain 1 HP\nKeywords: Action Dash\n\n\
         power Step\nTarget: Self\nEffect: gain 0 HP\nKeywords: Move\n\n\
         condition Odd Hands\nConverts: Dash to Action\n\n\
         condition Same Hands\nConverts: Action to Move\n",
    );
    let code = "rules::check::converts_nothing";
    assert_eq!(
        checked("t.rules", &text),
        vec![
            (
                code.to_string(),
                "`Converts: Dash to Action` widens no slot: no slot of the system's `Per turn:` line takes Dash powers"
                    .to_string(),
                "Dash".to_string(),
                help.to_string(),
            ),
            (
                code.to_string(),
                "`Converts: Action to Move` widens no slot: every slot that takes Action powers already takes the others"
                    .to_string(),
                "Action".to_string(),
                help.to_string(),
            ),
        ]
    );
    // Without a `Per turn:` line there is no slot at all.
    let bare = "system S\nResource HP: max 30\n\npower Shoot\nTarget: Self\nEffect: gain 1 HP\nKeywords: Action Move\n\n\
                condition Quick Hands\nConverts: Move to Action\n";
    let found = checked("t.rules", bare);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        found[0].1,
        "`Converts: Move to Action` widens no slot: the system has no `Per turn:` line"
    );
    assert_eq!(found[0].2, "Move");
}

#[test]
fn converts_prints_back_as_written_and_a_malformed_line_is_a_parse_error() {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let text = "condition Quick Hands\nConverts: Move to Action or Trap\n";
    let (file, errors) = mythforge::parse::parse_source(&mut sources, "c.rules", text);
    assert!(errors.is_empty(), "{errors:#?}");
    let pack = mythforge::model::Pack { files: vec![file] };
    assert_eq!(mythforge::model::format_file(&pack.files[0]), text);
    let (_, errors) = mythforge::parse::parse_source(
        &mut sources,
        "d.rules",
        "condition Quick Hands\nConverts: Move into Action\n",
    );
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].message, "could not read this `Converts` line", "{:#?}", errors[0]);
    assert_eq!(
        errors[0].labels[0].message,
        "expected a keyword, `to` and a keyword: `Converts: Move to Action`"
    );
    assert_eq!(&"condition Quick Hands\nConverts: Move into Action\n"[32..48], "Move into Action");
    assert_eq!(errors[0].labels[0].span.range(), 32..48);
}
