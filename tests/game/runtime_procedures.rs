//! Every check procedure run through `Game::check` and `Game::versus` with forced dice: roll
//! under (success numbers, difficulty, always-succeed, boost, the second die feeding a pool),
//! success pools (pushes, ease), roll plus modifier (critical), and versus (tie rules).

use std::path::PathBuf;

use mythforge::engine::{CheckResult, DecisionKind, Event, Policy, PolicyDecider, Side, TieRule};
use mythforge::runtime::{CheckRequest, Game, PowerUse, VersusRequest};

fn game() -> Game {
    let mut game = crate::common::game_with(7, &["tests/fixtures/runtime/procedures.rules"]);
    game.add_actor("Hero", Some("Hero"), &[]).unwrap();
    game.add_actor("Rival", Some("Hero"), &[]).unwrap();
    game
}

fn request(procedure: &str, threshold: i64) -> CheckRequest {
    CheckRequest {
        actor: "Hero".into(),
        threshold,
        procedure: Some(procedure.into()),
        ..CheckRequest::default()
    }
}

/// Hero attacks and Rival defends, both with `check`.
fn hero_against_rival(check: CheckRequest) -> VersusRequest {
    let defender = CheckRequest { actor: "Rival".into(), ..check.clone() };
    VersusRequest { attacker: check, defender, ..VersusRequest::default() }
}

#[test]
fn roll_under_success_numbers_and_difficulty() {
    let mut game = game();
    game.world_mut().roller.force([7]);
    let outcome = game.check(&request("Attribute Test", 9)).unwrap();
    assert_eq!((outcome.grade, outcome.names.success_number), (1, Some(7)));
    game.world_mut().roller.force([11]);
    let outcome = game.check(&request("Attribute Test", 9)).unwrap();
    assert_eq!((outcome.grade, outcome.names.success_number), (0, Some(0)));
    game.world_mut().roller.force([7]);
    let hard = CheckRequest { difficulty: 8, ..request("Attribute Test", 9) };
    let outcome = game.check(&hard).unwrap();
    assert_eq!(
        (outcome.grade, outcome.names.success_number, outcome.names.margin),
        (0, Some(7), -1)
    );
    game.world_mut().roller.force([12]);
    let outcome = game.check(&request("Attribute Test", 12)).unwrap();
    assert_eq!((outcome.grade, outcome.names.success_number), (1, Some(12)));
}

#[test]
fn roll_under_boost_takes_the_max_safe_amount() {
    let mut game = game();
    let boosted = CheckRequest { boost: 3, ..request("Attribute Test", 10) };
    game.world_mut().roller.force([6]);
    assert_eq!(game.check(&boosted).unwrap().names.success_number, Some(9));
    game.world_mut().roller.force([9]);
    assert_eq!(game.check(&boosted).unwrap().names.success_number, Some(10));
}

#[test]
fn the_second_die_follows_the_policy_and_feeds_the_pool() {
    let tempted = |policy| CheckRequest {
        second_die: true,
        second_die_feeds: Some("Chaos Dice".into()),
        policies: Some(PolicyDecider::default().with(DecisionKind::SecondDie, policy)),
        ..request("Attribute Test", 9)
    };
    let cases =
        [(Policy::IfBetter, Some(8), 1), (Policy::Never, Some(3), 0), (Policy::Always, Some(8), 1)];
    for (policy, expected, gained) in cases {
        let mut game = game();
        game.world_mut().roller.force([3, 8]);
        let outcome = game.check(&tempted(policy)).unwrap();
        assert_eq!(outcome.names.success_number, expected, "{policy:?}");
        assert_eq!(
            game.world().pools.get("Chaos Dice").copied().unwrap_or(0),
            gained,
            "{policy:?}"
        );
        let decisions =
            game.world().log.iter().filter(|e| matches!(e, Event::Decision { .. })).count();
        assert_eq!(decisions, 1);
    }
}

#[test]
fn success_pool_pushes_sixes_and_ease_skips_the_roll() {
    let mut game = game();
    game.world_mut().roller.force([1, 2, 4, 5, 6, 3]);
    let outcome = game.check(&request("Aspect Pool", 0)).unwrap();
    assert_eq!(outcome.names.successes, Some(3));
    assert_eq!(outcome.totals, vec![1, 2, 4, 5, 6, 3]);
    let eased = CheckRequest { ease: 2, ..request("Aspect Pool", 2) };
    let outcome = game.check(&eased).unwrap();
    assert_eq!((outcome.grade, outcome.names.successes, outcome.totals.len()), (1, Some(2), 0));
}

