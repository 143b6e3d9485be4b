//! The five check procedures as pure functions over the one [`Roller`]: a pool of dice each
//! compared with a threshold (grades, caps, aid), a roll-under test (success numbers,
//! difficulty, boost, a second die), a success pool with exploding dice, a roll plus modifier
//! against a target (with the natural roll for critical ranges), and versus (both sides roll).
//! Parameters are plain numbers: the rule model maps its declarations onto them. Every die
//! rolled is returned as a [`RolledDie`] so the log can show it; nothing is logged here.

use serde::{Deserialize, Serialize};

use super::decision::{Decider, DecisionPoint, DecisionTaken};
use super::error::EngineErrorKind;
use crate::dice::Roller;

/// Most dice one check may ask for.
pub const MAX_DICE: u32 = 1_000;
/// Most extra dice one die may explode into.
pub const MAX_EXPLOSIONS_PER_DIE: u32 = 100;
/// Most dice one check may roll in all, explosions included.
pub const MAX_DICE_ROLLED: usize = 10_000;

/// One die as rolled: its face, whether it was forced, and what happened to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    /// Number of sides.
    pub sides: u32,
    /// The face shown.
    pub face: u32,
    /// True if the face came from the forced queue (physical dice).
    pub forced: bool,
    /// True if this die exploded (caused another die to be rolled).
    pub exploded: bool,
    /// True if this die was rolled because another exploded.
    pub extra: bool,
    /// True if this die was rolled but not used (the other of two dice).
    pub dropped: bool,
}

impl From<&crate::dice::DieRoll> for RolledDie {
    /// A die of the dice engine as the event log records it.
    fn from(die: &crate::dice::DieRoll) -> Self {
        RolledDie {
            sides: die.sides,
            face: u32::try_from(die.face).unwrap_or(u32::MAX),
            forced: die.forced,
            exploded: die.exploded,
            extra: die.from_explosion,
            dropped: !die.kept,
        }
    }
}

/// Rolls one die, noting whether the face was forced.
pub fn roll_die(roller: &mut Roller, sides: u32) -> Result<RolledDie, EngineErrorKind> {
    if sides == 0 {
        return Err(EngineErrorKind::InvalidDie { sides });
    }
    let forced = roller.forced().len() > 0;
    let face = roller.roll_die(sides)?;
    Ok(RolledDie { sides, face, forced, exploded: false, extra: false, dropped: false })
}

fn check_count(dice: u32) -> Result<(), EngineErrorKind> {
    if dice > MAX_DICE {
        return Err(EngineErrorKind::TooManyDice { count: dice.into(), limit: MAX_DICE.into() });
    }
    Ok(())
}

/// A pool of dice, each with a modifier added, each compared with a threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolCheck {
    /// How many dice.
    pub dice: u32,
    /// Sides per die.
    pub sides: u32,
    /// Added to every die.
    pub per_die_modifier: i64,
    /// A die counts when its total is at least this.
    pub threshold: i64,
    /// The highest grade possible, if capped.
    pub grade_cap: Option<u32>,
    /// Added to ONE die, chosen to raise the grade most (an ally's grade); 0 for none.
    pub aid: i64,
}

/// The result of a [`PoolCheck`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolOutcome {
    /// The dice as rolled.
    pub dice: Vec<RolledDie>,
    /// Each die's total: face + modifier (+ aid on the aided die).
    pub totals: Vec<i64>,
    /// Which die got the aid, if any.
    pub aided_die: Option<usize>,
    /// How many totals met the threshold.
    pub count: u32,
    /// The count, capped.
    pub grade: u32,
}

