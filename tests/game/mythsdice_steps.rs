//! Tests in steps on the Myths & Dice pack, with forced dice: every worked example of
//! MECHANICS.md section 3 (the `[1,2,4,5,6]` pool and its push, the rulebook's two
//! successes plus a push, Strength 2 spending 4 vigor in two chunks, the boulder with an
//! assisting ally, the window jump with tension raising the CR to 4), each chunk's
//! judgement, ease that settles a test without a roll, undo and saves carrying the open
//! test, and the refusals (adding to no test, a chunk above the rating, settling twice).

use mythforge::diagnostics::{RenderStyle, render_all};
use mythforge::runtime::{Game, RuntimeErrorKind, TestRequest, TestStatus};
use mythforge::session::Session;

use crate::common::{game_with, resource};

/// The pack with its four sample characters, seed 3.
fn game() -> Game {
    let mut game = game_with(3, &["rules/mythsdice"]);
    for name in ["Warrior", "Sellsword", "Acrobat", "Novice"] {
        game.add_actor(name, Some(name), &[]).unwrap();
    }
    game
}

/// `actor` tests `aspect` (+ `bonus` enhancement dice) against `need`.
fn test(actor: &str, aspect: &str, bonus: i64, need: i64) -> TestRequest {
    TestRequest {
        actor: actor.to_string(),
        stats: vec![aspect.to_string()],
        bonus,
        need,
        ..TestRequest::default()
    }
}

fn status(successes: i64, need: i64, settled: Option<bool>) -> TestStatus {
    TestStatus { successes, need, settled, judgement: None, outcome: None }
}

/// The faces of the last roll the log holds, as written (`6!` pushed).
fn last_roll(game: &Game) -> String {
    let log = game.transcript_since(0);
    log.lines().rev().find(|line| line.contains(" rolls ")).unwrap_or_default().to_string()
}

#[test]
fn five_dice_one_two_four_five_six_count_three_and_the_push_adds_nothing_on_a_three() {
    let mut game = game();
    game.world_mut().roller.force([1, 2, 4, 5, 6, 3]);
    // Acrobat: Finesse 3 plus 2 enhancement dice = 5 dice.
    let open = game.open_test(&test("Acrobat", "Finesse", 2, 3)).unwrap();
    assert_eq!(open, status(3, 3, None));
    assert_eq!(
        last_roll(&game),
        "Acrobat rolls 5d6 (+1 pushed) for test: [1f, 2f, 4f, 5f, 6f!, 3f]"
    );
    assert_eq!(game.settle_test().unwrap(), status(3, 3, Some(true)));
}

#[test]
fn two_successes_with_one_six_push_into_a_third() {
    let mut game = game();
    // 6 (pushes: 5), 4, 1: two successes on the first roll, the push a third.
    game.world_mut().roller.force([6, 5, 4, 1]);
    let open = game.open_test(&test("Acrobat", "Finesse", 0, 3)).unwrap();
    assert_eq!(open.successes, 3);
    assert_eq!(last_roll(&game), "Acrobat rolls 3d6 (+1 pushed) for test: [6f!, 5f, 4f, 1f]");
}

#[test]
fn strength_two_spends_four_vigor_in_two_chunks_of_two_with_fatigue_two() {
    let mut game = game();
    game.world_mut().roller.force([1, 2]);
    assert_eq!(game.open_test(&test("Warrior", "Strength", 0, 3)).unwrap().successes, 0);
    // Four at once is more than Strength 2 allows: refused, nothing spent.
    let refused = game.add_chunk("Warrior", 4, "Vigor").unwrap_err();
    assert_eq!(
        refused.kind.to_string(),
        "a chunk is 1 to 2 dice (`Chunk: Vigor, at most [Rating]`), not 4"
    );
    assert_eq!(
        (resource(&game, "Warrior", "Vigor"), resource(&game, "Warrior", "Fatigue")),
        (11, 0)
    );
    game.world_mut().roller.force([4, 2, 5, 1]);
    assert_eq!(game.add_chunk("Warrior", 2, "Vigor").unwrap().successes, 1);
    assert_eq!(game.add_chunk("Warrior", 2, "Vigor").unwrap().successes, 2);
    assert_eq!(resource(&game, "Warrior", "Vigor"), 7);
    assert_eq!(resource(&game, "Warrior", "Fatigue"), 2);
    assert_eq!(game.test().unwrap().chunks, 2);
    assert_eq!(game.settle_test().unwrap(), status(2, 3, Some(false)));
}

