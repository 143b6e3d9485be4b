//! A defence reads the attack it answers: `Modifiers: -4 vs Weapon, +[Weapon's Fast Block]
//! vs Fast` adds each entry whose keyword the attack has (`unless vs`: lacks), read on the
//! defender with its own weapon as `Weapon`; a power whose `Keywords:` line reads
//! `[Weapon]` has the keyword `Weapon` only when its use carries one.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::run;

const RULES: &str = "system Hands
Stats: Melee, Unarmed
Resource Health: max 30
Default check: Versus
Record Attack: Hit number, Block number
Weapon fields: Fast Attack, Strong Attack, Type keyword

check Versus
Method: versus
Dice: d20
Tie: defender

weapon Sword
Fast: Hit 0, Block 2
Strong: Hit 0, Block -1
Damage: 1d8
Type: Melee

power Fast Attack
Target: Enemy
Check: [Melee] versus a defence
Result: 1 damage
Keywords: Fast [Weapon]

power Strong Attack
Target: Enemy
Check: [Melee] versus a defence
Result: 1 damage
Keywords: Strong [Weapon]

power Block
Defence: unless vs Ranged, 2 per weapon per round
While: wielding a Melee
Check: [Melee]
Modifiers: +[Weapon's Fast Block] vs Fast, +[Weapon's Strong Block] vs Strong

power Unarmed Block
Defence: unless vs Ranged, 4 per round
While: not wielding a Melee
Check: [Unarmed]
Modifiers: -4 vs Weapon

actor Fighter
Stats: Melee 5, Unarmed 3
Resources: Health 30
Powers: Fast Attack, Strong Attack, Block, Unarmed Block
";

/// The defence and check lines of the attack `line` after `setup`, the dice forced to 10
/// (attacker) and 10 (defender).
fn attack(setup: &str, line: &str) -> Vec<String> {
    let mut game = Game::new(1);
    game.load_source("hands.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    run(&mut session, &format!("{setup}encounter Ana, Bo\n"));
    let text = run(&mut session, &format!("force 10, 10\n{line}\n"));
    text.lines()
        .filter(|l| l.starts_with("Bo defends") || l.starts_with("Bo: ") || l.starts_with("Ana: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn an_unarmed_block_is_at_minus_4_against_a_weapon() {
    let setup = "actor Ana from Fighter\nactor Bo from Fighter\ngrant weapon Sword to Ana\n";
    assert_eq!(
        attack(setup, "Ana uses Fast Attack on Bo"),
        [
            "Bo defends with Unarmed Block",
            "Ana: 10 -> 15 vs 0: success",
            "Bo: 10 -> 9 vs 0: success",
            "Ana: 15 vs 9: attacker wins by 6",
        ]
    );
}

#[test]
fn an_unarmed_block_is_at_0_against_an_unarmed_attack() {
    let setup = "actor Ana from Fighter\nactor Bo from Fighter\n";
    assert_eq!(
        attack(setup, "Ana uses Fast Attack on Bo"),
        [
            "Bo defends with Unarmed Block",
            "Ana: 10 -> 15 vs 0: success",
            "Bo: 10 -> 13 vs 0: success",
            "Ana: 15 vs 13: attacker wins by 2",
        ]
    );
}

#[test]
fn a_block_takes_its_weapons_modifier_for_the_attacks_type() {
    let setup = "actor Ana from Fighter\nactor Bo from Fighter\ngrant weapon Sword to Ana\n\
                 grant weapon Sword to Bo\n";
    assert_eq!(
        attack(setup, "Ana uses Fast Attack on Bo"),
        [
            "Bo defends with Block",
            "Ana: 10 -> 15 vs 0: success",
            "Bo: 10 -> 17 vs 0: success",
            "Ana: 15 vs 17: defender wins by 2",
        ]
    );
    assert_eq!(
        attack(setup, "Ana uses Strong Attack on Bo"),
        [
            "Bo defends with Block",
            "Ana: 10 -> 15 vs 0: success",
            "Bo: 10 -> 14 vs 0: success",
            "Ana: 15 vs 14: attacker wins by 1",
        ]
    );
}
