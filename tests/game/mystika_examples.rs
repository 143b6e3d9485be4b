//! The worked examples of MECHANICS.md section 2 run through `Game` on the shipped Mystika
//! pack: armour layers (20/7/16 ends at 18, the heavy blow-through, the bar table put in
//! front of armour), the purse (a `lose N Wealth` through the accountant), and a duel whose
//! weapon damage goes through two armour layers. The success-number and boost examples are
//! in tests/game/runtime_procedures.rs.

use std::path::PathBuf;

use mythforge::runtime::{Game, PowerUse};

/// The pack plus the fixed blows, with `cast` as (actor, stat block) pairs.
fn game(cast: &[(&str, &str)]) -> Game {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut game = Game::new(7);
    let paths =
        [root.join("rules/mystika"), root.join("tests/fixtures/runtime/mystika_blows.rules")];
    game.load(&paths).expect("the Mystika pack and the blows load");
    game.add_actor("Striker", Some("Mira Quickblade"), &[]).unwrap();
    let striker = game.world_mut().actor_mut("Striker").unwrap();
    let blows = ["Blow 16", "Blow 12", "Blow 25", "Overspend 30", "Chaos Toll"];
    striker.powers.extend(blows.map(String::from));
    for (name, block) in cast {
        game.add_actor(name, Some(block), &[]).unwrap();
    }
    game
}

fn use_power(game: &mut Game, actor: &str, power: &str, target: &str) {
    let request = PowerUse::new(actor, power);
    let request = if target.is_empty() { request } else { request.at([target]) };
    game.use_power(&request).unwrap();
}

/// `(layer, value)` of `actor`'s pool `pool`, outermost first.
fn layers(game: &Game, actor: &str, pool: &str) -> Vec<(String, i64)> {
    let actor = game.world().actor(actor).unwrap();
    let pool = &actor.layered[pool];
    pool.layers.iter().map(|layer| (layer.name.to_string(), layer.value)).collect()
}

