//! Damage and healing arithmetic: typed damage through a flat reduction, resistances and
//! vulnerabilities, an optional scaling (halving) with an explicit rounding rule, never below
//! 0; healing reduced by a penalty (with a minimum) and capped by a maximum. Pure functions
//! over plain numbers; where the result goes (layers, a resource) is the caller's choice.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Which way a fractional result goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoundingDirection {
    /// Towards negative infinity (the default).
    #[default]
    Down,
    /// Towards positive infinity.
    Up,
    /// To the nearest, halves away from zero.
    Nearest,
}

impl RoundingDirection {
    /// `value * numerator / denominator` rounded this way, in i128 so nothing overflows;
    /// a denominator of 0 or below leaves the value unchanged.
    pub fn scale(self, value: i64, numerator: i64, denominator: i64) -> i64 {
        if denominator <= 0 {
            return value;
        }
        let product = i128::from(value) * i128::from(numerator);
        let denominator = i128::from(denominator);
        let quotient = product.div_euclid(denominator);
        let remainder = product.rem_euclid(denominator);
        let result = match self {
            RoundingDirection::Down => quotient,
            RoundingDirection::Up if remainder != 0 => quotient + 1,
            RoundingDirection::Up => quotient,
            RoundingDirection::Nearest => {
                let twice = remainder * 2;
                let up = twice > denominator || (twice == denominator && product > 0);
                if up { quotient + 1 } else { quotient }
            }
        };
        i64::try_from(result).unwrap_or(if result < 0 { i64::MIN } else { i64::MAX })
    }
}

/// A multiplier such as "half damage, round up" or "2.5x, round down".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scale {
    /// Numerator.
    pub numerator: i64,
    /// Denominator (at least 1; anything else leaves the damage unchanged).
    pub denominator: i64,
    /// How the fraction is rounded.
    pub rounding: RoundingDirection,
}

impl Scale {
    /// Half, rounded as given.
    pub fn half(rounding: RoundingDirection) -> Self {
        Scale { numerator: 1, denominator: 2, rounding }
    }

    /// This scale and `other` held together: one multiplier, their product, rounded once as
    /// the fractional ones say (a whole multiplier never rounds; two that disagree round
    /// down), so the order they are held in does not matter.
    ///
    /// ```
    /// use mythforge::engine::{RoundingDirection, Scale};
    /// let double = Scale { numerator: 2, denominator: 1, rounding: RoundingDirection::Down };
    /// let half = Scale::half(RoundingDirection::Up);
    /// let both = double.and(half);
    /// assert_eq!(both.rounding.scale(7, both.numerator, both.denominator), 7);
    /// assert_eq!(both, half.and(double));
    /// ```
    pub fn and(self, other: Scale) -> Scale {
        // A denominator of 0 or below leaves a value unchanged: that scale is 1.
        let fraction =
            |s: Scale| if s.denominator > 0 { (s.numerator, s.denominator) } else { (1, 1) };
        let ((a, b), (c, d)) = (fraction(self), fraction(other));
        let whole = |(n, d): (i64, i64)| n % d == 0;
        let rounding = match (whole((a, b)), whole((c, d))) {
            (true, _) => other.rounding,
            (false, true) => self.rounding,
            (false, false) if self.rounding == other.rounding => self.rounding,
            (false, false) => RoundingDirection::Down,
        };
        // Kept small: 1.5 x 0.5 is 3/4, not 75/100.
        let (numerator, denominator) = (a.saturating_mul(c), b.saturating_mul(d));
        let common = gcd(numerator.unsigned_abs(), denominator.unsigned_abs()).max(1);
        let common = i64::try_from(common).unwrap_or(1);
        Scale { numerator: numerator / common, denominator: denominator / common, rounding }
    }
}

/// The greatest common divisor (0 when both are).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// How one target takes damage: the numbers its conditions and gear contribute.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRules {
    /// Subtracted from every hit whatever its type (an untyped protection or toughness).
    pub reduction: i64,
    /// Per damage type. A hit is resisted only when every one of its types is: then the
    /// smallest of those types' resistances is subtracted.
    pub resistances: BTreeMap<String, i64>,
    /// Per damage type, added when the hit has that type (each matching type adds).
    pub vulnerabilities: BTreeMap<String, i64>,
    /// Added to every hit whatever its type (an untyped vulnerability).
    #[serde(default)]
    pub added: i64,
    /// Applied after resistances and vulnerabilities (halving and the like); several held
    /// together are one ([`Scale::and`]).
    pub scale: Option<Scale>,
    /// A hit that was above 0 does at least this much after everything (0: no floor).
    #[serde(default)]
    pub minimum: i64,
}

