//! Row "a condition's `Duration: for 2 rounds` is shown as `[EndOfEncounter]` and still
//! active in round 3": one vocabulary of durations, on the condition block and where a
//! condition is applied, and `check` refuses any other words.

use mythforge::engine::Expiry;
use mythforge::runtime::PowerUse;
use mythforge::session::Session;

use super::common::{check, game, transcript};

const PACK: &str = "
system Tiny
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max

condition Slowed
Duration: for 2 rounds

condition Cursed

condition Stunned

condition Weak

power Hex
Target: Enemy
Result: apply Slowed to Target

power Curse
Target: Enemy
Result: apply Cursed to Target

power Stun
Target: Enemy
Result: apply Stunned to Target until end of encounter

power Sap
Target: Enemy
Result: apply Weak to Target until healed

power Mend
Target: Enemy
Result: heal 2

actor Fighter
Stats: Attack 2, Defense 10
Resources: HP 20, Max HP 20
Powers: Hex, Curse, Stun, Sap, Mend
";

fn duration(game: &mythforge::runtime::Game, actor: &str, condition: &str) -> Option<Expiry> {
    let actor = game.world().actor(actor).unwrap();
    actor.conditions.named(condition).next().map(|c| c.duration.clone())
}

fn duel() -> mythforge::runtime::Game {
    let mut game = game(PACK);
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.world_mut().roller.force([9, 1]);
    assert_eq!(game.start_encounter(&["Ana", "Bo"]).unwrap(), ["Ana", "Bo"]);
    game
}

/// Moves the encounter on to the start of round `round`.
fn to_round(game: &mut mythforge::runtime::Game, round: u32) {
    while game.world().encounter.as_ref().unwrap().round < round {
        game.next_turn().unwrap();
    }
}