#[test]
fn each_chunk_is_judged_on_its_own_first_rolls() {
    let mut game = game();
    game.world_mut().roller.force([4, 5, 1]);
    assert_eq!(game.open_test(&test("Acrobat", "Finesse", 0, 9)).unwrap().successes, 2);
    // Major Success: 6, 6 (their pushes 3, 2): two successes and two more.
    game.world_mut().roller.force([6, 3, 6, 2]);
    let major = game.add_chunk("Acrobat", 2, "Vigor").unwrap();
    assert_eq!((major.successes, major.judgement.as_deref()), (6, Some("Major Success")));
    // Minor Success: 4, 5, 6 (push 1): three successes and one more.
    game.world_mut().roller.force([4, 5, 6, 1]);
    let minor = game.add_chunk("Acrobat", 3, "Vigor").unwrap();
    assert_eq!((minor.successes, minor.judgement.as_deref()), (10, Some("Minor Success")));
    // Minor Blunder: 2, 3: one success lost.
    game.world_mut().roller.force([2, 3]);
    let blunder = game.add_chunk("Acrobat", 2, "Vigor").unwrap();
    assert_eq!((blunder.successes, blunder.judgement.as_deref()), (9, Some("Minor Blunder")));
    // Major Blunder: 1, 1, 1: three successes lost.
    game.world_mut().roller.force([1, 1, 1]);
    let major_blunder = game.add_chunk("Acrobat", 3, "Vigor").unwrap();
    assert_eq!(major_blunder.successes, 6);
    assert_eq!(major_blunder.judgement.as_deref(), Some("Major Blunder"));
    // A mixed chunk is not judged.
    game.world_mut().roller.force([1, 4]);
    let mixed = game.add_chunk("Acrobat", 2, "Vigor").unwrap();
    assert_eq!((mixed.successes, mixed.judgement), (7, None));
    assert_eq!(resource(&game, "Acrobat", "Fatigue"), 5);
    assert_eq!(resource(&game, "Acrobat", "Vigor"), 0);
}

#[test]
fn blunders_with_no_success_to_lose_raise_the_need() {
    let mut game = game();
    game.world_mut().roller.force([1, 2, 3]);
    assert_eq!(game.open_test(&test("Acrobat", "Finesse", 0, 2)).unwrap(), status(0, 2, None));
    game.world_mut().roller.force([2, 3]);
    assert_eq!(game.add_chunk("Acrobat", 2, "Vigor").unwrap().need, 3);
    game.world_mut().roller.force([1, 1, 1]);
    assert_eq!(game.add_chunk("Acrobat", 3, "Vigor").unwrap().need, 6);
    let log = game.transcript_since(0);
    assert!(log.contains("Major Blunder: none to lose, need +3"), "{log}");
}

