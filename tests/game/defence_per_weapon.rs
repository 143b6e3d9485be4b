//! `Defence: ..., N per weapon per turn`: a defence counted for each weapon its holder has
//! equipped — two blocks a turn with one sword, four with a sword and a dagger, none with
//! no weapon — and the line printed back canonically.

use mythforge::runtime::Game;
use mythforge::session::{Session, transcript};

const RULES: &str = "system Parry
Stats: Melee, Agility
Resource Health: max 30
Default check: Versus
Weapon fields: Type keyword

check Versus
Method: versus
Dice: d20
Tie: defender

weapon Sword
Damage: 1d8
Type: Melee

weapon Dagger
Damage: 1d4
Type: Melee

power Strike
Target: Enemy
Check: [Melee] versus a defence
Result: 1 damage
Keywords: [Weapon]

power Block
Defence: unless vs Ranged, 2 per weapon per turn
Check: [Melee]

power Dodge
Defence: any
Check: [Agility]

actor Duellist
Stats: Melee 5, Agility 1
Resources: Health 30
Powers: Strike, Block, Dodge
Equipment: Sword
";

/// The defences Bo makes against five strikes in one turn, after `gear` (session lines
/// granting or revoking weapons).
fn defences(gear: &str) -> Vec<String> {
    let mut game = Game::new(1);
    game.load_source("parry.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    let mut commands = format!("actor Ana from Duellist\nactor Bo from Duellist\n{gear}");
    commands.push_str("encounter Ana, Bo\n");
    for _ in 0..5 {
        commands.push_str("force 10, 10\nAna uses Strike on Bo\n");
    }
    let run = session.run_text("parry.session", &commands, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let text: String = run.steps.iter().map(transcript::step_text).collect();
    text.lines()
        .filter_map(|line| line.strip_prefix("Bo defends with "))
        .map(str::to_string)
        .collect()
}

#[test]
fn one_weapon_blocks_twice_a_turn_two_weapons_four_times() {
    assert_eq!(defences(""), ["Block", "Block", "Dodge", "Dodge", "Dodge"]);
    assert_eq!(
        defences("grant weapon Dagger to Bo\n"),
        ["Block", "Block", "Block", "Block", "Dodge"]
    );
}

#[test]
fn no_weapon_never_blocks() {
    assert_eq!(
        defences("revoke weapon Sword from Bo\n"),
        ["Dodge", "Dodge", "Dodge", "Dodge", "Dodge"]
    );
}

#[test]
fn the_line_prints_back_as_written() {
    let spec = mythforge::model::defence::DefenceSpec::parse(
        "unless vs Ranged,  2 per weapon  per turn",
        |_| mythforge::diagnostics::Span::NONE,
    )
    .unwrap();
    assert!(spec.per_weapon);
    assert_eq!(spec.to_string(), "unless vs Ranged, 2 per weapon per turn");
    let plain = mythforge::model::defence::DefenceSpec::parse("any, 2 per turn", |_| {
        mythforge::diagnostics::Span::NONE
    })
    .unwrap();
    assert!(!plain.per_weapon);
    assert!(
        mythforge::model::defence::DefenceSpec::parse("any, 2 per weapons per turn", |_| {
            mythforge::diagnostics::Span::NONE
        })
        .is_none()
    );
}
