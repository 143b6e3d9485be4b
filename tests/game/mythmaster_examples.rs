//! The Mythmaster worked examples and rulings (MECHANICS.md section 5) on the shipped pack
//! with forced dice: Stamina run below 0 by combat actions (10 Stamina after 14 combat actions
//! rolls at -4, the turn's 21C included), a versus tie going to the defender, the Fibonacci
//! penalty of the third, fourth and fifth defence, no weapon block against an arrow, the skill
//! damage table at each band edge, bleeding at exactly half and just over half of Stability,
//! the ready position, and the arrows recovered after combat.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after, text};

/// The pack and its cast in one encounter: Aldric and Wren (party) at 0,0 and -5,0, Grok
/// (foes) at 1,0. Player phase first: Aldric, Wren, then Grok.
const SETUP: &str = "load \"rules/mythmaster\"\nactor Aldric from Aldric\nactor Grok from Grok\n\
actor Wren from Wren\nplace Aldric at 0,0\nplace Grok at 1,0\nplace Wren at -5,0\n\
encounter Aldric, Wren, Grok\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn resource(session: &Session<Game>, actor: &str, name: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources[name].current
}

fn has(session: &mut Session<Game>, actor: &str, condition: &str) -> bool {
    let out = run(session, &format!("show {actor}\n"));
    out.lines().any(|line| line.contains("Conditions:") && line.contains(condition))
}

#[test]
fn ten_stamina_after_14_combat_actions_rolls_every_challenge_at_minus_4() {
    let mut session = session();
    // One combat action a turn, 1 Stamina each: a Fast Attack, 1 + Long Sword 12 + Hit 1 = 14
    // against Grok's block 20 + 11 (no damage rolled). Then Wren's and Grok's turns pass and
    // Aldric's next starts; at 0 Stamina or below it starts with a 21C, forced to 20 here.
    for _ in 0..14 {
        run(
            &mut session,
            "force 1, 20\nAldric uses Fast Attack on Grok\nnext turn\nnext turn\nforce 20\nnext turn\n",
        );
    }
    assert_eq!(resource(&session, "Aldric", "Stamina"), -4);
    assert!(has(&mut session, "Aldric", "Winded"));
    // The turn's 21C at -4: 13 + Stability 12 - 4 = 21, just enough.
    let out = run(&mut session, "next turn\nnext turn\nforce 13\nnext turn\n");
    assert!(out.contains("Aldric: 13 -> 21 vs 21: success"), "{out}");
    // Every other Challenge too: a plain 21C on Stability at -4, and the next attack, once
    // its Stamina is paid, at -5: 10 + 13 - 5 = 18.
    let out = run(&mut session, "force 12\ncheck Aldric Stability vs 21\n");
    assert!(out.contains("Aldric: 12 -> 20 vs 21: failure"), "{out}");
    let out = run(&mut session, "force 10, 1\nAldric uses Fast Attack on Grok\n");
    assert!(out.contains("Aldric pays 1 Stamina (-5 left)"), "{out}");
    assert!(out.contains("Aldric: 10 -> 18 vs 0: success"), "{out}");
}

#[test]
fn at_0_stamina_each_turn_starts_with_a_21c_or_exhausted() {
    let mut session = session();
    let out = run(
        &mut session,
        "set Aldric Stamina to 1\nforce 1, 20\nAldric uses Fast Attack on Grok\n",
    );
    assert!(out.contains("Aldric gains Winded"), "{out}");
    assert_eq!(resource(&session, "Aldric", "Stamina"), 0);
    // Round 2: 8 + 12 - 0 = 20, short of 21.
    let out = run(&mut session, "next turn\nnext turn\nforce 8\nnext turn\n");
    assert!(out.contains("Aldric (on turn start)"), "{out}");
    assert!(out.contains("Aldric: 8 -> 20 vs 21: failure"), "{out}");
    assert!(out.contains("Aldric gains Exhausted"), "{out}");
    let refused = session.run_text("x.session", "Aldric uses Fast Attack on Grok\n", None);
    let failure = format!("{:?}", refused.failure.expect("Exhausted forbids powers"));
    assert!(failure.contains("Exhausted forbids"), "{failure}");
}

