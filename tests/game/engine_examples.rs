//! The worked examples of MECHANICS.md, reproduced with forced dice through the engine's
//! check procedures, layered pools and damage arithmetic.

use mythforge::dice::Roller;
use mythforge::engine::*;

fn forced(faces: &[u32]) -> Roller {
    let mut roller = Roller::new(0);
    roller.force(faces.iter().copied());
    roller
}

fn pool(dice: u32, modifier: i64, threshold: i64, aid: i64) -> PoolCheck {
    PoolCheck { dice, sides: 10, per_die_modifier: modifier, threshold, grade_cap: Some(3), aid }
}

// §1 Check: `dice 8,6,1, +3, threshold 9 -> 11,9,4 -> grade 2`.
#[test]
fn section_1_pool_plus_three_vs_nine_is_grade_two() {
    let outcome = pool_vs_threshold(&mut forced(&[8, 6, 1]), &pool(3, 3, 9, 0)).unwrap();
    assert_eq!(outcome.totals, vec![11, 9, 4]);
    assert_eq!(outcome.grade, 2);
    assert!(outcome.dice.iter().all(|d| d.forced));
}

// §1 Check: `dice 4,5,10, combo +4, threshold 11 -> 8,9,14 -> grade 1`.
#[test]
fn section_1_combo_plus_four_vs_eleven_is_grade_one() {
    // The combo: two +2 bonuses, +4 in all.
    let outcome = pool_vs_threshold(&mut forced(&[4, 5, 10]), &pool(3, 2 + 2, 11, 0)).unwrap();
    assert_eq!(outcome.totals, vec![8, 9, 14]);
    assert_eq!(outcome.grade, 1);
}

// §1 Aid: `original 8,9,14 vs 11 -> Low; the ally's 12,11,14 vs 11 -> grade 3 -> +3 on the 9
// -> 12 -> Medium`.
#[test]
fn section_1_aid_of_grade_three_goes_on_the_nine() {
    let ally = grade_totals(&mut [12, 11, 14], 11, Some(3), 0);
    assert_eq!(ally.grade, 3);
    let outcome =
        pool_vs_threshold(&mut forced(&[4, 5, 10]), &pool(3, 4, 11, ally.grade.into())).unwrap();
    assert_eq!(outcome.aided_die, Some(1));
    assert_eq!(outcome.totals, vec![8, 12, 14]);
    assert_eq!(outcome.grade, 2);
}

// §1 Challenge example `16,14,11,7 (already modified) vs 12 -> 3 meet -> High`. Under the
// catalogue's own rule (a die counts when it meets or exceeds the threshold) only 16 and 14
// meet 12; three dice meet at 11. Both readings are pinned here, and the cap is checked with
// a four-die pool where every die meets.
#[test]
fn section_1_four_dice_grade_is_capped_at_high() {
    assert_eq!(grade_totals(&mut [16, 14, 11, 7], 12, Some(3), 0).count, 2);
    let at_eleven = grade_totals(&mut [16, 14, 11, 7], 11, Some(3), 0);
    assert_eq!((at_eleven.count, at_eleven.grade), (3, 3));
    let all = grade_totals(&mut [16, 14, 13, 12], 12, Some(3), 0);
    assert_eq!((all.count, all.grade), (4, 3));
}

fn under(target: i64, difficulty: i64, boost: i64, second_die: bool) -> RollUnderCheck {
    RollUnderCheck { sides: 12, target, difficulty, boost, second_die }
}

fn run_under(faces: &[u32], check: RollUnderCheck, decider: &mut dyn Decider) -> RollUnderOutcome {
    roll_under(&mut forced(faces), &check, decider).unwrap()
}

