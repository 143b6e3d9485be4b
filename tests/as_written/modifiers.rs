//! Row 4 of the issue: stat modifiers `= N` and `* F` count (adds, then scales, then sets;
//! rounding per the modifier or the system), a modifier on a declared stat the actor does
//! not list counts from 0 (and shows on its sheet once a condition changes it), and the
//! modifiers nothing would count are refused.

use mythforge::runtime::{CheckRequest, PowerUse};

use super::{game, one, refused, spanned};

const CONDITIONS: &str = "\
condition Pinned
Modifiers: Defense = 0, +2 Defense

condition Halved
Modifiers: +1 Attack, Attack * 0.5

condition Halved Up
Modifiers: Attack * 0.5 round up

condition Slowed
Modifiers: Speed = 1

condition Stuck
Modifiers: Speed = 0

condition Half
Modifiers: Attack * 0.5

condition Sure
Modifiers: +2 Grip
";

/// Ana (Attack 5, Defense 10, Speed 4, no Grip) holding `held`: the value of `stat` as a
/// check reads it.
fn value_with(held: &[&str], stat: &str) -> i64 {
    let takes: String = held
        .iter()
        .map(|name| format!("power Take {name}\nTarget: Self\nResult: apply {name}\n\n"))
        .collect();
    let actor = "actor Ana\nStats: Attack 5, Defense 10, Speed 4\nResources: HP 9, Max HP 9\n";
    let rules = format!("{actor}\n{CONDITIONS}\n{takes}");
    let mut game = game(&rules);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    for name in held {
        game.world_mut().actor_mut("Ana").unwrap().powers.push(format!("Take {name}"));
        game.use_power(&PowerUse::new("Ana", &format!("Take {name}"))).unwrap();
    }
    game.world_mut().roller.force([1]);
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec![stat.into()],
        threshold: 99,
        ..CheckRequest::default()
    };
    game.check(&request).unwrap().totals[0] - 1
}

#[test]
fn a_setting_wins_over_additions_and_the_lowest_setting_wins() {
    assert_eq!(value_with(&[], "Defense"), 10);
    assert_eq!(value_with(&["Pinned"], "Defense"), 0);
    assert_eq!(value_with(&["Slowed"], "Speed"), 1);
    assert_eq!(value_with(&["Slowed", "Stuck"], "Speed"), 0);
    assert_eq!(value_with(&["Stuck", "Slowed"], "Speed"), 0);
}

#[test]
fn a_scale_multiplies_after_the_additions_and_rounds_by_its_own_rule_else_the_system_s() {
    // (5 + 1) * 0.5 = 3; 5 * 0.5 = 2.5 rounds up to 3 by its own rule, down (floor) by the
    // system's when the modifier names none.
    assert_eq!(value_with(&["Halved"], "Attack"), 3);
    assert_eq!(value_with(&["Halved Up"], "Attack"), 3);
    assert_eq!(value_with(&["Half"], "Attack"), 2);
    // Each scale rounds at once: 6 * 0.5 = 3, then 3 * 0.5 = 1.5 rounds up to 2.
    assert_eq!(value_with(&["Halved", "Halved Up"], "Attack"), 2);
}

#[test]
fn a_modifier_on_a_declared_stat_the_actor_does_not_list_counts_from_0() {
    assert_eq!(value_with(&[], "Grip"), 0);
    assert_eq!(value_with(&["Sure"], "Grip"), 2);
}

#[test]
fn the_sheet_shows_a_declared_stat_the_actor_does_not_list_once_a_condition_changes_it() {
    let actor = "actor Ana\nStats: Attack 5, Defense 10, Speed 4\nResources: HP 9, Max HP 9\n";
    let mut game = game(&format!("{actor}\n{CONDITIONS}"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    let mut session = mythforge::session::Session::new(game, 1);
    let sheet = |session: &mut mythforge::session::Session<_>| {
        let run = session.run_text("t.session", "show Ana\n", None);
        run.steps.iter().map(mythforge::session::transcript::step_text).collect::<String>()
    };
    assert!(sheet(&mut session).contains("  Stats: Attack 5, Defense 10, Speed 4\n"));
    session.run_text("t.session", "apply Sure to Ana\n", None);
    assert!(
        sheet(&mut session).contains("  Stats: Attack 5, Defense 10, Grip 2 (base 0), Speed 4\n"),
        "{}",
        sheet(&mut session)
    );
    assert_eq!(session.backend().changed_unlisted_stats("Ana"), [("Grip".to_string(), 2, 0)]);
}

#[test]
fn an_unlisted_specialised_stat_that_only_reads_its_changed_parent_stays_off_the_sheet() {
    let pack = "system Skills\nStats: Fighting\nStats Weapons under Fighting: Blades, Clubs\n\
                Resource HP: max 9\n\ncondition Inspired\nModifiers: +2 Fighting\n\n\
                condition Trained\nModifiers: +1 Clubs\n";
    let mut game = mythforge::runtime::Game::new(1);
    game.load_source("t.rules", pack).unwrap();
    game.add_actor("Ana", None, &[("Fighting", 3), ("HP", 9)]).unwrap();
    let mut session = mythforge::session::Session::new(game, 1);
    let sheet = |session: &mut mythforge::session::Session<_>, commands: &str| {
        let run = session.run_text("t.session", commands, None);
        run.steps.iter().map(mythforge::session::transcript::step_text).collect::<String>()
    };
    // Blades and Clubs read Fighting's 5 now, but no modifier names them.
    let shown = sheet(&mut session, "apply Inspired to Ana\nshow Ana\n");
    assert!(shown.contains("  Stats: Fighting 5 (base 3)\n"), "{shown}");
    // A modifier that names Clubs puts it on the sheet, read through its parent.
    let shown = sheet(&mut session, "apply Trained to Ana\nshow Ana\n");
    assert!(shown.contains("  Stats: Clubs 6 (base 3), Fighting 5 (base 3)\n"), "{shown}");
}

#[test]
fn modifiers_nothing_would_count_are_refused() {
    let cases = [
        ("Modifiers: reactions = 0", "reactions = 0", "`Forbids: Reaction powers`"),
        ("Modifiers: Speed = 0 vs Ranged", "Speed = 0 vs Ranged", "as an addition"),
        ("Modifiers: all checks * 2", "all checks * 2", "write an addition"),
        ("Modifiers: damage = 0", "damage = 0", "scale it instead"),
        ("Modifiers: -2 damage vs Ranged", "-2 damage vs Ranged", "for the stat it changes"),
    ];
    for (line, spanned_text, help) in cases {
        let (errors, text) = refused(&format!("condition Odd\n{line}\n"));
        let error = one(&errors, "rules::check::uncounted_modifier");
        assert_eq!(spanned(error, &text).0, spanned_text, "{line}");
        assert!(error.help.as_deref().unwrap().contains(help), "{line}: {error:?}");
    }
}

#[test]
fn dice_in_a_modifier_are_refused_rather_than_read_as_0() {
    let (errors, text) = refused("condition Odd\nModifiers: +1d4 Defense\n");
    let error = one(&errors, "rules::check::dice_as_number");
    assert_eq!(spanned(error, &text).0, "+1d4 Defense");
    assert!(error.help.as_deref().unwrap().contains("never rolls"), "{error:?}");
}
