//! Dice engine tests: golden seeded sequences, exact distributions checked against
//! independent math (binomial formula, brute-force enumeration), parse/print round trips,
//! error messages with their spans (insta snapshots). Properties (sums to one, agreement
//! with sampling) live in tests/props/dice_properties.rs, hostile inputs in
//! tests/lang/dice_robustness.rs.

use mythforge::diagnostics::{RenderStyle, SourceMap, render};
use mythforge::dice::{DiceExpr, Distribution, Roller, distribution};

use crate::common::golden::Failures;

fn parse(text: &str) -> DiceExpr {
    DiceExpr::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
}

fn dist(text: &str) -> Distribution {
    distribution(&parse(text)).unwrap_or_else(|error| panic!("{text}: {error}"))
}

/// Asserts every value's probability is within 1e-12 of `expected` (value → probability).
fn assert_matches(text: &str, expected: &[(i64, f64)]) {
    let actual = dist(text);
    assert!(actual.exact, "{text} should be exact");
    let mut values: Vec<i64> = expected.iter().map(|(v, _)| *v).collect();
    values.extend(actual.outcomes.iter().map(|(v, _)| *v));
    values.sort_unstable();
    values.dedup();
    for value in values {
        let want: f64 = expected.iter().filter(|(v, _)| *v == value).map(|(_, p)| p).sum();
        let got = actual.probability(value);
        assert!((want - got).abs() < 1e-12, "{text}: P({value}) = {got}, expected {want}");
    }
}

/// Every tuple of `count` faces of a d`sides`, each with probability sides^-count.
fn tuples(count: u32, sides: i64) -> Vec<Vec<i64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (1..=sides).map(move |face| {
                    let mut next = prefix.clone();
                    next.push(face);
                    next
                })
            })
            .collect();
    }
    all
}

fn tally(values: impl IntoIterator<Item = (i64, f64)>) -> Vec<(i64, f64)> {
    let mut map = std::collections::BTreeMap::new();
    for (value, p) in values {
        *map.entry(value).or_insert(0.0) += p;
    }
    map.into_iter().collect()
}

fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

// ------------------------------------------------------------------------ golden rolls

/// (expression, eight totals from seed 7, faces of the first roll from seed 7)
const GOLDEN: &[(&str, [i64; 8], &[i64])] = &[
    ("3d10", [6, 13, 10, 20, 7, 17, 20, 15], &[2, 2, 2]),
    ("4d6kh3", [5, 12, 12, 10, 12, 11, 14, 10], &[1, 1, 2, 2]),
    ("{3d10+3}cs>=9", [0, 1, 1, 2, 0, 1, 1, 1], &[2, 2, 2]),
    ("5d6xcs>=4", [0, 3, 1, 2, 4, 2, 2, 1], &[1, 1, 2, 2, 2]),
    ("2d6ro1!!", [3, 4, 10, 9, 5, 11, 6, 11], &[1, 1, 2]),
    ("1d20+3>=10", [0, 0, 0, 0, 0, 1, 0, 1], &[3]),
    ("d%", [15, 16, 19, 17, 28, 71, 4, 73], &[15]),
    ("3d6rr1dl1", [4, 10, 8, 9, 9, 8, 8, 9], &[1, 1, 2, 2, 2]),
];

#[test]
fn roll_seed_7_sequences_are_pinned() {
    for (text, totals, faces) in GOLDEN {
        let expr = parse(text);
        let mut roller = Roller::new(7);
        let actual: Vec<i64> = (0..8).map(|_| roller.roll(&expr).unwrap().total).collect();
        assert_eq!(&actual, totals, "{text}");
        let first = Roller::new(7).roll(&expr).unwrap();
        let actual_faces: Vec<i64> = first.dice.iter().map(|d| d.face).collect();
        assert_eq!(&actual_faces, faces, "{text}");
    }
}

