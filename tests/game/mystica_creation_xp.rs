//! Mystica's experience award (issue 19, GAPS.md 9): whoever brings a foe to 0 health gains
//! `Ruling kill XP` (40), doubled when the house rules make `Ruling players` 2.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

const CAST: &str = "actor Karak from Karak\nactor Bandit from Bandit\n";

fn xp(session: &Session<Game>) -> i64 {
    session.backend().world().actor("Karak").unwrap().resources["XP"].current
}

/// Karak's Short Axe: 10 + Dexterity 4 - Agility 1 hits; 8 + Strength 6 - Stamina 1 = 13 on
/// a Bandit at 5 health takes it to 0.
const KILL: &str = "set Bandit Health to 5\nforce 10, 8\nKarak uses Attack on Bandit\n";

#[test]
fn a_kill_awards_the_ruling_xp() {
    let mut session = session_after(&format!("load \"rules/mystica\"\n{CAST}"));
    let out = run(&mut session, KILL);
    assert!(out.contains("Karak: XP 0 -> 40"), "{out}");
    assert_eq!(xp(&session), 40);
}

#[test]
fn two_players_double_the_award() {
    let dir = std::env::temp_dir().join(format!("mythforge-mystica-xp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let house = dir.join("two-players.rules");
    std::fs::write(
        &house,
        "house rules for mystica\n\namend system Mystica\nreplace Ruling players: 2\n",
    )
    .unwrap();
    let setup = format!("load \"rules/mystica\"\nload \"{}\"\n{CAST}", house.display());
    let mut session = session_after(&setup);
    let out = run(&mut session, KILL);
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.contains("Karak: XP 0 -> 80"), "{out}");
    assert_eq!(xp(&session), 80);
}