// §2 Test: `target 9, roll 7 -> SN 7`; `target 9, roll 11 -> SN 0`;
// `target 9, difficulty 8, roll 7 -> fail`.
#[test]
fn section_2_success_numbers_and_difficulty() {
    let decider = &mut PolicyDecider::default();
    let hit = run_under(&[7], under(9, 0, 0, false), decider);
    assert_eq!((hit.success_number, hit.succeeded), (7, true));
    let miss = run_under(&[11], under(9, 0, 0, false), decider);
    assert_eq!((miss.success_number, miss.succeeded), (0, false));
    let hard = run_under(&[7], under(9, 8, 0, false), decider);
    assert!(hard.success && !hard.succeeded);
}

// §2 Test: a target of 12 or more always succeeds.
#[test]
fn section_2_target_twelve_always_succeeds() {
    let outcome = run_under(&[12], under(12, 0, 0, false), &mut PolicyDecider::default());
    assert_eq!((outcome.success_number, outcome.succeeded), (12, true));
}

// §2 Boost: `target 10, roll 6, boost 3 -> add 3 -> SN 9`;
// `target 10, roll 9, boost 3 -> add 1 -> SN 10`.
#[test]
fn section_2_boost_max_safe() {
    let decider = &mut PolicyDecider::default();
    let six = run_under(&[6], under(10, 0, 3, false), decider);
    assert_eq!((six.boost, six.success_number), (3, 9));
    let nine = run_under(&[9], under(10, 0, 3, false), decider);
    assert_eq!((nine.boost, nine.success_number), (1, 10));
    assert_eq!(nine.decisions.len(), 1);
}

// §2 Temptation die: used when better under `if-better`, reported so the caller can feed the
// narrator's pool; `never` keeps the first die; `always` takes the second.
#[test]
fn section_2_second_die_policies() {
    let if_better = run_under(&[11, 7], under(9, 0, 0, true), &mut PolicyDecider::default());
    assert!(if_better.used_second);
    assert_eq!(if_better.success_number, 7);
    assert!(if_better.first.dropped && !if_better.second.unwrap().dropped);

    let never = PolicyDecider::default().with(DecisionKind::SecondDie, Policy::Never);
    let kept = run_under(&[11, 7], under(9, 0, 0, true), &mut never.clone());
    assert_eq!((kept.used_second, kept.success_number), (false, 0));

    let always = PolicyDecider::default().with(DecisionKind::SecondDie, Policy::Always);
    let worse = run_under(&[7, 11], under(9, 0, 0, true), &mut always.clone());
    assert_eq!((worse.used_second, worse.success_number), (true, 0));
}

// §2 Duel: higher SN wins; SN 0 never wins; equal SNs -> no winner; points = the difference.
#[test]
fn section_2_duel_rules() {
    assert_eq!(versus(7, 7, TieRule::NoWinner, true).winner, None);
    assert_eq!(versus(0, 0, TieRule::NoWinner, true).winner, None);
    let won = versus(9, 4, TieRule::NoWinner, true);
    assert_eq!((won.winner, won.margin), (Some(Side::Attacker), 5));
    let defended = versus(0, 3, TieRule::NoWinner, true);
    assert_eq!((defended.winner, defended.margin), (Some(Side::Defender), 3));
}

fn d6_pool(dice: u32, automatic: u32, required: Option<u32>) -> SuccessPoolCheck {
    SuccessPoolCheck { dice, sides: 6, success_at: 4, explode_at: Some(6), automatic, required }
}

// §3 Dice: `[1,2,4,5,6] -> 3 successes + 1 push; push rolls 3 -> total 3`.
#[test]
fn section_3_push_that_rolls_three_adds_nothing() {
    let outcome = success_pool(&mut forced(&[1, 2, 4, 5, 6, 3]), &d6_pool(5, 0, None)).unwrap();
    assert_eq!(outcome.successes, 3);
    assert_eq!(outcome.explosions, 1);
    let faces: Vec<u32> = outcome.dice.iter().map(|d| d.face).collect();
    assert_eq!(faces, vec![1, 2, 4, 5, 6, 3]);
    assert!(outcome.dice[4].exploded && outcome.dice[5].extra);
}

