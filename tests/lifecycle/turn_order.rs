//! Row "`Turn order: [Agility]` (no dice) silently rolls 1d10": an order without dice orders
//! by its value; equal values go to the higher hole sum, then keep the order named.

use super::common::game;

const PACK: &str = "
system Quick
Stats: Agility
Turn order: [Agility]

actor Runner
Stats: Agility 3
";

#[test]
fn an_order_without_dice_orders_by_value_and_rolls_nothing() {
    let mut game = game(PACK);
    game.add_actor("Slow", Some("Runner"), &[]).unwrap();
    game.add_actor("Fast", Some("Runner"), &[("Agility", 5)]).unwrap();
    game.add_actor("Also fast", Some("Runner"), &[("Agility", 5)]).unwrap();
    let before = game.world().roller.state();
    let mark = game.mark();
    let order = game.start_encounter(&["Slow", "Also fast", "Fast"]).unwrap();
    // Equal values keep the order the participants were named in.
    assert_eq!(order, ["Also fast", "Fast", "Slow"]);
    assert_eq!(game.world().roller.state(), before, "no die was rolled");
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Also fast's turn order value is 5"), "{transcript}");
    assert!(transcript.contains("Slow's turn order value is 3"), "{transcript}");
    assert!(!transcript.contains("initiative"), "{transcript}");
}

#[test]
fn literal_numbers_in_the_order_count_too() {
    let mut game = game(&PACK.replace("Turn order: [Agility]", "Turn order: [Agility] * 2 - 10"));
    game.add_actor("Slow", Some("Runner"), &[]).unwrap();
    game.add_actor("Fast", Some("Runner"), &[("Agility", 5)]).unwrap();
    let mark = game.mark();
    assert_eq!(game.start_encounter(&["Slow", "Fast"]).unwrap(), ["Fast", "Slow"]);
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Fast's turn order value is 0"), "{transcript}");
    assert!(transcript.contains("Slow's turn order value is -4"), "{transcript}");
}

#[test]
fn an_order_with_dice_rolls_every_die_it_names() {
    let mut game = game(&PACK.replace("Turn order: [Agility]", "Turn order: 2d6 + [Agility]"));
    game.add_actor("Slow", Some("Runner"), &[]).unwrap();
    game.add_actor("Fast", Some("Runner"), &[("Agility", 5)]).unwrap();
    game.world_mut().roller.force([1, 1, 6, 6]);
    let order = game.start_encounter(&["Fast", "Slow"]).unwrap();
    // Fast: 1 + 1 + 5 = 7; Slow: 6 + 6 + 3 = 15.
    assert_eq!(order, ["Slow", "Fast"]);
    assert_eq!(game.world().roller.forced().len(), 0);
}
