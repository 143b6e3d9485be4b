//! The Mystica worked examples and rulings (MECHANICS.md section 4) on the shipped pack with
//! forced dice: the attack at its boundary (1d20 + Dexterity - Agility exactly 10) and a miss,
//! a close and a ranged critical (the ranged range widened by floor(Dexterity / 4)), the Fists
//! fallback, damage floored at 0, the class bonuses and health formulas of the pre-generated
//! characters, Mocking Blow's mark and Reckless Strike's rounding, the Invoker's charge X-Y,
//! a level-up, Encumbered and a dangerous obstacle.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

/// The pack and its cast: Jasmine, Karak, Shaera and a Bandit (Agility 1, Stamina 1, 16
/// health). Karak joins at full health, 35 (his class's +3 Stamina, his armour's +3 and the
/// Gaider's +2 by day count from the start).
const SETUP: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
actor Shaera from Shaera\nactor Bandit from Bandit\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn value(session: &Session<Game>, actor: &str, name: &str) -> i64 {
    let game = session.backend();
    game.effective(actor, name).unwrap_or_else(|| panic!("{actor} has no {name}")).0
}

fn health(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["Health"].current
}

#[test]
fn pregenerated_characters_carry_class_bonuses_and_health_formulas() {
    let session = session();
    // Karak, Legionnaire: points Str 4 Dex 2 Sta 2 Int 0 Agi 0 + (2, 1, 3, -2, -1), and his
    // Cuirass (+2 Sta, -1 Agi) and Steel Cap (+1 Sta, -1 Int, +1 Dex); a scene starts by
    // day, so the Gaider's +2 Stamina and Agility count too.
    let karak: Vec<i64> = ["Strength", "Dexterity", "Stamina", "Intelligence", "Agility"]
        .iter()
        .map(|stat| value(&session, "Karak", stat))
        .collect();
    assert_eq!(karak, [6, 4, 10, -3, 0]);
    // Legionnaire health 15 + 2 x Stamina; Phantom and Invoker 15 + Stamina. Each starts
    // full: the class and equipment bonuses count from the start.
    assert_eq!(value(&session, "Karak", "Max Health"), 35);
    assert_eq!(health(&session, "Karak"), 35);
    // Jasmine: 3 + Phantom 2 + Hood 1 + Leather Boots 1.
    assert_eq!(value(&session, "Jasmine", "Agility"), 7);
    assert_eq!(value(&session, "Jasmine", "Max Health"), 16);
    assert_eq!(health(&session, "Jasmine"), 16);
    // Shaera: 4 + Invoker 4 + Training Robe 1 + Laurel 1.
    assert_eq!(value(&session, "Shaera", "Intelligence"), 10);
    assert_eq!(value(&session, "Shaera", "Strength"), -2);
    assert_eq!(value(&session, "Shaera", "Max Health"), 16);
}

#[test]
fn a_total_of_exactly_10_hits_and_9_misses() {
    let mut session = session();
    // 7 + Dexterity 4 - Agility 1 = 10: a hit; Short Axe 3 + Strength 6 - Stamina 1 = 8.
    let out = run(&mut session, "force 7, 3\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Karak: 7 -> 11 vs 11: success"), "{out}");
    assert!(out.contains("Bandit takes 8 damage into Health; Health now 8"), "{out}");
    // 6 + 4 - 1 = 9: a miss, nothing rolled for damage.
    let out = run(&mut session, "force 6\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Karak: 6 -> 10 vs 11: failure"), "{out}");
    assert!(!out.contains("damage"), "{out}");
    assert_eq!(health(&session, "Bandit"), 8);
}

#[test]
fn a_close_critical_rolls_the_crit_dice_only_inside_the_range() {
    let mut session = session();
    // Short Axe crit range 20: 2d8 (5 + 6) - Stamina 1 = 10, Strength not added.
    let out = run(&mut session, "force 20, 5, 6\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Karak: 20 -> 24 vs 11: critical success"), "{out}");
    assert!(out.contains("Karak rolls 2d8 for effect: [5f, 6f] = 11"), "{out}");
    assert_eq!(health(&session, "Bandit"), 6);
    // A natural 19 is an ordinary hit with the axe: 1d8 5 + 6 - 1 = 10.
    let out =
        run(&mut session, "set Bandit Health to 16\nforce 19, 5\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Karak: 19 -> 23 vs 11: success"), "{out}");
    assert_eq!(health(&session, "Bandit"), 6);
}

