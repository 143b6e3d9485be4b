//! Terrain on hexes: a creature placed on or moving into a terrain hex holds its condition
//! (a Mestezia check total shows the modifier), loses exactly that copy when it leaves by
//! `place`, walking, push or teleport, keeps a copy applied separately; undo, save/restore,
//! the unknown-condition diagnostic and the session lines `terrain` / `terrain clear`.

use mythforge::diagnostics::{Span, ToDiagnostic};
use mythforge::engine::{ActiveCondition, Expiry, Hex, Laid, StackRule};
use mythforge::runtime::{CheckRequest, Game, PowerUse};

use crate::common::packs;

const PACK: &str = "\
system Ground
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max

condition Rough
Parameters: N
Stacking: largest

condition Dim
Parameters: N
Stacking: largest

power Shove
Target: Enemy in 1
Result: push Target 2 hexes

power Stride
Target: Self
Result: walk up to 3 hexes

power Blink
Target: Self
Result: teleport up to 4 hexes

actor Body
Stats: Attack 0, Defense 5
Resources: HP 20, Max HP 20
Powers: Shove, Stride, Blink
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("ground.rules", PACK).expect("the pack loads");
    for name in ["Ana", "Bo"] {
        game.add_actor(name, Some("Body"), &[]).unwrap();
    }
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    game
}

/// `actor`'s conditions as (name, N, source).
fn held(game: &Game, actor: &str) -> Vec<(String, Option<i64>, Option<String>)> {
    let who = game.world().actor(actor).unwrap();
    who.conditions.active.iter().map(|c| (c.name.clone(), c.n, c.source.clone())).collect()
}

fn rough(n: i64, hex: &str) -> (String, Option<i64>, Option<String>) {
    ("Rough".into(), Some(n), Some(format!("terrain at {hex}")))
}

fn walk(game: &mut Game, actor: &str, power: &str, to: (i64, i64)) {
    let mut request = PowerUse::new(actor, power);
    request.options.destination = Some(Hex::new(to.0, to.1));
    game.use_power(&request).unwrap();
}

#[test]
fn placing_on_terrain_holds_it_and_moving_off_ends_it() {
    let mut game = game();
    game.set_terrain("Rough", Some(2), &[Hex::new(1, 0), Hex::new(2, 0)]).unwrap();
    game.set_terrain("Dim", Some(1), &[Hex::new(2, 0)]).unwrap();
    assert!(held(&game, "Ana").is_empty());
    game.place("Bo", Some(Hex::new(1, 0))).unwrap();
    assert_eq!(held(&game, "Bo"), [rough(2, "1,0")]);
    game.place("Bo", Some(Hex::new(2, 0))).unwrap();
    let dim = ("Dim".to_string(), Some(1), Some("terrain at 2,0".to_string()));
    assert_eq!(held(&game, "Bo"), [dim, rough(2, "2,0")], "in name order");
    let log = game.transcript_since(0);
    assert!(
        log.contains("Bo is placed: 1,0 -> 2,0 (1 hex)\nBo loses Rough 2\nBo gains Dim 1\n"),
        "{log}"
    );
    game.place("Bo", Some(Hex::new(5, 5))).unwrap();
    assert!(held(&game, "Bo").is_empty());
}

#[test]
fn laying_terrain_under_a_creature_gives_it_and_clearing_takes_it() {
    let mut game = game();
    game.set_terrain("rough", Some(1), &[Hex::new(0, 0)]).unwrap();
    assert_eq!(held(&game, "Ana"), [rough(1, "0,0")]);
    game.set_terrain("Rough", Some(3), &[Hex::new(0, 0)]).unwrap();
    assert_eq!(held(&game, "Ana"), [rough(3, "0,0")], "the new N replaces the old copy");
    game.clear_terrain(&[Hex::new(0, 0)]).unwrap();
    assert!(held(&game, "Ana").is_empty());
    assert!(game.world().terrain.is_empty());
}

