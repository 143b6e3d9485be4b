//! Check tags on the shipped Mystica pack with forced dice: `Keyword Attack: resisted as
//! Dodge` makes the target of every Attack carry the tag Dodge, so the Nah'ree's
//! `+[Level] Agility vs Dodge` raises the number an attack on her must reach by her Level,
//! and counts nowhere else (her own attacks, her plain checks, her sheet). `Check tags:
//! Crafting` lets a check nobody opposes carry a tag (`check Jasmine Dexterity vs 12 as
//! Crafting`), so the Human's `+[Level] checks vs Crafting` counts there and nowhere else.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

/// Shaera: a Nah'ree Invoker, Agility 2 (no party member near: no Kinship); the Bandit:
/// Dexterity 2, Agility 1.
const SETUP: &str = "load \"rules/mystica\"\nactor Shaera from Shaera\nactor Bandit from Bandit\n\
set Shaera Level to 3\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

#[test]
fn a_nahree_of_level_3_dodging_needs_an_attack_3_higher() {
    let mut session = session();
    // 10 + Agility 2 + Level 3: the attack needs 15, not 12.
    let out = run(&mut session, "force 12\nBandit uses Attack on Shaera\n");
    assert!(out.contains("Bandit: 12 -> 14 vs 15: failure"), "{out}");
    let out = run(&mut session, "force 13, 3\nBandit uses Attack on Shaera\n");
    assert!(out.contains("Bandit: 13 -> 15 vs 15: success"), "{out}");
    // Longsword 1d6 (3) + Strength 2 - her Stamina 1.
    assert!(out.contains("Shaera takes 4 damage into Health; Health now 12"), "{out}");
}

#[test]
fn not_when_not_dodging_her_attack_and_her_sheet_keep_agility_2() {
    let mut session = session();
    // Her own attack: 13 + Dexterity 2 against 10 + the Bandit's Agility 1; her Agility is
    // not raised on the attacker's side.
    let out = run(&mut session, "force 13, 3\nShaera uses Attack on Bandit\n");
    assert!(out.contains("Shaera: 13 -> 15 vs 11: success"), "{out}");
    let game = session.backend();
    assert_eq!(game.effective("Shaera", "Agility").unwrap().0, 2);
    // A plain Agility check is no dodge either.
    let out = run(&mut session, "force 8\ncheck Shaera Agility vs 10\n");
    assert!(out.contains("Shaera: 8 -> 10 vs 10: success"), "{out}");
}

/// Jasmine: a Human Phantom, Dexterity 4; Karak: a Gaider, Dexterity 2.
fn crafters() -> Session<Game> {
    session_after(
        "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
         set Jasmine Level to 3\n",
    )
}

#[test]
fn a_human_adds_her_level_on_a_check_tagged_crafting_and_only_there() {
    let mut session = crafters();
    // 2 + Dexterity 7 (4, the Phantom's and her gear's bonuses) + Level 3 when crafting.
    let out = run(&mut session, "force 2\ncheck Jasmine Dexterity vs 12 as Crafting\n");
    assert!(out.contains("Jasmine: 2 -> 12 vs 12: success"), "{out}");
    // The same check untagged: no Level.
    let out = run(&mut session, "force 2\ncheck Jasmine Dexterity vs 12\n");
    assert!(out.contains("Jasmine: 2 -> 9 vs 12: failure"), "{out}");
    // Her attack is no crafting check.
    let out = run(&mut session, "force 2\nJasmine uses Attack on Karak\n");
    assert!(out.contains("Jasmine: 2 -> 9 vs 10: failure"), "{out}");
    // Tagged and made against someone: the tag counts there too.
    let out =
        run(&mut session, "force 2\ncheck Jasmine Dexterity vs 12 as Crafting against Karak\n");
    assert!(out.contains("Jasmine: 2 -> 12 vs 12: success"), "{out}");
    // The opponent first, then the tag: the same check.
    let out =
        run(&mut session, "force 2\ncheck Jasmine Dexterity vs 12 against Karak as Crafting\n");
    assert!(out.contains("Jasmine: 2 -> 12 vs 12: success"), "{out}");
    // A Gaider adds nothing on a crafting check (the tag reads in any case).
    let out = run(&mut session, "force 2\ncheck Karak Dexterity vs 12 as crafting\n");
    assert!(out.contains("Karak: 2 -> 6 vs 12: failure"), "{out}");
}

#[test]
fn a_tag_no_check_tags_line_declares_is_refused_with_the_declared_ones() {
    let mut session = crafters();
    let found = refused(&mut session, "check Jasmine Dexterity vs 12 as Crafing\n");
    assert_eq!(found[0].code, "session::unknown_tag");
    assert_eq!(found[0].message, "no `Check tags:` line declares the tag `Crafing`");
    assert_eq!(found[0].help.as_deref(), Some("did you mean `Crafting`?"));
}
