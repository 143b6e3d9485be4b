//! The log keeps its events in fixed segments (appending never moves them); across segment
//! boundaries it must read, undo, compare, print and save exactly as the plain list it
//! replaced.

use mythforge::engine::{Event, EventLog};
use mythforge::runtime::{Game, PowerUse};
use serde::{Deserialize, Serialize};

/// The log's shape before segments, to compare against.
#[derive(Debug, Serialize, Deserialize)]
struct PlainLog {
    events: Vec<Event>,
}

/// Distinct events, enough to fill several segments.
fn clocks(n: u32) -> Vec<Event> {
    (0..n).map(|tick| Event::Clock { day: u64::from(tick / 7), period: tick % 3, tick }).collect()
}

fn logged(events: &[Event]) -> EventLog {
    let mut log = EventLog::default();
    for event in events {
        log.push(event.clone());
    }
    log
}

#[test]
fn a_long_log_serialises_and_prints_as_the_plain_list() {
    for n in [0, 1, 1_023, 1_024, 1_025, 3_000] {
        let events = clocks(n);
        let (log, plain) = (logged(&events), PlainLog { events: events.clone() });
        let json = serde_json::to_string(&log).unwrap();
        assert_eq!(json, serde_json::to_string(&plain).unwrap(), "{n} events");
        assert_eq!(serde_json::to_string_pretty(&log).unwrap(), {
            serde_json::to_string_pretty(&plain).unwrap()
        });
        let back: EventLog = serde_json::from_str(&json).unwrap();
        assert_eq!(back, log);
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        assert_eq!(format!("{log:?}"), format!("{plain:?}").replacen("PlainLog", "EventLog", 1));
        assert_eq!(log.len(), n as usize);
        assert_eq!(log.is_empty(), n == 0);
        assert!(log.iter().eq(events.iter()));
        assert_eq!(log.last(), events.last());
        assert_eq!(log.to_json_lines().lines().count(), n as usize);
    }
}

#[test]
fn reading_from_a_mark_and_by_index_crosses_segments() {
    let events = clocks(2_500);
    let log = logged(&events);
    for mark in [0, 1, 1_023, 1_024, 1_025, 2_047, 2_048, 2_499, 2_500, 9_000] {
        let expected = events.get(mark..).unwrap_or_default();
        assert!(log.since(mark).eq(expected.iter()), "since {mark}");
        assert_eq!(log.get(mark), events.get(mark), "event {mark}");
    }
    let tail: String = events[1_020..].iter().map(|e| e.describe() + "\n").collect();
    assert_eq!(log.transcript_since(1_020), tail);
    assert_eq!(
        log.transcript_since(1_020).lines().next(),
        Some("clock: day 145, period 0, tick 1020")
    );
    let json = log.json_lines_since(2_048);
    assert_eq!(json.lines().count(), 452);
    assert!(json.starts_with(r#"{"event":"clock","day":292,"period":2,"tick":2048}"#), "{json}");
}

#[test]
fn truncating_back_across_a_boundary_keeps_what_came_before_and_pushes_after_it() {
    let events = clocks(3_000);
    let mut log = logged(&events);
    log.truncate(1_000);
    assert_eq!(log, logged(&events[..1_000]));
    assert_eq!(log.get(1_000), None);
    log.push(Event::Clock { day: 0, period: 0, tick: 99_999 });
    log.push(Event::Clock { day: 0, period: 0, tick: 99_998 });
    assert_eq!(log.len(), 1_002);
    let pushed = [
        Event::Clock { day: 0, period: 0, tick: 99_999 },
        Event::Clock { day: 0, period: 0, tick: 99_998 },
    ];
    assert!(log.since(999).eq(events[999..1_000].iter().chain(&pushed)));
    log.truncate(0);
    assert!(log.is_empty());
    assert_eq!(serde_json::to_string(&log).unwrap(), r#"{"events":[]}"#);
}

fn attack_game() -> (Game, PowerUse) {
    let mut game = crate::common::game_with(11, &["tests/fixtures/sample/system.rules"]);
    game.add_actor("Attacker", Some("Brakka"), &[("CP", 100_000)]).unwrap();
    let defender = [("HP", 1_000_000), ("Max HP", 1_000_000)];
    game.add_actor("Defender", Some("Brakka"), &defender).unwrap();
    (game, PowerUse::new("Attacker", "Berserker Charge").at(["Defender"]))
}

#[test]
fn undoing_a_use_that_crossed_a_segment_boundary_then_using_again_logs_the_same() {
    let (mut game, request) = attack_game();
    let mut straight = game.clone();
    // Use until one use's events start before event 1,024 and end after it.
    let crossing = loop {
        let before = game.log().len();
        game.use_power(&request).unwrap();
        straight.use_power(&request).unwrap();
        if before < 1_024 && game.log().len() > 1_024 {
            break before;
        }
        assert!(before < 1_024, "no use crossed the boundary");
    };
    game.undo().unwrap();
    assert_eq!(game.log().len(), crossing);
    assert!(game.log().iter().eq(straight.log().iter().take(crossing)));
    game.use_power(&request).unwrap();
    assert_eq!(game.log(), straight.log());
    assert_eq!(game.transcript_since(1_000), straight.transcript_since(1_000));
    for _ in 0..3 {
        game.use_power(&request).unwrap();
        straight.use_power(&request).unwrap();
    }
    assert_eq!(game.log(), straight.log());
    assert_eq!(game.json_since(crossing), straight.json_since(crossing));
}