#[test]
fn total_against_ten_with_a_critical() {
    let mut game = game();
    let attack = CheckRequest {
        stats: vec!["Dexterity".into()],
        bonus: -1,
        critical_from: Some(19),
        ..request("Attack Roll", 10)
    };
    game.world_mut().roller.force([19]);
    let outcome = game.check(&attack).unwrap();
    assert_eq!(outcome.totals, vec![21]);
    assert_eq!(
        (outcome.grade, outcome.names.natural, outcome.names.critical),
        (1, Some(19), Some(true))
    );
    assert_eq!(outcome.names.margin, 11);
    game.world_mut().roller.force([7]);
    let outcome = game.check(&attack).unwrap();
    assert_eq!((outcome.grade, outcome.names.margin, outcome.names.critical), (0, -1, Some(false)));
}

#[test]
fn versus_ties_go_to_the_defender_by_the_procedure() {
    let mut game = game();
    let request = hero_against_rival(request("Versus Challenge", 0));
    game.world_mut().roller.force([12, 12]);
    let outcome = game.versus(&request).unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(Side::Defender), 0));
    game.world_mut().roller.force([15, 9]);
    let outcome = game.versus(&request).unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(Side::Attacker), 6));
    let last = game.world().log.last().cloned();
    assert!(matches!(
        last,
        Some(Event::Check {
            result: CheckResult::Versus { attacker: 15, defender: 9, margin: 6, .. },
            ..
        })
    ));
}

#[test]
fn a_duel_of_success_numbers_with_a_tie_has_no_winner() {
    let mut game = game();
    let side = |actor: &str| CheckRequest { actor: actor.into(), ..request("Attribute Test", 9) };
    let duel = VersusRequest {
        attacker: side("Hero"),
        defender: side("Rival"),
        tie: Some(TieRule::NoWinner),
        zero_never_wins: true,
    };
    game.world_mut().roller.force([7, 7]);
    let outcome = game.versus(&duel).unwrap();
    assert_eq!((outcome.winner, outcome.margin), (None, 0));
    game.world_mut().roller.force([8, 3]);
    let outcome = game.versus(&duel).unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(Side::Attacker), 5));
    game.world_mut().roller.force([11, 11]);
    let outcome = game.versus(&duel).unwrap();
    assert_eq!((outcome.winner, outcome.attacker.names.success_number), (None, Some(0)));
}

#[test]
fn a_failed_check_changes_nothing() {
    let mut game = game();
    let before = mythforge::engine::to_json(game.world()).unwrap();
    let error = game.check(&request("No Such Check", 9)).unwrap_err();
    assert_eq!(error.kind.code(), "runtime::unknown");
    assert_eq!(mythforge::engine::to_json(game.world()).unwrap(), before);
}

#[test]
fn declared_lines_drive_the_second_die_boost_and_policies() {
    let mut game = game();
    game.world_mut().roller.force([3, 8]);
    let outcome = game.check(&request("Tempted Test", 9)).unwrap();
    // `Policy second die: always` takes the 8; `Policy boost: never` adds nothing.
    assert_eq!(outcome.names.success_number, Some(8));
    assert_eq!(game.world().pools.get("Chaos Dice").copied(), Some(1));
    // A decider passed by the caller (the REPL's asker) wins over the declared policies.
    game.world_mut().roller.force([3, 8]);
    let mut asker = PolicyDecider::default()
        .with(DecisionKind::SecondDie, Policy::Never)
        .with(DecisionKind::Boost, Policy::MaxSafe);
    let outcome = game.check_with(&request("Tempted Test", 9), &mut asker).unwrap();
    assert_eq!(outcome.names.success_number, Some(6));
    assert_eq!(game.world().pools.get("Chaos Dice").copied(), Some(1));
}

