//! A system writes some lines once (the runtime reads one): a second `Turn order:`,
//! `Default check:`, `Per turn:` (or `Per challenge turn:`, which share the one set of
//! quotas) and the like is refused at the second, pointing at the first.

use crate::common::checked::checked;

#[test]
fn a_second_turn_order_is_refused_at_the_second() {
    let text = "system S\nStats: Agility\nTurn order: 1d10+[Agility]\nTurn order: 1d6\n";
    let found = checked("s.rules", text);
    assert_eq!(
        found,
        [(
            "rules::check::system_line_twice".to_string(),
            "the system writes its `Turn order:` line twice".to_string(),
            "Turn order: 1d6".to_string(),
            "the system reads one `Turn order:` line: keep the one you mean".to_string(),
        )]
    );
}

#[test]
fn per_turn_and_per_challenge_turn_are_one_set_of_quotas() {
    let text = "system S\nPer turn: 1 Attack\nPer challenge turn: 2 Attack\n\npower Hit\nKeywords: Attack\n";
    let found = checked("s.rules", text);
    let codes: Vec<&str> = found.iter().map(|(code, ..)| code.as_str()).collect();
    assert_eq!(codes, ["rules::check::system_line_twice"], "{found:#?}");
    assert_eq!(found[0].1, "the system writes its `Per turn:` line twice");
}

#[test]
fn lines_a_system_may_repeat_are_not_refused() {
    let text = "system S\nStats: Might\nStats: Grace\nRuling a: 1\nRuling b: 2\n";
    let found = checked("s.rules", text);
    assert!(found.iter().all(|(code, ..)| code != "rules::check::system_line_twice"), "{found:#?}");
}

#[test]
fn a_named_line_twice_is_refused_and_the_same_line_restated_is_not() {
    let text = "system S\nStats: Might\nRuling bonus: 2\nDefault Might: 2\nRuling Bonus: 5\n\
                Default Might: 2\n";
    let found = checked("s.rules", text);
    let twice: Vec<&str> = found
        .iter()
        .filter(|(code, ..)| code == "rules::check::system_line_twice")
        .map(|(_, message, ..)| message.as_str())
        .collect();
    assert_eq!(twice, ["the system writes its `Ruling Bonus:` line twice"]);
}

#[test]
fn several_grades_lines_are_read_together_and_not_refused() {
    let text = "system S\nGrades: 0 Fail, 1 Low\nGrades: 2 High\n";
    let found = checked("s.rules", text);
    assert!(found.iter().all(|(code, ..)| code != "rules::check::system_line_twice"), "{found:#?}");
}
