//! Sides through [`Game`] and sessions: `Enemy`, `ally` and `you or an ally` refused at the
//! Target line with the target's side (exact message and span), nothing enforced without
//! sides, areas with `excluding allies` / `excluding enemies` (exact target lists), `Next
//! Ally` skipping enemies in turn order, walking around an enemy but through an ally, sides
//! in save/restore and undo, actor blocks' `Side:` line, and the session's `side` command.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

use crate::common::hp;
use crate::common::map::{at, hit};

const PACK: &str = "\
system Sides
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max

power Jab
Target: Enemy in 1
Result: 2 damage

power Mend
Target: 1 ally in 3
Result: heal 2

power Rally
Target: you or an ally in 3
Result: heal 1

power Poke
Target: creature in 5
Result: 1 damage

power Fireball
Target: Burst 1 within 5 excluding allies
Result: 1 damage

power Reckless Fireball
Target: Burst 1 within 5
Result: 1 damage

power Warm Fireball
Target: Burst 1 within 5 including Self excluding allies
Result: 1 damage

power Blessing
Target: Burst 1 excluding enemies
Result: heal 1

power Cheer
Target: Self
Result: apply Cheered to Next Ally for 1 round

power Stride
Target: Self
Result: walk up to 3 hexes

power Step
Target: Self
Result: walk up to 2 hexes

power Hop
Target: Self
Result: fly up to 3 hexes

condition Cheered
Modifiers: +1 Attack

actor Body
Stats: Attack 0, Defense 5
Resources: HP 15, Max HP 20
Powers: Jab, Mend, Rally, Poke, Fireball, Reckless Fireball, Warm Fireball, Blessing, Cheer, Step, Stride, Hop

actor Brute
Side: foes
Stats: Attack 0, Defense 5
Resources: HP 15, Max HP 20
Powers: Jab
";

/// A game with `Ana` at 0,0, the others where `placed` says; `Ana`, `Bo` and `Cy` on side
/// `party`, `Grr` and `Hss` on side `foes` (when placed).
fn game(placed: &[(&str, (i64, i64))]) -> Game {
    let mut game = Game::new(1);
    game.load_source("sides.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Body"), &[]).unwrap();
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    for (name, (q, r)) in placed {
        game.add_actor(name, Some("Body"), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
    }
    let placed_names: Vec<&str> = placed.iter().map(|(name, _)| *name).collect();
    let on = |side: [&'static str; 3]| -> Vec<&'static str> {
        side.into_iter().filter(|n| *n == "Ana" || placed_names.contains(n)).collect()
    };
    game.set_side(&on(["Ana", "Bo", "Cy"]), Some("party")).unwrap();
    game.set_side(&on(["Grr", "Hss", "Grr"]), Some("foes")).unwrap();
    game
}

fn source_of(error: &mythforge::runtime::RuntimeError) -> &'static str {
    &PACK[error.span.range()]
}

#[test]
fn an_enemy_power_refuses_an_ally_at_the_target_line_naming_its_side() {
    let mut game = game(&[("Bo", (1, 0)), ("Grr", (0, 1))]);
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Bo is on side party, the same side as Ana; Jab targets an enemy"
    );
    assert_eq!(source_of(&error), "Target: Enemy in 1");
    let diagnostic = mythforge::diagnostics::ToDiagnostic::to_diagnostic(&error);
    assert_eq!(diagnostic.code, "runtime::side");
    assert_eq!(diagnostic.help.as_deref(), Some("pick a creature on another side than party"));
    assert_eq!(hp(&game, "Bo"), 15);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Grr"])).unwrap();
    assert_eq!(hp(&game, "Grr"), 13);
}