#[test]
fn the_boulder_moves_when_an_ally_pools_two_successes_with_the_warriors_one() {
    let mut game = game();
    game.world_mut().roller.force([4, 2]);
    assert_eq!(game.open_test(&test("Warrior", "Strength", 0, 3)).unwrap(), status(1, 3, None));
    game.world_mut().roller.force([5, 4]);
    assert_eq!(game.assist_test("Sellsword").unwrap(), status(3, 3, None));
    assert_eq!(game.settle_test().unwrap(), status(3, 3, Some(true)));
    // The same with the helper named when the test opens (`aided by`), several helpers
    // summing their successes.
    let mut game = self::game();
    game.world_mut().roller.force([4, 2, 5, 4, 1]);
    let mut request = test("Warrior", "Strength", 0, 3);
    request.helpers = vec!["Sellsword".into(), "Novice".into()];
    assert_eq!(game.open_test(&request).unwrap(), status(3, 3, None));
    assert_eq!(game.test().unwrap().helpers, ["Sellsword", "Novice"]);
    let twice = game.assist_test("Novice").unwrap_err();
    assert_eq!(
        twice.kind.to_string(),
        "Novice already counts in Warrior's test: 3 successes of 3 needed"
    );
}

#[test]
fn the_window_jump_meets_cr_two_with_vigor_then_tension_raises_it_to_four() {
    let mut game = game();
    // Finesse 3 against CR 2: one success.
    game.world_mut().roller.force([5, 1, 2]);
    assert_eq!(game.open_test(&test("Acrobat", "Finesse", 0, 2)).unwrap(), status(1, 2, None));
    // Vigor: three dice, two more successes, one fatigue.
    game.world_mut().roller.force([4, 5, 2]);
    assert_eq!(game.add_chunk("Acrobat", 3, "Vigor").unwrap(), status(3, 2, None));
    assert_eq!(resource(&game, "Acrobat", "Fatigue"), 1);
    // Tension: the storyteller's two dice succeed twice: CR 4.
    game.world_mut().roller.force([4, 5]);
    assert_eq!(game.oppose_test(2).unwrap(), status(3, 4, None));
    assert!(game.transcript_since(0).contains("the world rolls 2d6 for Tension: [4f, 5f]"));
    // More vigor clears it.
    game.world_mut().roller.force([4, 1]);
    assert_eq!(game.add_chunk("Acrobat", 2, "Vigor").unwrap().successes, 4);
    assert_eq!(game.settle_test().unwrap(), status(4, 4, Some(true)));
    assert_eq!(resource(&game, "Acrobat", "Fatigue"), 2);
}

#[test]
fn ease_that_alone_meets_the_need_settles_without_a_roll() {
    let mut game = game();
    game.world_mut().roller.force([1]);
    let mut request = test("Novice", "Strength", 0, 2);
    request.ease = 2;
    assert_eq!(game.open_test(&request).unwrap(), status(2, 2, Some(true)));
    let log = game.transcript_since(0);
    assert!(log.contains("Novice's ease of 2 meets the 2 needed: no roll"), "{log}");
    assert!(!log.contains(" rolls "), "{log}");
    // The forced 1 is still waiting: nothing was rolled.
    assert_eq!(game.world().roller.forced().len(), 1);
    // Ease below the need counts first, then the dice.
    let mut game = self::game();
    game.world_mut().roller.force([4]);
    request.ease = 1;
    request.need = 3;
    assert_eq!(game.open_test(&request).unwrap(), status(2, 3, None));
}

#[test]
fn undo_and_saves_carry_the_open_test() {
    let mut game = game();
    game.world_mut().roller.force([4, 2, 6, 6, 5, 3]);
    game.open_test(&test("Warrior", "Strength", 0, 3)).unwrap();
    game.add_chunk("Warrior", 2, "Vigor").unwrap();
    assert_eq!(game.test().unwrap().successes, 4);
    let saved = game.save_text().unwrap();
    game.undo().unwrap();
    assert_eq!((game.test().unwrap().successes, game.test().unwrap().chunks), (1, 0));
    assert_eq!(resource(&game, "Warrior", "Vigor"), 11);
    game.restore_text(&saved, "saved.json").unwrap();
    assert_eq!((game.test().unwrap().successes, game.test().unwrap().chunks), (4, 1));
}

