//! The Mythmaster attacks and blocks on the shipped pack, with forced dice: each weapon
//! rolls its own skill (`Skill:` on the weapon, `[Weapon Skill]` on the powers), a block
//! takes its weapon's modifier against the type of attack blocked, and an unarmed defender
//! blocks at -4 against a weapon, four times a round.

use crate::common::sessions::{run, session_after};

/// Aldric (Long Sword 12, Unarmed 6) at 0,0 and Grok (Battle Axe 11, Spear 6, Unarmed 8) at
/// 1,0; Aldric's turn first.
const SETUP: &str = "load \"rules/mythmaster\"\nactor Aldric from Aldric\nactor Grok from Grok\n\
place Aldric at 0,0\nplace Grok at 1,0\nencounter Aldric, Grok\n";

/// The lines of `out` that start with one of `prefixes`.
fn lines<'a>(out: &'a str, prefixes: &[&str]) -> Vec<&'a str> {
    out.lines().filter(|line| prefixes.iter().any(|p| line.starts_with(p))).collect()
}

#[test]
fn each_weapon_rolls_its_own_skill() {
    let mut session = session_after(SETUP);
    // The Long Sword reads Aldric's Long Sword 12: 10 + 12 + Fast Hit 1 = 23.
    let out = run(&mut session, "force 10, 1\nAldric uses Fast Attack on Grok\n");
    assert_eq!(lines(&out, &["Aldric: 10"]), ["Aldric: 10 -> 23 vs 0: success"]);
    // Grok's axe reads his Battle Axe 11: 10 + 11 + Fast Hit -2 = 19; and the stat it
    // names, set to 5: 13.
    let out = run(&mut session, "next turn\nforce 10, 1\nGrok uses Fast Attack on Aldric\n");
    assert_eq!(lines(&out, &["Grok: 10"]), ["Grok: 10 -> 19 vs 0: success"]);
    let out = run(
        &mut session,
        "next turn\nnext turn\nset Grok Battle Axe to 5\nforce 10, 1\n\
         Grok uses Fast Attack on Aldric\n",
    );
    assert_eq!(lines(&out, &["Grok: 10"]), ["Grok: 10 -> 13 vs 0: success"]);
    // A thrown Spear reads his Spear 6, not the axe's skill: 10 + 6 + Snap Hit -2 = 14.
    let out = run(
        &mut session,
        "grant weapon Spear to Grok\ngrant power Snap Attack to Grok\nplace Grok at 3,0\nforce 10, 1\n\
         Grok uses Snap Attack on Aldric with weapon Spear\n",
    );
    assert_eq!(lines(&out, &["Grok: 10"]), ["Grok: 10 -> 14 vs 0: success"]);
}

#[test]
fn a_block_takes_the_weapons_modifier_for_the_type_of_attack() {
    let mut session = session_after(SETUP);
    // Grok blocks a Fast Attack with the axe at -1: 10 + 11 - 1 = 20.
    let out = run(&mut session, "force 1, 10\nAldric uses Fast Attack on Grok\n");
    assert_eq!(lines(&out, &["Grok: 10"]), ["Grok: 10 -> 20 vs 0: success"]);
    // Aldric blocks a Strong Attack with the sword at +1: 10 + 12 + 1 = 23.
    let out = run(&mut session, "next turn\nforce 1, 10\nGrok uses Strong Attack on Aldric\n");
    assert_eq!(lines(&out, &["Aldric defends"]), ["Aldric defends with Block"]);
    assert_eq!(lines(&out, &["Aldric: 10"]), ["Aldric: 10 -> 23 vs 0: success"]);
}

#[test]
fn an_unarmed_defender_blocks_at_minus_4_against_a_weapon_four_times_a_round() {
    // Five swordsmen built like Aldric, each on its own turn of the player phase, attack an
    // unarmed Grok once each: one round.
    let attackers = ["Aldric", "Brand", "Cato", "Dain", "Edda"];
    let cells = ["0,0", "2,0", "1,-1", "2,-1", "0,1"];
    let mut setup = String::from(
        "load \"rules/mythmaster\"\nactor Grok from Grok\nplace Grok at 1,0\n\
         revoke weapon Battle Axe from Grok\n",
    );
    for (name, cell) in attackers.iter().zip(cells) {
        setup.push_str(&format!("actor {name} from Aldric\nplace {name} at {cell}\n"));
    }
    setup.push_str(&format!("encounter {}, Grok\n", attackers.join(", ")));
    let mut session = session_after(&setup);
    let mut made = Vec::new();
    for name in attackers {
        let command = format!("force 1, 10\n{name} uses Fast Attack on Grok\nnext turn\n");
        let out = run(&mut session, &command);
        made.extend(lines(&out, &["Grok defends", "Grok: 10"]).into_iter().map(String::from));
    }
    // 10 + Unarmed 8 - 4 = 14: two blocks a hand, four a round (Grok's Block needs a melee
    // weapon), then he dodges (10 + Dodge 6 + Chain Mail -2, -3 for the fifth defence).
    assert_eq!(
        made,
        [
            "Grok defends with Unarmed Block",
            "Grok: 10 -> 14 vs 0: success",
            "Grok defends with Unarmed Block",
            "Grok: 10 -> 14 vs 0: success",
            "Grok defends with Unarmed Block (-1: 2 defences before it this round)",
            "Grok: 10 -> 13 vs 0: success",
            "Grok defends with Unarmed Block (-2: 3 defences before it this round)",
            "Grok: 10 -> 12 vs 0: success",
            "Grok defends with Dodge (-3: 4 defences before it this round)",
            "Grok: 10 -> 11 vs 0: success",
        ]
    );
}

#[test]
fn one_combat_action_attacks_with_each_melee_weapon() {
    // Grok holds the Battle Axe and a Spear (both Melee): one Fast Attack, one Stamina, two
    // attacks, each with its own skill (Battle Axe 11 - 2, Spear 6 + 0) and Aldric's blocks.
    let mut session = session_after(SETUP);
    let out = run(
        &mut session,
        "grant weapon Spear to Grok\nnext turn\nforce 10, 1, 4, 9, 1, 3\nGrok uses Fast Attack on Aldric\n",
    );
    assert_eq!(
        lines(
            &out,
            &["Grok attacks", "Grok pays", "Grok buys", "Grok: 1", "Grok: 9", "Aldric defends"]
        ),
        [
            "Grok attacks with Battle Axe",
            "Grok pays 1 Stamina (7 left)",
            "Grok buys 1 more Combat this turn",
            "Aldric defends with Block",
            "Grok: 10 -> 19 vs 0: success",
            "Grok: 19 vs 13: attacker wins by 6",
            "Grok attacks with Spear",
            "Aldric defends with Block",
            "Grok: 9 -> 15 vs 0: success",
            "Grok: 15 vs 13: attacker wins by 2",
        ]
    );
    let stamina = &session.backend().world().actor("Grok").unwrap().resources["Stamina"];
    assert_eq!(stamina.current, 7);
}
