//! Extra spending on a power (`spending 3 Focus` in a session): paid after the cost, all or
//! nothing, and readable as `Spent` on the power's Result lines.

use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Spending
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Focus: no max
Default check: Roll

check Roll
Method: pool
Dice: 1d10
Modifier: each die
Success: >= [Threshold]

power Surge
Cost: 1 Focus
Target: Enemy
Threshold: Target's Defense
Check: [Attack]
Result: [2 + Spent] damage

actor Hero
Stats: Attack 3, Defense 10
Resources: HP 20, Max HP 20, Focus 5
Powers: Surge

actor Foe
Stats: Attack 0, Defense 5
Resources: HP 20, Max HP 20, Focus 0
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("spending.rules", PACK).expect("the pack loads");
    game.add_actor("Hero", Some("Hero"), &[]).unwrap();
    game.add_actor("Foe", Some("Foe"), &[]).unwrap();
    game
}

fn surge(spending: &[(&str, i64)]) -> PowerUse {
    let mut request = PowerUse::new("Hero", "Surge").at(["Foe"]);
    request.options.spending = spending.iter().map(|(r, n)| ((*r).to_string(), *n)).collect();
    request
}

fn current(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

#[test]
fn spent_resources_are_paid_and_add_to_the_result() {
    let mut game = game();
    game.world_mut().roller.force([5]);
    game.use_power(&surge(&[("Focus", 3)])).unwrap();
    // Cost 1 + spent 3 from Focus 5; 2 + Spent 3 = 5 damage.
    assert_eq!(current(&game, "Hero", "Focus"), 1);
    assert_eq!(current(&game, "Foe", "HP"), 15);
}

#[test]
fn nothing_spent_means_spent_is_zero() {
    let mut game = game();
    game.world_mut().roller.force([5]);
    game.use_power(&surge(&[])).unwrap();
    assert_eq!(current(&game, "Hero", "Focus"), 4);
    assert_eq!(current(&game, "Foe", "HP"), 18);
}

#[test]
fn spending_more_than_is_left_after_the_cost_changes_nothing() {
    let mut game = game();
    game.world_mut().roller.force([5]);
    let before = serde_json::to_string(game.world()).unwrap();
    let error = game.use_power(&surge(&[("Focus", 5)])).unwrap_err();
    assert_eq!(error.to_string(), "Hero needs 5 Focus but has 4: short by 1");
    assert_eq!(serde_json::to_string(game.world()).unwrap(), before);
}

#[test]
fn negative_spending_is_refused_at_the_power() {
    let mut game = game();
    let before = serde_json::to_string(game.world()).unwrap();
    let error = game.use_power(&surge(&[("Focus", -2)])).unwrap_err();
    assert_eq!(error.kind.code(), "runtime::negative_spending");
    assert_eq!(error.to_string(), "cannot spend a negative amount (-2 Focus)");
    assert_eq!(serde_json::to_string(game.world()).unwrap(), before);
}
