//! Target distances with a least (`Enemy in 2-3`, `Burst 1 within 2-3`) and areas that strike
//! only their first creatures (`Ray 15, first 2`, nearest first): refused nearer than the
//! least, truncated after the first N; `check` refuses a least above the most and `first 0`;
//! the forms print back as written.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_with};

const PACK: &str = "system Range
Grid: square
Resource HP: max 10

power Lob
Target: Enemy in 2-3
Result: 1 damage

power Quake
Target: Burst 1 within 2-3
Result: 2 damage

power Gale
Target: Ray 15, first 2
Result: 3 damage

power Lull
Target: Ray 15, first [HP - 10]
Result: 3 damage

actor Thrower
Resources: HP 10
Powers: Lob, Quake, Gale, Lull
";

/// Ana at 0,0; foes at 1,0, 2,0, 3,0 and 4,0.
fn field() -> Session<Game> {
    let setup = "actor Ana from Thrower\nactor A1 from Thrower\nactor A2 from Thrower\n\
         actor A3 from Thrower\nactor A4 from Thrower\nside A1, A2, A3, A4: foes\n\
         place Ana at 0,0\nplace A1 at 1,0\nplace A2 at 2,0\nplace A3 at 3,0\nplace A4 at 4,0\n";
    session_with("range.rules", PACK, setup)
}

#[test]
fn a_creature_target_nearer_than_the_least_is_refused() {
    let mut session = field();
    let found = refused(&mut session, "Ana uses Lob on A1\n");
    assert_eq!(found[0].code, "runtime::space");
    assert_eq!(found[0].message, "A1 is 1 square away; Lob reaches from 2");
    assert_eq!(found[0].help.as_deref(), Some("step back first, or pick a farther target"));
    let out = run(&mut session, "Ana uses Lob on A2\n");
    assert!(out.contains("A2 takes 1 damage"), "{out}");
    let found = refused(&mut session, "Ana uses Lob on A4\n");
    assert_eq!(found[0].message, "A4 is 4 squares away; Lob reaches 3");
}

#[test]
fn an_area_placed_nearer_than_the_least_is_refused() {
    let mut session = field();
    let found = refused(&mut session, "Ana uses Quake at 1,0\n");
    assert_eq!(found[0].message, "the origin 1,0 is 1 square away; Quake reaches from 2");
    let out = run(&mut session, "Ana uses Quake at 3,0\n");
    assert!(out.contains("A2 takes 2 damage"), "{out}");
    assert!(out.contains("A3 takes 2 damage"), "{out}");
    assert!(out.contains("A4 takes 2 damage"), "{out}");
    assert!(!out.contains("A1 takes"), "{out}");
}

#[test]
fn an_area_strikes_only_its_first_creatures_nearest_first() {
    let mut session = field();
    let out = run(&mut session, "Ana uses Gale at 5,0\n");
    assert!(out.contains("A1 takes 3 damage"), "{out}");
    assert!(out.contains("A2 takes 3 damage"), "{out}");
    assert!(!out.contains("A3 takes"), "{out}");
    assert!(!out.contains("A4 takes"), "{out}");
    // A bracket read as 0 strikes nobody: refused, as a written `first 0` is by check.
    let found = refused(&mut session, "Ana uses Lull at 5,0\n");
    assert_eq!(found[0].code, "runtime::space");
    assert_eq!(found[0].message, "Lull strikes its first 0: nobody");
}

#[test]
fn check_refuses_a_least_above_the_most_and_first_0_and_the_forms_print_back() {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, parsed) = mythforge::parse::parse_source(&mut sources, "range.rules", PACK);
    assert!(parsed.is_empty(), "{parsed:?}");
    assert_eq!(mythforge::model::format_file(&file), PACK);
    let pack = PACK.replace("Enemy in 2-3", "Enemy in 3-2").replace("first 2", "first 0");
    let found = crate::common::checked::checked("bad.rules", &pack);
    let messages: Vec<&str> = found.iter().map(|(_, message, ..)| message.as_str()).collect();
    assert_eq!(
        messages,
        ["the range's least (3) is above its most (2)", "`first 0` strikes nobody in the area"]
    );
    assert!(found.iter().all(|(code, ..)| code == "rules::check::target_range"));
    assert_eq!(found[0].3, "write the least first: `2-3`");
}

#[test]
fn check_warns_at_a_target_line_reading_a_weapon_line_no_weapon_writes() {
    let pack = "system Arms
Grid: square
Resource HP: max 10

power Shoot
Target: Enemy in [Weapon Range]
Result: [Weapon] damage

power Poke
Target: Enemy in [Weapon]
Result: 1 damage

weapon Knife
Damage: 2
Reach: 1
";
    let found = crate::common::checked::checked("arms.rules", pack);
    assert_eq!(
        found,
        vec![(
            "rules::check::weapon_line_unwritten".to_string(),
            "no weapon of the pack has a `Range:` line, which this Target line reads".to_string(),
            "Weapon Range".to_string(),
            "write `Range: 1` (or its own value) on the weapons this power is used with, or \
             give the Target line a number (`Enemy in 1`)"
                .to_string(),
        )]
    );
    // A file without weapons may use another pack's: not judged.
    let bare = pack.replace("weapon Knife\nDamage: 2\nReach: 1\n", "");
    assert_eq!(crate::common::checked::checked("arms.rules", &bare), vec![]);
    // One weapon writing it is enough (a weapon without it is refused at the use).
    let bow = pack.replace("Reach: 1\n", "Reach: 1\n\nweapon Bow\nDamage: 3\nRange: 6\n");
    assert_eq!(crate::common::checked::checked("arms.rules", &bow), vec![]);
    // The bare `[Weapon]` of Poke reads the reach: gone with the Knife's Reach line.
    let found = crate::common::checked::checked("arms.rules", &bow.replace("Reach: 1\n", ""));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].1,
        "no weapon of the pack has a `Reach:` line, which this Target line reads"
    );
    assert_eq!(found[0].2, "Weapon");
    // A target count is read on the Target line too.
    let volley = bow.replace("Enemy in [Weapon Range]", "Up to [Weapon Rate] enemies in 6");
    let found = crate::common::checked::checked("arms.rules", &volley);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].1,
        "no weapon of the pack has a `Rate:` line, which this Target line reads"
    );
}
