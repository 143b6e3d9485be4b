//! Issue 17 item 7: scripts call the pack's own check procedures, `check(actor, "Stability",
//! 21)` with the system's default, `check(actor, "Stability", 21, "Challenge")` by name; the
//! check is rolled and logged like any other and returns its grade. Mythmaster's bleeding
//! (more than half of Stability from one hit: a 21C on Stability or Bleeding) as a rule
//! line gated on `[Trigger's Damage]` and a script that rolls the challenge.

use mythforge::runtime::{Game, PowerUse};

const RULES: &str = "
system Versus
Stats: Stability
Resource HP: max [Max HP]
Resource Max HP: no max
Default check: Plain
Functions: steady, plain
On damage taken: if [Trigger's Damage * 2 > Stability]: script steady(Self)

check Plain
Method: total
Dice: d20
Success: >= [Threshold]

check Challenge
Method: total
Dice: d20
Success: >= [Threshold]
Grades: 0 Fail, 1 Pass

condition Bleeding

power Probe
Target: Self
Result: script plain(Self)

power Slash
Target: Enemy
Result: 6 damage

actor Fighter
Stats: Stability 10
Resources: HP 30, Max HP 30
Powers: Slash, Probe
";

const SCRIPT: &str = r#"
fn steady(actor) {
    if check(actor, "Stability", 21, "Challenge") == 0 {
        actor.apply_condition("Bleeding", 0);
    }
}
fn plain(actor) { log(`grade ${check(actor, "Stability", 15)}`); }
"#;

fn game() -> Game {
    let mut game = Game::new(3);
    game.load_source_with_scripts("versus.rules", RULES, &[("versus.rhai", SCRIPT)])
        .expect("the pack loads");
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game
}

fn slash(game: &mut Game, faces: &[u32]) -> String {
    game.world_mut().roller.force(faces.iter().copied());
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Slash").at(["Bo"])).unwrap();
    game.transcript_since(mark)
}

fn bleeding(game: &Game) -> bool {
    game.world().actor("Bo").unwrap().conditions.has("Bleeding")
}

#[test]
fn a_failed_challenge_from_the_script_bleeds() {
    let mut game = game();
    // 6 of Stability 10 is more than half: d20 10 + 10 = 20 misses 21.
    let transcript = slash(&mut game, &[10]);
    assert!(bleeding(&game), "{transcript}");
    assert_eq!(
        transcript,
        "Bo takes 6 damage into HP; HP now 24\nBo (on damage taken)\n\
         Bo rolls 1d20 for check: [10f]\nBo: 10 -> 20 vs 21: failure\nBo gains Bleeding\n"
    );
}

#[test]
fn a_passed_challenge_does_not_bleed_and_a_light_hit_rolls_nothing() {
    let mut game = game();
    let transcript = slash(&mut game, &[11]);
    assert!(!bleeding(&game), "11 + 10 reaches 21: {transcript}");
    assert!(transcript.ends_with("Bo: 11 -> 21 vs 21: success\n"), "{transcript}");
    assert!(game.world().roller.state().forced.is_empty(), "the d20 was rolled");
    // Stability 13 makes 6 not more than half: the rule's test fails, nothing rolls.
    let mut game = self::game();
    game.world_mut().actor_mut("Bo").unwrap().stats.insert("Stability".into(), 13);
    slash(&mut game, &[1]);
    assert!(!bleeding(&game));
    assert_eq!(game.world().roller.state().forced, vec![1], "no d20 was rolled");
}

#[test]
fn a_script_check_without_a_procedure_uses_the_default_and_returns_its_grade() {
    let mut game = game();
    game.world_mut().roller.force([5]);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Probe")).unwrap();
    let transcript = game.transcript_since(mark);
    assert!(transcript.ends_with("grade 1\n"), "5 + 10 reaches 15: {transcript}");
}
