//! Issue 17 item 5, turn control: `end the turn` closes the turn in progress, `skip the
//! next turn` and a condition's `Turn: skipped` make turns pass at once (a stun, a surprise
//! round), and the durations `until hit` and `until end of battle`.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::engine::Expiry;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "
system Turns
Stats: Dexterity
Resource HP: max [Max HP]
Resource Max HP: no max
Turn order: 1d20

condition Surprised
Turn: skipped
Modifiers: Dexterity = 0
Duration: until hit

condition Stunned
Turn: skipped

condition Shaken

power Trip
Target: Self
Result: end the turn

power Reckless
Target: Enemy
Result: 3 damage; Self skips the next turn

power Poke
Target: Enemy
Result: 1 damage

power Ambush
Target: Enemy
Result: apply Surprised

power Rattle
Target: Enemy
Result: apply Shaken until end of the battle

actor Fighter
Stats: Dexterity 3
Resources: HP 20, Max HP 20
Powers: Trip, Reckless, Poke, Ambush, Rattle
";

fn game() -> Game {
    let mut game = Game::new(4);
    game.load_source("turns.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.set_side(&["Bo"], Some("foes")).unwrap();
    game
}

fn acting(game: &Game) -> (String, u32, String) {
    let encounter = game.world().encounter.as_ref().unwrap();
    let acting = encounter.acting().unwrap().name.clone();
    (acting, encounter.round, encounter.phase.to_string())
}

fn start(game: &mut Game, ana: u32, bo: u32) {
    game.world_mut().roller.force([ana, bo]);
    game.start_encounter(&["Ana", "Bo"]).unwrap();
}

fn next(game: &mut Game, times: usize) -> String {
    let mark = game.mark();
    for _ in 0..times {
        game.next_turn().unwrap();
    }
    game.transcript_since(mark)
}

#[test]
fn ending_the_turn_refuses_the_actors_next_power_until_its_next_turn() {
    let mut game = game();
    start(&mut game, 20, 1);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Trip")).unwrap();
    assert_eq!(game.transcript_since(mark), "Ana's turn ends\n");
    let error = game.use_power(&PowerUse::new("Ana", "Poke").at(["Bo"])).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::turn_over");
    assert_eq!(diagnostic.message, "Ana cannot use Poke: Ana's turn is over");
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 20);
    // Bo's turn: Ana's closed turn is behind her; on her next turn she acts again.
    next(&mut game, 3);
    assert_eq!(acting(&game), ("Bo".to_string(), 1, "start".to_string()));
    next(&mut game, 3);
    game.use_power(&PowerUse::new("Ana", "Poke").at(["Bo"])).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 19);
}

#[test]
fn a_skipped_turn_passes_at_once_and_only_once() {
    let mut game = game();
    start(&mut game, 20, 1);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Reckless").at(["Bo"])).unwrap();
    assert!(game.transcript_since(mark).ends_with("Ana will skip the next turn\n"));
    // Ana's action and end, Bo's whole turn, then Ana's turn 2 passes into Bo's.
    let transcript = next(&mut game, 6);
    assert!(
        transcript.ends_with(
            "Bo ends the turn\n-- end of round 1 --\n-- round 2 --\nAna: start phase\n\
             Ana skips the turn\nAna: action phase\nAna: end phase\nAna ends the turn\n\
             Bo: start phase\n"
        ),
        "{transcript}"
    );
    assert_eq!(acting(&game), ("Bo".to_string(), 2, "start".to_string()));
    next(&mut game, 3);
    assert_eq!(acting(&game), ("Ana".to_string(), 3, "start".to_string()), "skipped once");
}

#[test]
fn a_surprise_round_skips_the_surprised_until_hit() {
    let mut game = game();
    game.use_power(&PowerUse::new("Ana", "Ambush").at(["Bo"])).unwrap();
    assert_eq!(game.effective("Bo", "Dexterity").map(|(now, _)| now), Some(0));
    // Bo rolls higher but is surprised: its turn passes as the encounter opens.
    game.world_mut().roller.force([2, 19]);
    let mark = game.mark();
    assert_eq!(game.start_encounter(&["Ana", "Bo"]).unwrap(), ["Bo", "Ana"]);
    let transcript = game.transcript_since(mark);
    assert!(transcript.ends_with("Bo skips the turn\nBo: action phase\nBo: end phase\nBo ends the turn\nAna: start phase\n"), "{transcript}");
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Poke").at(["Bo"])).unwrap();
    assert!(
        game.transcript_since(mark).ends_with("Bo loses Surprised\n"),
        "{}",
        game.transcript_since(mark)
    );
    assert_eq!(game.effective("Bo", "Dexterity").map(|(now, _)| now), Some(3));
    // Next round Bo acts.
    next(&mut game, 3);
    assert_eq!(acting(&game), ("Bo".to_string(), 2, "start".to_string()));
}

#[test]
fn until_end_of_the_battle_lasts_to_the_end_of_the_encounter() {
    let mut game = game();
    start(&mut game, 20, 1);
    game.use_power(&PowerUse::new("Ana", "Rattle").at(["Bo"])).unwrap();
    let bo = game.world().actor("Bo").unwrap();
    assert_eq!(bo.conditions.active[0].duration, Expiry::EndOfEncounter);
    game.end_encounter().unwrap();
    assert!(game.world().actor("Bo").unwrap().conditions.active.is_empty());
}

#[test]
fn turn_control_prints_canonically_and_misuse_is_refused() {
    let text = "system S\nResource HP: max 10\n\ncondition Stunned\nTurn:  Skipped\n\n\
                power P\nResult: end turn; Target skips next turn; skip the next turn\n";
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "s.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let printed = mythforge::model::print::format_file(&file);
    assert!(printed.contains("Turn: skipped\n"), "{printed}");
    assert!(
        printed.contains("Result: end the turn; Target skips the next turn; skip the next turn\n"),
        "{printed}"
    );
    let bad = PACK.replace("Turn: skipped\nModifiers", "Turn: sometimes\nModifiers");
    let (_, diagnostics) = mythforge::parse::parse_source(&mut sources, "bad.rules", &bad);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0].message, "could not read this `Turn` line");
    assert_eq!(diagnostics[0].labels[0].message, "expected `skipped`: `Turn: skipped`");
    let at = bad.find("sometimes").unwrap();
    assert_eq!(diagnostics[0].primary_span().range(), at..at + "sometimes".len());
    let mut game = Game::new(1);
    let error = game
        .load_source("until.rules", &PACK.replace("until end of the battle", "until struck"))
        .unwrap_err();
    assert_eq!(error[0].message, "unknown duration `until struck`", "{error:#?}");
}