#[test]
fn steps_without_an_open_test_or_against_its_rules_are_refused_and_change_nothing() {
    let mut game = game();
    let none = game.add_chunk("Warrior", 1, "Vigor").unwrap_err();
    assert!(matches!(none.kind, RuntimeErrorKind::Test { .. }));
    assert_eq!(none.kind.to_string(), "no test is open");
    assert_eq!(game.settle_test().unwrap_err().kind.to_string(), "no test is open");
    assert_eq!(game.oppose_test(1).unwrap_err().kind.to_string(), "no test is open");
    game.world_mut().roller.force([4, 4]);
    game.open_test(&test("Warrior", "Strength", 0, 2)).unwrap();
    let other = game.add_chunk("Sellsword", 1, "Vigor").unwrap_err();
    assert_eq!(
        other.kind.to_string(),
        "Sellsword is not making the open test (Warrior's test: 2 successes of 2 needed)"
    );
    let resource_named = game.add_chunk("Warrior", 1, "Fatigue").unwrap_err();
    assert_eq!(resource_named.kind.to_string(), "the test's chunks are paid in Vigor, not Fatigue");
    let again = game.open_test(&test("Acrobat", "Finesse", 0, 1)).unwrap_err();
    assert_eq!(again.kind.to_string(), "Warrior's test is still open (2 successes of 2 needed)");
    game.settle_test().unwrap();
    let twice = game.settle_test().unwrap_err();
    assert_eq!(
        twice.kind.to_string(),
        "Warrior's test is settled (2 successes of 2 needed): nothing more can be added"
    );
    // A settled test makes room for a new one.
    game.world_mut().roller.force([4, 4, 4]);
    assert_eq!(game.open_test(&test("Acrobat", "Finesse", 0, 1)).unwrap().successes, 3);
}

/// Runs `text` as a session on the embedded packs; returns the transcript lines and the
/// rendered failure, if any.
fn session(text: &str) -> (String, String) {
    let mut session = Session::new(Game::new(1), 1);
    let run = session.run_text("steps.session", text, None);
    let lines: Vec<String> = run
        .steps
        .iter()
        .flat_map(|step| {
            std::iter::once(format!("> {}", step.source))
                .chain(step.events.iter().map(|event| event.text.clone()))
        })
        .collect();
    let failure = run
        .failure
        .map(|diagnostics| render_all(&diagnostics, session.sources(), RenderStyle::Plain))
        .unwrap_or_default();
    (lines.join("\n"), failure)
}

#[test]
fn a_session_opens_adds_assists_opposes_and_settles() {
    let (transcript, failure) = session(
        "load mythsdice\nactor Ana from Warrior\nactor Bo from Sellsword\n\
         force 4, 2\nAna tests Strength vs 3\nforce 5, 6, 6, 1\nAna adds 2 Vigor\n\
         force 4, 5\nBo assists\nforce 4, 3\noppose 2\nsettle\n",
    );
    assert_eq!(failure, "");
    let expected = "> Ana tests Strength vs 3
Ana rolls 2d6 for test: [4f, 2f]
Ana's test: 1 success of 3 needed (open)
> force 5, 6, 6, 1
next dice: 5, 6, 6, 1
> Ana adds 2 Vigor
Ana pays 2 Vigor (9 left)
Ana: Fatigue 0 -> 1
Ana rolls 2d6 (+2 pushed) for chunk: [5f, 6f!, 6f!, 1f]
Ana's chunk of 2: +3 successes, Minor Success: +1 — Ana's test: 5 successes of 3 needed
Ana: Strength Marks 0 -> 1
> force 4, 5
next dice: 4, 5
> Bo assists
Bo rolls 2d6 for assist: [4f, 5f]
Bo assists: +2 successes
Ana's test: 7 successes of 3 needed";
    assert!(transcript.contains(expected), "{transcript}");
    let end = "> oppose 2
the world rolls 2d6 for Tension: [4f, 3f]
Tension: +1 needed — Ana's test: 7 successes of 4 needed
> settle
Ana: 7 successes, success
settled: 7 successes of 4 needed, success (margin 3)";
    assert!(transcript.ends_with(end), "{transcript}");
}

