//! Issue 17 item 2: effects on any subject (`Target gains 2 Wounds`, `each ally within 5
//! gains 1 Morale`), resources with a declared signed minimum, maxima that follow a stat,
//! stats with bounds, and counters that act at a count (`At 3 Marks:`).

use mythforge::runtime::{Game, PowerUse};

use super::common::game;

const PACK: &str = "
system Bounded
Stats: Might
Bounds: Might 1-6
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Vigor: max [Max Vigor]
Derived Max Vigor: [Might * 3]
Resource Stamina: max 4; min -4
Resource Wounds: start 0; no max
Resource Morale: start 0; no max
Resource Marks: start 0; max 9
Layered Body: HP
At 3 Marks: raise Might by 1; set Marks to 0

power Wound
Target: Enemy
Result: Target gains 2 Wounds; Self loses 1 HP

power Rally
Target: Self
Result: each ally within 2 gains 1 Morale

power Exert
Target: Self
Result: lose 1d4+2 Stamina

power Push On
Target: Self
Cost: 3 Stamina
Result: gain 1 Marks

power Drill
Target: Self
Result: gain 1 Marks

power Overfill
Target: Self
Result: set Marks to 12

power Study
Target: Self
Result: raise Might by 2

power Falter
Target: Self
Result: lower Might by 9

actor Hero
Stats: Might 5
Resources: HP 20, Max HP 20, Stamina 4
Powers: Wound, Rally, Exert, Push On, Drill, Overfill, Study, Falter
Side: party

actor Brute
Stats: Might 3
Resources: HP 20, Max HP 20
Powers: Wound
Side: foes
";