#[test]
fn roll_marks_dropped_rerolled_and_exploded_dice() {
    let mut roller = Roller::new(1);
    roller.force([1, 4, 6, 2, 3, 5]);
    // 1 is rerolled into 4; 6 explodes into 2; then 3 and 5; drop lowest 1 (the 2).
    let roll = roller.roll(&parse("3d6ro1xdl1")).unwrap();
    let marks: Vec<(i64, bool, bool, bool, bool)> = roll
        .dice
        .iter()
        .map(|d| (d.face, d.kept, d.rerolled, d.exploded, d.from_explosion))
        .collect();
    assert_eq!(
        marks,
        [
            (1, false, true, false, false),
            (4, true, false, false, false),
            (6, true, false, true, false),
            (2, false, false, false, true),
            (3, true, false, false, false),
        ]
    );
    assert_eq!(roll.total, 13);
    assert_eq!(roller.forced().collect::<Vec<_>>(), [5]);
}

#[test]
fn roll_forced_faces_are_checked_against_the_die() {
    let mut roller = Roller::new(1);
    roller.force([12]);
    let error = roller.roll(&parse("1d10")).unwrap_err();
    assert_eq!(error.to_string(), "forced die 12 does not fit a d10");
    assert_eq!(error.span, 0..4);
}

#[test]
fn roll_group_offset_applies_to_each_die_before_counting() {
    let mut roller = Roller::new(1);
    roller.force([6, 5, 10]);
    let roll = roller.roll(&parse("{3d10+3}cs>=9")).unwrap();
    assert_eq!(roll.dice.iter().map(|d| d.value).collect::<Vec<_>>(), [9, 8, 13]);
    assert_eq!(roll.total, 2);
}

#[test]
fn roll_functions_and_floor_division() {
    let cases = [
        ("7/2", 3),
        ("-7/2", -4),
        ("ceil(7/2)", 4),
        ("round(7/2)", 4),
        ("round(-7/2)", -4),
        ("floor(-7/2)", -4),
        ("abs(3-10)", 7),
        ("max(1, 5, 3)", 5),
        ("min(4, 2*3)", 4),
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("10-2-3", 5),
        ("5>4", 1),
        ("5>5", 0),
        ("5>=5", 1),
        ("5<5", 0),
        ("4!=4", 0),
    ];
    for (text, expected) in cases {
        assert_eq!(Roller::new(0).roll(&parse(text)).unwrap().total, expected, "{text}");
    }
}

// ------------------------------------------------------------------------ exact vs math

#[test]
fn dist_count_pools_match_the_binomial_formula() {
    for count in 3..=10u64 {
        for offset in 0..=5i64 {
            for threshold in 6..=16i64 {
                let text = format!("{{{count}d10+{offset}}}cs>={threshold}");
                let success = ((10 + offset - threshold + 1).clamp(0, 10)) as f64 / 10.0;
                let expected: Vec<(i64, f64)> = (0..=count)
                    .map(|k| {
                        let p = choose(count, k)
                            * success.powi(k as i32)
                            * (1.0 - success).powi((count - k) as i32);
                        (k as i64, p)
                    })
                    .collect();
                assert_matches(&text, &expected);
            }
        }
    }
}

#[test]
fn dist_keep_and_drop_match_brute_force() {
    type Kept = fn(&[i64]) -> i64;
    let cases: [(&str, u32, i64, Kept); 6] = [
        ("4d6kh3", 4, 6, |d| d[1..].iter().sum()),
        ("5d6kl2", 5, 6, |d| d[..2].iter().sum()),
        ("4d8dl1", 4, 8, |d| d[1..].iter().sum()),
        ("4d6dh1", 4, 6, |d| d[..3].iter().sum()),
        ("3d10kh1", 3, 10, |d| d[2]),
        ("5d4kh3cs>=3", 5, 4, |d| d[2..].iter().filter(|v| **v >= 3).count() as i64),
    ];
    for (text, count, sides, kept) in cases {
        let weight = (sides as f64).powi(count as i32).recip();
        let expected = tally(tuples(count, sides).into_iter().map(|mut dice| {
            dice.sort_unstable();
            (kept(&dice), weight)
        }));
        assert_matches(text, &expected);
    }
}

/// Brute force of one exploding d`sides` (explode on the top face) to `depth` dice.
fn exploding_die(sides: i64, depth: u32) -> Vec<(i64, f64)> {
    let uniform = 1.0 / sides as f64;
    if depth == 1 {
        return (1..sides).map(|face| (face, uniform)).collect();
    }
    let mut outcomes: Vec<(i64, f64)> = (1..sides).map(|face| (face, uniform)).collect();
    for (rest, p) in exploding_die(sides, depth - 1) {
        outcomes.push((sides + rest, uniform * p));
    }
    outcomes
}