/// Rolls a [`PoolCheck`].
///
/// ```
/// use mythforge::dice::Roller;
/// use mythforge::engine::{PoolCheck, pool_vs_threshold};
/// let mut roller = Roller::new(0);
/// roller.force([8, 6, 1]);
/// let check = PoolCheck { dice: 3, sides: 10, per_die_modifier: 3, threshold: 9, grade_cap: Some(3), aid: 0 };
/// let outcome = pool_vs_threshold(&mut roller, &check).unwrap();
/// assert_eq!((outcome.totals, outcome.grade), (vec![11, 9, 4], 2));
/// ```
pub fn pool_vs_threshold(
    roller: &mut Roller,
    check: &PoolCheck,
) -> Result<PoolOutcome, EngineErrorKind> {
    check_count(check.dice)?;
    let mut dice = Vec::with_capacity(check.dice as usize);
    let mut totals = Vec::with_capacity(check.dice as usize);
    for _ in 0..check.dice {
        let die = roll_die(roller, check.sides)?;
        totals.push(i64::from(die.face).saturating_add(check.per_die_modifier));
        dice.push(die);
    }
    let graded = grade_totals(&mut totals, check.threshold, check.grade_cap, check.aid);
    Ok(PoolOutcome {
        dice,
        totals,
        aided_die: graded.aided_die,
        count: graded.count,
        grade: graded.grade,
    })
}

/// Counting already-modified totals against a threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Graded {
    /// Totals meeting the threshold.
    pub count: u32,
    /// The count, capped.
    pub grade: u32,
    /// The die that took the aid.
    pub aided_die: Option<usize>,
}

/// Adds `aid` to the best die (the highest total below the threshold that the aid lifts over
/// it; else the highest below it; the first on ties), then counts and caps. `totals` is
/// updated in place with the aid.
pub fn grade_totals(totals: &mut [i64], threshold: i64, cap: Option<u32>, aid: i64) -> Graded {
    let mut aided_die = None;
    if aid != 0 {
        let below = |t: i64| t < threshold;
        let mut best: Option<(bool, i64, usize)> = None;
        for (index, &total) in totals.iter().enumerate() {
            if !below(total) {
                continue;
            }
            let candidate = (total.saturating_add(aid) >= threshold, total, index);
            // Prefer a die that crosses, then the highest total, then the lowest index.
            let better = match best {
                None => true,
                Some((crosses, value, _)) => (candidate.0, candidate.1) > (crosses, value),
            };
            if better {
                best = Some(candidate);
            }
        }
        if let Some((_, _, index)) = best {
            totals[index] = totals[index].saturating_add(aid);
            aided_die = Some(index);
        }
    }
    let count = totals.iter().filter(|&&t| t >= threshold).count() as u32;
    let grade = cap.map_or(count, |c| count.min(c));
    Graded { count, grade, aided_die }
}

/// A roll-under test: success when the die (plus any boost) is at most the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollUnderCheck {
    /// Sides of the die.
    pub sides: u32,
    /// The target number (skill + bonuses - penalties); at `sides` or more it always succeeds.
    pub target: i64,
    /// The success number must be at least this (0 for no difficulty).
    pub difficulty: i64,
    /// The largest boost the roller may add after rolling (0 for none).
    pub boost: i64,
    /// Also roll a second die the roller may use instead.
    pub second_die: bool,
}

/// The result of a [`RollUnderCheck`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollUnderOutcome {
    /// The first die (marked dropped if the second was used).
    pub first: RolledDie,
    /// The second die, when rolled (marked dropped unless used).
    pub second: Option<RolledDie>,
    /// True if the second die was used: the caller may feed a pool with it.
    pub used_second: bool,
    /// The boost added.
    pub boost: i64,
    /// The used die plus the boost.
    pub result: i64,
    /// True if the result is at most the target (or the target always succeeds).
    pub success: bool,
    /// The result on a success, else 0.
    pub success_number: i64,
    /// True on a success whose success number meets the difficulty.
    pub succeeded: bool,
    /// The decisions taken on the way, in order.
    pub decisions: Vec<DecisionTaken>,
}

impl RollUnderCheck {
    /// The success number `result` gives: itself when at or under the target (or when the
    /// target always succeeds), else 0.
    pub fn success_number(&self, result: i64) -> i64 {
        if self.target >= i64::from(self.sides) || result <= self.target { result } else { 0 }
    }

