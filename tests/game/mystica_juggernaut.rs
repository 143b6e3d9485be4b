//! Mystica's Juggernaut (Legionnaire, tier 5): a stance; at the end of each of the
//! Legionnaire's turns every enemy beside him and he himself take his Level in damage, until
//! he leaves the stance.

use crate::common::sessions::{run, session_after};

#[test]
fn every_enemy_beside_him_and_he_take_his_level_at_each_turns_end() {
    let mut session = session_after(
        "load \"rules/mystica\"\nactor Karak from Karak\nactor Jasmine from Jasmine\n\
         actor Bandit from Bandit\nactor Far from Bandit\nside Karak, Jasmine: party\n\
         place Karak at 0,0\nplace Jasmine at 0,1\nplace Bandit at 1,0\nplace Far at 5,5\n\
         set Karak Level to 3\ngrant stance Juggernaut to Karak\nforce 1, 1, 1, 1\n\
         encounter Karak, Jasmine, Bandit, Far\nKarak adopts Juggernaut\n",
    );
    // Jasmine (Dexterity 7) acts first; then Karak's turn ends.
    let out = run(&mut session, "next turn\nnext turn\n");
    assert!(out.contains("Karak's Juggernauting acts at turn end"), "{out}");
    assert!(out.contains("Bandit takes 3 damage into Health; Health now 13"), "{out}");
    assert!(out.contains("Karak takes 3 damage into Health; Health now 32"), "{out}");
    // His ally beside him and the foe far away are spared.
    assert!(!out.contains("Jasmine takes"), "{out}");
    assert!(!out.contains("Far takes"), "{out}");
    // Left, it no longer lashes out.
    let out =
        run(&mut session, "Karak leaves Juggernaut\nnext turn\nnext turn\nnext turn\nnext turn\n");
    assert!(!out.contains("Juggernauting acts"), "{out}");
}
