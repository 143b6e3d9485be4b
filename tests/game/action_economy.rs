//! Issue 17 item 5, a per-turn action economy the system declares: `Per turn: 1 Basic, 0
//! Combat; 1 Stamina buys 1 Basic or 1 Combat` — one free basic action a turn, and each
//! further basic or combat action paid with a Stamina when it is used; without the Stamina
//! the use is refused and nothing changes.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "
system Economy
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Stamina: start 0; no max
Turn order: 1d20
Per turn: 1 Basic, 0 Combat; 1 Stamina buys 1 Basic or 1 Combat

power Snap
Keywords: Basic
Target: Enemy
Result: 1 damage

power Fast Attack
Keywords: Combat
Target: Enemy
Result: 2 damage

power Shout
Target: Self
Result: the shout echoes

actor Fighter
Resources: HP 20, Max HP 20, Stamina 2
Powers: Snap, Fast Attack, Shout
";

fn game() -> Game {
    let mut game = Game::new(4);
    game.load_source("economy.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.set_side(&["Bo"], Some("foes")).unwrap();
    game.world_mut().roller.force([20, 1]);
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    game
}

fn stamina(game: &Game) -> i64 {
    game.world().actor("Ana").unwrap().resources["Stamina"].current
}

fn hp(game: &Game) -> i64 {
    game.world().actor("Bo").unwrap().resources["HP"].current
}

fn use_power(game: &mut Game, power: &str) -> Result<String, mythforge::runtime::RuntimeError> {
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", power).at(["Bo"]))?;
    Ok(game.transcript_since(mark))
}

#[test]
fn the_free_action_costs_nothing_and_each_further_one_a_stamina() {
    let mut game = game();
    assert_eq!(use_power(&mut game, "Snap").unwrap(), "Bo takes 1 damage into HP; HP now 19\n");
    assert_eq!(stamina(&game), 2);
    let transcript = use_power(&mut game, "Snap").unwrap();
    assert_eq!(
        transcript,
        "Ana pays 1 Stamina (1 left)\nAna buys 1 more Basic this turn\n\
         Bo takes 1 damage into HP; HP now 18\n"
    );
    assert_eq!(stamina(&game), 1);
    let transcript = use_power(&mut game, "Fast Attack").unwrap();
    assert!(
        transcript.starts_with("Ana pays 1 Stamina (0 left)\nAna buys 1 more Combat this turn\n"),
        "{transcript}"
    );
    assert_eq!((stamina(&game), hp(&game)), (0, 16));
    // Out of Stamina: refused, nothing changes.
    let error = use_power(&mut game, "Fast Attack").unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "engine::cannot_pay");
    assert_eq!(diagnostic.message, "Ana needs 1 Stamina but has 0: short by 1");
    let at = PACK.find("Stamina buys").unwrap();
    assert_eq!(diagnostic.primary_span().range(), at..at + "Stamina".len());
    assert_eq!((stamina(&game), hp(&game)), (0, 16));
    // A power with neither keyword is not counted.
    game.use_power(&PowerUse::new("Ana", "Shout")).unwrap();
}

#[test]
fn the_free_action_comes_back_next_turn() {
    let mut game = game();
    use_power(&mut game, "Snap").unwrap();
    for _ in 0..6 {
        game.next_turn().unwrap();
    }
    use_power(&mut game, "Snap").unwrap();
    assert_eq!(stamina(&game), 2, "the turn's free basic action again");
}

#[test]
fn purchases_print_canonically_and_misuse_is_refused() {
    let text = "system S\nResource Stamina: start 0; no max\nPer turn: 1 Basic ,0 Combat;  1 Stamina buys 1 Basic or  1 Combat\n\npower P\nKeywords: Basic\n\npower Q\nKeywords: Combat\n";
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "s.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let printed = mythforge::model::print::format_file(&file);
    assert!(
        printed.contains("Per turn: 1 Basic, 0 Combat; 1 Stamina buys 1 Basic or 1 Combat\n"),
        "{printed}"
    );
    let bad = PACK.replace("1 Stamina buys 1 Basic or 1 Combat", "Stamina buys more");
    let (_, diagnostics) = mythforge::parse::parse_source(&mut sources, "bad.rules", &bad);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(
        diagnostics[0].labels[0]
            .message
            .starts_with("expected a purchase such as `1 Stamina buys 1 Basic or 1 Combat`")
    );
    let at = bad.find("Stamina buys more").unwrap();
    assert_eq!(diagnostics[0].primary_span().range(), at..at + "Stamina buys more".len());
    let mut game = Game::new(1);
    let errors =
        game.load_source("mana.rules", &PACK.replace("1 Stamina buys", "1 Mana buys")).unwrap_err();
    assert_eq!(errors[0].message, "unknown resource `Mana`", "{errors:#?}");
}
