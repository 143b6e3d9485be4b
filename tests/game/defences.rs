//! Defences inside an attack (`Check: [...] versus a defence`): the target chooses among its
//! defence powers, gates refuse some attacks, uses per turn run out, the penalty grows with
//! the defences made this turn, ties go to the defender and several defences keep the best.
//! The fixture is tests/fixtures/defences/duel.rules (d20 + value, ties to the defender).

use mythforge::engine::{Answer, Decider, DecisionPoint, DecisionTaken};
use mythforge::runtime::{Game, PowerUse};

use super::common::game_with;

/// Answers each question with the next of its amounts, and remembers the options offered.
struct Scripted {
    answers: Vec<i64>,
    asked: Vec<Vec<String>>,
}

impl Decider for Scripted {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        if let DecisionPoint::Choose { options, .. } = point {
            self.asked.push(options.clone());
        }
        let answer = if self.answers.is_empty() { 0 } else { self.answers.remove(0) };
        DecisionTaken { point: point.clone(), answer: Answer::Amount(answer), policy: None }
    }
}

fn duel() -> Game {
    let mut game = game_with(1, &["tests/fixtures/defences/duel.rules"]);
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Guard"), &[]).unwrap();
    game.add_actor("Cy", Some("Fighter"), &[]).unwrap();
    game
}

/// `user` strikes `target` (with `weapon` if given), the attack's and then each defence's
/// d20 forced to `dice`: (margin, grade).
fn strike(
    game: &mut Game,
    user: &str,
    target: &str,
    weapon: Option<&str>,
    dice: &[u32],
) -> (i64, u32) {
    game.world_mut().roller.force(dice.iter().copied());
    let mut request = PowerUse::new(user, "Strike").at([target]);
    request.options.weapon = weapon.map(str::to_string);
    let outcome = game.use_power(&request).unwrap();
    let target = &outcome.targets[0];
    assert_eq!(target.names[0].0, "Margin");
    (target.names[0].1, target.grade)
}

#[test]
fn the_third_fourth_and_fifth_defence_of_a_turn_take_the_growing_penalty() {
    let mut game = duel();
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    // Under the policy Bo takes the first defence offered: Block (Melee 5) twice, then
    // Block is used up and Shield Block (Shield Skill 4) takes -1, -2, -3. Ana's attack is
    // 10 + 5 = 15 each time; every defence rolls 10.
    // A hit rolls its damage die too.
    let dice: [&[u32]; 5] = [&[10, 10], &[10, 10], &[10, 10, 1], &[10, 10, 1], &[10, 10, 1]];
    let results: Vec<(i64, u32)> =
        dice.iter().map(|dice| strike(&mut game, "Ana", "Bo", None, dice)).collect();
    // 15 vs 15 twice (the defender wins the tie), then 15 vs 13, 12, 11.
    assert_eq!(results, [(0, 0), (0, 0), (2, 1), (3, 1), (4, 1)]);
}

