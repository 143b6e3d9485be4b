//! The Myths & Dice mechanics that wait for the flow constructs, with forced dice: marks
//! (a chunk as large as the aspect's rating with a Minor or Major Success earns one, at
//! most one per test; six raise the aspect and its vigor maximum follows), aspects bounded
//! 1-6, the world clock (world actions advance a period, local actions a tick, four ticks
//! a period, six periods a day) and the six challenge types as kinds of test with named
//! outcomes (a contest's stalemate at or below the resistance).

use mythforge::diagnostics::Span;
use mythforge::runtime::{Game, PowerUse, TestRequest};

use crate::common::{game_with, resource};

/// The pack with its four sample characters, seed 3.
fn game() -> Game {
    let mut game = game_with(3, &["rules/mythsdice"]);
    for name in ["Warrior", "Sellsword", "Acrobat", "Novice"] {
        game.add_actor(name, Some(name), &[]).unwrap();
    }
    game
}

/// `actor` tests `aspect` against `need`, as `kind` of challenge when given.
fn test(actor: &str, aspect: &str, need: i64, kind: Option<&str>) -> TestRequest {
    TestRequest {
        actor: actor.to_string(),
        stats: vec![aspect.to_string()],
        need,
        kind: kind.map(str::to_string),
        ..TestRequest::default()
    }
}

fn stat(game: &Game, actor: &str, name: &str) -> i64 {
    game.effective(actor, name).map(|(value, _)| value).unwrap()
}

#[test]
fn a_chunk_of_the_ratings_size_with_a_minor_success_earns_one_mark_and_only_one_per_test() {
    let mut game = game();
    game.world_mut().roller.force([1, 2]);
    game.open_test(&test("Warrior", "Strength", 3, None)).unwrap();
    // A chunk of 1 (below Strength 2), all successes: a Minor Success but no mark.
    game.world_mut().roller.force([5]);
    let small = game.add_chunk("Warrior", 1, "Vigor").unwrap();
    assert_eq!(small.judgement.as_deref(), Some("Minor Success"));
    assert_eq!(resource(&game, "Warrior", "Strength Marks"), 0);
    // A chunk of 2 (= Strength), all successes: one mark in Strength.
    game.world_mut().roller.force([4, 5]);
    game.add_chunk("Warrior", 2, "Vigor").unwrap();
    assert_eq!(resource(&game, "Warrior", "Strength Marks"), 1);
    // A second such chunk in the same test, a Major Success this time: no second mark.
    game.world_mut().roller.force([6, 1, 6, 2]);
    let major = game.add_chunk("Warrior", 2, "Vigor").unwrap();
    assert_eq!(major.judgement.as_deref(), Some("Major Success"));
    assert_eq!(resource(&game, "Warrior", "Strength Marks"), 1);
    assert!(
        game.transcript_since(0).contains("Earn a Mark has run once in this test: not again"),
        "{}",
        game.transcript_since(0)
    );
    // The marks are the tested aspect's: the others stay at 0.
    assert_eq!(resource(&game, "Warrior", "Finesse Marks"), 0);
    game.settle_test().unwrap();
    // The next test may earn another.
    game.world_mut().roller.force([1, 1, 4, 4]);
    game.open_test(&test("Warrior", "Strength", 3, None)).unwrap();
    game.add_chunk("Warrior", 2, "Vigor").unwrap();
    assert_eq!(resource(&game, "Warrior", "Strength Marks"), 2);
}

#[test]
fn a_mixed_or_blundered_chunk_of_the_ratings_size_earns_no_mark() {
    let mut game = game();
    game.world_mut().roller.force([1, 2, 3]);
    game.open_test(&test("Acrobat", "Finesse", 3, None)).unwrap();
    game.world_mut().roller.force([4, 5, 1]);
    assert_eq!(game.add_chunk("Acrobat", 3, "Vigor").unwrap().judgement, None);
    game.world_mut().roller.force([1, 2, 3]);
    let blunder = game.add_chunk("Acrobat", 3, "Vigor").unwrap();
    assert_eq!(blunder.judgement.as_deref(), Some("Minor Blunder"));
    assert_eq!(resource(&game, "Acrobat", "Finesse Marks"), 0);
}

#[test]
fn the_sixth_mark_raises_the_aspect_resets_the_marks_and_the_vigor_maximum_follows() {
    let mut game = game();
    game.world_mut().set_resource("Warrior", "Strength Marks", 5, Span::NONE).unwrap();
    assert_eq!(game.world().actor("Warrior").unwrap().resources["Vigor"].max, Some(11));
    game.world_mut().roller.force([1, 1, 4, 6, 3]);
    game.open_test(&test("Warrior", "Strength", 3, None)).unwrap();
    game.add_chunk("Warrior", 2, "Vigor").unwrap();
    assert_eq!(stat(&game, "Warrior", "Strength"), 3);
    assert_eq!(resource(&game, "Warrior", "Strength Marks"), 0);
    assert_eq!(game.world().actor("Warrior").unwrap().resources["Vigor"].max, Some(12));
    let log = game.transcript_since(0);
    assert!(log.contains("Warrior's Strength Marks reaches 6"), "{log}");
    assert!(log.contains("Warrior's Strength goes from 2 to 3"), "{log}");
    // The open test keeps the rating it opened with: a chunk is still at most 2 dice.
    let refused = game.add_chunk("Warrior", 3, "Vigor").unwrap_err();
    assert_eq!(
        refused.kind.to_string(),
        "a chunk is 1 to 2 dice (`Chunk: Vigor, at most [Rating]`), not 3"
    );
}

