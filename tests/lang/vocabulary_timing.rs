//! The timing tables walked entry by entry (issue 15, Deliver 2): every wording of
//! `timing::MOMENTS`, `UNTILS`, `UNITS`, `TRAIT_TRIGGERS` and `CONDITION_MOMENTS`, and every
//! `HookEvent` as a system's `On <event>:` line, is written into a small pack and run by a
//! session over one fixed timeline (an encounter of Ana, Bo and Cy stepped a phase at a
//! time, a hit, a heal, the end of the encounter, a removal); each test asserts the points
//! of the timeline where the entry acts, so two entries that mean different things cannot
//! silently share a meaning. `vocabulary.rs` lists these tests as the tables' evidence.

use std::path::PathBuf;

use mythforge::model::hook::HookEvent;
use mythforge::model::timing::{
    CONDITION_MOMENTS, ConditionMoment, MOMENTS, Moment, TRAIT_TRIGGERS, UNITS, UNTILS, Unit,
    Until, Whose,
};
use mythforge::runtime::Game;
use mythforge::session::{Run, Session};

/// Every point of the timeline: a label and the session lines that reach it. A turn's end
/// phase is where `at turn end` runs; a duration that lasts to the end of a turn ends once
/// that phase is over, when the next turn starts.
const TIMELINE: [(&str, &str); 15] = [
    ("Ana starts", "force 9, 5, 1\nencounter Ana, Bo, Cy"),
    ("Ana acts", "next"),
    ("Ana hits Bo", "Ana uses Strike on Bo"),
    ("Ana's end phase", "next"),
    ("Bo starts", "next"),
    ("Bo acts", "next"),
    ("Bo's end phase", "next"),
    ("Cy starts", "next"),
    ("Cy's end phase", "next\nnext"),
    ("round 2", "next"),
    ("Ana's end phase again", "next\nnext"),
    ("Bo starts again", "next"),
    ("Bo healed", "set Bo HP to 5\nBo heals 2"),
    ("encounter over", "end encounter"),
    ("Bo removed", "remove Mark from Bo"),
];

/// The point where the GM removes Bo's Mark, which only the durations' walk reaches.
const REMOVED: usize = 14;

const PACK: &str = "
system Tiny
Stats: Attack
Resource HP: max 10
Resource Mark: start 0; no max

condition Mark

power Brand
Target: Enemy
Result: apply Mark to Target

power Strike
Target: Enemy
Result: 1 damage

actor Fighter
Stats: Attack 1
Resources: HP 10
Powers: Brand, Strike
";

/// A session over `pack` with Ana, Bo and Cy joined (and Dee, who takes part in nothing).
fn session(pack: &str) -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source("timing.rules", pack).unwrap_or_else(|e| panic!("{e:#?}\n{pack}"));
    let mut session = Session::new(game, 1).with_packs(Vec::new(), PathBuf::from("."));
    run(
        &mut session,
        "actor Ana from Fighter\nactor Bo from Fighter\nactor Cy from Fighter\nactor Dee from Fighter",
    );
    session
}

fn run(session: &mut Session<Game>, text: &str) {
    let Run { failure, .. } = session.run_text("timing.session", &format!("{text}\n"), None);
    assert!(failure.is_none(), "`{text}`: {failure:#?}");
}

fn mark(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["Mark"].current
}

fn holds_mark(session: &Session<Game>) -> bool {
    session.backend().world().actor("Bo").unwrap().conditions.named("Mark").next().is_some()
}

/// Runs the `points` of the timeline; after each point, `observe` reads the session.
fn walk<T>(
    session: &mut Session<Game>,
    points: std::ops::Range<usize>,
    mut observe: impl FnMut(&Session<Game>) -> T,
) -> Vec<(&'static str, T)> {
    TIMELINE[points]
        .iter()
        .map(|(label, line)| {
            run(session, line);
            (*label, observe(session))
        })
        .collect()
}