#[test]
fn declared_duel_ease_and_critical_lines_run() {
    let mut game = game();
    let duel = hero_against_rival(request("Duel", 9));
    game.world_mut().roller.force([11, 12]);
    let outcome = game.versus(&duel).unwrap();
    assert_eq!((outcome.winner, outcome.margin), (None, 0));
    game.world_mut().roller.force([5, 5]);
    assert_eq!(game.versus(&duel).unwrap().winner, None);
    game.world_mut().roller.force([2, 9]);
    let outcome = game.versus(&duel).unwrap();
    assert_eq!((outcome.winner, outcome.margin), (Some(Side::Defender), 7));

    let outcome = game.check(&request("Eased Pool", 2)).unwrap();
    assert_eq!((outcome.grade, outcome.names.successes, outcome.totals.len()), (1, Some(2), 0));

    game.world_mut().roller.force([19]);
    let outcome = game.check(&request("Crit Roll", 10)).unwrap();
    assert_eq!(
        (outcome.grade, outcome.names.natural, outcome.names.critical),
        (1, Some(19), Some(true))
    );
}

#[test]
fn the_new_check_lines_parse_and_print_back() {
    use mythforge::model::{ProcedureLine, format_file};
    let text = "check Tempted\nMethod: roll under\nDice: d12\nBoost: [Rating + 1]\n\
        Alternative die: d12\nAlternative die feeds: Chaos Dice\nPolicy second die: if-better\n\
        Policy boost: max-safe\nEase: 2\nCritical: natural >= 19\nZero wins: no\n";
    let (file, diagnostics) = mythforge::parse::parse_file(
        mythforge::diagnostics::FileId(0),
        std::path::Path::new("lines.rules"),
        text,
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = format_file(&file);
    for line in text.lines().skip(1) {
        assert!(printed.contains(line), "{line} missing from\n{printed}");
    }
    let block = file.blocks().next().expect("one block");
    let body = &block.node.body;
    let mythforge::model::BlockBody::Check(lines) = body else { panic!("a check block") };
    assert!(matches!(lines[9].node, ProcedureLine::ZeroWins(false)));
    assert_eq!(lines[8].node.to_string(), "Critical: natural >= 19");
    // The feeds line's span covers the pool's name.
    let ProcedureLine::AlternativeDieFeeds(pool) = &lines[4].node else { panic!("feeds") };
    assert_eq!(&text[pool.span.start as usize..pool.span.end as usize], "Chaos Dice");
}

/// The shipped roll-under pack: its `Duel` procedure run through a versus request.
#[test]
fn the_shipped_roll_under_pack_duel_compares_success_numbers() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/mystika");
    let files: Vec<PathBuf> = ["system.rules", "gear.rules", "powers.rules", "actors.rules"]
        .iter()
        .map(|file| folder.join(file))
        .collect();
    let mut game = Game::new(1);
    game.load(&files).expect("the pack loads");
    game.add_actor("Mira", Some("Mira Quickblade"), &[]).unwrap();
    game.add_actor("Brannoc", Some("Brannoc the Bouncer"), &[]).unwrap();
    let side = |actor: &str, skill: &str| CheckRequest {
        actor: actor.into(),
        stats: vec![skill.into()],
        procedure: Some("Duel".into()),
        ..CheckRequest::default()
    };
    let duel = VersusRequest {
        attacker: side("Mira", "Blades"),
        defender: side("Brannoc", "Clubs"),
        ..VersusRequest::default()
    };
    // Mira regular 11, dark 2; Brannoc regular 10, dark 6: his dark die gives SN 6.
    game.world_mut().roller.force([11, 2, 10, 6]);
    let outcome = game.versus(&duel).unwrap();
    assert_eq!(outcome.attacker.names.success_number, Some(11));
    assert_eq!(outcome.defender.names.success_number, Some(6));
    assert_eq!((outcome.winner, outcome.margin), (Some(Side::Attacker), 5));
    assert_eq!(game.world().pools.get("Chaos Dice").copied(), Some(1));
    // The pack's duel attack rolls both sides itself (tests/game/mystika_examples.rs has the
    // damage); a one-sided use of `Duel` is refused there too.
}

#[test]
fn a_power_checks_through_a_total_procedure() {
    let mut game = game();
    let shot = PowerUse::new("Hero", "Aimed Shot").at(["Rival"]);
    // Dexterity 3 + 7 = 10 meets 10: a hit for 3.
    game.world_mut().roller.force([7]);
    let outcome = game.use_power(&shot).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    assert_eq!(game.world().actor("Rival").unwrap().resources["HP"].current, 7);
    // 3 + 6 = 9 misses: nothing changes.
    game.world_mut().roller.force([6]);
    assert_eq!(game.use_power(&shot).unwrap().targets[0].grade, 0);
    assert_eq!(game.world().actor("Rival").unwrap().resources["HP"].current, 7);
}
