//! The Mystica Gaider under the world flags (issue 19, GAPS.md 2): a scene starts by day and
//! warm (`World: Day or Night; Warm or Cold`), where a Gaider gains 2 Stamina and Agility;
//! by night and cold it loses 1; a warm night is still "by day or warmth". The GM sets the
//! flags (`world is Night`), `undo` takes one back, and attacks on the Gaider read the
//! Agility the world gives it.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

const SETUP: &str = "load \"rules/mystica\"\nactor Karak from Karak\nactor Bandit from Bandit\n";

fn stats(session: &Session<Game>) -> [i64; 2] {
    let game = session.backend();
    ["Stamina", "Agility"].map(|stat| game.effective("Karak", stat).unwrap().0)
}

#[test]
fn a_gaider_gains_2_by_day_and_loses_1_by_night_and_cold() {
    let mut session = session_after(SETUP);
    // Points Sta 2 Agi 0, Legionnaire +3/-1, Cuirass +2/-1, Steel Cap +1/0; +2 by day.
    assert_eq!(stats(&session), [10, 0]);
    assert_eq!(session.backend().world_flags(), ["Day", "Warm"]);
    // A warm night: warmth still holds.
    let out = run(&mut session, "world is Night\n");
    assert!(out.contains("the world is now Night"), "{out}");
    assert_eq!(stats(&session), [10, 0]);
    // Night and cold: 8 - 1 and -2 - 1.
    let out = run(&mut session, "world is Cold\nshow state\n");
    assert!(out.contains("Karak's Basking Gaider is dormant"), "{out}");
    assert!(out.contains("world: Night, Cold"), "{out}");
    // `show` marks the conditions held but counting for nothing.
    let out = run(&mut session, "show Karak\n");
    assert!(out.contains("Basking Gaider from Gaider [until removed] (dormant), Chilled Gaider from Gaider [until removed],"), "{out}");
    assert_eq!(stats(&session), [7, -3]);
    assert_eq!(session.backend().effective("Karak", "Max Health").unwrap().0, 29);
    // The health maximum follows at once: 35 is cut to 29.
    let health = &session.backend().world().actor("Karak").unwrap().resources["Health"];
    assert_eq!((health.current, health.max), (29, Some(29)));
    // Undo takes back the cold; by day again the +2 returns.
    run(&mut session, "undo\n");
    assert_eq!(session.backend().world_flags(), ["Night", "Warm"]);
    run(&mut session, "world is Cold\nworld is Day\n");
    assert_eq!(stats(&session), [10, 0]);
}

#[test]
fn an_attack_on_a_gaider_reads_the_agility_the_world_gives_it() {
    let mut session = session_after(SETUP);
    // By day: 10 + Agility 0; the Bandit's 5 + Dexterity 2 = 7 misses.
    let out = run(&mut session, "force 5\nBandit uses Attack on Karak\n");
    assert!(out.contains("Bandit: 5 -> 7 vs 10: failure"), "{out}");
    // By night and cold: 10 + Agility -3 = 7, and the same roll hits.
    let out = run(
        &mut session,
        "world is Night\nworld is Cold\nforce 5, 1\nBandit uses Attack on Karak\n",
    );
    assert!(out.contains("Bandit: 5 -> 7 vs 7: success"), "{out}");
}

#[test]
fn an_unknown_flag_is_refused_and_nothing_changes() {
    let mut session = session_after(SETUP);
    let refused = session.run_text("gm.session", "world is Dusk\n", None);
    let failure = refused.failure.as_ref().expect("refused");
    let text = format!("{failure:?}");
    assert!(text.contains("Dusk is not a world flag"), "{text}");
    assert!(text.contains("world flags: Day, Night, Warm, Cold"), "{text}");
    assert_eq!(session.backend().world_flags(), ["Day", "Warm"]);
}

#[test]
fn the_flags_are_saved_and_restored_with_what_they_hold() {
    let mut session = session_after(SETUP);
    run(&mut session, "world is Night\nworld is Cold\n");
    let saved = session.backend().save_text().unwrap();
    assert!(saved.contains("\"Night\"") && saved.contains("\"Cold\""), "{saved}");
    // A fresh scene starts by day and warm; restoring brings back the night and the cold.
    let mut fresh = session_after(SETUP);
    assert_eq!(stats(&fresh), [10, 0]);
    let path = std::env::temp_dir().join(format!("world_flags_{}.json", std::process::id()));
    std::fs::write(&path, &saved).unwrap();
    run(&mut fresh, &format!("restore \"{}\"\n", path.display()));
    std::fs::remove_file(&path).unwrap();
    assert_eq!(fresh.backend().world_flags(), ["Night", "Cold"]);
    assert_eq!(stats(&fresh), [7, -3]);
    let out = run(&mut fresh, "world is Day\n");
    assert!(out.contains("the world is now Day"), "{out}");
    assert_eq!(stats(&fresh), [10, 0]);
}