// §3 Dice, the rulebook's own: 2 successes incl. one 6, the push rolls a success -> 3.
#[test]
fn section_3_push_that_succeeds_adds_one() {
    let outcome = success_pool(&mut forced(&[6, 4, 2, 5]), &d6_pool(3, 0, Some(3))).unwrap();
    assert_eq!((outcome.successes, outcome.succeeded), (3, Some(true)));
}

// §3 Aspects: ease counted first; if ease alone meets the CR, no roll.
#[test]
fn section_3_ease_meeting_the_rating_skips_the_roll() {
    let mut roller = forced(&[1]);
    let outcome = success_pool(&mut roller, &d6_pool(4, 2, Some(2))).unwrap();
    assert!(outcome.skipped_roll && outcome.dice.is_empty());
    assert_eq!(roller.forced().len(), 1);
}

// §3 a pool of sixes explodes at most MAX_EXPLOSIONS_PER_DIE times per die (no hang).
#[test]
fn success_pool_explosions_are_bounded() {
    let check = SuccessPoolCheck {
        dice: 1,
        sides: 1,
        success_at: 1,
        explode_at: Some(1),
        automatic: 0,
        required: None,
    };
    let outcome = success_pool(&mut Roller::new(1), &check).unwrap();
    assert_eq!(outcome.explosions, MAX_EXPLOSIONS_PER_DIE);
}

// §4 Attack: 1d20 + Dexterity - Agility >= 10; the natural roll decides criticals.
#[test]
fn section_4_modified_roll_and_critical() {
    let check = ModifiedRollCheck {
        sides: 20,
        modifier: 3 - 1,
        target: 10,
        critical_from: Some(19),
        critical_to: None,
        best_of: 0,
    };
    let hit = roll_plus_modifier(&mut forced(&[19]), &check).unwrap();
    assert_eq!((hit.natural, hit.total, hit.success, hit.critical), (19, 21, true, true));
    let miss = roll_plus_modifier(&mut forced(&[7]), &check).unwrap();
    assert_eq!((miss.total, miss.success, miss.critical), (9, false, false));
    // Keeping the better of two d20 (Fool's Luck): 7 and 19 keep the 19, a critical; the
    // 7 is rolled and dropped.
    let best = ModifiedRollCheck { best_of: 2, ..check };
    let (lucky, dice) =
        mythforge::engine::roll_best_plus_modifier(&mut forced(&[7, 19]), &best).unwrap();
    assert_eq!((lucky.natural, lucky.total, lucky.critical), (19, 21, true));
    assert_eq!(
        dice.iter().map(|d| (d.face, d.dropped)).collect::<Vec<_>>(),
        [(7, true), (19, false)]
    );
}

// §5 Versus: both roll 1d20 + skill; the attacker must exceed (ties to the defender).
#[test]
fn section_5_versus_tie_goes_to_the_defender() {
    let attacker = ModifiedRollCheck {
        sides: 20,
        modifier: 5,
        target: 0,
        critical_from: None,
        critical_to: None,
        best_of: 0,
    };
    let defender = ModifiedRollCheck { modifier: 3, ..attacker };
    let (a, d, result) =
        versus_rolls(&mut forced(&[10, 12]), &attacker, &defender, TieRule::Defender).unwrap();
    assert_eq!((a.total, d.total), (15, 15));
    assert_eq!((result.winner, result.margin), (Some(Side::Defender), 0));
}

// §2 Armour: `V 20, H 7, D 16 -> absorbed 16, rest 0, V becomes 18`.
#[test]
fn section_2_armour_hardness_seven_wears_by_two() {
    let mut layer = Layer::new("armour", 20).with_hardness(7).unwrap();
    let hit = layer.hit(16);
    assert_eq!((hit.absorbed, hit.rest, hit.after), (16, 0, 18));
}

