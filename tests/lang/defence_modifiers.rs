//! A defence's `Modifiers:` line (`-4 vs Weapon, +[Weapon's Fast Block] vs Fast`): it prints
//! back canonically, checks clean where its keywords exist (`Weapon` where a power's
//! `Keywords:` line reads `[Weapon]`), and `check` refuses it on a power that is no defence,
//! with a keyword nothing has, or reading a name nothing declares.

use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

const FORMS: &str = "system Hands
Stats: Melee, Unarmed
Resource Health: max 30
Default check: Versus
Record Attack: Hit number, Block number
Weapon fields: Fast Attack, Type keyword

check Versus
Method: versus
Dice: d20
Tie: defender

weapon Sword
Fast: Hit 0, Block 2
Damage: 1d8
Type: Melee

power Fast Attack
Target: Enemy
Check: [Melee] versus a defence
Result: 1 damage
Keywords: Fast [Weapon]

power Block
Defence: any
Check: [Melee]
Modifiers: +[Weapon's Fast Block] vs Fast, -4 vs Weapon, +1 unless vs Fast
";

fn parse(text: &str) -> (Pack, usize) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "hands.rules", text);
    (Pack { files: vec![file] }, diagnostics.len())
}

fn check(text: &str) -> Vec<(String, String, String, String)> {
    crate::common::checked::checked("hands.rules", text)
}

#[test]
fn the_line_prints_canonically_and_checks_clean() {
    let (pack, errors) = parse(FORMS);
    assert_eq!(errors, 0);
    assert_eq!(mythforge::model::format_file(&pack.files[0]), FORMS);
    let messy =
        FORMS.replace("+[Weapon's Fast Block] vs Fast", "+ [Weapon's Fast Block]  vs  Fast");
    assert_eq!(mythforge::model::format_file(&parse(&messy).0.files[0]), FORMS);
    assert_eq!(check(FORMS), []);
}

#[test]
fn check_refuses_modifiers_on_a_power_that_is_no_defence() {
    let text = format!(
        "{FORMS}\npower Feint\nTarget: Enemy\nCheck: [Melee] versus a defence\nModifiers: -4 vs Weapon\nResult: 1 damage\n"
    );
    let found = check(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (code, message, under, help) = &found[0];
    assert_eq!(code, "rules::check::defence");
    assert_eq!(message, "`Feint` is no defence, so its `Modifiers:` never count");
    assert_eq!(under, "Modifiers: -4 vs Weapon");
    assert!(help.starts_with("make it a defence (`Defence: any`)"), "{help}");
}

#[test]
fn check_refuses_an_unknown_keyword_and_an_unknown_name() {
    let text = FORMS.replace("-4 vs Weapon", "-4 vs Weapn").replace("+1 unless", "+[Brawn] unless");
    let found = check(&text);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::unknown_keyword");
    assert_eq!(found[0].1, "no power has the keyword `Weapn`");
    assert_eq!(found[0].2, "Weapn");
    assert!(found[0].3.contains("did you mean `Weapon`?"), "{}", found[0].3);
    assert_eq!(found[1].0, "rules::check::unknown_stat");
    assert_eq!(found[1].2, "Brawn");
}

#[test]
fn an_entry_without_a_keyword_is_a_parse_error() {
    let text = FORMS.replace("+1 unless vs Fast", "+1");
    let (_, errors) = parse(&text);
    assert_eq!(errors, 1);
}

#[test]
fn a_defence_s_lines_that_never_run_are_refused() {
    let text = FORMS.replace(
        "Modifiers: +[Weapon's Fast Block] vs Fast, -4 vs Weapon, +1 unless vs Fast\n",
        "Modifiers: +[Weapon's Fast Block] vs Fast, -4 vs Weapon, +1 unless vs Fast\n\
         Cost: 1 Health\nResult: 2 damage\n",
    );
    let found = crate::common::checked::checked("hands.rules", &text);
    let said: Vec<(&str, &str, &str)> = found
        .iter()
        .map(|(code, message, under, _)| (code.as_str(), message.as_str(), under.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            (
                "rules::check::defence",
                "`Block` is a defence, so its `Cost:` line never runs",
                "Cost: 1 Health"
            ),
            (
                "rules::check::defence",
                "`Block` is a defence, so its `Result:` line never runs",
                "Result: 2 damage"
            ),
        ]
    );
    assert!(found[0].3.contains("drop the line, or make a power of it"), "{:?}", found[0]);
}
