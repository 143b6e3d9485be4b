//! What an actor is: an actor block's `Keywords: Construct, Legless` gives its actors those
//! keywords (shown on the sheet, kept by a save), which `Target has keyword Legless` and
//! `you have keyword Construct` test in Prereq lines and Result gates. `check` refuses a
//! keyword no actor block gives (with did-you-mean) and a bracket among an actor's keywords.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_with};

const PACK: &str = "system Ruin
Resource HP: max 10

power Sweep
Target: Enemy
Prereq: not Target has keyword Legless
Result: 1 damage

power Smash
Target: Enemy
Result if Target has keyword Construct: 3 damage

actor Golem
Resources: HP 10
Keywords: Construct, Legless

actor Guard
Resources: HP 10
Powers: Sweep, Smash
";

fn ruin() -> Session<Game> {
    let setup = "actor Ana from Guard\nactor Gol from Golem\nactor Bo from Guard\n\
                 side Ana: us\nside Gol, Bo: them\n";
    session_with("ruin.rules", PACK, setup)
}

#[test]
fn a_keyword_test_reads_what_the_actors_block_made_it_and_survives_a_save() {
    let mut session = ruin();
    let found = refused(&mut session, "Ana uses Sweep on Gol\n");
    assert_eq!(found[0].code, "runtime::requirement");
    assert!(found[0].message.contains("not Target has keyword Legless"), "{}", found[0].message);
    let out =
        run(&mut session, "Ana uses Sweep on Bo\nAna uses Smash on Gol\nAna uses Smash on Bo\n");
    assert!(out.contains("Bo takes 1 damage"), "{out}");
    assert!(out.contains("Gol takes 3 damage"), "{out}");
    assert!(!out.contains("Bo takes 3 damage"), "{out}");
    let sheet = run(&mut session, "show Gol\n");
    assert!(sheet.contains("\n  Keywords: Construct, Legless\n"), "{sheet}");
    let saved = serde_json::to_string(session.backend().world()).unwrap();
    assert!(saved.contains(r#""keywords":["Construct","Legless"]"#), "{saved}");
    // An actor without keywords saves as before: no empty list.
    let ana = serde_json::to_string(session.backend().world().actor("Ana").unwrap()).unwrap();
    assert!(!ana.contains("keywords"), "{ana}");
}

#[test]
fn check_refuses_a_keyword_no_actor_has_and_a_bracket_among_an_actors_keywords() {
    let check = |pack: &str| -> Vec<(String, String)> {
        let found = crate::common::checked::checked("ruin.rules", pack);
        found.into_iter().map(|(code, _, _, help)| (code, help)).collect()
    };
    let clean: Vec<(String, String)> = check(PACK);
    assert_eq!(clean, []);
    let found = check(&PACK.replace("keyword Construct: 3", "keyword Constuct: 3"));
    assert_eq!(
        found,
        [("rules::check::actor_keywords".to_string(), "did you mean `Construct`?".to_string())]
    );
    let found = check(&PACK.replace("Keywords: Construct, Legless", "Keywords: Construct, [HP]"));
    // The bracket is refused, and with Legless gone Sweep's test names a keyword nobody has.
    let codes: Vec<&str> = found.iter().map(|(code, _)| code.as_str()).collect();
    assert_eq!(codes, ["rules::check::actor_keywords", "rules::check::not_run"]);
}