// §2 Armour: `V 5, T 4, no H, D 12 -> absorbed 5, rest 7 >= 4 -> heavy, 7 reaches the next
// layer`.
#[test]
fn section_2_blow_through_is_heavy() {
    let mut pool = LayeredPool::new(vec![
        Layer::new("armour", 5).with_threshold(4),
        Layer::new("health", 30).with_hardness(1).unwrap(),
    ]);
    let hit = pool.hit(12);
    let armour = &hit.layers[0];
    assert_eq!((armour.absorbed, armour.rest, armour.weight), (5, 7, Some(Weight::Heavy)));
    assert_eq!(pool.layers[0].value, 5);
    assert_eq!(hit.layers[1].absorbed, 7);
    assert_eq!(pool.layers[1].value, 23);
}

// §2 Armour: `bar table (V 8, H 2) in front of armour (V 10, H 5), D 25 -> table absorbs 8
// (V 4), armour absorbs 10 (V 8), 7 reaches health`.
#[test]
fn section_2_improvised_table_in_front_of_armour() {
    let mut world = World::new(1);
    let armour = LayeredPool::new(vec![
        Layer::new("armour", 10).with_hardness(5).unwrap(),
        Layer::new("health", 20).with_hardness(1).unwrap(),
    ]);
    world.add_actor(Actor::new("guard").with_layered("body", armour)).unwrap();
    let table = Layer::new("table", 8).with_hardness(2).unwrap().improvised();
    world.push_layer("guard", "body", table, mythforge::diagnostics::Span::NONE).unwrap();
    let into = DamageInto::Layers("body".into());
    let report = world
        .deal_damage("guard", &into, &Damage::new(25), &DamageRules::default(), Default::default())
        .unwrap();
    let hits = report.layers.unwrap().layers;
    assert_eq!((hits[0].layer.as_str(), hits[0].absorbed, hits[0].after), ("table", 8, 4));
    assert_eq!((hits[1].layer.as_str(), hits[1].absorbed, hits[1].after), ("armour", 10, 8));
    assert_eq!((hits[2].layer.as_str(), hits[2].absorbed, hits[2].after), ("health", 7, 13));
}

// §1 Insubstantial: half damage, round up; Resistant [Type] N subtracts first.
#[test]
fn section_1_resistance_then_halving_rounds_up() {
    let mut rules =
        DamageRules { scale: Some(Scale::half(RoundingDirection::Up)), ..DamageRules::default() };
    rules.resistances.insert("fire".into(), 2);
    let steps = resolve_damage(&Damage::new(11).with_type("fire"), &rules);
    assert_eq!((steps.modified, steps.total), (9, 5));
}

// §1 Sickly N: heals reduced by N, minimum 1.
#[test]
fn section_1_reduced_heal_keeps_minimum_one() {
    let steps = resolve_heal(3, Some(10), 2, &HealRules { reduced_by: 4, minimum: 1 });
    assert_eq!(steps.applied, 1);
}

// §3 Vigor: a chunk is judged on its first roll: all 6 major success, all successes minor,
// all 1 major blunder, all blunders minor blunder.
#[test]
fn section_3_chunks_are_classified_on_their_first_roll() {
    let class = |faces: &[u32]| {
        let check = SuccessPoolCheck {
            dice: 2,
            sides: 6,
            success_at: 4,
            explode_at: Some(6),
            automatic: 0,
            required: None,
        };
        let outcome = success_pool(&mut forced(faces), &check).unwrap();
        classify_dice(&outcome.dice, 4)
    };
    assert_eq!(class(&[6, 2, 6, 1]), DiceClass::AllHighest);
    assert_eq!(class(&[4, 6, 1]), DiceClass::AllSuccesses);
    assert_eq!(class(&[1, 1]), DiceClass::AllOnes);
    assert_eq!(class(&[1, 3]), DiceClass::AllFailures);
    assert_eq!(class(&[3, 5]), DiceClass::Mixed);
}
