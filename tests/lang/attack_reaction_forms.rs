//! The forms reactions to an attack are written in: `damage taken` with one or more
//! relations (`vs Projectile unless vs Spell`), `damage taken leaves 1`, `remove X from every
//! ally`, `Attacker takes ...` and `the attack has keyword X` in a hit's event rule. They
//! print as written; `check` refuses them where nothing could run them.

use crate::common::checked::checked;
use mythforge::diagnostics::SourceMap;

const FORMS: &str = "system Duel
Stats: Defense
Resource HP: max 20
On hit: if you are Countering and the attack has keyword Melee: Attacker takes [Trigger's Damage] damage
On damage taken: if you are Covered and not the attack has keyword Area: remove Covered from Self; remove Covered from every ally

condition Countering
Modifiers: damage taken * 1.5 round down vs Ranged

condition Warded
Modifiers: damage taken * 0 vs Projectile unless vs Spell

condition Covered
Modifiers: damage taken * 0.5 round down unless vs Area, damage taken leaves 1 unless vs Area

power Shoot
Target: Enemy
Result: 6 damage
Keywords: Ranged Projectile Spell Melee
";

#[test]
fn the_forms_print_as_written_and_check_clean() {
    let mut sources = SourceMap::new();
    let (file, errors) = mythforge::parse::parse_source(&mut sources, "duel.rules", FORMS);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(mythforge::model::format_file(&file), FORMS);
    assert_eq!(checked("duel.rules", FORMS), Vec::new());
}

/// The one diagnostic `check` gives `FORMS` with `from` replaced by `to`.
fn refusal(from: &str, to: &str) -> (String, String, String, String) {
    assert!(FORMS.contains(from), "{from}");
    let text = FORMS.replace(from, to);
    let mut found = checked("duel.rules", &text);
    assert_eq!(found.len(), 1, "{found:#?}");
    found.remove(0)
}

#[test]
fn attacker_outside_a_hits_rule_is_refused_at_the_word() {
    let (code, message, under, help) =
        refusal("Result: 6 damage", "Result: 6 damage; Attacker takes 2 damage");
    assert_eq!(code, "rules::check::attacker");
    assert_eq!(message, "`Attacker` names nobody here: only a hit's event rule has an attacker");
    assert_eq!(under, "Attacker");
    assert!(help.starts_with("write it in a system line `On hit: ...`"), "{help}");
    // As the subject of `apply` too.
    let (code, _, under, _) =
        refusal("Result: 6 damage", "Result: 6 damage; apply Countering to Attacker");
    assert_eq!((code.as_str(), under.as_str()), ("rules::check::attacker", "Attacker"));
    // `On kill` is the killer's: no attack struck the one the rule runs for.
    let (code, _, under, _) = refusal(
        "On hit: if you are Countering and the attack has keyword Melee: Attacker",
        "On kill: Attacker",
    );
    assert_eq!((code.as_str(), under.as_str()), ("rules::check::attacker", "Attacker"));
}

#[test]
fn the_attack_is_tested_only_in_a_hits_rule() {
    let (code, message, under, _) =
        refusal("On damage taken: if you are Covered", "On turn start: if you are Covered");
    assert_eq!(code, "rules::check::no_power_here");
    assert_eq!(under, "not the attack");
    assert!(message.contains("not the attack"), "{message}");
}

#[test]
fn relations_count_on_damage_taken_only() {
    let (code, message, under, help) = refusal(
        "damage taken * 1.5 round down vs Ranged",
        "damage dealt * 1.5 round down vs Ranged",
    );
    assert_eq!(code, "rules::check::uncounted_modifier");
    assert_eq!(
        message,
        "a relative modifier only adds to a stat, so this modifier would never count"
    );
    assert_eq!(under, "damage dealt * 1.5 round down vs Ranged");
    assert!(help.contains("`damage taken * 1.5 vs Ranged`"), "{help}");
    // Two relations on a stat: relative_bonus reads one.
    let (code, message, under, _) =
        refusal("damage taken * 1.5 round down vs Ranged", "+2 Defense vs Ranged unless vs Spell");
    assert_eq!(code, "rules::check::uncounted_modifier");
    assert_eq!(
        message,
        "a second `vs`/`unless` only counts on `damage taken`, so this modifier would never count"
    );
    assert_eq!(under, "+2 Defense vs Ranged unless vs Spell");
}

#[test]
fn leaves_floors_only_the_health_a_hit_leaves() {
    let (code, message, under, help) =
        refusal("damage taken leaves 1 unless vs Area", "healing received leaves 1");
    assert_eq!(code, "rules::check::uncounted_modifier");
    assert_eq!(message, "`healing received` takes no `leaves`, so this modifier would never count");
    assert_eq!(under, "healing received leaves 1");
    assert_eq!(
        help,
        "only a hit leaves health to floor: write `damage taken leaves 1`, or floor the amount \
         (`min 1`)"
    );
}
