//! Reactions to an attack, as the general language runs them: a hit's event rule answers
//! the `Attacker` and tests `the attack has keyword X`; a `damage taken` modifier with
//! `vs`/`unless` counts only against an attack with (or without) the keyword, several
//! relations all holding; `damage taken leaves 1` keeps the holder at 1; `remove X from
//! every ally` ends a shared cover.

use crate::common::sessions::{run, session_with};

const DUEL: &str = "system Duel
Resource HP: max 20
Turn order: 1d20
On hit: if you are Countering and the attack has keyword Melee: Attacker takes [Trigger's Damage] damage
On hit: if you are Covered and not the attack has keyword Area: remove Covered from Self; remove Covered from every ally

condition Countering
Modifiers: damage taken * 1.5 round down vs Ranged

condition Warded
Modifiers: damage taken * 0 vs Projectile unless vs Spell

condition Covered
Modifiers: damage taken * 0.5 round down unless vs Area, damage taken leaves 1 unless vs Area

condition Burning
Trigger: you start your turn
Effect: 3 damage

power Slash
Target: Enemy
Result: 6 damage
Keywords: Melee

power Shoot
Target: Enemy
Result: 6 damage
Keywords: Ranged Projectile

power Bolt
Target: Enemy
Result: 6 damage
Keywords: Ranged Projectile Spell

power Blast
Target: Burst 1
Result: 6 damage

actor Brute
Resources: HP 20
Powers: Slash, Shoot, Bolt, Blast
";

const CAST: &str = "actor Ana from Brute\nactor Bo from Brute\nactor Cy from Brute\n\
                    side Ana, Cy: party\nside Bo: foes\nplace Ana at 0,0\nplace Cy at 3,3\n\
                    place Bo at 1,0\n";

#[test]
fn a_melee_hit_is_returned_to_the_attacker_and_a_ranged_one_hurts_more() {
    let mut session = session_with("duel.rules", DUEL, CAST);
    let out = run(&mut session, "apply Countering to Ana\nBo uses Slash on Ana\n");
    assert!(out.contains("Ana takes 6 damage into HP; HP now 14\nAna (on hit)\n"), "{out}");
    assert!(out.contains("Bo takes 6 damage into HP; HP now 14"), "{out}");
    // Ranged: 6 * 1.5 = 9, and not returned (the rule asks for Melee).
    let out = run(&mut session, "Bo uses Shoot on Ana\n");
    assert!(out.contains("Ana takes 9 damage into HP (from 6); HP now 5"), "{out}");
    assert!(!out.contains("Bo takes"), "{out}");
}

#[test]
fn a_projectile_is_deflected_and_a_magic_one_is_not() {
    let mut session = session_with("duel.rules", DUEL, CAST);
    let out = run(&mut session, "apply Warded to Ana\nBo uses Shoot on Ana\nBo uses Bolt on Ana\n");
    assert!(out.contains("Ana takes 0 damage into HP (from 6); HP now 20"), "{out}");
    assert!(out.contains("Ana takes 6 damage into HP; HP now 14"), "{out}");
    // A melee blow carries no Projectile keyword.
    let out = run(&mut session, "Bo uses Slash on Ana\n");
    assert!(out.contains("Ana takes 6 damage into HP; HP now 8"), "{out}");
}

#[test]
fn a_covered_ally_is_left_at_1_and_the_cover_ends_for_everyone() {
    let mut session = session_with("duel.rules", DUEL, CAST);
    let out = run(
        &mut session,
        "apply Covered to Ana\napply Covered to Cy\nset Ana HP to 2\nBo uses Slash on Ana\n",
    );
    assert!(
        out.contains(
            "Ana takes 3 damage into HP (from 6); HP now 0\nAna: HP 0 -> 1\n\
             Ana is left at 1 HP, not 0\nAna (on hit)\nAna loses Covered\nCy loses Covered\n"
        ),
        "{out}"
    );
    // Spent: the next blow is whole.
    let out = run(&mut session, "set Ana HP to 10\nBo uses Slash on Ana\n");
    assert!(out.contains("Ana takes 6 damage into HP; HP now 4"), "{out}");
}

#[test]
fn an_area_attack_is_not_intercepted_and_leaves_the_cover() {
    let mut session = session_with("duel.rules", DUEL, CAST);
    let out = run(&mut session, "apply Covered to Ana\nBo uses Blast at 0,0\n");
    assert!(out.contains("Ana takes 6 damage into HP; HP now 14"), "{out}");
    assert!(!out.contains("Ana loses Covered"), "{out}");
    let out = run(&mut session, "Bo uses Slash on Ana\n");
    assert!(out.contains("Ana takes 3 damage into HP (from 6); HP now 11"), "{out}");
    assert!(out.contains("Ana loses Covered"), "{out}");
}

#[test]
fn a_hit_no_power_deals_counts_no_relative_damage_taken() {
    // A condition's ongoing damage is no attack: `unless vs Area` does not halve it, and
    // the GM's damage is not halved either; `leaves 1` counts only with its relation.
    let mut session = session_with("duel.rules", DUEL, CAST);
    let out = run(
        &mut session,
        "apply Covered to Ana\napply Countering to Ana\nBo takes 4 damage\nAna takes 4 damage\n",
    );
    assert!(out.contains("Ana takes 4 damage into HP; HP now 16"), "{out}");
    assert!(!out.contains("Ana (on hit)"), "{out}");
    assert!(!out.contains("Ana loses Covered"), "{out}");
}

#[test]
fn attacker_is_the_one_who_struck_and_nobody_without_an_attack() {
    let pack = "system Sting
Resource HP: max 20
On damage taken: apply Stung to Attacker

condition Stung

power Jab
Target: Enemy
Result: 2 damage

actor Wasp
Resources: HP 20
Powers: Jab
";
    let mut session = session_with(
        "sting.rules",
        pack,
        "actor Ana from Wasp\nactor Bo from Wasp\nside Bo: foes\n",
    );
    let out = run(&mut session, "Bo uses Jab on Ana\n");
    assert!(out.contains("Ana (on damage taken)\nBo gains Stung\n"), "{out}");
    // The GM's damage has no attacker: the rule fails at the word, and nothing changes.
    let refusal = crate::common::sessions::refused(&mut session, "Ana takes 3 damage\n");
    assert_eq!(refusal[0].message, "`Attacker` names nobody here: no attack struck");
    let hp = session.backend().world().actor("Ana").unwrap().resources["HP"].current;
    assert_eq!(hp, 18);
}
