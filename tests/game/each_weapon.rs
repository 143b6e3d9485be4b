//! `Weapons: each Melee`: one use of a power attacks once with each equipped weapon that has
//! the keyword (`each`: every weapon), as one use — one cost, one count against the turn's
//! quotas — each attack its own check, defences and damage; `with weapon X` attacks with that
//! one. `check` refuses the line where it could not run as written.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::run;

const RULES: &str = "system Arms
Stats: Melee
Resource Health: max 30
Resource Stamina: start 3; no max
Default check: Versus
Weapon fields: Type keyword

check Versus
Method: versus
Dice: d20
Tie: defender

weapon Sword
Damage: 4
Type: Melee

weapon Dagger
Damage: 2
Type: Melee

weapon Bow
Damage: 3
Type: Ranged

power Flurry
Target: Enemy in 1
Cost: 1 Stamina
Check: [Melee] versus a defence
Result: [Weapon Damage] damage
Weapons: each Melee
Keywords: Combat [Weapon]

power Block
Defence: unless vs Ranged, 1 per weapon per round
While: wielding a Melee
Check: [Melee]

actor Fighter
Stats: Melee 5
Resources: Health 30, Stamina 3
Powers: Flurry, Block
";

const SETUP: &str = "actor Ana from Fighter\nactor Bo from Fighter\nside Bo: foes\n\
                     grant weapon Sword to Ana\ngrant weapon Bow to Ana\ngrant weapon Dagger to Ana\n\
                     grant weapon Sword to Bo\nplace Ana at 0,0\nplace Bo at 1,0\nencounter Ana, Bo\n";

fn session() -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source("arms.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    run(&mut session, SETUP);
    session
}

fn resource(session: &Session<Game>, actor: &str, name: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources[name].current
}

#[test]
fn one_use_attacks_with_each_melee_weapon_for_one_cost() {
    let mut session = session();
    let out = run(&mut session, "force 12, 3, 9\nAna uses Flurry on Bo\n");
    let lines: Vec<&str> = out.lines().filter(|line| !line.starts_with('>')).collect();
    assert_eq!(
        lines,
        [
            "next dice: 12, 3, 9",
            "Ana attacks with Sword",
            "Ana pays 1 Stamina (2 left)",
            "Bo decides which defence against Ana? Block; the first option",
            "Bo defends with Block",
            "Ana rolls 1d20 for check: [12f]",
            "Ana: 12 -> 17 vs 0: success",
            "Bo rolls 1d20 for check: [3f]",
            "Bo: 3 -> 8 vs 0: success",
            "Ana: 17 vs 8: attacker wins by 9",
            "Bo takes 4 damage into Health; Health now 26",
            // The Bow is no Melee weapon; Bo's one block (one weapon) is spent.
            "Ana attacks with Dagger",
            "Ana rolls 1d20 for check: [9f]",
            "Ana: 9 -> 14 vs 0: success",
            "Ana: 14 vs 0: attacker wins by 14",
            "Bo takes 2 damage into Health; Health now 24",
        ]
    );
    assert_eq!(resource(&session, "Ana", "Stamina"), 2, "one cost for both attacks");
    // Undo takes the whole use back.
    run(&mut session, "undo\n");
    assert_eq!((resource(&session, "Ana", "Stamina"), resource(&session, "Bo", "Health")), (3, 30));
}

#[test]
fn a_named_weapon_attacks_alone_and_one_weapon_is_not_announced() {
    let mut session = session();
    let out = run(&mut session, "force 20, 1\nAna uses Flurry on Bo with weapon Dagger\n");
    assert!(!out.contains("attacks with"), "{out}");
    assert_eq!(resource(&session, "Bo", "Health"), 28);
    // Bo has the Sword only: one attack, no announcement.
    let out = run(&mut session, "force 20, 1\nBo uses Flurry on Ana\n");
    assert!(!out.contains("attacks with"), "{out}");
    assert_eq!(resource(&session, "Ana", "Health"), 26);
}