#[test]
fn a_ranged_critical_range_widens_by_a_quarter_of_dexterity() {
    let mut session = session();
    // Short Bow 18-20, Dexterity 7: 18 - floor(7 / 4) = 17 crits; x2: 4 x 2 - 1 = 7.
    let out =
        run(&mut session, "force 17, 4\nJasmine uses Attack on Bandit with weapon Short Bow\n");
    assert!(out.contains("Jasmine: 17 -> 24 vs 11: critical success"), "{out}");
    assert_eq!(health(&session, "Bandit"), 9);
    // The knife (close range, 18-20) does not widen: a 17 is a plain hit, 3 + 2 - 1 = 4.
    let out = run(&mut session, "force 17, 3\nJasmine uses Attack on Bandit with weapon Knife\n");
    assert!(out.contains("Jasmine: 17 -> 24 vs 11: success"), "{out}");
    assert_eq!(health(&session, "Bandit"), 5);
}

#[test]
fn an_unmet_requirement_falls_back_to_fists_and_damage_stops_at_0() {
    let mut session = session();
    // Shaera (Dexterity 2) cannot use a Knife (3 Dexterity): Fists 1d4 4 - 2 - 1 = 1.
    let out = run(
        &mut session,
        "grant weapon Knife to Shaera\nforce 12, 4\nShaera uses Attack on Bandit with weapon Knife\n",
    );
    assert!(
        out.contains("Shaera cannot use Knife (Requires: [Dexterity >= 3]): uses Fists"),
        "{out}"
    );
    assert!(out.contains("Bandit takes 1 damage into Health; Health now 15"), "{out}");
    // 1 - 2 - 1 = -2: no damage, never healing.
    let out = run(&mut session, "force 12, 1\nShaera uses Attack on Bandit with weapon Knife\n");
    assert!(out.contains("Bandit takes 0 damage into Health; Health now 15"), "{out}");
}

#[test]
fn mocking_blow_halves_rounding_down_and_marks_for_half_again() {
    let mut session = session();
    // (4 + 6) / 2 - 1 = 4, then the mark: the next 8 damage is 12.
    let out = run(&mut session, "force 10, 4\nKarak uses Mocking Blow on Bandit\n");
    assert!(out.contains("Bandit takes 4 damage into Health; Health now 12"), "{out}");
    assert!(out.contains("Bandit gains Mocked"), "{out}");
    let out = run(&mut session, "force 10, 3\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Bandit takes 12 damage into Health (from 8); Health now 0"), "{out}");
}

#[test]
fn reckless_strike_multiplies_by_two_and_a_half_rounding_down() {
    let mut session = session();
    // 2.5 x (1d8 3 + Strength 6) = 22.5 -> 22, - Stamina 1 = 21.
    let out = run(
        &mut session,
        "set Bandit Health to 30\nforce 10, 3\nKarak uses Reckless Strike on Bandit\n",
    );
    assert!(out.contains("Bandit takes 21 damage into Health; Health now 0"), "{out}");
}

#[test]
fn a_spell_cast_three_times_charges_3_then_4_then_5() {
    let mut session = session();
    run(&mut session, "encounter Shaera, Bandit\n");
    let charge = |session: &mut Session<Game>, times: usize| {
        for _ in 0..times {
            // One charge a turn here: the turn's slots (`Per turn:`) are not under test.
            run(session, "next turn\nShaera uses Charge\n");
        }
    };
    // Storm, 3-5: the first cast needs 3 charge actions.
    charge(&mut session, 3);
    assert_eq!(value(&session, "Shaera", "Charge"), 3);
    run(&mut session, "next turn\nforce 15, 2\nShaera uses Storm on Bandit\n");
    assert_eq!(value(&session, "Shaera", "Charge"), 0);
    assert_eq!(value(&session, "Shaera", "Storm Casts"), 1);
    // The second needs 4: three are refused, and nothing changes.
    charge(&mut session, 3);
    let refused =
        session.run_text("refused.session", "next turn\nShaera uses Storm on Bandit\n", None);
    assert!(refused.failure.is_some());
    assert_eq!(value(&session, "Shaera", "Storm Casts"), 1);
    charge(&mut session, 1);
    run(&mut session, "next turn\nforce 15, 2\nShaera uses Storm on Bandit\n");
    // The third needs 5, the maximum; a fourth would need 5 again.
    charge(&mut session, 5);
    run(&mut session, "next turn\nforce 15, 2\nShaera uses Storm on Bandit\n");
    assert_eq!(value(&session, "Shaera", "Storm Casts"), 3);
    assert_eq!(value(&session, "Shaera", "Charge"), 0);
    // The counts reset after the battle.
    run(&mut session, "end encounter\n");
    assert_eq!(value(&session, "Shaera", "Storm Casts"), 0);
}

