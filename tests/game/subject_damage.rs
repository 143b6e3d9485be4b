//! Damage with who takes it: `each enemy within 1 takes 2 damage` (every placed one of the
//! kind within the distance of the line's user, nearest first), `every enemy takes 1 fire
//! damage` (placed or not), `Self takes 1 damage`; each hit goes through the victim's
//! resistances like any damage. `check` refuses a kind it does not know and `[Damage
//! Dealt]` after a named recipient's damage (it counts the line's own subject).

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_with};

const PACK: &str = "system Pit
Grid: square
Resource HP: max 10

condition Fireproof
Modifiers: damage taken of fire * 0

power Shockwave
Target: Self
Result: each enemy within 1 takes 2 damage; Self takes 1 damage

power Firestorm
Target: Self
Result: every enemy takes 3 fire damage

actor Brawler
Resources: HP 10
Powers: Shockwave, Firestorm
";

/// Ana at 0,0 among foes at 1,0 (Bo), 0,1 (Cy) and 3,3 (Di); her ally Ed at -1,0.
fn pit() -> Session<Game> {
    let setup = "actor Ana from Brawler\nactor Bo from Brawler\nactor Cy from Brawler\n\
                 actor Di from Brawler\nactor Ed from Brawler\nside Ana, Ed: us\n\
                 side Bo, Cy, Di: them\nplace Ana at 0,0\nplace Bo at 1,0\nplace Cy at 0,1\n\
                 place Di at 3,3\nplace Ed at -1,0\n";
    session_with("pit.rules", PACK, setup)
}

fn hp(session: &Session<Game>, actor: &str) -> i64 {
    crate::common::resource(session.backend(), actor, "HP")
}

#[test]
fn each_enemy_within_1_takes_it_and_the_user_takes_its_own() {
    let mut session = pit();
    let out = run(&mut session, "Ana uses Shockwave\n");
    assert_eq!(
        [hp(&session, "Bo"), hp(&session, "Cy"), hp(&session, "Di"), hp(&session, "Ed")],
        [8, 8, 10, 10]
    );
    assert_eq!(hp(&session, "Ana"), 9);
    let bo = out.find("Bo takes 2 damage").expect("Bo is struck");
    let ana = out.find("Ana takes 1 damage").expect("Ana is hurt");
    assert!(bo < ana, "{out}");
}

#[test]
fn every_enemy_takes_it_through_its_own_resistance() {
    let mut session = pit();
    let out = run(&mut session, "apply Fireproof to Cy\nAna uses Firestorm\n");
    assert_eq!([hp(&session, "Bo"), hp(&session, "Cy"), hp(&session, "Di")], [7, 10, 7]);
    assert_eq!(hp(&session, "Ed"), 10);
    assert!(out.contains("Cy takes 0 damage"), "{out}");
}

#[test]
fn check_refuses_an_unknown_kind_and_damage_dealt_after_a_recipients_damage() {
    let refused = |pack: &str| {
        let mut sources = mythforge::diagnostics::SourceMap::new();
        let (file, _) = mythforge::parse::parse_source(&mut sources, "pit.rules", pack);
        assert_eq!(mythforge::model::format_file(&file), pack);
        let found = crate::common::checked::checked("pit.rules", pack);
        found.into_iter().map(|(code, ..)| code).collect::<Vec<_>>()
    };
    assert_eq!(refused(PACK), Vec::<String>::new());
    assert_eq!(
        refused(&PACK.replace("each enemy within 1", "each goblin within 1")),
        ["rules::check::each_kind"]
    );
    assert_eq!(
        refused(&PACK.replace(
            "Self takes 1 damage",
            "Self takes 1 damage; when [Damage Dealt > 0]: apply Fireproof"
        )),
        ["rules::check::damage_dealt_unbound"]
    );
}