/// The points where an actor's Mark rose.
fn rises(seen: &[(&'static str, i64)]) -> Vec<&'static str> {
    let mut last = 0;
    let mut points = Vec::new();
    for (label, value) in seen {
        if *value > last {
            points.push(*label);
        }
        last = *value;
    }
    points
}

#[test]
fn every_moment_wording_runs_at_its_moment_for_those_taking_part() {
    for (moment, wordings) in MOMENTS {
        let (ana, bo): (&[&str], &[&str]) = match moment {
            Moment::EncounterStart => (&["Ana starts"], &["Ana starts"]),
            Moment::RoundStart => (&["Ana starts", "round 2"], &["Ana starts", "round 2"]),
            Moment::TurnStart => (&["Ana starts", "round 2"], &["Bo starts", "Bo starts again"]),
            Moment::TurnEnd => (&["Ana's end phase", "Ana's end phase again"], &["Bo's end phase"]),
            Moment::RoundEnd => (&["round 2"], &["round 2"]),
            Moment::EncounterEnd => (&["encounter over"], &["encounter over"]),
        };
        for wording in wordings {
            let pack = PACK.replace(
                "Resource Mark: start 0; no max",
                &format!("Resource Mark: start 0; no max; gain 1 at {wording}"),
            );
            let mut session = session(&pack);
            let seen =
                walk(&mut session, 0..REMOVED, |s| (mark(s, "Ana"), mark(s, "Bo"), mark(s, "Dee")));
            let of = |pick: fn(&(i64, i64, i64)) -> i64| {
                let values: Vec<(&str, i64)> =
                    seen.iter().map(|(label, values)| (*label, pick(values))).collect();
                rises(&values)
            };
            assert_eq!(of(|v| v.0), ana, "Ana, `gain 1 at {wording}`");
            assert_eq!(of(|v| v.1), bo, "Bo, `gain 1 at {wording}`");
            assert_eq!(of(|v| v.2), Vec::<&str>::new(), "Dee takes no part: `{wording}`");
        }
    }
}

/// Where a Mark that Ana's Brand put on Bo in her first action phase ends (`None`: it is
/// still there when the timeline is over).
fn ends_at(seen: &[(&'static str, bool)]) -> Option<&'static str> {
    seen.iter().find(|(_, held)| !held).map(|(label, _)| *label)
}

/// The point of the timeline where `until <wording>` ends, applied on Bo in Ana's first
/// action phase by her power (`from_rules`) or by the GM.
fn until_ends(until: Until, from_rules: bool) -> &'static str {
    match until {
        // A power's `turn` is the turn in progress, Ana's; `your` is the user's, Ana's. The
        // GM has no turn: both are the holder's, Bo's, whose next turn is this round's.
        Until::EndOfTurn { .. } if !from_rules => "Cy starts",
        Until::EndOfTurn { whose: Whose::Current | Whose::User, next: false } => "Bo starts",
        Until::EndOfTurn { whose: Whose::Current | Whose::User, next: true } => "Bo starts again",
        Until::EndOfRound => "round 2",
        Until::Healed => "Bo healed",
        Until::Hit => "Ana hits Bo",
        Until::EndOfEncounter => "encounter over",
        Until::Removed => "Bo removed",
    }
}

/// The point of the timeline where `for 1 <unit>` ends.
fn unit_ends(unit: Unit) -> &'static str {
    match unit {
        Unit::Rounds => "round 2",
        Unit::Turns => "Cy starts",
        Unit::Encounters => "encounter over",
    }
}

/// Bo's Mark, from `apply` written `lasting` on the power (`from_rules`) or by the GM, at
/// every point of the timeline after Ana's first action phase.
fn mark_held(lasting: &str, from_rules: bool) -> Vec<(&'static str, bool)> {
    let pack = if from_rules {
        PACK.replace(
            "Result: apply Mark to Target",
            &format!("Result: apply Mark to Target {lasting}"),
        )
    } else {
        PACK.to_string()
    };
    let mut session = session(&pack);
    run(&mut session, TIMELINE[0].1);
    run(&mut session, TIMELINE[1].1);
    if from_rules {
        run(&mut session, "Ana uses Brand on Bo");
    } else {
        run(&mut session, &format!("apply Mark to Bo {lasting}"));
    }
    assert!(holds_mark(&session), "`{lasting}`: Bo has no Mark");
    let mut seen = Vec::new();
    for (label, line) in &TIMELINE[2..] {
        run(&mut session, line);
        seen.push((*label, holds_mark(&session)));
        if !holds_mark(&session) {
            break;
        }
    }
    seen
}

#[test]
fn every_duration_wording_ends_where_it_says_from_a_rule_line_and_from_the_gm() {
    for from_rules in [true, false] {
        for (until, wordings) in UNTILS {
            for wording in wordings {
                let seen = mark_held(&format!("until {wording}"), from_rules);
                let want = until_ends(until, from_rules);
                assert_eq!(ends_at(&seen), Some(want), "`until {wording}` (rules: {from_rules})");
            }
        }
        for (unit, wordings) in UNITS {
            for wording in wordings {
                let seen = mark_held(&format!("for 1 {wording}"), from_rules);
                let want = unit_ends(unit);
                assert_eq!(ends_at(&seen), Some(want), "`for 1 {wording}` (rules: {from_rules})");
            }
        }
    }
}

/// Ana's and Bo's Marks along the timeline's first turns, then as the GM applies and
/// removes Bo's condition and as Ana's Strike takes Bo to 0 HP: the events a trait trigger
/// or a system's `On <event>:` line waits for.
fn events(pack: &str) -> Vec<(&'static str, (i64, i64))> {
    let mut session = session(pack);
    let both = |s: &Session<Game>| (mark(s, "Ana"), mark(s, "Bo"));
    let mut seen = walk(&mut session, 0..7, both);
    let more = [
        ("Bo is Marked", "apply Mark to Bo"),
        ("Bo unmarked", "remove Mark from Bo"),
        ("Bo falls", "set Bo HP to 1\nAna uses Strike on Bo"),
    ];
    for (label, line) in more {
        run(&mut session, line);
        seen.push((label, both(&session)));
    }
    seen
}

/// The points where Ana's and Bo's Marks rose.
fn rises_of(seen: &[(&'static str, (i64, i64))]) -> (Vec<&'static str>, Vec<&'static str>) {
    let ana: Vec<(&str, i64)> = seen.iter().map(|(label, (ana, _))| (*label, *ana)).collect();
    let bo: Vec<(&str, i64)> = seen.iter().map(|(label, (_, bo))| (*label, *bo)).collect();
    (rises(&ana), rises(&bo))
}

#[test]
fn every_trait_trigger_wording_runs_its_effect_at_its_event() {
    for wording in TRAIT_TRIGGERS {
        let trigger = wording.replace("<Resource>", "HP");
        // Both hold the feat; only Bo is hit.
        let (ana, bo): (&[&str], &[&str]) = match trigger.as_str() {
            "you take damage" => (&[], &["Ana hits Bo", "Bo falls"]),
            "you start your turn" | "you begin your turn" | "your turn starts" => {
                (&["Ana starts"], &["Bo starts"])
            }
            "you end your turn" | "your turn ends" => (&["Ana's end phase"], &["Bo's end phase"]),
            _ => (&[], &["Bo falls"]),
        };
        let pack = format!(
            "{}\nfeat Watchful\nTrigger: {trigger}\nEffect: gain 1 Mark\n",
            PACK.replace("Powers: Brand, Strike", "Powers: Brand, Strike\nTraits: Watchful")
        );
        let seen = rises_of(&events(&pack));
        assert_eq!(seen, (ana.to_vec(), bo.to_vec()), "`Trigger: {trigger}`");
    }
}

#[test]
fn every_hook_event_runs_a_systems_on_line_for_whom_it_happens_to() {
    for (event, words) in HookEvent::ALL {
        let (ana, bo): (&[&str], &[&str]) = match event {
            HookEvent::DamageTaken => (&[], &["Ana hits Bo", "Bo falls"]),
            HookEvent::TurnStart => (&["Ana starts"], &["Bo starts"]),
            HookEvent::TurnEnd => (&["Ana's end phase"], &["Bo's end phase"]),
            HookEvent::ConditionApplied => (&[], &["Bo is Marked"]),
            HookEvent::ConditionEnded => (&[], &["Bo unmarked"]),
            HookEvent::ResourceZero => (&[], &["Bo falls"]),
            HookEvent::Hit => (&[], &["Ana hits Bo", "Bo falls"]),
            HookEvent::Kill => (&["Bo falls"], &[]),
        };
        let pack = PACK.replace(
            "Resource Mark: start 0; no max",
            &format!("Resource Mark: start 0; no max\nOn {words}: gain 1 Mark"),
        );
        let (seen_ana, seen_bo) = rises_of(&events(&pack));
        assert_eq!((seen_ana, seen_bo), (ana.to_vec(), bo.to_vec()), "`On {words}:`");
    }
}

#[test]
fn every_condition_moment_wording_runs_the_conditions_effect_at_its_moment() {
    for (wording, moment) in CONDITION_MOMENTS {
        let want: &[&str] = match moment {
            ConditionMoment::Start => &["Bo starts"],
            ConditionMoment::End => &["Bo's end phase"],
            ConditionMoment::Enter => &["Bo enters"],
        };
        let pack = format!("{PACK}\ncondition Watched\nTrigger: {wording}\nEffect: gain 1 Mark\n");
        let mut session = session(&pack);
        run(&mut session, "terrain Watched at 1,0\nplace Bo at 1,0");
        let mut seen = vec![("Bo enters", mark(&session, "Bo"))];
        seen.extend(walk(&mut session, 0..7, |s| mark(s, "Bo")));
        assert_eq!(rises(&seen), want, "`Trigger: {wording}`");
    }
}