#[test]
fn dist_explosions_match_brute_force() {
    // 30 levels of a d4 leave less than 4^-30 (about 1e-18) out.
    let one = exploding_die(4, 30);
    let two = tally(one.iter().flat_map(|(a, p)| one.iter().map(move |(b, q)| (a + b, p * q))));
    assert_matches("2d4x", &two);
    assert_matches("1d4!!", &one);
    let explode_once: Vec<(i64, f64)> = tally(
        (1..=3).map(|face| (face, 0.25)).chain((1..=4).map(|extra| (4 + extra, 0.25 * 0.25))),
    );
    assert_matches("1d4xo", &explode_once);
    let truncated = dist("2d4x").truncated;
    assert!(truncated < 1e-15, "{truncated}");
}

/// Every chain of a d`sides` exploding on its top face, up to `depth` explosions: the faces
/// it adds to the pool and their probability.
fn chains(sides: i64, depth: usize) -> Vec<(Vec<i64>, f64)> {
    let uniform = 1.0 / sides as f64;
    let mut all = Vec::new();
    for explosions in 0..=depth {
        for last in 1..sides {
            let mut faces = vec![sides; explosions];
            faces.push(last);
            all.push((faces, uniform.powi(explosions as i32 + 1)));
        }
    }
    all
}

#[test]
fn dist_keep_over_exploding_pools_matches_brute_force() {
    type Kept = fn(&[i64]) -> i64;
    let cases: [(&str, usize, i64, Kept); 5] = [
        ("2d4xkh1", 2, 4, |pool| pool[pool.len() - 1]),
        ("3d4xkl1", 3, 4, |pool| pool[0]),
        ("2d4xdl1", 2, 4, |pool| pool[1..].iter().sum()),
        ("3d4xkh2", 3, 4, |pool| pool[pool.len() - 2..].iter().sum()),
        ("3d4xkh2cs>=3", 3, 4, |pool| {
            pool[pool.len() - 2..].iter().filter(|v| **v >= 3).count() as i64
        }),
    ];
    // 30 explosions of a d4 leave less than 4^-31 (about 2e-19) out.
    let one = chains(4, 30);
    let mut pools: Vec<(Vec<i64>, f64)> = vec![(Vec::new(), 1.0)];
    for count in 1..=3 {
        pools = pools
            .iter()
            .flat_map(|(pool, p)| {
                one.iter().map(move |(chain, q)| {
                    let mut next = pool.clone();
                    next.extend(chain);
                    (next, p * q)
                })
            })
            .collect();
        pools.iter_mut().for_each(|(pool, _)| pool.sort_unstable());
        for (text, _, _, kept) in cases.iter().filter(|case| case.1 == count) {
            let expected = tally(pools.iter().map(|(pool, p)| (kept(pool), *p)));
            assert_matches(text, &expected);
        }
    }
}

#[test]
fn dist_explode_and_count_matches_brute_force() {
    // Each chain of a d6 exploding on 6, counting 4+: a success on 4 or 5, a success plus
    // another chain on 6.
    let mut chain = vec![(0i64, 0.5), (1, 2.0 / 6.0)];
    let mut reach = 1.0 / 6.0;
    for level in 1..40 {
        chain.push((level, reach * 0.5));
        chain.push((level + 1, reach * 2.0 / 6.0));
        reach /= 6.0;
    }
    let chain = tally(chain);
    let pair =
        tally(chain.iter().flat_map(|(a, p)| chain.iter().map(move |(b, q)| (a + b, p * q))));
    assert_matches("2d6xcs>=4", &pair);
}

#[test]
fn dist_rerolls_match_brute_force() {
    // ro1: a 1 becomes a fresh d6.
    let once = tally((1..=6).flat_map(|first: i64| {
        if first == 1 {
            (1..=6).map(|second| (second, 1.0 / 36.0)).collect::<Vec<_>>()
        } else {
            vec![(first, 1.0 / 6.0)]
        }
    }));
    assert_matches("1d6ro1", &once);
    assert_matches("1d6rr<=2", &[(3, 0.25), (4, 0.25), (5, 0.25), (6, 0.25)]);
    let pair = tally(once.iter().flat_map(|(a, p)| once.iter().map(move |(b, q)| (a + b, p * q))));
    assert_matches("2d6r1", &pair);
}

