//! Lines that govern turns, rounds or encounters count or restrict nothing out of an
//! encounter, and the log says so once per stretch out of encounters, at the first use they
//! would have counted: `only on own turn`, the system's `Per turn:`, a held condition's
//! `Per turn:`. An encounter starting ends the stretch; undo takes a saying back with the
//! use, and saves keep what was said.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_with};

const PACK: &str = "\
system Small
Stats: Defense
Resource HP: max 20
Resource CP: start 10
Keyword Attack: only on own turn
Per turn: 1 Attack, 1 other

condition Slowed
Per turn: 1 Move

power Jab
Target: Enemy
Result: 1 damage
Keywords: Attack Melee

power Haymaker
Cost: 30 CP
Target: Enemy
Result: 5 damage
Keywords: Attack Melee

power Step
Target: Self
Result: gain 1 CP
Keywords: Move

actor Ana
Resources: HP 20, CP 10
Powers: Jab, Haymaker, Step

actor Bo
Resources: HP 20, CP 10
Powers: Jab, Haymaker, Step
";

const OWN_TURN: &str =
    "Jab: no encounter runs, so `Keyword Attack: only on own turn` restricts nothing";
const JAB_QUOTA: &str = "Jab: no encounter runs, so `Per turn: 1 Attack, 1 other` counts nothing";
const SLOWED: &str = "Step: no encounter runs, so Slowed's `Per turn: 1 Move` counts nothing";

fn session() -> Session<Game> {
    session_with("small.rules", PACK, "actor Ana from Ana\nactor Bo from Bo\n")
}

#[test]
fn own_turn_and_the_systems_quota_are_said_once_a_stretch() {
    let mut session = session();
    let out = run(&mut session, "Ana uses Jab on Bo\n");
    assert_eq!(
        out,
        format!(
            "> Ana uses Jab on Bo\n{OWN_TURN}\n{JAB_QUOTA}\nBo takes 1 damage into HP; HP now 19\n"
        )
    );
    let out = run(&mut session, "Ana uses Jab on Bo\nBo uses Jab on Ana\n");
    assert!(!out.contains("no encounter runs"), "said once: {out}");
    // An encounter starts and ends: the next stretch says each again, once.
    let out = run(
        &mut session,
        "force 10, 1\nencounter Ana, Bo\nend encounter\nBo uses Jab on Ana\nAna uses Jab on Bo\n",
    );
    assert_eq!(out.matches(OWN_TURN).count(), 1, "{out}");
    assert_eq!(out.matches(JAB_QUOTA).count(), 1, "{out}");
    assert!(session.backend().world().said.len() == 2);
}

#[test]
fn in_an_encounter_an_attack_off_turn_is_still_refused_and_nothing_is_said() {
    let mut session = session();
    let out = run(&mut session, "force 10, 1\nencounter Ana, Bo\n");
    assert!(!out.contains("no encounter runs"), "{out}");
    assert!(session.backend().world().said.is_empty());
    let refused = session.run_text("example.session", "Bo uses Jab on Ana\n", None);
    let failure = format!("{:?}", refused.failure.expect("Bo's attack off turn is refused"));
    assert!(failure.contains("runtime::not_own_turn"), "{failure}");
}

#[test]
fn a_held_conditions_quota_is_said_once_a_stretch() {
    let mut session = session();
    let out = run(&mut session, "apply Slowed to Ana\nAna uses Step\nAna uses Step\n");
    assert_eq!(out.matches(SLOWED).count(), 1, "{out}");
    // Bo holds no Slowed: his steps say nothing of it.
    let out = run(&mut session, "Bo uses Step\n");
    assert!(!out.contains("Slowed"), "{out}");
    let out = run(&mut session, "force 10, 1\nencounter Ana, Bo\nend encounter\nAna uses Step\n");
    assert_eq!(out.matches(SLOWED).count(), 1, "{out}");
}

#[test]
fn undo_takes_the_saying_back_with_the_use() {
    let mut session = session();
    let out = run(&mut session, "Ana uses Jab on Bo\nundo\nAna uses Jab on Bo\n");
    assert_eq!(out.matches(OWN_TURN).count(), 2, "the use after undo says it again: {out}");
    let out = run(&mut session, "Ana uses Jab on Bo\n");
    assert!(!out.contains("no encounter runs"), "{out}");
}

#[test]
fn a_refused_use_leaves_the_lines_unsaid() {
    let mut session = session();
    // Its rules are read before its cost is paid, and the cost cannot be: nothing happened.
    let refused = session.run_text("example.session", "Ana uses Haymaker on Bo\n", None);
    assert!(refused.failure.is_some(), "Ana has 10 CP, not 30");
    assert!(session.backend().world().said.is_empty());
    let out = run(&mut session, "Ana uses Jab on Bo\n");
    assert_eq!(out.matches(OWN_TURN).count(), 1, "{out}");
}

#[test]
fn a_save_keeps_what_was_said_and_an_empty_set_is_not_written() {
    let mut session = session();
    let before = session.backend().save_text().unwrap();
    assert!(!before.contains("\"said\""), "an empty set leaves saves as they were");
    run(&mut session, "Ana uses Jab on Bo\n");
    let saved = session.backend().save_text().unwrap();
    assert!(saved.contains("\"said\""), "{saved}");
    let mut game = Game::new(1);
    game.load_source("small.rules", PACK).unwrap();
    game.restore_text(&saved, "small.save").unwrap();
    assert_eq!(game.world().said, session.backend().world().said);
    let mut restored = Session::new(game, 1);
    let out = run(&mut restored, "Ana uses Jab on Bo\n");
    assert!(!out.contains("no encounter runs"), "already said before the save: {out}");
}

#[test]
fn a_per_challenge_turn_line_out_of_encounters_has_nothing_to_say() {
    // It counts only in a challenge, in an encounter or out of one: no stretch changes that.
    let pack = PACK.replace("Per turn: 1 Attack, 1 other", "Per challenge turn: 1 Attack, 1 other");
    let mut session = session_with("small.rules", &pack, "actor Ana from Ana\nactor Bo from Bo\n");
    let out = run(&mut session, "Ana uses Jab on Bo\n");
    assert!(out.contains(OWN_TURN), "{out}");
    assert!(!out.contains("Per challenge turn"), "{out}");
}