    fn best_success_number(&self, roll: i64) -> i64 {
        let boost = self.target.saturating_sub(roll).clamp(0, self.boost.max(0));
        self.success_number(roll.saturating_add(boost))
    }
}

/// Rolls a [`RollUnderCheck`], asking `decider` whether to use the second die (each die scored
/// by the best success number it can reach) and how much boost to add.
///
/// ```
/// use mythforge::dice::Roller;
/// use mythforge::engine::{PolicyDecider, RollUnderCheck, roll_under};
/// let mut roller = Roller::new(0);
/// roller.force([9]);
/// let check = RollUnderCheck { sides: 12, target: 10, difficulty: 0, boost: 3, second_die: false };
/// let outcome = roll_under(&mut roller, &check, &mut PolicyDecider::default()).unwrap();
/// assert_eq!((outcome.boost, outcome.success_number), (1, 10));
/// ```
pub fn roll_under(
    roller: &mut Roller,
    check: &RollUnderCheck,
    decider: &mut dyn Decider,
) -> Result<RollUnderOutcome, EngineErrorKind> {
    let (first, second) = roll_under_dice(roller, check)?;
    Ok(decide_roll_under(check, first, second, decider))
}

/// The dice of a [`RollUnderCheck`]: the first die, and the second when the check has one.
/// The first half of [`roll_under`], for a caller that shows the dice before the decisions
/// on them are asked.
pub fn roll_under_dice(
    roller: &mut Roller,
    check: &RollUnderCheck,
) -> Result<(RolledDie, Option<RolledDie>), EngineErrorKind> {
    let first = roll_die(roller, check.sides)?;
    let second = if check.second_die { Some(roll_die(roller, check.sides)?) } else { None };
    Ok((first, second))
}

/// Whether a [`RollUnderCheck`] asks anything once its dice are rolled (which die, how much
/// boost).
pub fn roll_under_asks(check: &RollUnderCheck) -> bool {
    check.second_die || check.boost > 0
}

/// The second half of [`roll_under`]: the decisions on dice already rolled, and the result.
pub fn decide_roll_under(
    check: &RollUnderCheck,
    mut first: RolledDie,
    mut second: Option<RolledDie>,
    decider: &mut dyn Decider,
) -> RollUnderOutcome {
    let mut decisions = Vec::new();
    let mut used_second = false;
    if let Some(second) = &mut second {
        let point = DecisionPoint::UseSecondDie {
            first: check.best_success_number(first.face.into()),
            second: check.best_success_number(second.face.into()),
        };
        let taken = decider.decide(&point);
        used_second = taken.answer.as_bool();
        decisions.push(taken);
        if used_second { first.dropped = true } else { second.dropped = true }
    }
    let roll =
        i64::from(if used_second { second.map_or(first.face, |d| d.face) } else { first.face });
    let mut boost = 0;
    if check.boost > 0 {
        let point = DecisionPoint::ChooseBoost { roll, target: check.target, max: check.boost };
        let taken = decider.decide(&point);
        boost = taken.answer.as_amount(check.boost);
        decisions.push(taken);
    }
    let result = roll.saturating_add(boost);
    let success_number = check.success_number(result);
    let success = success_number > 0;
    let succeeded = success && success_number >= check.difficulty;
    RollUnderOutcome {
        first,
        second,
        used_second,
        boost,
        result,
        success,
        success_number,
        succeeded,
        decisions,
    }
}

/// A pool of dice counting successes, with exploding dice and automatic successes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuccessPoolCheck {
    /// How many dice.
    pub dice: u32,
    /// Sides per die.
    pub sides: u32,
    /// A die showing at least this is a success.
    pub success_at: u32,
    /// A die showing at least this rolls one more die (which may explode again).
    pub explode_at: Option<u32>,
    /// Successes counted before rolling (ease).
    pub automatic: u32,
    /// Successes needed, if any; when the automatic ones suffice, nothing is rolled.
    pub required: Option<u32>,
}

