//! Issue 17 item 6, traps: terrain whose condition has a `When <Condition> is applied:`
//! rule fires on whoever enters the hex (walked in or placed there), once per entering;
//! `When <Condition> ends:` runs on leaving; effects lay terrain (`lay Spikes at Target`,
//! `lay Spikes` at the request's hex), journaled so a failed use takes it back.

use mythforge::engine::{Hex, Laid};
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Field
Resource HP: max [Max HP]
Resource Max HP: no max
When Spikes is applied: 3 damage
When Spikes ends: the spikes fall behind

condition Spikes

power Step
Target: Self
Result: walk up to 2 hexes

power Caltrops
Target: creature in 5
Result: lay Spikes at Target

power Scatter
Target: Self
Result: lay Spikes

power Greedy Scatter
Target: Self
Result: lay Spikes; spend 99 HP

actor Body
Resources: HP 10, Max HP 10
Powers: Step, Caltrops, Scatter, Greedy Scatter
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("field.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Body"), &[]).unwrap();
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    game.set_terrain("Spikes", None, &[Hex::new(1, 0)]).unwrap();
    game
}

fn walk(game: &mut Game, to: (i64, i64)) -> String {
    let mut request = PowerUse::new("Ana", "Step");
    request.options.destination = Some(Hex::new(to.0, to.1));
    let mark = game.mark();
    game.use_power(&request).unwrap();
    game.transcript_since(mark)
}

fn hp(game: &Game) -> i64 {
    game.world().actor("Ana").unwrap().resources["HP"].current
}

#[test]
fn entering_a_trapped_hex_fires_the_trap_and_leaving_ends_it() {
    let mut game = game();
    let transcript = walk(&mut game, (1, 0));
    assert!(
        transcript.ends_with(
            "Ana gains Spikes\nAna (Spikes is applied)\nAna takes 3 damage into HP; HP now 7\n"
        ),
        "{transcript}"
    );
    let transcript = walk(&mut game, (2, 0));
    assert!(
        transcript.ends_with("Ana loses Spikes\nAna (Spikes ends)\nthe spikes fall behind\n"),
        "{transcript}"
    );
    assert_eq!(hp(&game), 7, "leaving does not fire it again");
}

#[test]
fn misuse_of_when_lines_is_refused() {
    let mut game = Game::new(1);
    let errors = game
        .load_source("bad.rules", &PACK.replace("When Spikes is applied", "When Spokes is applied"))
        .unwrap_err();
    assert_eq!(errors[0].message, "unknown condition `Spokes`", "{errors:#?}");
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (_, diagnostics) = mythforge::parse::parse_source(
        &mut sources,
        "w.rules",
        &PACK.replace("When Spikes is applied", "When Spikes is nice"),
    );
    assert_eq!(diagnostics[0].message, "could not read this `When Spikes is nice` line");
}

#[test]
fn effects_lay_terrain_under_a_target_or_on_the_requested_hex() {
    let mut game = game();
    game.add_actor("Bo", Some("Body"), &[]).unwrap();
    game.place("Bo", Some(Hex::new(0, 2))).unwrap();
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Caltrops").at(["Bo"])).unwrap();
    assert_eq!(
        game.transcript_since(mark),
        "terrain Spikes at 0,2\nBo gains Spikes\nBo (Spikes is applied)\n\
         Bo takes 3 damage into HP; HP now 7\n"
    );
    let mut scatter = PowerUse::new("Ana", "Scatter");
    scatter.options.destination = Some(Hex::new(-1, 0));
    game.use_power(&scatter).unwrap();
    let laid = Laid { n: None, by: Some("Ana".to_string()) };
    assert_eq!(game.world().terrain[&Hex::new(-1, 0)].get("Spikes"), Some(&laid));
    // Who laid it is saved and restored.
    let path = std::env::temp_dir().join(format!("laid-{}.json", std::process::id()));
    game.save(&path).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    let compact: String = saved.split_whitespace().collect();
    assert!(compact.contains(r#"{"Spikes":{"n":null,"by":"Ana"}}"#), "{saved}");
    let mut other = self::game();
    other.restore(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(other.world().terrain[&Hex::new(-1, 0)].get("Spikes"), Some(&laid));
    walk(&mut game, (-1, 0));
    assert_eq!(hp(&game), 7);
    // Without a hex it is refused; a use that fails later takes its terrain back.
    let error = game.use_power(&PowerUse::new("Ana", "Scatter")).unwrap_err();
    assert_eq!(error.to_string(), "`lay Spikes` needs a hex");
    let mut greedy = PowerUse::new("Ana", "Greedy Scatter");
    greedy.options.destination = Some(Hex::new(3, 3));
    assert!(game.use_power(&greedy).is_err());
    assert!(!game.world().terrain.contains_key(&Hex::new(3, 3)));
    game.undo().unwrap();
    assert!(!game.world().actor("Ana").unwrap().conditions.has("Spikes"), "undo walked back");
    game.undo().unwrap();
    assert!(!game.world().terrain.contains_key(&Hex::new(-1, 0)), "undo took the terrain back");
}