#[test]
fn no_weapon_of_the_kind_is_refused_and_changes_nothing() {
    let mut game = Game::new(1);
    game.load_source("arms.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    run(&mut session, "actor Ana from Fighter\nactor Bo from Fighter\ngrant weapon Bow to Ana\n");
    let refused = session.run_text("t.session", "Ana uses Flurry on Bo\n", None);
    let failure = refused.failure.expect("refused");
    assert_eq!(failure[0].code, "runtime::flow");
    assert_eq!(failure[0].message, "Ana has no Melee weapon equipped to use Flurry with");
    assert_eq!(
        failure[0].help.as_deref(),
        Some("give Ana one (an actor block's `Equipment:` line, `grant weapon NAME to Ana`)")
    );
    let start = RULES.find("Weapons: each Melee").unwrap();
    assert_eq!(failure[0].primary_span().range(), start..start + 19);
    assert_eq!(resource(&session, "Ana", "Stamina"), 3);
}

fn refusals(rules: &str) -> Vec<(String, String, String)> {
    let errors = Game::new(1).load_source("arms.rules", rules).expect_err("refused");
    errors
        .iter()
        .filter(|d| d.code == "rules::check::each_weapon")
        .map(|d| {
            let at = rules[d.primary_span().range()].to_string();
            (d.message.clone(), at, d.help.clone().unwrap_or_default())
        })
        .collect()
}

#[test]
fn check_refuses_what_could_not_run_as_written() {
    assert_eq!(
        refusals(&RULES.replace("Weapons: each Melee", "Weapons: each Meele")),
        [(
            "no weapon has the keyword `Meele`".to_string(),
            "Meele".to_string(),
            "did you mean `Melee`?".to_string()
        )]
    );
    let weaponless = RULES
        .replace("Result: [Weapon Damage] damage", "Result: 3 damage")
        .replace("Keywords: Combat [Weapon]", "Keywords: Combat");
    assert_eq!(
        refusals(&weaponless),
        [(
            "Flurry reads no weapon, so each weapon's attack would be the same".to_string(),
            "Weapons: each Melee".to_string(),
            "read the weapon on its lines (`Keywords: Combat [Weapon]`, `[Weapon Damage] damage`)"
                .to_string()
        )]
    );
    let twice = RULES.replace("Weapons: each Melee", "Weapons: each Melee\nWeapons: each");
    let found = refusals(&twice);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        ("Flurry has a second `Weapons:` line", "Weapons: each")
    );
    let invested = RULES.replace("Weapons: each Melee", "Weapons: each Melee\nInvest: 2");
    let found = refusals(&invested);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "Flurry attacks with each weapon and has an `Invest:` line");
    assert_eq!(
        found[0].2,
        "its later resolutions carry one weapon: drop an `Invest:` line or the `Weapons:` line"
    );
    // A defence answers one attack with one weapon: the line would never be read there.
    let defence = RULES.replace(
        "Check: [Melee]\n\nactor",
        "Check: [Melee + Weapon Damage]\nWeapons: each Melee\n\nactor",
    );
    let found = refusals(&defence);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "Block attacks with each weapon and has a `Defence:` line");
    assert_eq!(
        found[0].2,
        "a defence answers an attack with one weapon: drop a `Defence:` line or the `Weapons:` line"
    );
}

#[test]
fn the_line_prints_as_written() {
    let (file, diagnostics) = mythforge::parse::parse_file(
        mythforge::diagnostics::FileId(0),
        std::path::Path::new("arms.rules"),
        RULES,
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = mythforge::model::format_file(&file);
    assert!(printed.contains("\nWeapons: each Melee\n"), "{printed}");
    let (file, diagnostics) = mythforge::parse::parse_file(
        mythforge::diagnostics::FileId(0),
        std::path::Path::new("arms.rules"),
        &RULES.replace("Weapons: each Melee", "Weapons:  EACH"),
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert!(mythforge::model::format_file(&file).contains("\nWeapons: each\n"));
}