fn current(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

fn might(game: &Game, actor: &str) -> i64 {
    game.world().actor(actor).unwrap().stats.get("Might").copied().unwrap()
}

fn party() -> Game {
    let mut game = game(PACK);
    for (name, block) in [("Ana", "Hero"), ("Cy", "Hero"), ("Di", "Hero"), ("Og", "Brute")] {
        game.add_actor(name, Some(block), &[]).unwrap();
    }
    game
}

#[test]
fn target_gains_and_self_loses_name_who_changes() {
    let mut game = party();
    game.use_power(&PowerUse::new("Ana", "Wound").at(["Og"])).unwrap();
    assert_eq!(current(&game, "Og", "Wounds"), 2, "the target gains the Wounds");
    assert_eq!(current(&game, "Ana", "Wounds"), 0);
    assert_eq!(current(&game, "Ana", "HP"), 19, "the user loses the HP");
    assert_eq!(current(&game, "Og", "HP"), 20);
}

#[test]
fn each_ally_within_reach_gains_and_nobody_else() {
    let mut game = party();
    let places = [("Ana", (0, 0)), ("Cy", (1, 0)), ("Di", (4, 0)), ("Og", (0, 1))];
    for (name, (q, r)) in places {
        game.place(name, Some(mythforge::engine::Hex::new(q, r))).unwrap();
    }
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Rally")).unwrap();
    assert_eq!(current(&game, "Cy", "Morale"), 1, "an ally 1 hex away");
    assert_eq!(current(&game, "Di", "Morale"), 0, "an ally 4 hexes away is out of reach");
    assert_eq!(current(&game, "Og", "Morale"), 0, "an enemy is not an ally");
    assert_eq!(current(&game, "Ana", "Morale"), 0, "the user is not its own ally");
    assert_eq!(game.transcript_since(mark).trim_end(), "Cy: Morale 0 -> 1");
}

#[test]
fn each_ally_within_reach_needs_the_user_placed() {
    let mut game = party();
    let error = game.use_power(&PowerUse::new("Ana", "Rally")).unwrap_err();
    assert_eq!(error.kind.code(), "runtime::flow");
    assert_eq!(error.to_string(), "`each ally within 2` measures from Ana, who is not placed");
    assert_eq!(current(&game, "Cy", "Morale"), 0, "nothing changed");
}

#[test]
fn a_declared_minimum_lets_a_loss_run_below_zero_to_it_and_no_further() {
    let mut game = party();
    game.world_mut().roller.force([4]);
    game.use_power(&PowerUse::new("Ana", "Exert")).unwrap();
    assert_eq!(current(&game, "Ana", "Stamina"), -2, "4 - (4 + 2): below 0, above the minimum");
    game.world_mut().roller.force([4]);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Exert")).unwrap();
    assert_eq!(current(&game, "Ana", "Stamina"), -4, "the loss stops at the minimum");
    let transcript = game.transcript_since(mark).trim_end().to_string();
    assert!(
        transcript.ends_with(
            "Ana has only 2 Stamina to lose: loses 2 of 6 (Stamina cannot go below -4)\n\
             Ana: Stamina -2 -> -4"
        ),
        "{transcript}"
    );
}

#[test]
fn a_cost_may_be_paid_down_to_the_declared_minimum_and_not_past_it() {
    let mut game = party();
    game.use_power(&PowerUse::new("Ana", "Push On")).unwrap();
    game.use_power(&PowerUse::new("Ana", "Push On")).unwrap();
    assert_eq!(current(&game, "Ana", "Stamina"), -2, "4 - 3 - 3");
    let error = game.use_power(&PowerUse::new("Ana", "Push On")).unwrap_err();
    assert!(error.to_string().contains("Stamina"), "{error}");
    assert_eq!(current(&game, "Ana", "Stamina"), -2, "a refused cost changes nothing");
}

#[test]
fn a_maximum_follows_the_stat_its_expression_reads() {
    let mut game = party();
    game.use_power(&PowerUse::new("Og", "Wound").at(["Ana"])).unwrap();
    let vigor = |game: &Game| game.world().actor("Ana").unwrap().resources["Vigor"].max;
    assert_eq!(vigor(&game), Some(15), "Might 5 * 3");
    game.use_power(&PowerUse::new("Ana", "Study")).unwrap();
    assert_eq!(might(&game, "Ana"), 6);
    assert_eq!(vigor(&game), Some(18), "Might 6 * 3, read again after the raise");
}

#[test]
fn a_bounded_stat_stops_at_its_bound_and_the_log_says_so() {
    let mut game = party();
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Study")).unwrap();
    assert_eq!(might(&game, "Ana"), 6, "5 + 2 stops at 6");
    let transcript = game.transcript_since(mark).trim_end().to_string();
    assert!(
        transcript.starts_with(
            "Ana's Might stops at 6, not 7 (its bounds are 1 to 6)\nAna's Might goes from 5 to 6"
        ),
        "{transcript}"
    );
    game.use_power(&PowerUse::new("Ana", "Falter")).unwrap();
    assert_eq!(might(&game, "Ana"), 1, "6 - 9 stops at 1");
}

#[test]
fn an_at_line_runs_when_the_counter_reaches_its_count_and_again_after_the_reset() {
    let mut game = party();
    game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    assert_eq!((current(&game, "Ana", "Marks"), might(&game, "Ana")), (2, 5));
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    assert_eq!((current(&game, "Ana", "Marks"), might(&game, "Ana")), (0, 6));
    assert_eq!(
        game.transcript_since(mark).trim_end().to_string(),
        "Ana: Marks 2 -> 3\nAna's Marks reaches 3\nAna's Might goes from 5 to 6\nAna: Marks 3 -> 0"
    );
    for _ in 0..3 {
        game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    }
    assert_eq!(current(&game, "Ana", "Marks"), 0, "reset again");
    assert_eq!(might(&game, "Ana"), 6, "the raise past the bound stops at 6");
}

#[test]
fn set_stops_at_the_resource_maximum_and_says_so() {
    let mut game = party();
    let mark = game.mark();
    game.use_power(&PowerUse::new("Cy", "Overfill")).unwrap();
    let transcript = game.transcript_since(mark).trim_end().to_string();
    assert!(
        transcript.starts_with(
            "Cy's Marks cannot go above its maximum: set to 9, not 12\nCy: Marks 0 -> 9"
        ),
        "{transcript}"
    );
    assert_eq!(might(&game, "Cy"), 6, "9 Marks reached the count of 3: the At line ran");
}

// No `Layered` line: HP is the one actor resource with a maximum, so damage goes there (the
// world's Tension, with its own maximum, is nobody's health).
const WORLD: &str = "
system World
Resource HP: max 20
Resource Tension: world; start 1; max 6; min -2

power Stir
Target: Self
Result: gain 1d4 Tension; when [Tension >= 5]: [Tension] damage

power Calm
Target: Self
Result: set Tension to -5

actor Hero
Resources: HP 20
Powers: Stir, Calm
";

fn tension(game: &Game) -> Option<i64> {
    game.world().pools.get("Tension").copied()
}

#[test]
fn a_world_resource_is_one_value_effects_read_and_change_within_its_bounds() {
    let mut game = game(WORLD);
    game.add_actor("Ana", Some("Hero"), &[]).unwrap();
    game.add_actor("Bo", Some("Hero"), &[]).unwrap();
    assert!(!game.world().actor("Ana").unwrap().resources.contains_key("Tension"));
    assert_eq!(tension(&game), None, "it holds its start (1) until first changed");
    game.world_mut().roller.force([2]);
    game.use_power(&PowerUse::new("Ana", "Stir")).unwrap();
    assert_eq!(tension(&game), Some(3), "1 + 2; the test (>= 5) does not hold");
    assert_eq!(current(&game, "Ana", "HP"), 20);
    game.world_mut().roller.force([4]);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Bo", "Stir")).unwrap();
    assert_eq!(tension(&game), Some(6), "3 + 4 stops at the maximum 6");
    assert_eq!(current(&game, "Bo", "HP"), 14, "the bracket read the world's 6");
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains(
            "the world's Tension cannot go above its maximum: 6, not 7\npool Tension: 3 -> 6"
        ),
        "{transcript}"
    );
    game.undo().unwrap();
    assert_eq!(tension(&game), Some(3), "undo takes the world's value back");
    game.use_power(&PowerUse::new("Ana", "Calm")).unwrap();
    assert_eq!(tension(&game), Some(-2), "set stops at the minimum");
    game.set_value("world", "Tension", 4).unwrap();
    assert_eq!(tension(&game), Some(4), "the GM's `set world Tension to 4`");
    let error = game.set_value("world", "HP", 4).unwrap_err();
    assert_eq!(error.to_string(), "HP is not a world resource");
}

