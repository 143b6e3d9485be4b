//! Issue 17 item 6, traps: terrain whose condition has a `When <Condition> is applied:`
//! rule fires on whoever enters the hex (walked in or placed there), once per entering;
//! `When <Condition> ends:` runs on leaving.

use mythforge::engine::Hex;
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

actor Body
Resources: HP 10, Max HP 10
Powers: Step
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