#[test]
fn dist_arithmetic_matches_brute_force() {
    let pairs = || (1..=6i64).flat_map(|a| (1..=6i64).map(move |b| (a, b)));
    assert_matches("1d6*1d6", &tally(pairs().map(|(a, b)| (a * b, 1.0 / 36.0))));
    assert_matches("1d6-1d6", &tally(pairs().map(|(a, b)| (a - b, 1.0 / 36.0))));
    assert_matches("1d6/1d6", &tally(pairs().map(|(a, b)| (a.div_euclid(b), 1.0 / 36.0))));
    assert_matches("max(1d6, 1d6)", &tally(pairs().map(|(a, b)| (a.max(b), 1.0 / 36.0))));
    assert_matches("ceil(1d6/2)", &[(1, 1.0 / 3.0), (2, 1.0 / 3.0), (3, 1.0 / 3.0)]);
    assert_matches("-1d4", &[(-1, 0.25), (-2, 0.25), (-3, 0.25), (-4, 0.25)]);
    assert_matches("1d4min2max3", &[(2, 0.5), (3, 0.5)]);
}

#[test]
fn dist_comparisons_yield_zero_and_one() {
    assert_matches("1d20+3>=10", &[(0, 0.3), (1, 0.7)]);
    assert_matches("1d20>20", &[(0, 1.0), (1, 0.0)]);
    let certain = dist("1d20<=20");
    assert_eq!(certain.outcomes.iter().map(|(v, _)| *v).collect::<Vec<_>>(), [0, 1]);
    assert_matches("1d20<=20", &[(0, 0.0), (1, 1.0)]);
    assert_matches("2d6==7", &[(0, 5.0 / 6.0), (1, 1.0 / 6.0)]);
}

#[test]
fn dist_large_keep_pools_are_exact_and_sum_to_one() {
    for text in ["8d10kh3", "20d6kh3", "100d6kl10", "50d10dl25"] {
        let result = dist(text);
        assert!(result.exact, "{text}");
        assert!((result.mass() - 1.0).abs() < 1e-9, "{text}: {}", result.mass());
    }
    // The highest of n dice is at most v with chance (v/sides)^n.
    for (text, count, sides, highest) in
        [("100d6kh1", 100, 6, true), ("1000d10kl1", 1000, 10, false)]
    {
        let expected: Vec<(i64, f64)> = (1..=sides)
            .map(|v| {
                let below = |x: i64| {
                    let share = if highest {
                        x as f64 / sides as f64
                    } else {
                        (sides - x) as f64 / sides as f64
                    };
                    share.powi(count)
                };
                let p = if highest { below(v) - below(v - 1) } else { below(v - 1) - below(v) };
                (v, p)
            })
            .collect();
        assert_matches(text, &expected);
    }
    // The top three of 60 d10s make 30 exactly when at least three dice show 10.
    let at_most_two_tens: f64 =
        (0..=2).map(|k| choose(60, k) * 0.1f64.powi(k as i32) * 0.9f64.powi(60 - k as i32)).sum();
    let thirty = dist("60d10kh3").probability(30);
    assert!((thirty - (1.0 - at_most_two_tens)).abs() < 1e-12, "{thirty}");
}

#[test]
fn dist_big_sums_stay_exact_with_reported_tails() {
    // Affordable sums keep their whole support, down to (1/6)^50 for fifty ones.
    let small = dist("50d6");
    assert_eq!(small.outcomes.first().map(|(v, _)| *v), Some(50));
    assert_eq!(small.truncated, 0.0);
    // Past the work budget, tails under 1e-20 are cut at each step and reported.
    let big = dist("1000d50");
    assert!(big.exact);
    assert!(big.truncated > 0.0 && big.truncated < 1e-15, "{}", big.truncated);
    assert!((big.mean() - 25_500.0).abs() < 1e-6, "{}", big.mean());
    let variance = 1000.0 * (50.0 * 50.0 - 1.0) / 12.0;
    assert!((big.std_dev() - f64::sqrt(variance)).abs() < 1e-6, "{}", big.std_dev());
}

