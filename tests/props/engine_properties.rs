//! Seeded random-input tests: the engine's arithmetic keeps its invariants and never panics,
//! whatever numbers the rule model or an edited save hands it.

use mythforge::dice::Roller;
use mythforge::engine::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn layers_conserve_damage_and_never_go_negative(
        layers in prop::collection::vec((any::<i64>(), prop::option::of(any::<i64>()), 0u32..20), 0..5),
        damage in any::<i64>(),
    ) {
        let mut pool = LayeredPool::default();
        for (index, (value, threshold, hardness)) in layers.into_iter().enumerate() {
            let mut layer = Layer::new(format!("layer {index}"), value);
            layer.threshold = threshold;
            match layer.clone().with_hardness(hardness) {
                Ok(hard) => layer = hard,
                Err(error) => prop_assert_eq!(hardness, 0, "{}", error),
            }
            pool.layers.push(layer);
        }
        let hit = pool.hit(damage);
        let absorbed: i64 = hit.layers.iter().map(|l| l.absorbed).sum();
        prop_assert_eq!(absorbed + hit.through, damage.max(0));
        prop_assert!(pool.layers.iter().all(|l| l.value >= 0));
    }

    #[test]
    fn damage_and_heal_never_panic_or_go_negative(
        amount in any::<i64>(), reduction in any::<i64>(), resist in any::<i64>(),
        numerator in any::<i64>(), denominator in any::<i64>(), up in any::<bool>(),
        current in any::<i64>(), max in prop::option::of(any::<i64>()), reduced_by in any::<i64>(),
    ) {
        let rounding = if up { RoundingDirection::Up } else { RoundingDirection::Down };
        let mut rules = DamageRules { reduction, scale: Some(Scale { numerator, denominator, rounding }), ..DamageRules::default() };
        rules.resistances.insert("cold".into(), resist);
        rules.vulnerabilities.insert("cold".into(), resist);
        let steps = resolve_damage(&Damage::new(amount).with_type("cold"), &rules);
        prop_assert!(steps.total >= 0);
        let heal = resolve_heal(current, max, amount, &HealRules { reduced_by, minimum: 1 });
        prop_assert!(heal.applied >= 0);
    }

    #[test]
    fn checks_never_panic_on_any_parameters(
        seed in any::<u64>(), dice in 0u32..40, sides in 0u32..30, modifier in any::<i64>(),
        threshold in any::<i64>(), aid in any::<i64>(), boost in any::<i64>(), second in any::<bool>(),
        forced in prop::collection::vec(0u32..40, 0..6),
    ) {
        let mut roller = Roller::new(seed);
        roller.force(forced);
        let pool = PoolCheck { dice, sides, per_die_modifier: modifier, threshold, grade_cap: Some(3), aid };
        if let Ok(outcome) = pool_vs_threshold(&mut roller, &pool) {
            prop_assert!(outcome.grade <= 3 && outcome.count <= dice);
        }
        let under = RollUnderCheck { sides, target: threshold, difficulty: modifier, boost, second_die: second };
        if let Ok(outcome) = roll_under(&mut roller, &under, &mut PolicyDecider::default()) {
            prop_assert!(outcome.success_number >= 0);
        }
        let explode_at = Some(sides.min(6));
        let successes = SuccessPoolCheck { dice, sides, success_at: 4, explode_at, automatic: 1, required: Some(3) };
        if let Ok(outcome) = success_pool(&mut roller, &successes) {
            prop_assert!(outcome.dice.len() <= MAX_DICE_ROLLED);
        }
        let plain = ModifiedRollCheck { sides, modifier, target: threshold, critical_from: Some(sides), critical_to: None, best_of: 0 };
        let _ = roll_plus_modifier(&mut roller, &plain);
    }

    #[test]
    fn hex_lines_step_one_hex_at_a_time(q in -50i64..50, r in -50i64..50, tq in -50i64..50, tr in -50i64..50) {
        let (from, to) = (Hex::new(q, r), Hex::new(tq, tr));
        let line = from.line_to(to);
        prop_assert_eq!(line.len() as i64, from.distance(to) + 1);
        prop_assert_eq!(line[0], from);
        prop_assert_eq!(*line.last().unwrap(), to);
        prop_assert!(line.windows(2).all(|w| w[0].distance(w[1]) == 1));
    }

    #[test]
    fn save_text_with_random_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = from_json(&String::from_utf8_lossy(&bytes), "random.json");
    }
}