#[test]
fn the_condition_blocks_duration_counts_rounds_and_ends_after_the_second() {
    let mut game = duel();
    game.use_power(&PowerUse::new("Ana", "Hex").at(["Bo"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Slowed"), Some(Expiry::Rounds(2)));
    to_round(&mut game, 2);
    assert_eq!(duration(&game, "Bo", "Slowed"), Some(Expiry::Rounds(1)));
    let mark = game.mark();
    to_round(&mut game, 3);
    assert_eq!(duration(&game, "Bo", "Slowed"), None, "gone in round 3");
    assert!(
        game.transcript_since(mark).contains("Bo loses Slowed"),
        "{}",
        game.transcript_since(mark)
    );
}

#[test]
fn a_duration_on_the_line_wins_over_the_blocks() {
    let pack = PACK
        .replace("Result: apply Slowed to Target", "Result: apply Slowed to Target for 1 round");
    let mut game = game(&pack);
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Hex").at(["Bo"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Slowed"), Some(Expiry::Rounds(1)));
}

#[test]
fn without_any_duration_a_condition_lasts_until_removed_even_past_the_encounter() {
    let mut game = duel();
    game.use_power(&PowerUse::new("Ana", "Curse").at(["Bo"])).unwrap();
    game.use_power(&PowerUse::new("Ana", "Stun").at(["Bo"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Cursed"), Some(Expiry::UntilRemoved));
    assert_eq!(duration(&game, "Bo", "Stunned"), Some(Expiry::EndOfEncounter));
    game.end_encounter().unwrap();
    assert_eq!(duration(&game, "Bo", "Cursed"), Some(Expiry::UntilRemoved));
    assert_eq!(duration(&game, "Bo", "Stunned"), None);
}

#[test]
fn until_healed_ends_with_a_heal_that_restores_health() {
    let mut game = duel();
    game.use_power(&PowerUse::new("Ana", "Sap").at(["Bo"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Weak"), Some(Expiry::UntilHealed));
    // Bo is at full health: the heal restores nothing, so Weak stays.
    game.use_power(&PowerUse::new("Ana", "Mend").at(["Bo"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Weak"), Some(Expiry::UntilHealed));
    game.world_mut().actor_mut("Bo").unwrap().resources.get_mut("HP").unwrap().current = 5;
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Mend").at(["Bo"])).unwrap();
    assert_eq!(duration(&game, "Bo", "Weak"), None);
    assert!(game.transcript_since(mark).contains("Bo loses Weak"));
    // The end of an encounter does not end it either.
    game.use_power(&PowerUse::new("Ana", "Sap").at(["Bo"])).unwrap();
    game.end_encounter().unwrap();
    assert_eq!(duration(&game, "Bo", "Weak"), Some(Expiry::UntilHealed));
}

#[test]
fn durations_show_as_words() {
    assert_eq!(Expiry::Rounds(2).to_string(), "for 2 rounds");
    assert_eq!(Expiry::UntilHealed.to_string(), "until healed");
    let next = Expiry::EndOfTurn { actor: "Ana".into(), turns: 2 };
    assert_eq!(next.to_string(), "for Ana's next 2 turns");
    assert_eq!(Expiry::EndOfEncounter.to_string(), "until the end of the encounter");
}

#[test]
fn check_refuses_durations_the_engine_does_not_run() {
    let text = PACK
        .replace("Duration: for 2 rounds", "Duration: for 2 segments")
        .replace("until end of encounter", "until end of encountr");
    let diagnostics = check(&text);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        ["rules::check::unknown_duration", "rules::check::unknown_duration"],
        "{diagnostics:#?}"
    );
    let segments = &diagnostics[0];
    assert_eq!(segments.message, "unknown duration `for ... segments`");
    let line = text.find("Duration: for 2 segments").unwrap();
    assert_eq!(segments.primary_span().range(), line..line + "Duration: for 2 segments".len());
    assert_eq!(
        segments.help.as_deref(),
        Some("count rounds, turns, encounters instead: `for 2 rounds`")
    );
    let typo = &diagnostics[1];
    assert_eq!(typo.message, "unknown duration `until end of encountr`");
    let at = text.find("end of encountr").unwrap();
    assert_eq!(typo.primary_span().range(), at..at + "end of encountr".len());
    assert_eq!(typo.help.as_deref(), Some("did you mean `until end of encounter`?"));
}

#[test]
fn the_sessions_apply_reads_the_rule_files_durations() {
    let mut session = Session::new(game(PACK), 1);
    let text = "actor Ana from Fighter\napply Weak to Ana until healed\nset Ana HP to 5\n\
                Ana heals 2\n";
    let (lines, failure) = transcript(&mut session, text);
    assert!(failure.is_none(), "{failure:#?}");
    let heal = lines.iter().position(|line| line == "> Ana heals 2").unwrap();
    assert_eq!(
        lines[heal + 1..].iter().filter(|line| *line == "Ana loses Weak").count(),
        1,
        "{lines:#?}"
    );
}

#[test]
fn a_misspelt_duration_in_the_session_gets_the_rule_files_did_you_mean() {
    let mut session = Session::new(game(PACK), 1);
    let text = "actor Ana from Fighter\napply Weak to Ana until end of tunr\n";
    let (_, failure) = transcript(&mut session, text);
    let failure = failure.expect("refused");
    assert_eq!(failure.len(), 1, "{failure:#?}");
    let typo = &failure[0];
    assert_eq!(typo.code, "session::parse::unknown_duration");
    assert_eq!(typo.message, "unknown duration `until end of tunr`");
    assert_eq!(typo.help.as_deref(), Some("did you mean `until end of turn`?"));
    let at = text.find("end of tunr").unwrap();
    assert_eq!(typo.primary_span().range(), at..at + "end of tunr".len());
    let text = "apply Weak to Ana for 2 roudns\n";
    let (_, failure) = transcript(&mut session, text);
    let unit = &failure.expect("refused")[0];
    assert_eq!(unit.message, "unknown duration `for 2 roudns`");
    assert_eq!(unit.help.as_deref(), Some("did you mean `rounds`?"));
}