#[test]
fn dist_falls_back_to_sampling_honestly() {
    let estimate = dist("4d6xokh3");
    assert!(!estimate.exact);
    assert!(estimate.samples.is_some_and(|n| n >= 10_000));
    let (low, high) = estimate.mean_interval().unwrap();
    assert!(low < estimate.mean() && estimate.mean() < high);
    assert!(dist("4d6kh3").mean_interval().is_none());
}

// ------------------------------------------------------------------------ round trips

#[test]
fn parse_display_parse_round_trips() {
    let cases = [
        ("4d6k3+ 2", "4d6kh3 + 2"),
        ("d%", "1d%"),
        ("{3d10+3}cs>=9", "{3d10+3}cs>=9"),
        ("{4d6kh3+1}", "{4d6+1}kh3"),
        ("5d6!cs>=4", "5d6xcs>=4"),
        ("1d6r<3!!>5min2max5", "1d6!!>5ro<3min2max5"),
        ("2-(3-4)", "2 - (3 - 4)"),
        ("(2-3)-4", "2 - 3 - 4"),
        ("2*(3+1d4)", "2 * (3 + 1d4)"),
        ("-(1d6+1)", "-(1d6 + 1)"),
        ("--1", "1"),
        ("1d20+3>=10", "1d20 + 3 >= 10"),
        ("max(1d6,3)", "max(1d6, 3)"),
        ("4d6d", "4d6dl1"),
        ("3d6dh1cf<2df=1", "3d6dh1cf<2df1"),
        ("1d6x=6", "1d6x6"),
    ];
    for (text, canonical) in cases {
        let printed = parse(text).to_string();
        assert_eq!(printed, canonical, "{text}");
        assert_eq!(parse(&printed).to_string(), printed, "{text}");
    }
}

// ------------------------------------------------------------------------ errors

#[test]
fn grammar_accepts_and_rejects() {
    let accepted = [
        "d6",
        "1d6",
        "d%",
        "2d6 + 3",
        " 2d6+3 ",
        "-1d4",
        "((1))",
        "max(1, 2, 3)",
        "floor(1d6/2)",
        "{3d10-2}cs>=9",
        "{ 3d10 + 3 } cs>=9",
        "1d6x>=5",
        "1d6 != 3",
        "4d6k",
        "2d20kl",
        "5d10dh2",
        "8d10cs>=8df1",
        "6d6cf<=2",
        "1d6min2max5",
        "1d10rr<=2",
        "3d6xo",
        "3d6!!",
        "1d6cs=-1",
    ];
    for text in accepted {
        assert!(DiceExpr::parse(text).is_ok(), "{text}: {:?}", DiceExpr::parse(text));
    }
    let rejected = [
        "",
        "d",
        "2d",
        "2d6 +",
        "1d6 kh1",
        "kh3",
        "2 d6",
        "{2d6}}",
        "min(1)",
        "1d6cs",
        ")",
        "1d20 >= 10 >= 5",
        "1d6>",
        "4d6kh3kh3",
        "1dx",
        "(1d6)kh1",
        "{2d6*2}",
        "1.5",
        "2d6x!",
        "1d6cs-1",
    ];
    for text in rejected {
        assert!(DiceExpr::parse(text).is_err(), "{text} should be rejected");
    }
    let error = DiceExpr::parse("max(1d6, 2").unwrap_err();
    assert_eq!(
        error.to_string(),
        "unexpected end of input, expected a comparison such as `>=`, an operator (+ - * /) or `)`"
    );
    assert_eq!(error.span, 10..10);
}

fn rendered_error(text: &str) -> String {
    let mut sources = SourceMap::new();
    let file = sources.add("expression", text.to_string());
    let error = DiceExpr::parse(text)
        .and_then(|expr| Roller::new(0).roll(&expr).map(|_| expr))
        .and_then(|expr| distribution(&expr))
        .expect_err(text);
    render(&error.to_diagnostic(file, 0), &sources, RenderStyle::Plain)
}