fn current(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

#[test]
fn value_20_hardness_7_hit_by_16_wears_to_18() {
    let mut game = game(&[("Sentinel", "Plate Sentinel")]);
    use_power(&mut game, "Striker", "Blow 16", "Sentinel");
    assert_eq!(layers(&game, "Sentinel", "Body"), [("Plate Coat".to_string(), 18)]);
    assert_eq!(current(&game, "Sentinel", "Health"), 14);
}

#[test]
fn value_5_threshold_4_hit_by_12_is_heavy_and_7_go_through() {
    let mut game = game(&[("Guard", "Gambeson Guard")]);
    let mark = game.mark();
    use_power(&mut game, "Striker", "Blow 12", "Guard");
    let text = game.transcript_since(mark);
    assert!(text.contains("Padded Gambeson absorbs 5 (5 -> 5), heavy; 7 passes through"), "{text}");
    assert_eq!(current(&game, "Guard", "Health"), 3);
}

#[test]
fn bar_table_put_in_front_of_armour_takes_25() {
    let mut game = game(&[("Crouch", "Table Crouch")]);
    use_power(&mut game, "Crouch", "Take Cover", "");
    let expected = [("Bar Table".to_string(), 8), ("Studded Leather".to_string(), 10)];
    assert_eq!(layers(&game, "Crouch", "Body"), expected);
    use_power(&mut game, "Striker", "Blow 25", "Crouch");
    // Table absorbs 8 (wears by 8 / 2 = 4 to V 4), armour absorbs 10 (wears by 2 to V 8),
    // 7 reaches health: 12 -> 5.
    let expected = [("Bar Table".to_string(), 4), ("Studded Leather".to_string(), 8)];
    assert_eq!(layers(&game, "Crouch", "Body"), expected);
    assert_eq!(current(&game, "Crouch", "Health"), 5);
}

#[test]
fn losing_wealth_goes_through_the_accountant_first() {
    let mut game = game(&[("Osric", "Osric the Merchant")]);
    use_power(&mut game, "Striker", "Overspend 30", "Osric");
    // The accountant (V 50, no hardness) catches all 30: the purse keeps its 200.
    assert_eq!(layers(&game, "Osric", "Purse"), [("Accountant".to_string(), 50)]);
    assert_eq!(current(&game, "Osric", "Wealth"), 200);
    assert!(!game.world().actor("Osric").unwrap().layered.contains_key("Body"));
}

#[test]
fn duel_dagger_damage_goes_through_two_armour_layers() {
    let mut game = game(&[("Brannoc", "Brannoc the Bouncer")]);
    game.add_actor("Mira", Some("Mira Quickblade"), &[]).unwrap();
    // Mira regular 11, dark 2; Brannoc regular 10, dark 12: SN 11 against SN 0.
    game.world_mut().roller.force([11, 2, 10, 12]);
    let mark = game.mark();
    let request = PowerUse::new("Mira", "Weapon Attack").at(["Brannoc"]);
    let outcome = game.use_power(&request).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    assert_eq!(outcome.targets[0].names, [("Margin", 11), ("Success Number", 11)]);
    let text = game.transcript_since(mark);
    // Dagger 2 + 11 / 1 = 13; Jerkin absorbs 4 (heavy, wears 2), Gambeson 5 (heavy).
    assert!(text.contains("Mira: 11 vs 0: attacker wins by 11"), "{text}");
    assert!(text.contains("Brannoc takes 13 damage into Body"), "{text}");
    let expected = [("Leather Jerkin".to_string(), 2), ("Padded Gambeson".to_string(), 5)];
    assert_eq!(layers(&game, "Brannoc", "Body"), expected);
    assert_eq!(current(&game, "Brannoc", "Health"), 8);
}

#[test]
fn duel_with_temptation_feeds_the_chaos_pool_and_a_lost_duel_does_nothing() {
    let mut game = game(&[("Brannoc", "Brannoc the Bouncer")]);
    game.add_actor("Mira", Some("Mira Quickblade"), &[]).unwrap();
    // Brannoc's dark 6 beats his failed 10: used (if-better), one die to the chaos pool.
    game.world_mut().roller.force([11, 2, 10, 6]);
    let request = PowerUse::new("Mira", "Weapon Attack").at(["Brannoc"]);
    let outcome = game.use_power(&request).unwrap();
    assert_eq!(outcome.targets[0].names[0], ("Margin", 5));
    assert_eq!(game.world().pools["Chaos Dice"], 1);
    // Dagger 2 + 5 = 7: Jerkin absorbs 4 (rest 3, heavy, V 2), Gambeson 3 (light).
    assert_eq!(current(&game, "Brannoc", "Health"), 12);
    // Brannoc strikes back and loses (SN 0 never wins): nothing happens.
    game.world_mut().roller.force([12, 12, 3, 1]);
    let request = PowerUse::new("Brannoc", "Weapon Attack").at(["Mira"]);
    let outcome = game.use_power(&request).unwrap();
    assert_eq!(outcome.targets[0].grade, 0);
    assert_eq!(current(&game, "Mira", "Health"), 12);
}

#[test]
fn a_duel_without_the_defenders_value_is_refused_by_check() {
    // Refused when the pack is checked (it used to be refused only when used).
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (mut pack, _) = mythforge::parse::load_pack(&[root.join("rules/mystika")], &mut sources);
    let text = "power One Sided Duel\nTarget: Enemy in 10\nCheck: [Blades] using Duel\n";
    let (file, _) = mythforge::parse::parse_source(&mut sources, "duel.rules", text);
    pack.files.push(file);
    let errors = Game::new(7).load_pack(pack, sources, &[]).unwrap_err();
    let error = errors.iter().find(|e| e.code == "rules::check::one_sided").expect("refused");
    assert_eq!(error.message, "`Duel` compares two sides, but this check gives only one");
    assert_eq!(&text[error.primary_span().range()], "Check: [Blades] using Duel");
}

#[test]
fn a_cost_in_chaos_dice_is_paid_from_the_world_pool() {
    let mut game = game(&[]);
    let toll = PowerUse::new("Striker", "Chaos Toll");
    // An empty pool: refused, nothing changes.
    let before = mythforge::engine::to_json(game.world()).unwrap();
    let error = game.use_power(&toll).unwrap_err();
    assert_eq!(error.kind.code(), "engine::cannot_pay");
    assert_eq!(error.to_string(), "the world needs 2 Chaos Dice but has 0: short by 2");
    assert_eq!(mythforge::engine::to_json(game.world()).unwrap(), before);
    // Two kept temptation dice fill it; the cost empties it.
    game.world_mut().change_pool("Chaos Dice", 2, mythforge::diagnostics::Span::NONE);
    game.use_power(&toll).unwrap();
    assert_eq!(game.world().pools["Chaos Dice"], 0);
}

#[test]
fn the_narrator_spends_the_chaos_pool_the_temptation_die_fed() {
    let mut game = game(&[("Brannoc", "Brannoc the Bouncer"), ("Narrator", "Narrator")]);
    let unleash = PowerUse::new("Narrator", "Unleash Chaos").at(["Brannoc"]);
    // An empty pool: the narrator's own die alone (Fighting 8, roll 4: SN 4).
    game.world_mut().roller.force([4]);
    let outcome = game.use_power(&unleash).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    // Two dice in the pool: both are thrown in; own 10 fails, chaos 3 and 5: SN 5.
    game.world_mut().change_pool("Chaos Dice", 2, mythforge::diagnostics::Span::NONE);
    game.world_mut().roller.force([10, 3, 5]);
    let mark = game.mark();
    let outcome = game.use_power(&unleash).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    assert_eq!(game.world().pools["Chaos Dice"], 0);
    let text = game.transcript_since(mark);
    assert!(text.contains("Narrator keeps the best die: success number 5"), "{text}");
    assert!(text.contains("Brannoc takes 5 damage"), "{text}");
}