const CLOCK: &str = "
system Clocked
Resource HP: max 20
Layered Body: HP
Clock: 6 periods of 4 ticks

power Wait
Target: Self
Result: advance the clock by 1d4 ticks; when [Clock Period >= 1]: [Clock Tick] damage

power Travel
Target: Self
Result: advance the clock by 1 period

power Camp
Target: Self
Result: advance the clock by 1 day

actor Hero
Resources: HP 20
Powers: Wait, Travel, Camp
";

fn clock(game: &Game) -> (u64, u32, u32) {
    let clock = &game.world().clock;
    (clock.day, clock.period, clock.tick)
}

#[test]
fn the_world_clock_rolls_ticks_into_periods_and_periods_into_days() {
    let mut game = game(CLOCK);
    game.add_actor("Ana", Some("Hero"), &[]).unwrap();
    assert_eq!((game.world().clock.periods_per_day, game.world().clock.ticks_per_period), (6, 4));
    game.world_mut().roller.force([3]);
    game.use_power(&PowerUse::new("Ana", "Wait")).unwrap();
    assert_eq!(clock(&game), (0, 0, 3), "3 ticks, still the first period");
    assert_eq!(current(&game, "Ana", "HP"), 20, "[Clock Period >= 1] does not hold");
    game.world_mut().roller.force([3]);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Wait")).unwrap();
    assert_eq!(clock(&game), (0, 1, 2), "4 local ticks advance a period");
    assert_eq!(current(&game, "Ana", "HP"), 18, "[Clock Tick] read 2");
    assert!(game.transcript_since(mark).contains("clock: day 0, period 1, tick 2\n"));
    game.undo().unwrap();
    assert_eq!(clock(&game), (0, 0, 3), "undo takes the clock back");
    for _ in 0..5 {
        game.use_power(&PowerUse::new("Ana", "Travel")).unwrap();
    }
    assert_eq!(clock(&game), (0, 5, 3));
    game.use_power(&PowerUse::new("Ana", "Travel")).unwrap();
    assert_eq!(clock(&game), (1, 0, 3), "a day of 6 periods");
    game.use_power(&PowerUse::new("Ana", "Camp")).unwrap();
    assert_eq!(clock(&game), (2, 0, 3));
    game.set_value("world", "Clock Period", 4).unwrap();
    assert_eq!(clock(&game), (2, 4, 3), "the GM's `set world Clock Period to 4`");
    let error = game.set_value("world", "Clock Tick", 4).unwrap_err();
    assert_eq!(error.to_string(), "Clock Tick runs from 0 to 3; 4 is outside it");
}

#[test]
fn an_at_line_fires_again_after_undo_took_the_counter_back_below_its_count() {
    let pack =
        PACK.replace("At 3 Marks: raise Might by 1; set Marks to 0", "At 3 Marks: gain 1 Morale");
    let mut game = game(&pack);
    game.add_actor("Ana", Some("Hero"), &[]).unwrap();
    for _ in 0..3 {
        game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    }
    assert_eq!((current(&game, "Ana", "Marks"), current(&game, "Ana", "Morale")), (3, 1));
    game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    assert_eq!(current(&game, "Ana", "Morale"), 1, "past the count: it does not fire again");
    game.undo().unwrap();
    game.undo().unwrap();
    assert_eq!((current(&game, "Ana", "Marks"), current(&game, "Ana", "Morale")), (2, 0));
    game.use_power(&PowerUse::new("Ana", "Drill")).unwrap();
    assert_eq!(current(&game, "Ana", "Morale"), 1, "reaching the count again fires it again");
    game.set_value("Ana", "Marks", 0).unwrap();
    game.set_value("Ana", "Marks", 5).unwrap();
    assert_eq!(current(&game, "Ana", "Morale"), 1, "the GM's fiat runs no effects");
}