impl DamageRules {
    /// No modifiers at all: what a target holding nothing that changes damage takes a hit
    /// under, shared so such a hit builds (and drops) no rules of its own.
    pub fn none() -> &'static DamageRules {
        static NONE: DamageRules = DamageRules {
            reduction: 0,
            resistances: BTreeMap::new(),
            vulnerabilities: BTreeMap::new(),
            added: 0,
            scale: None,
            minimum: 0,
        };
        &NONE
    }
}

/// One hit before the target's rules: an amount and its types (`fire`, `piercing`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damage {
    /// The rolled or computed amount.
    pub amount: i64,
    /// Every type the hit has; resistances and vulnerabilities of each type apply.
    pub types: Vec<String>,
}

impl Damage {
    /// An untyped hit.
    pub fn new(amount: i64) -> Self {
        Damage { amount, types: Vec::new() }
    }

    /// Adds a damage type.
    pub fn with_type(mut self, damage_type: impl Into<String>) -> Self {
        self.types.push(damage_type.into());
        self
    }
}

/// How a hit became the final amount, step by step, for the log.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageSteps {
    /// The incoming amount.
    pub base: i64,
    /// Total subtracted by the reduction and matching resistances.
    pub resisted: i64,
    /// Total added by matching vulnerabilities.
    pub added: i64,
    /// After resistances and vulnerabilities, not below 0.
    pub modified: i64,
    /// After scaling (equal to `modified` without a scale); the final amount.
    pub total: i64,
}

/// Applies `rules` to `damage`: base - reduction - resistance + vulnerabilities, floored at 0,
/// then scaled, then raised to the minimum. A resistance counts only when every type of the
/// hit is resisted (then the smallest of them counts); every matching vulnerability adds.
///
/// ```
/// use mythforge::engine::{Damage, DamageRules, RoundingDirection, Scale, resolve_damage};
/// let mut rules = DamageRules::default();
/// rules.resistances.insert("fire".into(), 3);
/// rules.scale = Some(Scale::half(RoundingDirection::Up));
/// assert_eq!(resolve_damage(&Damage::new(10).with_type("fire"), &rules).total, 4);
/// ```
pub fn resolve_damage(damage: &Damage, rules: &DamageRules) -> DamageSteps {
    let base = damage.amount.max(0);
    let resistance = damage
        .types
        .iter()
        .map(|t| rules.resistances.get(t).map(|n| (*n).max(0)))
        .try_fold(i64::MAX, |least, n| Some(least.min(n?)))
        .filter(|_| !damage.types.is_empty())
        .unwrap_or(0);
    let resisted = rules.reduction.max(0).saturating_add(resistance);
    let added = damage
        .types
        .iter()
        .filter_map(|t| rules.vulnerabilities.get(t))
        .fold(rules.added.max(0), |sum, n| sum.saturating_add((*n).max(0)));
    let modified = base.saturating_sub(resisted).saturating_add(added).max(0);
    let mut total = match rules.scale {
        Some(s) => s.rounding.scale(modified, s.numerator, s.denominator).max(0),
        None => modified,
    };
    if base > 0 {
        total = total.max(rules.minimum);
    }
    DamageSteps { base, resisted, added, modified, total }
}

/// How healing is limited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HealRules {
    /// Subtracted from each heal ("heals reduced by N").
    pub reduced_by: i64,
    /// A reduced heal still heals at least this much (usually 1); 0 for no minimum.
    pub minimum: i64,
}

/// How a heal came out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HealSteps {
    /// The heal asked for.
    pub requested: i64,
    /// After the reduction and its minimum.
    pub reduced: i64,
    /// What was actually restored after the cap.
    pub applied: i64,
    /// The current value afterwards.
    pub after: i64,
}

