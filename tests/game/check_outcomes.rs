//! What a check produced and the numbers a use chooses, with forced dice: a total check binds
//! `Natural`, `Total`, `Margin` and `Critical` (its `Critical:` line an expression of the
//! weapon's crit range and a stat) for the Result lines after it; `Result Critical:` and
//! `Result if [...]:` gate on them at any grade; `Spent` is read on the Cost, Threshold and
//! Check lines too; a session `check ... vs [expr]` reads the expression on the checking
//! actor; an effect's dice term logs as one line.

use mythforge::runtime::{Game, PowerUse};
use mythforge::session::Session;

const PACK: &str = "\
system Facts
Stats: Dexterity, Agility
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Focus: no max
Resource Stamina: no max
Resource Rolled: no max
Resource Reached: no max
Resource Lead: no max
Resource Crits: no max
Resource Big: no max
Resource Misses: no max
Default check: D20

check D20
Method: total
Dice: d20
Success: >= [Threshold]
Critical: natural >= [Weapon Crit range - floor(Dexterity / 4)]

weapon Bow
Damage: 4
Crit range: 20

power Aim
Target: Enemy
Threshold: 10
Check: [Dexterity]
Result: gain [Natural] Rolled
Result: gain [Total] Reached
Result: gain [Margin] Lead
Result Critical: gain 1 Crits
Result if [Margin >= 5]: gain 1 Big
Result if [Margin < 0]: gain [0 - Margin] Misses

power Push
Target: Enemy
Cost: [Spent] Stamina
Threshold: [8 + Spent]
Check: [Dexterity + 2 * Spent]
Result: gain [Total] Reached
Result: gain [Margin] Lead

power Slash
Target: Enemy
Effect: [1d8 + 1d4] damage

actor Ana
Stats: Dexterity 8, Agility 1
Resources: HP 30, Max HP 30, Focus 5, Stamina 5
Powers: Aim, Push, Slash
Equipment: Bow
";

/// A game with Ana (Dexterity `dexterity`) and a target, Bo.
fn game(dexterity: i64) -> Game {
    let mut game = Game::new(3);
    game.load_source("facts.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Ana"), &[("Dexterity", dexterity)]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    game
}

fn current(game: &Game, resource: &str) -> i64 {
    game.world().actor("Ana").unwrap().resources[resource].current
}

/// Ana aims at Bo with the d20 forced to `natural`: Rolled, Reached, Lead, Crits, Big,
/// Misses.
fn aim(dexterity: i64, natural: u32) -> [i64; 6] {
    let mut game = game(dexterity);
    game.world_mut().roller.force([natural]);
    game.use_power(&PowerUse::new("Ana", "Aim").at(["Bo"])).unwrap();
    ["Rolled", "Reached", "Lead", "Crits", "Big", "Misses"].map(|name| current(&game, name))
}

#[test]
fn a_total_check_binds_natural_total_and_margin() {
    // 12 + Dexterity 8 = 20 against 10: margin 10, not critical (from 20 - 2 = 18).
    assert_eq!(aim(8, 12), [12, 20, 10, 0, 1, 0]);
    // 3 + 8 = 11: a success by 1, not enough for `Result if [Margin >= 5]`.
    assert_eq!(aim(8, 3), [3, 11, 1, 0, 0, 0]);
}

#[test]
fn the_critical_range_is_an_expression_of_the_weapon_and_a_stat() {
    // Dexterity 8 widens the bow's 20 by floor(8 / 4) = 2: 18 is critical.
    assert_eq!(aim(8, 18)[3], 1);
    assert_eq!(aim(8, 17)[3], 0);
    // Dexterity 4 widens it by 1: 19 is critical, 18 is not.
    assert_eq!(aim(4, 19)[3], 1);
    assert_eq!(aim(4, 18)[3], 0);
}

#[test]
fn a_condition_gate_applies_at_any_grade_and_plain_results_only_on_success() {
    // 1 + 8 = 9 against 10: a failure by 1. The plain Result lines do not apply; the gate
    // `Result if [Margin < 0]` does, and gains 0 - (-1) = 1.
    assert_eq!(aim(8, 1), [0, 0, 0, 0, 0, 1]);
}

#[test]
fn spent_is_read_on_the_cost_threshold_and_check_lines() {
    let mut game = game(8);
    game.world_mut().roller.force([5]);
    let mut push = PowerUse::new("Ana", "Push").at(["Bo"]);
    push.options.spending = vec![("Focus".to_string(), 2)];
    game.use_power(&push).unwrap();
    // Spending 2 Focus: the Cost line takes [Spent] = 2 Stamina; the threshold is 8 + 2 =
    // 10; the check is 5 + 8 + 2 * 2 = 17, a margin of 7.
    assert_eq!([current(&game, "Focus"), current(&game, "Stamina")], [3, 3]);
    assert_eq!([current(&game, "Reached"), current(&game, "Lead")], [17, 7]);
}