#[test]
fn a_versus_tie_goes_to_the_defender() {
    let mut session = session();
    // Aldric 10 + Long Sword 12 + Fast Hit 1 = 23; Grok blocks 13 + Battle Axe 11 and the
    // axe's -1 against a Fast Attack = 23.
    let out = run(&mut session, "force 10, 13\nAldric uses Fast Attack on Grok\n");
    assert!(out.contains("Aldric: 23 vs 23: defender wins by 0"), "{out}");
    assert!(!out.contains("damage"), "{out}");
    // Next round (one combat action a turn), one more on Aldric's side: he wins by 1 and
    // rolls the sword's 1d8.
    let next_round = "next turn\nnext turn\nnext turn\n";
    let out = run(
        &mut session,
        &format!("{next_round}force 11, 13, 6\nAldric uses Fast Attack on Grok\n"),
    );
    assert!(out.contains("Aldric: 24 vs 23: attacker wins by 1"), "{out}");
    assert!(out.contains("Aldric rolls 1d8 for effect: [6f] = 6"), "{out}");
}

#[test]
fn the_third_fourth_and_fifth_defence_take_minus_1_2_and_3() {
    // Six of the party (Aldric and five more built like him), each on its own turn of the
    // player phase, attack Grok once: his defences add up over the round.
    let mut session = Session::new(Game::new(1), 1);
    let attackers = ["Aldric", "Brand", "Cato", "Dain", "Edda", "Finn"];
    let cells = ["0,0", "2,0", "1,-1", "2,-1", "0,1", "1,1"];
    let mut setup =
        String::from("load \"rules/mythmaster\"\nactor Grok from Grok\nplace Grok at 1,0\n");
    for (name, cell) in attackers.iter().zip(cells) {
        setup.push_str(&format!("actor {name} from Aldric\nplace {name} at {cell}\n"));
    }
    setup.push_str(&format!("encounter {}, Grok\n", attackers.join(", ")));
    text(&session.run_text("setup.session", &setup, None));
    let mut defences = Vec::new();
    let mut rolls = Vec::new();
    for name in attackers {
        let command = format!("force 1, 10\n{name} uses Fast Attack on Grok\nnext turn\n");
        let out = run(&mut session, &command);
        let line = out.lines().find(|l| l.starts_with("Grok defends with")).unwrap();
        defences.push(line.to_string());
        rolls.push(out.lines().find(|l| l.starts_with("Grok: 10 ->")).unwrap().to_string());
    }
    assert_eq!(
        defences,
        [
            "Grok defends with Block",
            "Grok defends with Block",
            "Grok defends with Dodge (-1: 2 defences before it this round)",
            "Grok defends with Dodge (-2: 3 defences before it this round)",
            "Grok defends with Dodge (-3: 4 defences before it this round)",
            "Grok defends with Dodge (-5: 5 defences before it this round)",
        ]
    );
    // Blocks: 10 + Battle Axe 11 - 1 (the axe blocks a Fast Attack at -1); dodges: 10 +
    // Dodge 6 + Chain Mail -2, then the penalty.
    let totals: Vec<&str> = rolls.iter().map(|l| &l["Grok: 10 -> ".len()..]).collect();
    assert_eq!(
        totals,
        [
            "20 vs 0: success",
            "20 vs 0: success",
            "13 vs 0: success",
            "12 vs 0: success",
            "11 vs 0: success",
            "9 vs 0: success"
        ]
    );
}

#[test]
fn a_weapon_never_blocks_an_arrow() {
    let mut session = session();
    let out = run(&mut session, "next turn\nforce 5, 10\nWren uses Snap Shot on Grok\n");
    // Grok's Block comes first among his defences, but is not offered against the bow.
    assert!(out.contains("Grok decides which defence against Wren? Dodge"), "{out}");
    assert!(!out.contains("Block"), "{out}");
    // 5 + Bow 13 - 1 = 17 against 10 + 6 - 2 = 14; one arrow spent and counted.
    assert!(out.contains("Wren: 17 vs 14: attacker wins by 3"), "{out}");
    assert_eq!(resource(&session, "Wren", "Arrows"), 11);
    assert_eq!(resource(&session, "Wren", "Arrows Shot"), 1);
}

#[test]
fn the_skill_damage_table_at_each_band_edge() {
    // (Long Sword skill, modifier): Long Sword Fast 1d8 forced 5, through Grok's Chain Mail (3).
    let edges = [
        (6, -3),
        (7, -2),
        (8, -2),
        (9, -1),
        (10, -1),
        (11, 0),
        (14, 0),
        (15, 1),
        (17, 1),
        (18, 2),
        (20, 2),
        (21, 3),
    ];
    for (skill, modifier) in edges {
        let mut session = session();
        let out = run(
            &mut session,
            &format!(
                "set Aldric Long Sword to {skill}\nforce 20, 1, 5\nAldric uses Fast Attack on Grok\n"
            ),
        );
        let dealt = 5 + modifier;
        let expected = format!("Grok takes {dealt} damage into Body;");
        assert!(out.contains(&expected), "Long Sword {skill}: {out}");
    }
}