/// The result of a [`SuccessPoolCheck`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuccessPoolOutcome {
    /// Every die rolled, extra dice from explosions right after the die that caused them.
    pub dice: Vec<RolledDie>,
    /// Successes among the dice rolled.
    pub rolled_successes: u32,
    /// Dice that showed less than a success.
    pub failures: u32,
    /// How many dice exploded.
    pub explosions: u32,
    /// Rolled plus automatic successes.
    pub successes: u32,
    /// True when the automatic successes met the requirement and nothing was rolled.
    pub skipped_roll: bool,
    /// Whether the requirement was met, when there is one.
    pub succeeded: Option<bool>,
}

/// Rolls a [`SuccessPoolCheck`].
///
/// ```
/// use mythforge::dice::Roller;
/// use mythforge::engine::{SuccessPoolCheck, success_pool};
/// let mut roller = Roller::new(0);
/// roller.force([1, 2, 4, 5, 6, 3]);
/// let check = SuccessPoolCheck { dice: 5, sides: 6, success_at: 4, explode_at: Some(6), automatic: 0, required: None };
/// assert_eq!(success_pool(&mut roller, &check).unwrap().successes, 3);
/// ```
pub fn success_pool(
    roller: &mut Roller,
    check: &SuccessPoolCheck,
) -> Result<SuccessPoolOutcome, EngineErrorKind> {
    check_count(check.dice)?;
    let met = |successes: u32| check.required.map(|r| successes >= r);
    if check.required.is_some_and(|r| check.automatic >= r) {
        return Ok(SuccessPoolOutcome {
            dice: Vec::new(),
            rolled_successes: 0,
            failures: 0,
            explosions: 0,
            successes: check.automatic,
            skipped_roll: true,
            succeeded: met(check.automatic),
        });
    }
    let mut dice = Vec::new();
    for _ in 0..check.dice {
        let mut die = roll_die(roller, check.sides)?;
        let mut explosions = 0;
        while check.explode_at.is_some_and(|at| die.face >= at)
            && explosions < MAX_EXPLOSIONS_PER_DIE
        {
            if dice.len() + 1 >= MAX_DICE_ROLLED {
                let limit = MAX_DICE_ROLLED as u64;
                return Err(EngineErrorKind::TooManyDice { count: limit + 1, limit });
            }
            die.exploded = true;
            dice.push(die);
            die = RolledDie { extra: true, ..roll_die(roller, check.sides)? };
            explosions += 1;
        }
        dice.push(die);
    }
    let rolled_successes = dice.iter().filter(|d| d.face >= check.success_at).count() as u32;
    let failures = dice.len() as u32 - rolled_successes;
    let explosions = dice.iter().filter(|d| d.exploded).count() as u32;
    let successes = rolled_successes.saturating_add(check.automatic);
    Ok(SuccessPoolOutcome {
        dice,
        rolled_successes,
        failures,
        explosions,
        successes,
        skipped_roll: false,
        succeeded: met(successes),
    })
}

/// How a group of dice came out as a whole (a chunk of extra dice judged together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiceClass {
    /// Every die shows its highest face.
    AllHighest,
    /// Every die is a success (but not all highest).
    AllSuccesses,
    /// Every die shows 1.
    AllOnes,
    /// Every die is a failure (but not all 1s).
    AllFailures,
    /// Anything else, or no dice.
    Mixed,
}

/// Classifies a group by the dice's first rolls: dice rolled because of an explosion are
/// skipped. A die succeeds when it shows at least `success_at`.
pub fn classify_dice(dice: &[RolledDie], success_at: u32) -> DiceClass {
    let first: Vec<&RolledDie> = dice.iter().filter(|d| !d.extra).collect();
    if first.is_empty() {
        DiceClass::Mixed
    } else if first.iter().all(|d| d.face == d.sides) {
        DiceClass::AllHighest
    } else if first.iter().all(|d| d.face >= success_at) {
        DiceClass::AllSuccesses
    } else if first.iter().all(|d| d.face == 1) {
        DiceClass::AllOnes
    } else if first.iter().all(|d| d.face < success_at) {
        DiceClass::AllFailures
    } else {
        DiceClass::Mixed
    }
}