#[test]
fn a_session_refuses_a_chunk_above_the_rating_with_the_command_underlined() {
    let (_, failure) = session(
        "load mythsdice\nactor Ana from Warrior\nforce 1, 1\nAna tests Strength vs 3\n\
         Ana adds 3 Vigor\n",
    );
    assert!(failure.contains("runtime::test"), "{failure}");
    assert!(
        failure.contains("a chunk is 1 to 2 dice (`Chunk: Vigor, at most [Rating]`), not 3"),
        "{failure}"
    );
    assert!(failure.contains("steps.session:5:1"), "{failure}");
    assert!(failure.contains("add at most 2 Vigor at a time, in several chunks"), "{failure}");
}

#[test]
fn a_session_refuses_settling_twice_and_adding_to_no_test() {
    let (_, failure) = session(
        "load mythsdice\nactor Ana from Warrior\nforce 4, 4\nAna tests Strength vs 2\nsettle\nsettle\n",
    );
    assert!(failure.contains("Ana's test is settled (2 successes of 2 needed)"), "{failure}");
    assert!(failure.contains("steps.session:6:1"), "{failure}");
    let (_, failure) = session("load mythsdice\nactor Ana from Warrior\nAna adds 1 Vigor\n");
    assert!(failure.contains("no test is open"), "{failure}");
    assert!(failure.contains("open one first with `ACTOR tests STAT vs N`"), "{failure}");
}

#[test]
fn aided_by_several_helpers_sums_their_successes_into_a_success_pool_check() {
    let (transcript, failure) = session(
        "load mythsdice\nactor Ana from Warrior\nactor Bo from Sellsword\nactor Cy from Novice\n\
         force 4, 1, 5, 2, 6, 3\ncheck Ana Strength vs 3 aided by Bo, Cy\n",
    );
    assert_eq!(failure, "");
    let expected = "> check Ana Strength vs 3 aided by Bo, Cy
Bo rolls 2d6 for check: [4f, 1f]
Bo: 1 successes
Cy rolls 1d6 for check: [5f]
Cy: 1 successes
Ana rolls 2d6 (+1 pushed) for check: [2f, 6f!, 3f]
Ana: 3 successes, success
Ana: grade 1";
    assert!(transcript.ends_with(expected), "{transcript}");
}

#[test]
fn a_short_rest_sheds_endurance_in_fatigue_and_wounds_by_an_endurance_tests_successes() {
    let mut game = game();
    game.world_mut()
        .set_resource("Warrior", "Fatigue", 5, mythforge::diagnostics::Span::NONE)
        .unwrap();
    game.world_mut()
        .set_resource("Warrior", "Wounds", 3, mythforge::diagnostics::Span::NONE)
        .unwrap();
    // Endurance 3: 4, 6 (push 5), 1 = three successes.
    game.world_mut().roller.force([4, 6, 5, 1]);
    game.use_power(&mythforge::runtime::PowerUse::new("Warrior", "Short Rest")).unwrap();
    assert_eq!(resource(&game, "Warrior", "Fatigue"), 2);
    assert_eq!(resource(&game, "Warrior", "Wounds"), 0);
    // A long rest sheds Recovery (3) in fatigue: never below 0.
    game.world_mut().roller.force([1, 2, 3]);
    game.use_power(&mythforge::runtime::PowerUse::new("Warrior", "Long Rest")).unwrap();
    assert_eq!(resource(&game, "Warrior", "Fatigue"), 0);
    // Move actions: size 2 plus Endurance 3.
    assert_eq!(game.effective("Warrior", "Move Actions").map(|(value, _)| value), Some(5));
    // Vigor's maximum is the six aspects' sum: 2 + 2 + 3 + 1 + 1 + 2.
    assert_eq!(game.world().actor("Warrior").unwrap().resources["Vigor"].max, Some(11));
}