#[test]
fn a_level_up_spends_the_table_xp_raises_the_class_row_and_heals_to_the_new_full() {
    let mut session = session();
    let out = run(
        &mut session,
        "set Karak XP to 120\nKarak takes 10 damage\nKarak uses Legionnaire Level Up\n",
    );
    assert!(out.contains("Karak pays 110 XP (10 left)"), "{out}");
    let karak: Vec<i64> = ["Stamina", "Strength", "Intelligence", "Dexterity", "Agility", "Level"]
        .iter()
        .map(|stat| value(&session, "Karak", stat))
        .collect();
    // Legionnaire: Sta +3, Str +3, Int +1, Dex +2, Agi +2 (on 10, 6, -3, 4, 0 with his gear
    // and the Gaider's day bonus).
    assert_eq!(karak, [13, 9, -2, 6, 2, 2]);
    // 15 + 2 x 13 + 5 for the level = 46, and health restored to it.
    assert_eq!(value(&session, "Karak", "Max Health"), 46);
    assert_eq!(health(&session, "Karak"), 46);
    // Level 2 needs 121: 10 XP is not enough.
    let refused = session.run_text("refused.session", "Karak uses Legionnaire Level Up\n", None);
    assert!(refused.failure.is_some());
    assert_eq!(value(&session, "Karak", "Level"), 2);
}

#[test]
fn encumbered_halves_agility_rounding_down() {
    let mut session = session();
    run(&mut session, "apply Encumbered to Jasmine\n");
    // Creation 3 + Phantom 2 + Hood 1 + Leather Boots 1 = 7, halved: 3.
    assert_eq!(value(&session, "Jasmine", "Agility"), 3);
}

#[test]
fn quick_sand_needs_more_than_10_on_1d10_plus_agility() {
    let mut session = session();
    run(&mut session, "terrain Quick Sand at 1,0 2,0\nplace Karak at 0,0\nplace Jasmine at 0,1\n");
    let before = health(&session, "Karak");
    // Karak's Agility 0 (-2, +2 by day): 10 + 0 = 10 fails and costs 5 health.
    let out = run(&mut session, "force 10\nplace Karak at 1,0\n");
    assert!(out.contains("Karak (Quick Sand is applied)\nKarak rolls 1d10 for check: [10f]\nKarak: 10 -> 10 vs 11: failure"), "{out}");
    assert_eq!(health(&session, "Karak"), before - 5);
    // Jasmine's Agility 7: 4 + 7 = 11 crosses unharmed.
    let out = run(&mut session, "force 4\nplace Jasmine at 2,0\n");
    assert!(out.contains("Jasmine: 4 -> 11 vs 11: success"), "{out}");
    assert_eq!(health(&session, "Jasmine"), 16);
}

#[test]
fn a_gaider_out_of_heavy_armour_gains_its_level_in_stamina_from_the_start() {
    let mut session = session();
    // Karak wears a Cuirass and a Steel Cap (Type Heavy): no bonus (10 is his day bonus).
    assert_eq!(value(&session, "Karak", "Stamina"), 10);
    // A Gaider in a Feather Cap (Leather): Stamina 2 + Feather Cap 1 + Level 1 + 2 by day =
    // 6, and health 15 + 6 = 21 from the start.
    run(
        &mut session,
        "actor Gaider Scout\nStats: Strength 2, Dexterity 2, Stamina 2, Intelligence 0, \
         Agility 2, Level 1\nTraits: Gaider\nEquipment: Knife, Feather Cap\n\n\
         actor Scout from Gaider Scout\n",
    );
    assert_eq!(value(&session, "Scout", "Stamina"), 6);
    assert_eq!(health(&session, "Scout"), 21);
}

#[test]
fn an_armour_requirement_is_tested_when_its_wearer_joins() {
    let mut session = session();
    // General's Steel needs 10 Strength: a Bandit (2) cannot wear it, and does not join.
    let refused = session.run_text(
        "refused.session",
        "actor Steel Bandit\nStats: Strength 2, Dexterity 2, Stamina 1, Intelligence 0, \
         Agility 1, Level 1\nEquipment: Longsword, \"General's Steel\"\n\n\
         actor Tin from Steel Bandit\n",
        None,
    );
    let failure = refused.failure.expect("the join is refused");
    assert_eq!(failure[0].message, "Tin cannot wear General's Steel: it requires [Strength >= 10]");
    assert!(session.backend().world().actor("Tin").is_err());
}

#[test]
fn a_nahree_with_a_party_member_within_5_squares_gains_1_in_every_attribute() {
    let mut session = session();
    run(&mut session, "side Karak, Shaera: party\nplace Shaera at 0,0\nplace Karak at 5,1\n");
    // 5 + 1 = 6 squares away (no diagonals on the square grid): no bonus.
    assert_eq!(value(&session, "Shaera", "Intelligence"), 10);
    let out = run(&mut session, "place Karak at 4,1\n");
    assert!(out.contains("Shaera's Nah'ree Kinship holds"), "{out}");
    let shaera: Vec<i64> = ["Strength", "Dexterity", "Stamina", "Intelligence", "Agility"]
        .iter()
        .map(|stat| value(&session, "Shaera", stat))
        .collect();
    assert_eq!(shaera, [-1, 3, 2, 11, 3]);
    run(&mut session, "place Karak at 3,3\n");
    assert_eq!(value(&session, "Shaera", "Intelligence"), 10);
}