/// One die plus a modifier against a target (at least the target succeeds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifiedRollCheck {
    /// Sides of the die.
    pub sides: u32,
    /// Added to the die.
    pub modifier: i64,
    /// The total must be at least this.
    pub target: i64,
    /// A success whose natural die is at least this is critical.
    pub critical_from: Option<u32>,
    /// ... and at most this (`None`: no upper end, as `natural >= N` says).
    #[serde(default)]
    pub critical_to: Option<u32>,
    /// Roll this many dice and keep the highest (`2d20kh1`); 0 or 1: one die.
    #[serde(default)]
    pub best_of: u32,
}

/// The result of a [`ModifiedRollCheck`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifiedRollOutcome {
    /// The die.
    pub die: RolledDie,
    /// The natural face, for critical ranges.
    pub natural: u32,
    /// Face plus modifier.
    pub total: i64,
    /// True when the total is at least the target.
    pub success: bool,
    /// True on a success with the natural face in the critical range.
    pub critical: bool,
}

/// Rolls a [`ModifiedRollCheck`].
///
/// ```
/// use mythforge::dice::Roller;
/// use mythforge::engine::{ModifiedRollCheck, roll_plus_modifier};
/// let mut roller = Roller::new(0);
/// roller.force([20]);
/// let check = ModifiedRollCheck {
///     sides: 20,
///     modifier: -3,
///     target: 10,
///     critical_from: Some(19),
///     critical_to: None,
///     best_of: 0,
/// };
/// let outcome = roll_plus_modifier(&mut roller, &check).unwrap();
/// assert_eq!((outcome.total, outcome.critical), (17, true));
/// ```
pub fn roll_plus_modifier(
    roller: &mut Roller,
    check: &ModifiedRollCheck,
) -> Result<ModifiedRollOutcome, EngineErrorKind> {
    roll_best_plus_modifier(roller, check).map(|(outcome, _)| outcome)
}

/// Rolls a [`ModifiedRollCheck`], returning with the outcome every die rolled in order (the
/// ones not kept by `best_of` marked dropped); the kept die is the natural roll.
pub fn roll_best_plus_modifier(
    roller: &mut Roller,
    check: &ModifiedRollCheck,
) -> Result<(ModifiedRollOutcome, super::RolledDice), EngineErrorKind> {
    roll_best_read_by(roller, check, Reads::Faces)
}

/// What the reader of a check takes from its dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reads {
    /// Its faces (a margin, the natural face, the total): each way the dice fall counts.
    Faces,
    /// Its success and whether it is critical, nothing else: an exploring roller offers
    /// one roll per outcome ([`Roller::explore_pool_by`]), not one per face. The roll a
    /// run gets is its outcome's first: its natural die and total (in the log, and in the
    /// use's outcome names) stand for every roll of that outcome.
    Outcome,
}

