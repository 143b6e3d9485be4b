//! Row "`reset X at round start`, `reset X at banana time` accepted, never happen": one table
//! of moments; every entry runs, anything else is refused by `check` with a did-you-mean.

use super::common::{check, game};

const PACK: &str = "
system Tiny
Stats: Attack
Resource Focus: reset to 3 at round start; gain 1 at turn end; lost at end of encounter
Resource Rage: start 0; gain 2 at round end
Resource Poise: reset to [Attack] at encounter start; reset to 0 at end of turn
Resource Luck: start 5; reset to 9 at turn start

actor Fighter
Stats: Attack 4
";

fn value(game: &mythforge::runtime::Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

#[test]
fn every_moment_runs_for_the_actors_it_is_about() {
    let mut game = game(PACK);
    for name in ["Ana", "Bo", "Cy"] {
        game.add_actor(name, Some("Fighter"), &[]).unwrap();
    }
    game.world_mut().roller.force([9, 1]);
    assert_eq!(game.start_encounter(&["Ana", "Bo"]).unwrap(), ["Ana", "Bo"]);
    // Encounter start (Poise read on each actor), round start (Focus), Ana's turn start.
    for actor in ["Ana", "Bo"] {
        assert_eq!(value(&game, actor, "Poise"), 4, "{actor}");
        assert_eq!(value(&game, actor, "Focus"), 3, "{actor}");
    }
    assert_eq!(value(&game, "Ana", "Luck"), 9);
    assert_eq!(value(&game, "Bo", "Luck"), 5, "Bo's turn has not started");
    game.next_turn().unwrap(); // Ana: action
    game.next_turn().unwrap(); // Ana: end phase: her turn ends
    assert_eq!(value(&game, "Ana", "Focus"), 4);
    assert_eq!(value(&game, "Ana", "Poise"), 0);
    assert_eq!(value(&game, "Bo", "Focus"), 3);
    game.next_turn().unwrap(); // Bo: start
    assert_eq!(value(&game, "Bo", "Luck"), 9);
    game.next_turn().unwrap();
    game.next_turn().unwrap(); // Bo: end
    assert_eq!(value(&game, "Ana", "Rage"), 0);
    game.next_turn().unwrap(); // round 1 ends (Rage +2), round 2 starts (Focus back to 3)
    assert_eq!(game.world().encounter.as_ref().unwrap().round, 2);
    for actor in ["Ana", "Bo"] {
        assert_eq!(value(&game, actor, "Rage"), 2, "{actor}");
        assert_eq!(value(&game, actor, "Focus"), 3, "{actor}");
    }
    // Cy never took part: no moment touched it.
    assert_eq!(
        (value(&game, "Cy", "Focus"), value(&game, "Cy", "Rage"), value(&game, "Cy", "Luck")),
        (0, 0, 5)
    );
    game.end_encounter().unwrap();
    assert_eq!(value(&game, "Ana", "Focus"), 0);
    assert_eq!(value(&game, "Bo", "Focus"), 0);
}

#[test]
fn check_refuses_a_moment_outside_the_table_with_a_suggestion() {
    let text = PACK
        .replace("gain 2 at round end", "gain 2 at round edn")
        .replace("reset to 9 at turn start", "reset to 9 at banana time");
    let diagnostics = check(&text);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        ["rules::check::unknown_moment", "rules::check::unknown_moment"],
        "{diagnostics:#?}"
    );
    let typo = &diagnostics[0];
    assert_eq!(typo.message, "unknown moment `round edn`");
    let at = text.find("round edn").unwrap();
    assert_eq!(typo.primary_span().range(), at..at + "round edn".len());
    assert_eq!(typo.help.as_deref(), Some("did you mean `round end`?"));
    let banana = &diagnostics[1];
    assert_eq!(banana.message, "unknown moment `banana time`");
    assert_eq!(
        banana.help.as_deref(),
        Some(
            "the moments the engine runs: `encounter start`, `round start`, `turn start`, \
             `turn end`, `round end`, `end of encounter`"
        )
    );
}
