//! `the weapon has keyword Bow`: a test of the weapon a power is used with (its name, its
//! `Keywords:` line and keyword fields), checked clean on a power's `While:`/`Prereq:`
//! lines; where no power's weapon is known (a condition, a hit's event rule) `check`
//! refuses it (`rules::check::no_weapon_here`), a word no gear carries is unknown gear, and
//! a test other than a keyword test names no subject the runtime knows.

use crate::common::checked::checked;

const PACK: &str = "system Throws
Resource HP: max 10

weapon Knife
Keywords: Melee

weapon Short Bow
Keywords: Ranged

power Throw
Target: Enemy in 4
While: not the weapon has keyword Ranged and not the weapon has keyword Knife
Result: 1 damage
";

#[test]
fn a_power_tests_the_weapon_it_is_used_with() {
    assert_eq!(checked("throws.rules", PACK), vec![]);
}

#[test]
fn a_weapon_test_where_no_weapon_is_known_is_refused_at_its_subject() {
    let text = format!("{PACK}\ncondition Steady\nWhile: the weapon has keyword Melee\n");
    assert_eq!(
        checked("throws.rules", &text),
        vec![(
            "rules::check::no_weapon_here".to_string(),
            "a `While` line here has no weapon for `the weapon` to name".to_string(),
            "the weapon".to_string(),
            "a `While` test here is about a comparison (`[Strength >= 3]`) or a condition \
             (`you are Dazed`)"
                .to_string(),
        )]
    );
}

#[test]
fn a_hit_rule_knows_the_attack_but_not_its_weapon() {
    let text =
        PACK.replace("max 10\n", "max 10\nOn hit: if the weapon has keyword Melee: gain 1 HP\n");
    let found = checked("throws.rules", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "rules::check::no_weapon_here");
    assert_eq!(found[0].2, "the weapon");
    assert_eq!(found[0].3, "a `On` test here is about `this power has keyword Melee`");
}

#[test]
fn a_word_no_gear_carries_is_unknown_gear() {
    let text = PACK.replace("keyword Ranged", "keyword Rangd");
    let found = checked("throws.rules", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "rules::check::unknown_gear");
    assert_eq!(found[0].2, "Rangd");
    assert!(found[0].3.contains("did you mean `Ranged`?"), "{:?}", found[0]);
}

#[test]
fn only_a_keyword_test_reads_the_weapon() {
    let text = PACK.replace("not the weapon has keyword Knife", "not the weapon is Dazed");
    let text = format!("{text}\ncondition Dazed\n");
    let found = checked("throws.rules", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "rules::check::unknown_subject");
    assert_eq!(found[0].2, "not the weapon");
}

#[test]
fn an_armour_s_keyword_is_no_weapon_s() {
    let text = format!("{PACK}\narmour Buckler\nKeywords: Shield\n")
        .replace("not the weapon has keyword Knife", "not the weapon has keyword Shield");
    let found = checked("throws.rules", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "rules::check::unknown_gear");
    assert_eq!(found[0].2, "Shield");
    assert!(found[0].3.contains("name a weapon of the pack"), "{:?}", found[0]);
}

#[test]
fn a_power_attacking_with_each_weapon_chooses_them_on_its_weapons_line() {
    let text = format!(
        "{PACK}\npower Flurry\nTarget: Enemy in 1\nWeapons: each\n\
         While: the weapon has keyword Melee\nResult: [Weapon Damage] damage\n"
    );
    let found = checked("throws.rules", &text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "rules::check::each_weapon");
    assert_eq!(
        found[0].1,
        "Flurry attacks with each weapon, and `the weapon has keyword Melee` is tested once, \
         with the first"
    );
    assert_eq!(found[0].2, "the weapon has keyword Melee");
    assert_eq!(found[0].3, "choose the weapons on the `Weapons:` line: `Weapons: each Melee`");
}