#[test]
fn walking_pushing_and_teleporting_off_end_the_terrain_copy() {
    let mut game = game();
    game.set_terrain("Rough", Some(2), &[Hex::new(1, 0), Hex::new(0, 2)]).unwrap();
    walk(&mut game, "Ana", "Stride", (1, 0));
    assert_eq!(held(&game, "Ana"), [rough(2, "1,0")]);
    walk(&mut game, "Ana", "Blink", (0, 2));
    assert_eq!(held(&game, "Ana"), [rough(2, "0,2")]);
    game.place("Bo", Some(Hex::new(1, 2))).unwrap();
    game.set_terrain("Dim", Some(1), &[Hex::new(1, 2)]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Shove").at(["Bo"])).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().position, Some(Hex::new(3, 2)));
    assert!(held(&game, "Bo").is_empty(), "pushed off the Dim hex");
    walk(&mut game, "Ana", "Stride", (0, 0));
    assert!(held(&game, "Ana").is_empty());
}

#[test]
fn a_separately_applied_copy_stays_when_the_terrain_copy_ends() {
    let mut game = game();
    let own = ActiveCondition::new("Rough", Expiry::EndOfEncounter).with_n(1).with_source("Bo");
    game.world_mut().apply_condition("Ana", own, StackRule::Never, Span::NONE).unwrap();
    game.set_terrain("Rough", Some(2), &[Hex::new(1, 0)]).unwrap();
    walk(&mut game, "Ana", "Stride", (1, 0));
    let from_bo = ("Rough".to_string(), Some(1), Some("Bo".to_string()));
    assert_eq!(held(&game, "Ana"), [from_bo.clone(), rough(2, "1,0")]);
    walk(&mut game, "Ana", "Stride", (0, 0));
    assert_eq!(held(&game, "Ana"), [from_bo]);
}

#[test]
fn undo_takes_back_the_move_and_the_terrain_it_gave() {
    let mut game = game();
    game.set_terrain("Rough", Some(2), &[Hex::new(1, 0)]).unwrap();
    walk(&mut game, "Ana", "Stride", (1, 0));
    assert_eq!(held(&game, "Ana"), [rough(2, "1,0")]);
    walk(&mut game, "Ana", "Stride", (2, 0));
    assert!(held(&game, "Ana").is_empty());
    game.undo().unwrap();
    assert_eq!(held(&game, "Ana"), [rough(2, "1,0")]);
    game.undo().unwrap();
    assert!(held(&game, "Ana").is_empty());
    assert_eq!(game.world().actor("Ana").unwrap().position, Some(Hex::new(0, 0)));
    game.undo().unwrap();
    assert!(game.world().terrain.is_empty(), "undo takes the terrain line back too");
}

#[test]
fn terrain_is_saved_and_restored() {
    let mut game = game();
    game.set_terrain("Rough", Some(2), &[Hex::new(1, -1)]).unwrap();
    game.set_terrain("Dim", None, &[Hex::new(1, -1)]).unwrap();
    let path = std::env::temp_dir().join(format!("terrain-{}.json", std::process::id()));
    game.save(&path).unwrap();
    let mut other = self::game();
    other.restore(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let laid = &other.world().terrain[&Hex::new(1, -1)];
    let expected =
        [("Dim".to_string(), Laid::with_n(None)), ("Rough".to_string(), Laid::with_n(Some(2)))];
    assert_eq!(laid.clone().into_iter().collect::<Vec<_>>(), expected);
    assert_eq!(other.world().terrain.len(), 1);
    other.place("Bo", Some(Hex::new(1, -1))).unwrap();
    assert_eq!(held(&other, "Bo").len(), 2);
}

#[test]
fn an_unknown_terrain_is_refused_with_a_suggestion_and_changes_nothing() {
    let mut game = game();
    let error = game.set_terrain("Rogh", Some(2), &[Hex::new(0, 0)]).unwrap_err();
    assert_eq!(error.to_string(), "unknown condition `Rogh`");
    let help = error.to_diagnostic().help.unwrap_or_default();
    assert!(help.contains("Rough"), "{help}");
    assert!(game.world().terrain.is_empty());
    assert!(held(&game, "Ana").is_empty());
}

#[test]
fn a_modifier_of_the_terrain_counts_in_a_check_total() {
    let mut game = packs::pack_game("mestezia", &["Ragweed"]);
    game.place("Ragweed", Some(Hex::new(0, 0))).unwrap();
    // Clumsy: -1 Defense, -1 Kinesthetics, laid on the hex as terrain.
    game.set_terrain("Clumsy", None, &[Hex::new(0, 0)]).unwrap();
    let request = CheckRequest {
        actor: "Ragweed".into(),
        stats: vec!["Kinesthetics".into()],
        threshold: 9,
        ..CheckRequest::default()
    };
    game.world_mut().roller.force([8, 6, 1]);
    assert_eq!(game.check(&request).unwrap().totals, [10, 8, 3], "+3 Kinesthetics - 1");
    game.place("Ragweed", Some(Hex::new(1, 0))).unwrap();
    game.world_mut().roller.force([8, 6, 1]);
    assert_eq!(game.check(&request).unwrap().totals, [11, 9, 4]);
}

fn session(text: &str) -> (mythforge::session::Session<Game>, mythforge::session::Run) {
    let mut game = Game::new(1);
    game.load_source("ground.rules", PACK).unwrap();
    let mut session = mythforge::session::Session::new(game, 1);
    let run = session.run_text("ground.session", text, None);
    (session, run)
}

#[test]
fn session_terrain_lines_lay_show_and_clear() {
    let text = "actor Ana from Body\nplace Ana at 3,4\nterrain Rough 2 at 3,4 3,5\n\
                terrain Dim at 3,5\nshow state\nterrain clear 3,4\nshow state\n";
    let (session, run) = session(text);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let shown = mythforge::session::transcript::step_text(&run.steps[4]);
    assert!(shown.contains("terrain at 3,4: Rough 2\n"), "{shown}");
    assert!(shown.contains("terrain at 3,5: Dim, Rough 2\n"), "{shown}");
    let shown = mythforge::session::transcript::step_text(run.steps.last().unwrap());
    assert!(!shown.contains("terrain at 3,4"), "{shown}");
    assert!(session.backend().world().actor("Ana").unwrap().conditions.active.is_empty());
    let (session, run) = self::session("terrain Rogh 2 at 3,4\n");
    let failure = run.failure.expect("an unknown condition is refused");
    assert_eq!(failure[0].message, "unknown condition `Rogh`");
    assert_eq!(session.sources().slice(failure[0].primary_span()), "Rogh");
    assert!(failure[0].help.as_deref().unwrap_or_default().contains("Rough"), "{failure:?}");
}
