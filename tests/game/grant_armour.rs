//! `grant armour Buckler to Grok` puts an armour (or shield) into the actor's equipment as
//! `grant weapon` does a weapon, `revoke armour` takes it back, and granting gear as the other
//! kind is refused naming what it is and the command that grants it; so is a trait granted
//! or revoked under another trait kind's word (`grant item Jaguar Stance`).

use crate::common::sessions::{run, session_after};

#[test]
fn armour_is_granted_revoked_and_refused_as_a_weapon() {
    let mut session = session_after("load \"rules/mythmaster\"\nactor Grok from Grok\n");
    let out = run(&mut session, "grant armour Buckler to Grok\n");
    assert!(out.contains("Grok gains armour Buckler (GM)"), "{out}");
    let equipment = &session.backend().world().actor("Grok").unwrap().equipment;
    assert_eq!(equipment, &["Battle Axe", "Chain Mail", "Buckler"]);
    let refused = session.run_text("x.session", "grant weapon Buckler to Grok\n", None);
    let failure = format!("{:?}", refused.failure.expect("an armour"));
    assert!(failure.contains("Buckler is an armour, not a weapon"), "{failure}");
    assert!(failure.contains("grant it as one: `grant armour Buckler to Grok`"), "{failure}");
    let refused = session.run_text("x.session", "grant armour Spear to Grok\n", None);
    let failure = format!("{:?}", refused.failure.expect("a weapon"));
    assert!(failure.contains("Spear is a weapon, not an armour"), "{failure}");
    let out = run(&mut session, "revoke armour Buckler from Grok\n");
    assert!(out.contains("Grok loses armour Buckler (GM)"), "{out}");
}

#[test]
fn a_trait_word_names_the_kind_the_block_must_be() {
    let mut session = session_after("load mestezia\nactor Itzel from Itzel\n");
    // `item` is read, not ignored: Jaguar Stance is a stance.
    let refused = session.run_text("x.session", "grant item Jaguar Stance to Itzel\n", None);
    let failure = format!("{:?}", refused.failure.expect("a stance"));
    assert!(failure.contains("Jaguar Stance is a stance, not an item"), "{failure}");
    assert!(failure.contains("grant it as one: `grant stance Jaguar Stance to Itzel`"));
    // `trait` takes any trait kind, and the matching word does too.
    let out = run(&mut session, "grant trait Ironhide to Itzel\n");
    assert!(out.contains("Itzel gains trait Ironhide (GM)"), "{out}");
    let refused = session.run_text("x.session", "revoke stance Ironhide from Itzel\n", None);
    let failure = format!("{:?}", refused.failure.expect("a feat"));
    assert!(failure.contains("Ironhide is a feat, not a stance"), "{failure}");
    let out = run(&mut session, "revoke feat Ironhide from Itzel\n");
    assert!(out.contains("Itzel loses trait Ironhide (GM)"), "{out}");
}