/// Heals `current` by `amount` under `rules`, never past `max` (when given). A heal of 0 or
/// less does nothing; the minimum applies only to heals that were positive.
pub fn resolve_heal(current: i64, max: Option<i64>, amount: i64, rules: &HealRules) -> HealSteps {
    let requested = amount.max(0);
    let reduced = if requested == 0 {
        0
    } else {
        requested.saturating_sub(rules.reduced_by.max(0)).max(rules.minimum.max(0))
    };
    let mut after = current.saturating_add(reduced);
    if let Some(max) = max {
        after = after.min(max.max(current));
    }
    HealSteps { requested, reduced, applied: after - current, after }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> DamageRules {
        let mut rules = DamageRules::default();
        rules.resistances.insert("cold".into(), 4);
        rules.vulnerabilities.insert("fire".into(), 2);
        rules
    }

    #[test]
    fn damage_resistance_never_goes_below_zero() {
        let steps = resolve_damage(&Damage::new(3).with_type("cold"), &rules());
        assert_eq!((steps.resisted, steps.total), (4, 0));
    }

    #[test]
    fn damage_vulnerability_adds_and_other_types_are_ignored() {
        let steps = resolve_damage(&Damage::new(5).with_type("fire").with_type("acid"), &rules());
        assert_eq!(steps.total, 7);
    }

    #[test]
    fn damage_resistance_needs_every_type_of_the_hit() {
        let mut rules = rules();
        // Cold alone is resisted; a cold and fire hit is not (fire is not resisted).
        let both = resolve_damage(&Damage::new(10).with_type("cold").with_type("fire"), &rules);
        assert_eq!((both.resisted, both.added, both.total), (0, 2, 12));
        rules.resistances.insert("fire".into(), 1);
        let both = resolve_damage(&Damage::new(10).with_type("cold").with_type("fire"), &rules);
        assert_eq!((both.resisted, both.total), (1, 11));
        assert_eq!(resolve_damage(&Damage::new(10), &rules).total, 10);
    }

    #[test]
    fn damage_untyped_addition_and_minimum() {
        let rules = DamageRules { added: 2, reduction: 9, minimum: 1, ..DamageRules::default() };
        assert_eq!(resolve_damage(&Damage::new(5), &rules).total, 1);
        assert_eq!(resolve_damage(&Damage::new(0), &rules).total, 0);
        let rules = DamageRules { added: 2, ..DamageRules::default() };
        assert_eq!(resolve_damage(&Damage::new(5).with_type("acid"), &rules).total, 7);
    }

    #[test]
    fn damage_halving_rounds_as_asked() {
        let down = DamageRules {
            scale: Some(Scale::half(RoundingDirection::Down)),
            ..DamageRules::default()
        };
        let up = DamageRules {
            scale: Some(Scale::half(RoundingDirection::Up)),
            ..DamageRules::default()
        };
        assert_eq!(resolve_damage(&Damage::new(7), &down).total, 3);
        assert_eq!(resolve_damage(&Damage::new(7), &up).total, 4);
    }

    #[test]
    fn damage_scale_two_and_a_half_rounds_down() {
        let scale = Scale { numerator: 5, denominator: 2, rounding: RoundingDirection::Down };
        let rules = DamageRules { scale: Some(scale), ..DamageRules::default() };
        assert_eq!(resolve_damage(&Damage::new(7), &rules).total, 17);
    }

    #[test]
    fn rounding_zero_denominator_leaves_value() {
        assert_eq!(RoundingDirection::Up.scale(9, 1, 0), 9);
    }

    #[test]
    fn heal_reduced_keeps_minimum_and_cap() {
        let rules = HealRules { reduced_by: 3, minimum: 1 };
        assert_eq!(resolve_heal(5, Some(20), 2, &rules).applied, 1);
        assert_eq!(resolve_heal(5, Some(20), 10, &rules).applied, 7);
        assert_eq!(resolve_heal(18, Some(20), 10, &rules).after, 20);
        assert_eq!(resolve_heal(5, None, 0, &rules).applied, 0);
    }

    #[test]
    fn heal_above_max_already_never_lowers() {
        assert_eq!(resolve_heal(25, Some(20), 5, &HealRules::default()).after, 25);
    }
}
