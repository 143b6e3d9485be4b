//! An exact analysis explores a power's pool check one way of grading at a time (the
//! sorted pools that give every target the same grade and count are one choice): for random
//! pools, targets' numbers, per-die modifiers and grade caps, the law it gives each target
//! matches counting every ordered roll of the dice, within 1e-12.

use std::collections::BTreeMap;

use mythforge::analyze::analyze_game;
use mythforge::diagnostics::FileId;
use mythforge::engine::PolicyDecider;
use mythforge::session::{Command, parse_line};
use proptest::prelude::*;

use crate::common::sessions::session_with;

/// One pool check and a power dealing `[Grade * 10 + Successes]` to up to two enemies.
#[derive(Debug)]
struct Volley {
    count: u32,
    sides: u32,
    /// The targets' Defense.
    numbers: [i64; 2],
    /// The user's Attack, added to each die when `per_die`.
    attack: i64,
    per_die: bool,
    cap: Option<u32>,
}

impl Volley {
    fn pack(&self) -> String {
        let modifier = if self.per_die { "each die" } else { "none" };
        let cap = self.cap.map_or(String::new(), |cap| format!("Grade cap: {cap}\n"));
        format!(
            "system Lumps\nStats: Attack, Defense\nResource HP: max 500\n\n\
             check Volley\nMethod: pool\nDice: {}d{}\nSuccess: >= [Threshold]\nModifier: {modifier}\n{cap}\n\
             power Volley Fire\nTarget: Up to 2 enemies in 10\nThreshold: Target's Defense\n\
             Check: [Attack] using Volley\nResult: [Grade * 10 + Successes] damage\n\n\
             actor Archer\nStats: Attack 0, Defense 0\nResources: HP 500\nPowers: Volley Fire\n",
            self.count, self.sides
        )
    }

    /// The damage law against `number`, counted over every ordered roll.
    fn law(&self, number: i64) -> Vec<(i64, f64)> {
        let rolls = u64::from(self.sides).pow(self.count);
        let mut law = BTreeMap::new();
        for index in 0..rolls {
            let (mut rest, mut successes) = (index, 0u32);
            for _ in 0..self.count {
                let face = (rest % u64::from(self.sides)) as i64 + 1;
                rest /= u64::from(self.sides);
                let bonus = if self.per_die { self.attack } else { 0 };
                successes += u32::from(face + bonus >= number);
            }
            let grade = self.cap.map_or(successes, |cap| successes.min(cap));
            let damage = if grade == 0 { 0 } else { i64::from(grade * 10 + successes) };
            *law.entry(damage).or_insert(0u64) += 1;
        }
        law.into_iter().map(|(damage, ways)| (damage, ways as f64 / rolls as f64)).collect()
    }
}

fn volleys() -> impl Strategy<Value = Volley> {
    (
        1u32..=3,
        prop::sample::select(vec![4u32, 6, 8]),
        [2i64..=9, 2i64..=9],
        0i64..=2,
        any::<bool>(),
        prop::option::of(1u32..=2),
    )
        .prop_map(|(count, sides, numbers, attack, per_die, cap)| Volley {
            count,
            sides,
            numbers,
            attack,
            per_die,
            cap,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn a_pool_explored_by_its_ways_of_grading_matches_every_ordered_roll(volley in volleys()) {
        let [bo, cy] = volley.numbers;
        let setup = format!(
            "actor Ana from Archer with Attack {}\nactor Bo from Archer with Defense {bo}\n\
             actor Cy from Archer with Defense {cy}\nside Bo, Cy: foes\n",
            volley.attack
        );
        let session = session_with("lumps.rules", &volley.pack(), &setup);
        let line = "analyze Ana uses Volley Fire on Bo, Cy";
        let Ok(Some(Command::Analyze(request))) = parse_line(FileId(0), 0, line) else {
            panic!("{line} is an analysis")
        };
        let report = analyze_game(session.backend(), &request, &PolicyDecider::default())
            .unwrap_or_else(|refused| panic!("{refused:?}"));
        prop_assert!(report.exact);
        for (target, number) in [("Bo", bo), ("Cy", cy)] {
            // A target no roll can damage has no damage measure: the law is 0 for sure.
            let got: Vec<(i64, f64)> = match report.measure(&format!("damage to {target}")) {
                Some(measure) => measure.outcomes.iter().map(|o| (o.value, o.p)).collect(),
                None => vec![(0, 1.0)],
            };
            let want = volley.law(number);
            prop_assert_eq!(got.len(), want.len(), "{} against {:?}", target, want);
            for ((value, p), (expected, q)) in got.iter().zip(&want) {
                prop_assert_eq!(value, expected);
                prop_assert!((p - q).abs() < 1e-12, "P({}) = {}, expected {}", value, p, q);
            }
        }
    }
}