#[test]
fn an_ally_power_refuses_an_enemy_and_the_user_but_you_or_an_ally_takes_the_user() {
    let mut game = game(&[("Bo", (1, 0)), ("Grr", (0, 1))]);
    let error = game.use_power(&PowerUse::new("Ana", "Mend").at(["Grr"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Grr is on side foes, not Ana's side party; Mend targets an ally"
    );
    assert_eq!(source_of(&error), "Target: 1 ally in 3");
    let error = game.use_power(&PowerUse::new("Ana", "Mend").at(["Ana"])).unwrap_err();
    assert_eq!(error.to_string(), "Mend targets an ally, and Ana is not their own ally");
    assert_eq!((hp(&game, "Grr"), hp(&game, "Ana")), (15, 15));
    game.use_power(&PowerUse::new("Ana", "Mend").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 17);
    game.use_power(&PowerUse::new("Ana", "Rally").at(["Ana"])).unwrap();
    assert_eq!(hp(&game, "Ana"), 16);
    let error = game.use_power(&PowerUse::new("Ana", "Rally").at(["Grr"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Grr is on side foes, not Ana's side party; Rally targets an ally"
    );
    // `creature` takes anyone.
    game.use_power(&PowerUse::new("Ana", "Poke").at(["Bo"])).unwrap();
    game.use_power(&PowerUse::new("Ana", "Poke").at(["Grr"])).unwrap();
    assert_eq!((hp(&game, "Bo"), hp(&game, "Grr")), (16, 14));
}

#[test]
fn without_sides_nothing_is_enforced() {
    let mut game = Game::new(1);
    game.load_source("sides.rules", PACK).unwrap();
    for name in ["Ana", "Bo"] {
        game.add_actor(name, Some("Body"), &[]).unwrap();
    }
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    game.use_power(&PowerUse::new("Ana", "Mend").at(["Ana"])).unwrap();
    assert_eq!((hp(&game, "Bo"), hp(&game, "Ana")), (13, 17));
    // A creature without a side is neither ally nor enemy: nothing refuses it either.
    game.add_actor("Grr", Some("Brute"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Mend").at(["Grr"])).unwrap();
    assert_eq!(hp(&game, "Grr"), 17);
}

#[test]
fn excluding_allies_leaves_out_the_users_side_and_the_user() {
    // Burst 1 at 1,0, ring by ring: 1,0 (Bo), then 1,1 (Hss), 2,0 (Grr), 2,-1 (Cy), 0,0 (Ana).
    let placed = [("Bo", (1, 0)), ("Grr", (2, 0)), ("Hss", (1, 1)), ("Cy", (2, -1))];
    let mut game = game(&placed);
    assert_eq!(hit(&mut game, "Reckless Fireball", &[(1, 0)]), ["Bo", "Hss", "Grr", "Cy", "Ana"]);
    assert_eq!(hit(&mut game, "Fireball", &[(1, 0)]), ["Hss", "Grr"]);
    assert_eq!(hit(&mut game, "Warm Fireball", &[(1, 0)]), ["Hss", "Grr", "Ana"]);
    assert_eq!((hp(&game, "Bo"), hp(&game, "Grr"), hp(&game, "Ana")), (14, 12, 13));
}

#[test]
fn excluding_enemies_keeps_the_allies_around_the_user() {
    let placed = [("Bo", (1, 0)), ("Grr", (0, 1)), ("Cy", (-1, 0)), ("Dee", (0, -1))];
    let mut game = game(&placed);
    // Dee has no side: area filters keep creatures without a side.
    let targets = hit(&mut game, "Blessing", &[(0, 0)]);
    assert_eq!(targets, ["Bo", "Dee", "Cy"]);
    assert_eq!((hp(&game, "Bo"), hp(&game, "Grr"), hp(&game, "Cy")), (16, 15, 16));
}

#[test]
fn next_ally_skips_participants_of_another_side() {
    let mut game = game(&[("Bo", (3, 0)), ("Grr", (0, 3)), ("Cy", (-3, 0))]);
    // Turn order by d10: Ana 9, Grr 8, Bo 7, Cy 2.
    game.world_mut().roller.force([9, 7, 8, 2]);
    let order = game.start_encounter(&["Ana", "Bo", "Grr", "Cy"]).unwrap();
    assert_eq!(order, ["Ana", "Grr", "Bo", "Cy"]);
    assert_eq!(game.next_in_turn_order("Ana").as_deref(), Some("Grr"));
    assert_eq!(game.next_ally("Ana").as_deref(), Some("Bo"));
    assert_eq!(game.next_ally("Cy").as_deref(), Some("Ana"));
    assert_eq!(game.next_ally("Grr"), None);
    game.use_power(&PowerUse::new("Ana", "Cheer")).unwrap();
    let cheered = |game: &Game, name: &str| {
        game.world().actor(name).unwrap().conditions.named("Cheered").count()
    };
    assert_eq!((cheered(&game, "Bo"), cheered(&game, "Grr")), (1, 0));
}

fn walk(game: &mut Game, power: &str, to: (i64, i64)) -> Result<(), String> {
    let mut request = PowerUse::new("Ana", power);
    request.options.destination = Some(Hex::new(to.0, to.1));
    game.use_power(&request).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn walking_goes_around_an_enemy_and_through_an_ally() {
    // Grr on 1,0 is the only 2-step way to 2,0; Hss on 1,-1 closes the northern way round,
    // so the walk goes through Bo's hex 0,1, then 1,1: 3 steps.
    let mut game = game(&[("Grr", (1, 0)), ("Hss", (1, -1)), ("Bo", (0, 1))]);
    let error = walk(&mut game, "Step", (2, 0)).unwrap_err();
    assert_eq!(
        error,
        "Ana cannot walk from 0,0 to 2,0 in 2 steps: enemies block the way (Grr at 1,0, Hss at 1,-1)"
    );
    assert_eq!(at(&game, "Ana"), Some(Hex::new(0, 0)));
    walk(&mut game, "Stride", (2, 0)).unwrap();
    assert_eq!(at(&game, "Ana"), Some(Hex::new(2, 0)));
    game.undo().unwrap();
    assert_eq!(at(&game, "Ana"), Some(Hex::new(0, 0)));
    // An ally can be walked through but not ended on.
    assert_eq!(walk(&mut game, "Stride", (0, 1)).unwrap_err(), "0,1 is occupied by Bo");
    // Flying passes over enemies; without a side Grr blocks nothing.
    walk(&mut game, "Hop", (2, 0)).unwrap();
    game.undo().unwrap();
    game.set_side(&["Grr"], None).unwrap();
    walk(&mut game, "Step", (2, 0)).unwrap();
    assert_eq!(at(&game, "Ana"), Some(Hex::new(2, 0)));
}

#[test]
fn sides_are_saved_restored_and_undone() {
    let mut game = game(&[("Bo", (1, 0)), ("Grr", (2, 0))]);
    let path = std::env::temp_dir().join(format!("mythforge-sides-{}.json", std::process::id()));
    game.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"side\": \"foes\""), "{text}");
    game.set_side(&["Bo"], Some("foes")).unwrap();
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    game.restore(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let side = |game: &Game, name: &str| game.world().actor(name).unwrap().side.clone();
    assert_eq!(side(&game, "Bo").as_deref(), Some("party"));
    assert_eq!(hp(&game, "Bo"), 15);
    assert!(game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).is_err());
    game.set_side(&["Bo"], Some("foes")).unwrap();
    game.undo().unwrap();
    assert_eq!(side(&game, "Bo").as_deref(), Some("party"));
    // An unknown actor or an empty side changes nothing.
    assert!(game.set_side(&["Bo", "Nobody"], Some("foes")).is_err());
    assert_eq!(game.set_side(&["Bo"], Some(" ")).unwrap_err().to_string(), "a side needs a name");
    assert_eq!(side(&game, "Bo").as_deref(), Some("party"));
}

#[test]
fn an_old_save_without_sides_loads_with_nobody_on_a_side() {
    let actor: mythforge::engine::Actor = serde_json::from_str(
        r#"{"name": "Ana", "stats": {},
        "resources": {}, "conditions": {"active": []}, "powers": [], "traits": [],
        "equipment": [], "layered": {}, "position": null}"#,
    )
    .unwrap();
    assert_eq!(actor.side, None);
}

#[test]
fn an_actor_block_side_line_puts_its_actors_on_that_side() {
    let mut game = Game::new(1);
    game.load_source("sides.rules", PACK).unwrap();
    game.add_actor("Grr", Some("Brute"), &[]).unwrap();
    assert_eq!(game.world().actor("Grr").unwrap().side.as_deref(), Some("foes"));
}

fn session(text: &str) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("mythforge-sides-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sides.rules"), PACK).unwrap();
    std::fs::write(dir.join("play.session"), text).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .current_dir(&dir)
        .args(["run", "play.session"])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let code = output.status.code().unwrap_or(-1);
    (code, String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn a_session_puts_actors_on_sides_shows_them_and_refuses_an_ally_as_enemy() {
    let setup = "load \"sides.rules\"\nactor Ana from Body\nactor Bo from Body\nactor Grr from Brute\n\
                 side Ana, Bo: party\nshow Bo\nshow state\nAna uses Jab on Grr\n";
    let (code, stdout, stderr) = session(setup);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("> side Ana, Bo: party\nAna, Bo on side party\n"), "{stdout}");
    assert!(stdout.contains("  Side: party\n"), "{stdout}");
    assert!(stdout.contains("Ana (party): HP 15/20, Max HP 20\n"), "{stdout}");
    assert!(stdout.contains("Grr (foes): HP 15/20, Max HP 20\n"), "{stdout}");
    assert!(stdout.contains("Grr takes 2 damage"), "{stdout}");
    let (code, _, stderr) = session(&format!("{setup}Ana uses Jab on Bo\n"));
    assert_eq!(code, 1);
    assert!(stderr.contains("runtime::side"), "{stderr}");
    assert!(stderr.contains("Bo is on side party, the same side as Ana; Jab targets an enemy"));
    assert!(stderr.contains("sides.rules:7:1]"), "{stderr}");
    let (code, _, stderr) =
        session("load \"sides.rules\"\nactor Ana from Body\nside Ana, Nobody: party\n");
    assert_eq!(code, 1);
    assert!(stderr.contains("engine::unknown_actor"), "{stderr}");
    // Line 3, column 11: `Nobody`.
    assert!(stderr.contains("play.session:3:11]"), "{stderr}");
}
