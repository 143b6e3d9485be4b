//! Check tags: `Keyword Attack: resisted as Dodge` (the targets of a power with the keyword
//! carry the tag) and relative modifiers selecting it (`+[Level] Agility vs Dodge`). The line
//! prints back canonically and checks clean; `check` refuses a `vs` word no power has as a
//! keyword and no line declares as a tag (with did-you-mean), and warns about a tag line
//! whose keyword no power has (nothing can carry the tag); a `resisted as` without one tag
//! is a parse error. `Check tags: Crafting` declares a tag a plain check may carry: a `vs
//! Crafting` modifier checks clean with it and is refused without it.

use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

const FORMS: &str = "system Duel
Stats: Dexterity, Agility, Level
Resource Health: max 20
Keyword Attack: resisted as Dodge

power Strike
Target: Enemy
Threshold: [10 + Target's Agility]
Check: [Dexterity]
Result: 1 damage

condition Reflexes
Modifiers: +[Level] Agility vs Dodge
";

fn parse(text: &str) -> (Pack, Vec<String>) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "duel.rules", text);
    let messages = diagnostics.iter().map(|d| d.message.clone()).collect();
    (Pack { files: vec![file] }, messages)
}

fn check(text: &str) -> Vec<(String, String, String, String)> {
    crate::common::checked::checked("duel.rules", text)
}

#[test]
fn the_tag_line_prints_canonically_and_checks_clean() {
    let (pack, errors) = parse(&FORMS.replace("resisted as Dodge", "RESISTED  as Dodge"));
    assert!(errors.is_empty(), "{errors:?}");
    let printed = mythforge::model::format_file(&pack.files[0]);
    assert!(printed.contains("Keyword Attack: resisted as Dodge\n"), "{printed}");
    assert!(printed.contains("Modifiers: +[Level] Agility vs Dodge\n"), "{printed}");
    assert_eq!(check(FORMS), []);
}

#[test]
fn a_vs_word_nothing_carries_is_refused_with_did_you_mean() {
    let text = FORMS.replace("Agility vs Dodge", "Agility vs Dodg");
    let found = check(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (code, message, under, help) = &found[0];
    assert_eq!(code, "rules::check::unknown_tag");
    assert_eq!(message, "no power has the keyword or carries the tag `Dodg`");
    assert_eq!(under, "Dodg");
    assert_eq!(help, "did you mean `Dodge`?");
}

#[test]
fn a_tag_no_power_can_carry_is_flagged_at_its_keyword() {
    let text = FORMS.replace("Keyword Attack:", "Keyword Atack:");
    let found = check(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (code, message, under, help) = &found[0];
    assert_eq!(code, "rules::check::unknown_keyword");
    assert_eq!(message, "no power has the keyword `Atack`");
    assert_eq!(under, "Atack");
    assert_eq!(help, "did you mean `Attack`?");
}

#[test]
fn without_the_tag_line_the_modifier_is_refused() {
    let text = FORMS.replace("Keyword Attack: resisted as Dodge\n", "");
    let found = check(&text);
    let codes: Vec<&str> = found.iter().map(|(code, ..)| code.as_str()).collect();
    assert_eq!(codes, ["rules::check::unknown_tag"]);
    // `unless vs` a word nothing carries always counts, as it says: not refused.
    let text = text.replace("Agility vs Dodge", "Agility unless vs Dodge");
    assert_eq!(check(&text), []);
}

#[test]
fn resisted_as_needs_one_tag() {
    let (_, errors) = parse(&FORMS.replace("resisted as Dodge", "resisted as Quick Dodge"));
    assert_eq!(errors.len(), 1, "{errors:?}");
    let (_, errors) = parse(&FORMS.replace("resisted as Dodge", "resisted as"));
    assert_eq!(errors.len(), 1, "{errors:?}");
}

#[test]
fn a_check_tags_line_declares_a_tag_a_plain_check_carries() {
    let text = format!(
        "{FORMS}Check tags: Crafting\n\ncondition Handy\nModifiers: +[Level] checks vs Crafting\n"
    )
    .replacen(
        "Keyword Attack: resisted as Dodge\n",
        "Keyword Attack: resisted as Dodge\nCheck tags: Crafting\n",
        1,
    )
    .replacen("Check tags: Crafting\n\ncondition Handy", "\ncondition Handy", 1);
    let (pack, errors) = parse(&text);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = mythforge::model::format_file(&pack.files[0]);
    assert!(printed.contains("Check tags: Crafting\n"), "{printed}");
    assert_eq!(check(&text), []);
    let found = check(&text.replace("Check tags: Crafting\n", ""));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::unknown_tag");
    assert_eq!(found[0].2, "Crafting");
    assert!(found[0].3.contains("`Check tags: Crafting`"), "{}", found[0].3);
}
