//! `[Damage Dealt]` counts what got through: after an armour layer's absorption, the health
//! the line's damage took from its subject, summed over the line's damage effects so far;
//! a `when` part takes the rest of the line.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::run;

const RULES: &str = "system Plates
Stats: Might
Resource HP: max 20
Resource Marks: start 0; no max
Layered Body: HP

armour Plate
Protection: 3

condition Dazed

power Strike
Target: Enemy
Effect: [Might] damage; gain [Damage Dealt] Marks; when [Damage Dealt >= 2]: Target is Dazed

power Twice
Target: Enemy
Effect: [Might] damage; 1 damage; gain [Damage Dealt] Marks

actor Fighter
Stats: Might 5
Resources: HP 20
Powers: Strike, Twice

actor Knight
Stats: Might 5
Resources: HP 20
Equipment: Plate
";

fn marks(session: &Session<Game>, who: &str) -> i64 {
    session.backend().world().actor(who).unwrap().resources["Marks"].current
}

#[test]
fn damage_dealt_is_what_the_armour_let_through_and_adds_up_along_the_line() {
    let mut game = Game::new(1);
    game.load_source("plates.rules", RULES).expect("the pack loads");
    let mut session = Session::new(game, 1);
    run(
        &mut session,
        "actor Ana from Fighter\nactor Bo from Knight\nactor Cy from Fighter with Might 4\n",
    );
    // 5 into the Plate's 3: 2 gets through, enough to daze.
    let out = run(&mut session, "Ana uses Strike on Bo\n");
    assert!(
        out.ends_with(
            "Plate absorbs 3 (3 -> 3); 2 passes through\nBo: HP 20 -> 18\nAna: Marks 0 -> 2\nBo gains Dazed\n"
        ),
        "{out}"
    );
    assert_eq!(marks(&session, "Ana"), 2);
    // Cy's 4 into the Plate: 1 gets through, not enough.
    let out = run(&mut session, "Cy uses Strike on Bo\n");
    assert!(out.contains("[Damage Dealt >= 2] does not hold"), "{out}");
    assert_eq!(marks(&session, "Cy"), 1);
    // Without armour every point counts, and two damage effects add up: 5 + 1.
    run(&mut session, "Ana uses Twice on Cy\n");
    assert_eq!(marks(&session, "Ana"), 2 + 6);
}