#[test]
fn a_block_is_not_offered_against_a_ranged_attack() {
    let mut game = duel();
    let mut decider = Scripted { answers: vec![0], asked: Vec::new() };
    game.world_mut().roller.force([12, 10, 1]);
    let mut request = PowerUse::new("Ana", "Strike").at(["Cy"]);
    request.options.weapon = Some("Bow".into());
    let outcome = game.use_power_with(&request, &mut decider).unwrap();
    // Cy (no shield) has Block and Dodge; against the Bow only Dodge counts.
    assert_eq!(decider.asked, [vec!["Dodge".to_string(), "none".to_string()]]);
    // 12 + 5 against Dodge 10 + 3: Ana wins by 4.
    assert_eq!((outcome.targets[0].names[0].1, outcome.targets[0].grade), (4, 1));
    // Against the Sword both are offered.
    let mut decider = Scripted { answers: vec![0, 0], asked: Vec::new() };
    game.world_mut().roller.force([12, 10, 1]);
    let outcome =
        game.use_power_with(&PowerUse::new("Ana", "Strike").at(["Cy"]), &mut decider).unwrap();
    // 12 + 5 against Block 10 + 5: Ana wins by 2.
    assert_eq!((outcome.targets[0].names[0].1, outcome.targets[0].grade), (2, 1));
    let offered = [vec!["Block", "Dodge", "none"], vec!["no more", "Dodge"]];
    assert_eq!(decider.asked, offered.map(|o| o.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
}

#[test]
fn a_tie_goes_to_the_defender_and_an_undefended_attack_lands() {
    let mut game = duel();
    // Block: 10 + 5 against 10 + 5.
    assert_eq!(strike(&mut game, "Ana", "Cy", None, &[10, 10]), (0, 0));
    // Cy declines to defend: the attack (3 + 5) is compared with 0.
    let mut decider = Scripted { answers: vec![2], asked: Vec::new() };
    game.world_mut().roller.force([3, 1]);
    let outcome =
        game.use_power_with(&PowerUse::new("Ana", "Strike").at(["Cy"]), &mut decider).unwrap();
    assert_eq!((outcome.targets[0].names[0].1, outcome.targets[0].grade), (8, 1));
}

#[test]
fn several_defences_against_one_attack_keep_the_best_roll() {
    // Cy picks Dodge (option 1), then Block (option 1 of "no more", "Block"); the attack
    // rolls first, then Dodge, then Block.
    let two = |dice: [u32; 4]| {
        let mut game = duel();
        let mut decider = Scripted { answers: vec![1, 1], asked: Vec::new() };
        game.world_mut().roller.force(dice);
        let request = PowerUse::new("Ana", "Strike").at(["Cy"]);
        let outcome = game.use_power_with(&request, &mut decider).unwrap();
        (outcome.targets[0].names[0].1, outcome.targets[0].grade)
    };
    // 15 against Dodge 3 + 3 and Block 12 + 5: the Block counts, Cy wins by 2.
    assert_eq!(two([10, 3, 12, 1]), (2, 0));
    // 15 against Dodge 18 + 3 and Block 1 + 5: the Dodge counts, Cy wins by 6 (the last
    // die is left over: a miss rolls no damage).
    assert_eq!(two([10, 18, 1, 1]), (6, 0));
    // 15 against Dodge 2 + 3 and Block 4 + 5: neither holds, Ana wins by 6.
    assert_eq!(two([10, 2, 4, 1]), (6, 1));
}

#[test]
fn out_of_an_encounter_nothing_is_counted() {
    let mut game = duel();
    // No turns: Block stays first and takes no penalty however often it is made.
    let results: Vec<(i64, u32)> =
        (0..4).map(|_| strike(&mut game, "Ana", "Bo", None, &[11, 10, 1])).collect();
    assert_eq!(results, [(1, 1); 4]);
}

#[test]
fn a_defence_used_on_its_own_is_refused_at_its_defence_line() {
    let mut game = duel();
    let before = game.world().log.len();
    let error = game.use_power(&PowerUse::new("Bo", "Block").at(["Ana"])).unwrap_err();
    assert_eq!(
        error.kind.to_string(),
        "Block is a defence: it answers an attack and is never used on its own"
    );
    let source = std::fs::read_to_string("tests/fixtures/defences/duel.rules").unwrap();
    assert!(source[error.span.range()].starts_with("Defence: "), "{:?}", error.span);
    assert_eq!(game.world().log.len(), before, "nothing logged");
}

#[test]
fn a_defence_tests_the_weapon_its_holder_defends_with() {
    // Block only with a melee weapon in hand: the first equipped weapon, which its lines read.
    let text = std::fs::read_to_string("tests/fixtures/defences/duel.rules").unwrap().replace(
        "power Block\nDefence: unless vs Ranged, 2 per turn\n",
        "power Block\nDefence: unless vs Ranged, 2 per turn\nWhile: the weapon has keyword Melee\n",
    );
    let offered = |equipment: &str| {
        let mut game = mythforge::runtime::Game::new(1);
        game.load_source("duel.rules", &text.replace("Equipment: Sword, Bow", equipment)).unwrap();
        game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
        game.add_actor("Cy", Some("Fighter"), &[]).unwrap();
        let mut decider = Scripted { answers: vec![0], asked: Vec::new() };
        game.world_mut().roller.force([10, 1]);
        let request = PowerUse::new("Ana", "Strike").at(["Cy"]);
        game.use_power_with(&request, &mut decider).unwrap();
        decider.asked[0].clone()
    };
    assert_eq!(offered("Equipment: Sword, Bow"), ["Block", "Dodge", "none"]);
    assert_eq!(offered("Equipment: Bow, Sword"), ["Dodge", "none"]);
}