#[test]
fn bleeding_asks_for_a_21c_only_past_half_of_stability() {
    let mut session = session();
    // Grok's turn: Strong Attack with the Battle Axe, 2d6 + orc 1 + Skill Damage(11) 0, less
    // Aldric's Leather 1. Aldric's Stability is 12: 6 is exactly half, no challenge.
    let out = run(
        &mut session,
        "next turn\nnext turn\nforce 20, 1, 3, 3\nGrok uses Strong Attack on Aldric\n",
    );
    assert!(out.contains("Aldric: Health 24 -> 18"), "{out}");
    assert!(!out.contains("on damage taken"), "{out}");
    // Next round, 7 is just over half: the 21C (5 + 12 = 17) fails and Aldric bleeds.
    let out = run(
        &mut session,
        "next turn\nnext turn\nnext turn\nforce 20, 1, 3, 4, 5\nGrok uses Strong Attack on Aldric\n",
    );
    assert!(out.contains("Aldric: Health 18 -> 11"), "{out}");
    assert!(out.contains("Aldric (on damage taken)"), "{out}");
    assert!(out.contains("Aldric: 5 -> 17 vs 21: failure"), "{out}");
    assert!(has(&mut session, "Aldric", "Bleeding"));
}

#[test]
fn bleeding_is_resisted_by_a_21c() {
    let mut session = session();
    let out = run(
        &mut session,
        "next turn\nnext turn\nforce 20, 1, 3, 4, 9\nGrok uses Strong Attack on Aldric\n",
    );
    assert!(out.contains("Aldric: 9 -> 21 vs 21: success"), "{out}");
    assert!(!has(&mut session, "Aldric", "Bleeding"));
}

#[test]
fn a_ready_shot_needs_the_ready_position_and_recovery_follows_combat() {
    let mut session = session();
    run(&mut session, "next turn\n");
    let refused = session.run_text("x.session", "Wren uses Ready Shot on Grok\n", None);
    assert!(refused.failure.is_some());
    // Take Aim is the free basic action; the Ready Shot a combat action (1 Stamina).
    let out =
        run(&mut session, "Wren uses Take Aim\nforce 10, 1, 8\nWren uses Ready Shot on Grok\n");
    assert!(out.contains("Wren pays 1 Stamina (8 left)"), "{out}");
    assert!(out.contains("Wren: 25 vs 5: attacker wins by 20"), "{out}");
    assert!(out.contains("Wren loses Ready Position"), "{out}");
    // Next round a snap shot, then after combat of the 2 arrows shot a quarter is reusable
    // (0), half repairable (1), the rest lost.
    run(
        &mut session,
        "next turn\nnext turn\nnext turn\nforce 10, 1, 1\nWren uses Snap Shot on Grok\n",
    );
    run(&mut session, "end encounter\n");
    assert_eq!(resource(&session, "Wren", "Arrows Shot"), 2);
    run(&mut session, "Wren uses Recover Arrows\n");
    assert_eq!(resource(&session, "Wren", "Arrows"), 10);
    assert_eq!(resource(&session, "Wren", "Damaged Arrows"), 1);
    assert_eq!(resource(&session, "Wren", "Arrows Shot"), 0);
}

#[test]
fn a_thrown_spear_keeps_its_minimum_range_and_only_the_shield_blocks_it() {
    let mut session = session();
    run(
        &mut session,
        "next turn\nnext turn\ngrant weapon Spear to Grok\ngrant power Snap Attack to Grok\n",
    );
    // Adjacent: inside the spear's minimum range of 2.
    let refused =
        session.run_text("x.session", "Grok uses Snap Attack on Aldric with weapon Spear\n", None);
    let failure = format!("{:?}", refused.failure.expect("too close to throw"));
    assert!(failure.contains("Aldric is 1 hex away; Spear has a minimum range of 2"), "{failure}");
    // Three hexes away: Aldric's sword may not block a thrown weapon; his buckler may.
    let out = run(
        &mut session,
        "place Grok at 3,0\nforce 10, 10, 1\nGrok uses Snap Attack on Aldric with weapon Spear\n",
    );
    assert!(out.contains("Aldric decides which defence against Grok? Shield Block"), "{out}");
    // 10 + Spear 6 - 2 = 14 against 10 + Shield Skill 10 + Buckler 1 = 21.
    assert!(out.contains("Grok: 14 vs 21: defender wins by 7"), "{out}");
}
