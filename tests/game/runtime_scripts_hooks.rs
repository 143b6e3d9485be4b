//! Event hooks declared by the system (`On damage taken: bleed_check`): each calls its
//! script function with the actor's handle and the event's data, inside the command that
//! caused the event. The neutral fixture of MECHANICS §5: losing more than half of Stability
//! in health from one hit asks for a 21-challenge (1d20 + Stability) or the actor bleeds.

use crate::common::acting;

use crate::common::serialised;
use acting::{game, jab};
use mythforge::runtime::{Game, PowerUse};

fn bleeding(game: &Game) -> bool {
    game.world().actor("Bo").unwrap().conditions.has("Bleeding")
}

#[test]
fn a_heavy_hit_failing_the_challenge_starts_bleeding() {
    let mut game = game("On damage taken: bleed_check", "5 damage");
    let mark = game.mark();
    // Check 9, 3 (grade 1); 5 damage is more than half of Stability 8; d20 10 + 8 < 21.
    jab(&mut game, &[9, 3, 10]).unwrap();
    assert!(bleeding(&game));
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Bo rolls 1d20 = 10"), "{transcript}");
}

#[test]
fn a_heavy_hit_passing_the_challenge_does_not_bleed() {
    let mut game = game("On damage taken: bleed_check", "5 damage");
    jab(&mut game, &[9, 3, 13]).unwrap();
    assert!(!bleeding(&game), "13 + 8 reaches 21");
    assert!(game.world().roller.state().forced.is_empty(), "the d20 was rolled");
}

#[test]
fn a_light_hit_rolls_nothing() {
    let mut game = game("On damage taken: bleed_check", "4 damage");
    jab(&mut game, &[9, 3, 1]).unwrap();
    assert!(!bleeding(&game), "4 is not more than half of 8");
    assert_eq!(game.world().roller.state().forced, vec![1], "no d20 was rolled");
}

#[test]
fn damage_dealt_by_a_script_runs_the_hook_after_the_script_returns() {
    let mut game = game("On damage taken: bleed_check", "script knockback(Target, Grade)");
    // Grade 2 (9, 9): 6 force damage; the d6 of 1 does not daze; the hook's d20 of 2 bleeds.
    jab(&mut game, &[9, 9, 1, 2]).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 34);
    assert!(bleeding(&game));
}

#[test]
fn condition_and_resource_hooks_receive_the_name() {
    let hooks =
        "On condition applied: announce\nOn condition ended: farewell\nOn resource zero: downed";
    let mut game = game(hooks, "40 damage; apply Dazed; remove Dazed");
    let mark = game.mark();
    jab(&mut game, &[9, 3]).unwrap();
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("HP is gone"), "{transcript}");
    let begins = transcript.find("Dazed begins").expect("the applied hook ran");
    let ends = transcript.find("Dazed ends").expect("the ended hook ran");
    assert!(begins < ends, "{transcript}");
}

#[test]
fn a_failing_hook_fails_the_command_and_changes_nothing() {
    let mut game = game("On damage taken: fumble", "5 damage");
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: no script function `fumble` taking 2 argument(s)");
    assert_eq!(serialised(&game), before);
    assert_eq!(game.mark(), mark);
}

#[test]
fn hooks_that_feed_themselves_stop_with_an_error_instead_of_hanging() {
    let mut game = game("On damage taken: loop_hook", "script knockback(Target, Grade)");
    game.world_mut().roller.force([9, 3, 1]);
    let before = serialised(&game);
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: hooks kept causing hooks more than 16 times");
    assert_eq!(serialised(&game), before);
}

#[test]
fn an_unknown_event_is_refused_with_the_events_listed() {
    let errors = acting::load("On damage dealt: bleed_check", "5 damage").unwrap_err();
    assert_eq!(errors[0].message, "could not read this `On damage dealt` line");
    assert_eq!(
        errors[0].labels[0].message,
        "expected an event after `On`: damage taken, turn start, turn end, condition applied, \
         condition ended, resource zero, hit, kill"
    );
}

#[test]
fn turn_hooks_run_as_turns_start_and_end() {
    let mut game = game("On turn start: tick\nOn turn end: tick", "5 damage");
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    let focus = |game: &Game| {
        let actors = ["Ana", "Bo"];
        actors.map(|name| game.world().actor(name).unwrap().resources["Focus"].current)
    };
    let before = focus(&game);
    for _ in 0..4 {
        game.next_turn().unwrap();
    }
    let after = focus(&game);
    let gained: i64 = after.iter().sum::<i64>() - before.iter().sum::<i64>();
    // Opening the encounter started Ana's turn (`tick`: 4). Four steps: Ana's action and end
    // phases (`tick` at her end: 5), then Bo's start (`tick`: 4) and action phases.
    assert_eq!((before, after, gained), ([4, 3], [5, 4], 2));
}