#[test]
fn nothing_spent_reads_zero_on_every_line() {
    let mut game = game(8);
    game.world_mut().roller.force([5]);
    game.use_power(&PowerUse::new("Ana", "Push").at(["Bo"])).unwrap();
    assert_eq!([current(&game, "Focus"), current(&game, "Stamina")], [5, 5]);
    assert_eq!([current(&game, "Reached"), current(&game, "Lead")], [13, 5]);
}

/// The session text that loads the pack (written to a temporary file) and adds Ana and Bo,
/// then runs `commands`.
fn session_text(commands: &str) -> String {
    // One file per call: the tests run in parallel, and a shared file raced (a test could
    // read the pack while another was writing it).
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("mythforge-check-outcomes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join(format!("facts-{call}.rules"));
    std::fs::write(&rules, PACK).unwrap();
    format!("load \"{}\"\nactor Ana from Ana\nactor Bo from Ana\n{commands}", rules.display())
}

/// The transcript lines of the last command `commands` run, or the failure's diagnostics.
fn session(commands: &str) -> Result<Vec<String>, Vec<mythforge::diagnostics::Diagnostic>> {
    let mut session = Session::new(Game::new(1), 1);
    let run = session.run_text("t.session", &session_text(commands), None);
    if let Some(failure) = run.failure {
        return Err(failure);
    }
    let last = run.steps.last().expect("a step");
    Ok(last.events.iter().map(|event| event.text.clone()).collect())
}

const VERSUS_BRACKET: &str = "check Ana Dexterity vs [2 * Dexterity - Target's Agility] against Bo";

#[test]
fn a_session_check_reads_a_bracket_on_the_checking_actor() {
    // [2 * Dexterity - Bo's Agility] = 16 - 1 = 15: 7 + 8 = 15 meets it.
    let events = session(&format!("force 7\n{VERSUS_BRACKET}\n")).unwrap();
    assert_eq!(
        events,
        ["Ana rolls 1d20 for check: [7f]", "Ana: 7 -> 15 vs 15: success", "Ana: grade 1"]
    );
    let events = session(&format!("force 6\n{VERSUS_BRACKET}\n")).unwrap();
    assert_eq!(events[1], "Ana: 6 -> 14 vs 15: failure");
}

#[test]
fn a_session_bracket_naming_nothing_is_refused_at_the_name() {
    let commands = "check Ana Dexterity vs [10 + Wisdom]\n";
    let failure = session(commands).unwrap_err();
    assert_eq!(failure.len(), 1, "{failure:?}");
    assert_eq!(failure[0].message, "unknown name `Wisdom`");
    let text = session_text(commands);
    let span = failure[0].labels[0].span;
    assert_eq!(&text[span.start as usize..span.end as usize], "Wisdom");
}

#[test]
fn an_effects_dice_term_logs_once_with_its_total() {
    let mut game = game(8);
    let mark = game.mark();
    game.world_mut().roller.force([5, 3]);
    game.use_power(&PowerUse::new("Ana", "Slash").at(["Bo"])).unwrap();
    let transcript = game.transcript_since(mark);
    assert_eq!(
        transcript.lines().collect::<Vec<_>>(),
        [
            "Ana rolls 1d8 for effect: [5f] = 5",
            "Ana rolls 1d4 for effect: [3f] = 3",
            "Bo takes 8 damage into HP; HP now 22",
        ]
    );
}

#[test]
fn result_critical_names_the_critical_grade_when_the_system_labels_one() {
    // A pool whose grade 2 the system labels `Critical`: `Result Critical:` is that grade,
    // as any label is, and no flag is read.
    let pack = "\
system Graded
Stats: Attack
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Crits: no max
Grades: 0 Miss, 1 Hit, 2 Critical
Default check: Pool

check Pool
Method: pool
Dice: 2d6
Success: >= [Threshold]

power Swing
Target: Enemy
Threshold: 4
Check: [Attack]
Result Critical: gain 1 Crits

actor Ana
Stats: Attack 0
Resources: HP 10, Max HP 10, Crits 0
Powers: Swing
";
    let crits = |faces: [u32; 2]| {
        let mut game = Game::new(1);
        game.load_source("graded.rules", pack).expect("the pack loads");
        game.add_actor("Ana", Some("Ana"), &[]).unwrap();
        game.add_actor("Bo", Some("Ana"), &[]).unwrap();
        game.world_mut().roller.force(faces);
        game.use_power(&PowerUse::new("Ana", "Swing").at(["Bo"])).unwrap();
        current(&game, "Crits")
    };
    assert_eq!(crits([5, 6]), 1, "two dice meet 4: grade 2, Critical");
    assert_eq!(crits([5, 1]), 0, "one die: grade 1, Hit");
}
