//! `drop the weapon at Target` and `pick up gear within N`: a thrown weapon leaves its
//! thrower's equipment and lies on the target's cell (shown by `show state`), a use naming it
//! is refused with where it lies, and picking it up equips it again; undo puts it back. On
//! the shipped Mythmaster pack's thrown Snap Attack and its Pick Up.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

/// Grok (foes) 3 hexes from Aldric, with a spear to throw, on his own turn.
fn session() -> Session<Game> {
    session_after(
        "load \"rules/mythmaster\"\nactor Aldric from Aldric\nactor Grok from Grok\n\
         actor Wren from Wren\nplace Aldric at 0,0\nplace Grok at 3,0\nplace Wren at -5,0\n\
         encounter Aldric, Wren, Grok\nnext turn\nnext turn\ngrant weapon Spear to Grok\n\
         grant power Snap Attack to Grok\ngrant power Pick Up to Grok\n",
    )
}

fn equipment(session: &Session<Game>, actor: &str) -> Vec<String> {
    session.backend().world().actor(actor).unwrap().equipment.clone()
}

fn ground(session: &Session<Game>) -> Vec<(String, Vec<String>)> {
    let world = session.backend().world();
    world.ground.iter().map(|(hex, items)| (hex.to_string(), items.clone())).collect()
}

#[test]
fn a_thrown_spear_lies_on_the_targets_hex_until_picked_up() {
    let mut session = session();
    // 10 + Ranged 6 - 2 = 14 against the buckler's 21: a miss, and the spear still flies.
    let out =
        run(&mut session, "force 10, 10\nGrok uses Snap Attack on Aldric with weapon Spear\n");
    assert!(out.contains("Grok: 14 vs 21: defender wins by 7"), "{out}");
    assert!(out.contains("Grok's Spear lies at 0,0"), "{out}");
    assert_eq!(equipment(&session, "Grok"), ["Battle Axe", "Chain Mail"]);
    assert_eq!(ground(&session), [("0,0".to_string(), vec!["Spear".to_string()])]);
    let state = run(&mut session, "show state\n");
    assert!(state.contains("lying at 0,0: Spear"), "{state}");

    // Thrown, it is no longer equipped: the next throw is refused, naming where it lies.
    let refused =
        session.run_text("x.session", "Grok uses Snap Attack on Aldric with weapon Spear\n", None);
    let failure = format!("{:?}", refused.failure.expect("not equipped"));
    assert!(failure.contains("Grok does not have `Spear` equipped"), "{failure}");
    assert!(
        failure.contains("Spear was thrown or dropped and lies at 0,0; pick it up first"),
        "{failure}"
    );

    // From 3,0 nothing lies within 1; next round, next to Aldric, Grok picks it up.
    let out = run(&mut session, "Grok uses Pick Up\n");
    assert!(out.contains("nothing lies within 1 of Grok"), "{out}");
    let out = run(
        &mut session,
        "next turn\nnext turn\nnext turn\nplace Grok at 1,0\nGrok uses Pick Up\n",
    );
    assert!(out.contains("Grok picks up Spear at 0,0"), "{out}");
    assert_eq!(equipment(&session, "Grok"), ["Battle Axe", "Chain Mail", "Spear"]);
    assert!(ground(&session).is_empty());
}

#[test]
fn undo_puts_the_thrown_spear_back_in_hand() {
    let mut session = session();
    run(&mut session, "force 10, 10\nGrok uses Snap Attack on Aldric with weapon Spear\nundo\n");
    assert_eq!(equipment(&session, "Grok"), ["Battle Axe", "Chain Mail", "Spear"]);
    assert!(ground(&session).is_empty());
}

const RULES: &str = "system Throws
Resource HP: max 10

weapon Knife
Damage: 1

power Toss
Target: Enemy in 5
Result: 1 damage; drop the weapon at Target

power Flail
Target: Enemy in 5
Result: 1 damage; drop the weapon

actor Body
Resources: HP 10
Powers: Toss, Flail
";

#[test]
fn a_use_without_a_weapon_has_nothing_to_drop() {
    let mut game = Game::new(1);
    game.load_source("throws.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    run(
        &mut session,
        "actor Ana from Body\nactor Bo from Body\nplace Ana at 0,0\nplace Bo at 2,0\n",
    );
    let refused = session.run_text("x.session", "Ana uses Toss on Bo\n", None);
    let failure = format!("{:?}", refused.failure.expect("no weapon"));
    assert!(failure.contains("Ana has no weapon in this use to drop"), "{failure}");
    assert!(failure.contains("belongs on a power used with a weapon"), "{failure}");
    // Refused as a whole: the damage before it is taken back.
    assert_eq!(session.backend().world().actor("Bo").unwrap().resources["HP"].current, 10);
    // With the knife it lies at Bo's cell; `drop the weapon` alone at the user's own.
    run(&mut session, "grant weapon Knife to Ana\nAna uses Toss on Bo\n");
    assert_eq!(ground(&session), [("2,0".to_string(), vec!["Knife".to_string()])]);
    run(&mut session, "grant weapon Knife to Ana\nAna uses Flail on Bo\n");
    assert_eq!(
        ground(&session),
        [
            ("0,0".to_string(), vec!["Knife".to_string()]),
            ("2,0".to_string(), vec!["Knife".to_string()])
        ]
    );
}