/// [`roll_best_plus_modifier`] for a reader that takes what `reads` says from the roll.
pub(crate) fn roll_best_read_by(
    roller: &mut Roller,
    check: &ModifiedRollCheck,
    reads: Reads,
) -> Result<(ModifiedRollOutcome, super::RolledDice), EngineErrorKind> {
    let count = check.best_of.max(1);
    check_count(count)?;
    let mut dice = super::RolledDice::with_capacity(count as usize);
    // The kept face is the highest, whatever the order: one sorted pool per outcome.
    let outcome = |faces: &[u32]| {
        let natural = faces.iter().copied().max().unwrap_or(0);
        check.read(natural, i64::from(natural).saturating_add(check.modifier))
    };
    let explored = match reads {
        Reads::Outcome if check.sides > 0 => roller.explore_pool_by(count, check.sides, outcome),
        _ => None,
    };
    if let Some(faces) = explored {
        for face in faces? {
            let sides = check.sides;
            let (forced, exploded, extra, dropped) = (false, false, false, false);
            dice.push(RolledDie { sides, face, forced, exploded, extra, dropped });
        }
    }
    for _ in dice.len() as u32..count {
        dice.push(roll_die(roller, check.sides)?);
    }
    // The first of the highest faces is kept.
    let kept =
        (0..dice.len()).fold(0, |best, i| if dice[i].face > dice[best].face { i } else { best });
    for (i, die) in dice.iter_mut().enumerate() {
        die.dropped = i != kept;
    }
    let die = dice[kept];
    let total = i64::from(die.face).saturating_add(check.modifier);
    let (success, critical) = check.read(die.face, total);
    Ok((ModifiedRollOutcome { die, natural: die.face, total, success, critical }, dice))
}

impl ModifiedRollCheck {
    /// Whether a roll whose kept face is `natural` and whose total is `total` succeeds
    /// against this check's target, and whether critically (a success with the face in the
    /// critical range).
    pub fn read(&self, natural: u32, total: i64) -> (bool, bool) {
        let success = total >= self.target;
        let critical = success
            && self.critical_from.is_some_and(|from| natural >= from)
            && self.critical_to.is_none_or(|to| natural <= to);
        (success, critical)
    }
}

/// Who wins when both sides score the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// Nobody wins.
    NoWinner,
    /// The defender wins (the attacker must exceed).
    Defender,
    /// The attacker wins.
    Attacker,
}

/// A side of a versus check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side that acts.
    Attacker,
    /// The side that resists.
    Defender,
}

/// The result of comparing two scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreComparison {
    /// The attacker's score.
    pub attacker: i64,
    /// The defender's score.
    pub defender: i64,
    /// Who won, if anyone.
    pub winner: Option<Side>,
    /// The winner's score minus the loser's (0 without a winner).
    pub margin: i64,
}

/// Compares two scores (totals, success numbers, success counts). With `zero_never_wins`, a
/// score of 0 or less cannot win (a failed test).
///
/// ```
/// use mythforge::engine::{Side, TieRule, versus};
/// assert_eq!(versus(7, 7, TieRule::NoWinner, true).winner, None);
/// assert_eq!(versus(15, 15, TieRule::Defender, false).winner, Some(Side::Defender));
/// assert_eq!(versus(9, 4, TieRule::NoWinner, true).margin, 5);
/// ```
pub fn versus(
    attacker: i64,
    defender: i64,
    tie: TieRule,
    zero_never_wins: bool,
) -> ScoreComparison {
    let can_win = |score: i64| !zero_never_wins || score > 0;
    let winner = if attacker > defender {
        can_win(attacker).then_some(Side::Attacker)
    } else if defender > attacker {
        can_win(defender).then_some(Side::Defender)
    } else {
        match tie {
            TieRule::NoWinner => None,
            TieRule::Defender => can_win(defender).then_some(Side::Defender),
            TieRule::Attacker => can_win(attacker).then_some(Side::Attacker),
        }
    };
    let margin = match winner {
        Some(Side::Attacker) => attacker.saturating_sub(defender),
        Some(Side::Defender) => defender.saturating_sub(attacker),
        None => 0,
    };
    ScoreComparison { attacker, defender, winner, margin }
}

/// Both sides roll a [`ModifiedRollCheck`] (targets ignored), attacker first; totals compared.
pub fn versus_rolls(
    roller: &mut Roller,
    attacker: &ModifiedRollCheck,
    defender: &ModifiedRollCheck,
    tie: TieRule,
) -> Result<(ModifiedRollOutcome, ModifiedRollOutcome, ScoreComparison), EngineErrorKind> {
    let a = roll_plus_modifier(roller, attacker)?;
    let d = roll_plus_modifier(roller, defender)?;
    Ok((a, d, versus(a.total, d.total, tie, false)))
}