#[test]
fn errors_are_rendered_with_their_spans() {
    let cases = [
        ("incomplete_dice", "3d"),
        ("dangling_operator", "2d6 +"),
        ("doubled_keep", "4d6kk3"),
        ("keep_more_than_rolled", "4d6kh9"),
        ("too_many_dice", "1000000d6"),
        ("always_explodes", "1d1!"),
        ("always_rerolls", "1d6rr<=6"),
        ("division_by_zero", "1/0"),
        ("overflow", "9223372036854775807+1"),
        ("contradictory_order", "4d6cs>=5kh3"),
        ("integer_too_large", "99999999999999999999+1"),
        ("wrong_argument_count", "abs(1d6, 2)"),
        ("too_deep", &format!("{}1{}", "(".repeat(65), ")".repeat(65))),
    ];
    let mut settings = insta::Settings::clone_current();
    settings.set_description(
        "Bless with `cargo insta review` (or `INSTA_UPDATE=always cargo test --test lang \
         errors_are_rendered`), then review the diff.",
    );
    // Every case is checked even when one fails.
    let mut failures = Failures::default();
    settings.bind(|| {
        for (name, text) in cases {
            failures.check(name, || insta::assert_snapshot!(name, rendered_error(text), text));
        }
    });
    failures.finish();
}

#[test]
fn errors_carry_stable_codes_and_relative_spans() {
    let cases = [
        ("3d", "dice::parse::unexpected", 2..2),
        ("2d6 +", "dice::parse::unexpected", 5..5),
        ("4d6kk3", "dice::modifier::duplicate", 4..6),
        ("4d6kh9", "dice::modifier::select_too_many", 3..6),
        ("1000000d6", "dice::limit::too_many_dice", 0..7),
        ("1d1!", "dice::limit::always_explodes", 3..4),
        ("1d6rr<=6", "dice::limit::always_rerolls", 3..8),
        ("1d6rr<=5!", "dice::limit::always_explodes", 8..9),
        ("4d6cs>=5kh3", "dice::modifier::order", 8..11),
        ("2d0", "dice::parse::empty_dice", 2..3),
        ("1d2000000", "dice::limit::too_many_sides", 2..9),
    ];
    for (text, code, span) in cases {
        let error = DiceExpr::parse(text).expect_err(text);
        assert_eq!(error.kind.code(), code, "{text}");
        assert_eq!(error.span, span, "{text}");
        let diagnostic = error.to_diagnostic(mythforge::diagnostics::FileId(3), 10);
        assert_eq!(diagnostic.primary_span().range(), span.start + 10..span.end + 10);
        assert!(diagnostic.help.is_some());
    }
    let runtime = [("1/0", 2..3), ("9223372036854775807+1", 0..21), ("1d6/(1d2-1)", 5..10)];
    for (text, span) in runtime {
        let expr = parse(text);
        assert_eq!(distribution(&expr).unwrap_err().span, span, "{text}");
    }
}

#[test]
fn limits_on_dice_per_expression_hold() {
    let error = DiceExpr::parse(
        "1000d6+1000d6+1000d6+1000d6+1000d6+1000d6+1000d6+1000d6+1000d6+1000d6+1d6",
    )
    .unwrap_err();
    assert_eq!(error.kind.code(), "dice::limit::too_many_dice_in_expression");
    // 1,000 exploding d2s go past 10,000 dice now and then; the roller stops with an error.
    let expr = parse("1000d2x+1000d2x+1000d2x+1000d2x+1000d2x+1000d2x");
    let mut roller = Roller::new(3);
    let error = roller.roll(&expr).unwrap_err();
    assert_eq!(error.kind.code(), "dice::limit::too_many_dice_in_expression");
    let error = DiceExpr::parse("{1d6+9999999999999}").unwrap_err();
    assert_eq!(error.kind.code(), "dice::limit::adjustment_too_large");
    // Compounded faces count against the limit too: 1,000 d2s compounding average 2,000 draws.
    let expr = parse("1000d2!!+1000d2!!+1000d2!!+1000d2!!+1000d2!!+1000d2!!");
    assert_eq!(
        Roller::new(3).roll(&expr).unwrap_err().kind.code(),
        "dice::limit::too_many_dice_in_expression"
    );
    let too_long = "1+".repeat(600) + "1";
    assert_eq!(DiceExpr::parse(&too_long).unwrap_err().kind.code(), "dice::limit::too_long");
}