#[test]
fn an_aspect_at_six_stays_at_six_when_six_more_marks_come() {
    let mut game = game();
    game.add_actor("Ace", Some("Acrobat"), &[("Finesse", 6), ("Vigor", 6)]).unwrap();
    game.world_mut().set_resource("Ace", "Finesse Marks", 5, Span::NONE).unwrap();
    game.world_mut().roller.force([1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4]);
    game.open_test(&test("Ace", "Finesse", 9, None)).unwrap();
    game.add_chunk("Ace", 6, "Vigor").unwrap();
    assert_eq!(stat(&game, "Ace", "Finesse"), 6);
    assert_eq!(resource(&game, "Ace", "Finesse Marks"), 0);
    let log = game.transcript_since(0);
    assert!(log.contains("Ace's Finesse stops at 6, not 7 (its bounds are 1 to 6)"), "{log}");
}

#[test]
fn world_actions_advance_a_period_local_actions_a_tick_and_a_day_is_six_periods() {
    let mut game = game();
    let clock = |game: &Game| {
        let clock = &game.world().clock;
        (clock.day, clock.period, clock.tick)
    };
    game.use_power(&PowerUse::new("Warrior", "Travel")).unwrap();
    assert_eq!(clock(&game), (0, 1, 0));
    for _ in 0..3 {
        game.use_power(&PowerUse::new("Warrior", "Explore")).unwrap();
    }
    assert_eq!(clock(&game), (0, 1, 3));
    // The fourth local action makes a period.
    game.use_power(&PowerUse::new("Warrior", "Haggle")).unwrap();
    assert_eq!(clock(&game), (0, 2, 0));
    game.use_power(&PowerUse::new("Warrior", "Camp")).unwrap();
    game.use_power(&PowerUse::new("Warrior", "Travel")).unwrap();
    // Periods 4 and 5 are nightfall; a long rest (a world action) ends the day.
    assert_eq!(clock(&game), (0, 4, 0));
    game.use_power(&PowerUse::new("Warrior", "Travel")).unwrap();
    game.world_mut().roller.force([1, 2, 3]);
    game.use_power(&PowerUse::new("Warrior", "Long Rest")).unwrap();
    assert_eq!(clock(&game), (1, 0, 0));
    // A short rest is a local action.
    game.world_mut().roller.force([1, 2, 3]);
    game.use_power(&PowerUse::new("Warrior", "Short Rest")).unwrap();
    assert_eq!(clock(&game), (1, 0, 1));
    assert!(game.transcript_since(0).contains("clock: day 1, period 0, tick 1"));
}

#[test]
fn a_contest_inflicts_its_margin_and_stalls_at_or_below_the_resistance() {
    let mut game = game();
    game.world_mut().roller.force([5, 4, 1]);
    game.open_test(&test("Acrobat", "Finesse", 2, Some("Contest"))).unwrap();
    let stalemate = game.settle_test().unwrap();
    assert_eq!((stalemate.successes, stalemate.outcome.as_deref()), (2, Some("Stalemate")));
    assert!(game.transcript_since(0).contains("Acrobat: 2 successes, Stalemate"));
    game.world_mut().roller.force([5, 4, 6, 4]);
    game.open_test(&test("Acrobat", "Finesse", 2, Some("Contest"))).unwrap();
    let pressed = game.settle_test().unwrap();
    assert_eq!((pressed.successes, pressed.outcome.as_deref()), (4, Some("Pressure inflicted")));
}

#[test]
fn each_challenge_type_names_its_settled_outcome() {
    // (kind, need, dice for Finesse 3, the outcome)
    let cases = [
        ("Block", 3, [4, 5, 1], "Nothing happens"),
        ("Block", 2, [4, 5, 1], "Overcome"),
        ("Snare", 3, [4, 1, 1], "Stuck"),
        ("Peril", 3, [1, 2, 4], "Consequence"),
        ("Peril", 1, [1, 2, 4], "Safe"),
        ("Check", 1, [1, 2, 3], "Consequence"),
        ("Check", 1, [1, 2, 5], "Passed"),
        ("Open", 0, [4, 5, 1], "Learned"),
    ];
    for (kind, need, dice, outcome) in cases {
        let mut game = game();
        game.world_mut().roller.force(dice);
        let opened = game.open_test(&test("Acrobat", "Finesse", need, Some(kind)));
        assert_eq!(opened.unwrap().settled, None, "{kind} vs {need} stays open");
        let settled = game.settle_test().unwrap().outcome;
        assert_eq!(settled.as_deref(), Some(outcome), "{kind} vs {need} with {dice:?}");
    }
    // An open challenge (`vs 0`, no ease) still rolls: the count gauges what is learned.
    let mut game = game();
    game.world_mut().roller.force([4, 5, 1]);
    game.open_test(&test("Acrobat", "Finesse", 0, Some("Open"))).unwrap();
    assert_eq!(game.settle_test().unwrap().successes, 2);
}

#[test]
fn a_kind_of_test_the_procedure_does_not_name_is_refused_and_nothing_rolls() {
    let mut game = game();
    game.world_mut().roller.force([4]);
    let refused = game.open_test(&test("Acrobat", "Finesse", 2, Some("Duel"))).unwrap_err();
    assert_eq!(refused.kind.to_string(), "check procedure `Test` has no kind of test `Duel`");
    assert!(game.test().is_none());
    assert_eq!(game.world().roller.forced().len(), 1);
}
