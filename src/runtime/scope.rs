//! The evaluation scope of one rule line: names resolve against the acting actor (stats,
//! resources, tier, level, condition modifiers), `Target's X` against the current target,
//! `[Weapon]` against the power's weapon per line kind, and `Grade`, `Threshold`, `Modifier`
//! and condition parameters against the values of the step being run. Script calls go through
//! one seam, [`script_call`], into the pack's compiled scripts.

use crate::engine::Actor;
use crate::model::effect::Amount;
use crate::model::entity::Modifier;
use crate::model::expr::{
    Counted, EvalErrorKind, LineContext, Link, NUMERIC_WEAPON_LINES, Name, NameKind, Reference,
    Scope, Special, Value, evaluate, weapon_line,
};
use crate::model::{Block, BlockBody, Expr, weapon_property};

use super::rules::Rules;

/// What a line's names resolve against.
pub(crate) struct LineScope<'a> {
    /// The indexed pack.
    pub rules: &'a Rules,
    /// The actor whose line it is.
    pub user: &'a Actor,
    /// The current target, if any.
    pub target: Option<&'a Actor>,
    /// The power's weapon, if any.
    pub weapon: Option<&'a Block>,
    /// The grade of the current check.
    pub grade: Option<i64>,
    /// Extra named values (`Threshold`, `Modifier`, `N`).
    pub extra: &'a [(&'a str, i64)],
    /// The triggering event's values, read by `Trigger's X`.
    pub trigger: &'a [(String, i64)],
    /// How many derived values are being evaluated around this line; bounds a derived value
    /// that names itself, directly or through conditions.
    pub depth: u8,
    /// The roller, lent while an effect's amount is evaluated: its dice terms and dice
    /// fields roll. `None` everywhere else: a number read at any time never rolls.
    pub dice: Option<&'a dyn super::rolling::RollTerms>,
    /// The world's pools, lent while an effect line is evaluated: its brackets read world
    /// resources (`[Tension]`). `None` elsewhere (`check` refuses those reads there).
    pub pools: Option<&'a std::collections::BTreeMap<String, i64>>,
    /// The world clock, lent like `pools`: effect lines read `[Clock Period]`.
    pub clock: Option<&'a crate::engine::WorldClock>,
    /// The world's flags, lent like `pools`: effect lines read `[Night]`, 1 while the flag
    /// holds, else 0.
    pub flags: Option<&'a std::collections::BTreeMap<String, String>>,
    /// The world's actors, lent like `pools`: effect lines count `[Allies within 5]`.
    pub actors: Option<&'a [Actor]>,
}

/// How deeply derived values may name other derived values before the name is unknown.
const DERIVED_DEPTH: u8 = 16;

impl<'a> LineScope<'a> {
    /// A scope over `user` alone.
    pub fn of(rules: &'a Rules, user: &'a Actor) -> Self {
        LineScope {
            rules,
            user,
            target: None,
            weapon: None,
            grade: None,
            extra: &[],
            trigger: &[],
            depth: 0,
            dice: None,
            pools: None,
            clock: None,
            flags: None,
            actors: None,
        }
    }

    /// Evaluates an amount to an integer under the system's rounding.
    pub fn amount(
        &self,
        amount: &Amount,
        context: LineContext,
        rounding: crate::model::expr::Rounding,
    ) -> Result<i64, crate::model::expr::EvalError> {
        match amount {
            Amount::Number(number) => {
                let value = number.value().map_err(|k| k.at(crate::diagnostics::Span::NONE))?;
                Ok(value.round(rounding))
            }
            Amount::Expr(expr) => Ok(evaluate(expr, self, context)?.round(rounding)),
            // Dice amounts are rolled by the effect executor (which logs the roll); a line
            // that reads a number (a cost, a threshold, a stat) cannot take dice.
            Amount::Dice(dice) => Err(dice_as_number("this amount", &dice.text).at(dice.span)),
        }
    }

    /// The weapon's numeric line at `index` in [`crate::model::expr::NUMERIC_WEAPON_LINES`]
    /// (`None`: the keywords, which read 0 like any line the weapon lacks); `name` read it
    /// on a line of kind `context`.
    fn weapon_value(&self, index: Option<u8>, name: &Name, context: LineContext) -> Read {
        let Some(BlockBody::Weapon(lines)) = self.weapon.map(|weapon| &weapon.body) else {
            return Err(no_weapon(self.weapon, name, context));
        };
        // Lines are matched by their label's index, not its text: no string comparison.
        let found = lines.iter().find_map(|line| match line.node.numeric() {
            Some((at, amount)) if Some(at) == index => Some(amount),
            _ => None,
        });
        match found {
            // A built-in label written as a field (`Crit range: 18-20`), else 0 — but on a
            // Target line, where 0 would reach nobody, a missing reach or range is an error.
            None => {
                let label = index.and_then(|i| NUMERIC_WEAPON_LINES.get(usize::from(i)));
                match (label, self.weapon) {
                    (Some(label), Some(weapon)) => match self.gear_field(weapon, label)? {
                        Some(value) => Ok(value),
                        None if context == LineContext::Target => Err(unwritten(weapon, label)),
                        None => Ok(Value::integer(0)),
                    },
                    _ => Ok(Value::integer(0)),
                }
            }
            // A constant (`Damage: 12`, the usual case) needs no scope of its own.
            Some(Amount::Number(number)) => {
                Ok(Value::integer(number.value()?.round(crate::model::expr::Rounding::Floor)))
            }
            // An effect's amount rolls a dice field where it reads it: `[2 * Weapon Damage]`
            // rolls once and doubles.
            Some(Amount::Dice(dice)) if let Some(rolling) = self.dice => {
                rolling.roll(dice).map_err(Box::new)
            }
            Some(Amount::Dice(dice)) => {
                let label = index.and_then(|i| NUMERIC_WEAPON_LINES.get(usize::from(i)));
                let read = format!("Weapon {}", label.copied().unwrap_or("Damage"));
                Err(Box::new(dice_as_number(&read, &dice.text)))
            }
            Some(amount) => self.weapon_amount(amount),
        }
    }

    /// The range field `[Weapon Crit range]` (or `[Weapon's Crit range]`) of the power's
    /// weapon as its lowest and highest value; `None` when there is no weapon, or it leaves
    /// the field out (`check` refuses any other expression where a range is read).
    pub(crate) fn weapon_range(&self, expr: &Expr) -> Option<(i64, i64)> {
        use crate::model::gear::FieldValue;
        let path = match expr {
            Expr::Name(name) => {
                let text = name.as_str();
                let head = text.get(..7).filter(|head| head.eq_ignore_ascii_case("weapon "))?;
                &text[head.len()..]
            }
            Expr::Possessive { owner, name } if owner.node.matches("Weapon") => name.node.as_str(),
            _ => return None,
        };
        let BlockBody::Weapon(lines) = &self.weapon?.body else { return None };
        lines.iter().find_map(|line| match &line.node {
            crate::model::WeaponLine::Field(field) if field.label.node.matches(path) => {
                match field.value {
                    FieldValue::Range(low, high) => Some((low, high)),
                    _ => None,
                }
            }
            _ => None,
        })
    }

    /// The field `path` of the gear `block` (a weapon or an armour): a line whose label is
    /// `path` or starts it, the rest naming a record entry (`Fast Damage`). A number or an
    /// expression reads as it is, dice roll where the roller is lent (else they are refused),
    /// a range reads its lowest value, a multiplier its factor. `None` when the block has no
    /// such line (a declared field the gear leaves out reads 0 at the caller).
    fn gear_field(&self, block: &Block, path: &str) -> Result<Option<Value>, Box<EvalErrorKind>> {
        use crate::model::gear::{FieldValue, after_label};
        let labelled: Vec<(&str, Option<&Amount>, Option<&FieldValue>)> = match &block.body {
            BlockBody::Weapon(lines) => lines
                .iter()
                .map(|line| match &line.node {
                    crate::model::WeaponLine::Field(field) => {
                        (field.label.node.as_str(), None, Some(&field.value))
                    }
                    other => (other.label(), other.amount(), None),
                })
                .collect(),
            BlockBody::Armour(lines) => lines
                .iter()
                .map(|line| match &line.node {
                    crate::model::ArmourLine::Field(field) => {
                        (field.label.node.as_str(), None, Some(&field.value))
                    }
                    other => (other.label(), other.amount(), None),
                })
                .collect(),
            _ => return Ok(None),
        };
        let found = labelled
            .iter()
            .filter_map(|(label, amount, value)| {
                Some((*label, after_label(path, label)?, amount, value))
            })
            .max_by_key(|(label, ..)| label.len());
        let Some((label, rest, amount, value)) = found else { return Ok(None) };
        let read = |amount: &Amount, negative: bool| -> Read {
            let value = self.gear_amount(amount, &format!("{} {path}", block.name.node))?;
            if negative { value.times(Value::integer(-1)).map_err(Box::new) } else { Ok(value) }
        };
        let value = match (amount, value, rest.is_empty()) {
            (Some(amount), _, true) => read(amount, false)?,
            (None, Some(FieldValue::Amount(amount)), true) => read(amount, false)?,
            (None, Some(FieldValue::Range(low, _)), true) => Value::integer(*low),
            (None, Some(FieldValue::Multiplier(factor)), true) => factor.value()?,
            // A stat field reads the wielder's value of the stat it names.
            (None, Some(FieldValue::Stat(stat)), true) => {
                let value = actor_value(self.rules, self.user, stat.node.as_str());
                Value::integer(value.ok_or_else(|| unknown(format_args!("{}", stat.node)))?)
            }
            (None, Some(field @ FieldValue::Record(_)), false) => match field.entry(rest) {
                Some(entry) => read(&entry.value, entry.negative)?,
                None => return Ok(None),
            },
            _ => {
                let what = format!("{}'s {label} (not a number)", block.name.node);
                return Err(unknown(format_args!("{what}")));
            }
        };
        Ok(Some(value))
    }

    /// A gear line's amount (`read` names it for errors): a constant, dice (rolled where
    /// the roller is lent), or an expression evaluated against the user.
    fn gear_amount(&self, amount: &Amount, read: &str) -> Read {
        match amount {
            Amount::Number(number) => {
                Ok(Value::integer(number.value()?.round(crate::model::expr::Rounding::Floor)))
            }
            Amount::Dice(dice) => match self.dice {
                Some(rolling) => rolling.roll(dice).map_err(Box::new),
                None => Err(Box::new(dice_as_number(read, &dice.text))),
            },
            Amount::Expr(_) => self.weapon_amount(amount),
        }
    }

    /// The user's (or `actor`'s) gear field `path` read as `Weapon <path>`,
    /// `Weapon's <path>` (the power's weapon) or `Armour <path>` (the first equipped armour
    /// with that line); 0 for a declared field the gear leaves out.
    fn gear_read(&self, actor: &Actor, kind: crate::model::gear::GearKind, path: &str) -> Read {
        use crate::model::gear::GearKind;
        let declared = self.rules.symbols.gear.resolve(kind, path).is_some()
            || crate::model::gear::built_in_numeric(kind, path);
        let blocks: Vec<&Block> = match kind {
            GearKind::Weapon => self.weapon.into_iter().collect(),
            GearKind::Armour => {
                actor.equipment.iter().filter_map(|item| self.rules.armours.find(item)).collect()
            }
        };
        for block in blocks {
            if let Some(value) = self.gear_field(block, path)? {
                return Ok(value);
            }
        }
        if declared {
            return Ok(Value::integer(0));
        }
        Err(unknown(format_args!("{} {path}", kind.word())))
    }

    /// A weapon line's amount that is not a constant (`Damage: [Strength * 2]`), evaluated
    /// against the user; apart, so the common constant needs no scope of its own.
    fn weapon_amount(&self, amount: &Amount) -> Read {
        let scope = LineScope { weapon: None, ..*self };
        let floor = crate::model::expr::Rounding::Floor;
        let value = scope.amount(amount, LineContext::Declaration, floor).map_err(|e| e.kind)?;
        Ok(Value::integer(value))
    }
}

/// `name` is dice (`dice`) where a number is read.
#[cold]
fn dice_as_number(name: &str, dice: &str) -> EvalErrorKind {
    EvalErrorKind::DiceAsNumber { name: name.to_string(), dice: dice.to_string() }
}

/// Why a weapon property cannot be read: no weapon (`Weapon Reach (no weapon)`), or a
/// block that is not one.
#[cold]
fn no_weapon(weapon: Option<&Block>, name: &Name, context: LineContext) -> Box<EvalErrorKind> {
    match weapon {
        None => {
            let property = weapon_property(name, context).unwrap_or_default();
            unknown(format_args!("Weapon {property} (no weapon)"))
        }
        Some(_) => unknown(format_args!("Weapon")),
    }
}

/// A weapon line a Target line reads that the weapon does not write (`Weapon Reach` of a
/// weapon without a `Reach:` line): a reach of 0 would reach nobody.
#[cold]
fn unwritten(weapon: &Block, label: &str) -> Box<EvalErrorKind> {
    let weapon = weapon.name.node.to_string();
    Box::new(EvalErrorKind::WeaponLineMissing { weapon, label: label.to_string() })
}

/// An unknown-name error with `text` as its name. Cold: every name read
/// can fail, and keeping the message's formatting out of the lookups keeps their success
/// path (the common one) small.
#[cold]
fn unknown(text: std::fmt::Arguments<'_>) -> Box<EvalErrorKind> {
    Box::new(EvalErrorKind::UnknownName(text.to_string()))
}

/// What a name read gives: its value, or why it has none, boxed so the result is two words
/// and comes back in registers (see [`Scope::read`]).
type Read = Result<Value, Box<EvalErrorKind>>;

/// The value of `name` on `actor`: a derived value of the system, a stat or a resource, plus
/// the Add modifiers of its active conditions (`Protected 2` gives `+[N] Defense`).
pub(crate) fn actor_value(rules: &Rules, actor: &Actor, name: &str) -> Option<i64> {
    actor_value_at(rules, actor, name, 0)
}

/// [`actor_value`] inside `depth` derived evaluations (what recurses — derived values,
/// parents, condition modifiers — is out of line).
fn actor_value_at(rules: &Rules, actor: &Actor, name: &str, depth: u8) -> Option<i64> {
    value_with(rules, actor, name, rules.derived(name), depth)
}

/// [`actor_value_at`] with the system's `Derived` line for `name` (if any) already found, so
/// a caller that asked for it first does not search the derived values twice.
fn value_with(
    rules: &Rules,
    actor: &Actor,
    name: &str,
    derived: Option<&crate::diagnostics::Spanned<crate::model::Expr>>,
    depth: u8,
) -> Option<i64> {
    let base = match derived {
        Some(expr) => derived_value(rules, actor, expr, depth)?,
        None => match own_value(actor, name) {
            Some(value) => value,
            None => unlisted_value(rules, actor, name, depth)?,
        },
    };
    Some(with_conditions(rules, actor, name, base, depth))
}

/// [`actor_value_at`] of a name read in a bracket, by its link: a name linked to a stat
/// reads the actor's slot for that stat's id, one linked to a resource reads the actor's
/// resource of that exact name, one linked to a `Derived` line reads that line; a stat or
/// resource the actor does not hold, and an unlinked name, go the way of a name read by
/// text.
fn linked_value(rules: &Rules, actor: &Actor, name: &Name, depth: u8) -> Option<i64> {
    let derived = match name.link() {
        Link::Stat(id) => match actor.stats.by_id(&rules.symbols.stat_ids, id).copied() {
            Some(base) => return Some(with_conditions(rules, actor, name.as_str(), base, depth)),
            None => None,
        },
        Link::Resource(id) => match held_resource(rules, actor, name.as_str(), id) {
            Some(base) => return Some(with_conditions(rules, actor, name.as_str(), base, depth)),
            None => None,
        },
        _ => rules.derived_of(name),
    };
    value_with(rules, actor, name.as_str(), derived, depth)
}

/// The current value of the resource with id `id` (written exactly `name`) the actor holds,
/// from its slot, when no stat of that exact name comes first ([`own_value`]'s order: a
/// stat the pack does not declare, such as `Level`, can still sit on an actor).
fn held_resource(rules: &Rules, actor: &Actor, name: &str, id: usize) -> Option<i64> {
    if actor.stats.get(name).is_some() {
        return None;
    }
    actor.resources.by_id(&rules.symbols.resource_ids, id).map(|held| held.current)
}

/// A value the actor does not list: the system's `Default X:` for it, else a specialised
/// stat's parent, else 0 for a stat the system declares (a stat block lists what it has;
/// conditions still modify the rest).
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline(never)]
fn unlisted_value(rules: &Rules, actor: &Actor, name: &str, depth: u8) -> Option<i64> {
    default_at(rules, actor, name, depth)
        .or_else(|| parent_value(rules, actor, name, depth))
        .or_else(|| rules.declares_stat(name).then_some(0))
}

/// The system's `Default name:` value for `actor` (which does not list `name`), if the
/// system gives one.
pub(crate) fn default_value(rules: &Rules, actor: &Actor, name: &str) -> Option<i64> {
    default_at(rules, actor, name, 0)
}

/// [`default_value`] inside `depth` derived evaluations (a default may read other values).
fn default_at(rules: &Rules, actor: &Actor, name: &str, depth: u8) -> Option<i64> {
    let (negative, amount) = rules.default_line(name)?;
    if depth >= DERIVED_DEPTH {
        return None;
    }
    let scope = LineScope { depth: depth + 1, ..LineScope::of(rules, actor) };
    let value = scope.amount(amount, LineContext::Declaration, rules.rounding).ok()?;
    Some(if negative { -value } else { value })
}

/// `name` among the actor's own values: the stat written exactly so, else the resource,
/// else a stat written in another case (the case-folded pass runs only when both miss).
fn own_value(actor: &Actor, name: &str) -> Option<i64> {
    match actor.stats.get(name) {
        Some(value) => Some(*value),
        None => other_value(actor, name),
    }
}

/// [`own_value`] past the exact stats: the resource written exactly so, else a stat
/// written in another case.
fn other_value(actor: &Actor, name: &str) -> Option<i64> {
    let resource = actor.resources.get(name).map(|r| r.current);
    resource.or_else(|| actor.stats.folded(name).copied())
}

/// A specialised stat the actor has not learned: its parent's value (with the parent's
/// condition modifiers), bounded like derived values so a cycle of parents ends.
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline(never)]
fn parent_value(rules: &Rules, actor: &Actor, name: &str, depth: u8) -> Option<i64> {
    let parent = rules.parent_of(name)?;
    if depth >= DERIVED_DEPTH {
        return None;
    }
    actor_value_at(rules, actor, parent, depth + 1)
}

/// `expr` (a `Derived` line's value) on `actor`; `None` past [`DERIVED_DEPTH`] or when it
/// cannot be evaluated.
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline(never)]
fn derived_value(
    rules: &Rules,
    actor: &Actor,
    expr: &crate::diagnostics::Spanned<crate::model::Expr>,
    depth: u8,
) -> Option<i64> {
    if depth >= DERIVED_DEPTH {
        return None;
    }
    let scope = LineScope { depth: depth + 1, ..LineScope::of(rules, actor) };
    let value = evaluate(expr, &scope, LineContext::Declaration).ok()?;
    Some(value.round(rules.rounding))
}

/// Every derived value of the system on `actor`, in declaration order; a value that cannot
/// be evaluated (a name the actor lacks) is left out.
pub(crate) fn derived_values(rules: &Rules, actor: &Actor) -> Vec<(String, i64)> {
    rules
        .derived_lines()
        .iter()
        .filter_map(|(name, _)| Some((name.clone(), actor_value(rules, actor, name)?)))
        .collect()
}

/// `name` on `actor` as play reads it (with the modifiers of the conditions it holds) and
/// as its base (the same reading without them), for a sheet that shows both where they
/// differ; `None` when the actor has no such value.
pub(crate) fn effective_and_base(rules: &Rules, actor: &Actor, name: &str) -> Option<(i64, i64)> {
    let effective = actor_value(rules, actor, name)?;
    if actor.conditions.active.is_empty() {
        return Some((effective, effective));
    }
    let mut bare = actor.clone();
    bare.conditions.active.clear();
    Some((effective, actor_value(rules, &bare, name).unwrap_or(effective)))
}

/// The actor's current status: the last `Status` line whose test holds.
pub(crate) fn status(rules: &Rules, actor: &Actor) -> Option<String> {
    let scope = LineScope::of(rules, actor);
    rules.statuses.iter().rev().find_map(|(name, when)| {
        let value = evaluate(when, &scope, LineContext::Declaration).ok()?;
        (value.round(rules.rounding) != 0).then(|| name.clone())
    })
}

/// Every modifier of every condition `actor` holds (applied or included), with the
/// condition it comes from.
pub(crate) fn active_modifiers<'a>(
    rules: &'a Rules,
    actor: &'a Actor,
) -> impl Iterator<Item = (super::relations::Held<'a>, &'a Modifier)> + 'a {
    let held = super::relations::held(rules, actor);
    held.into_iter().flat_map(|held| held.modifiers().map(move |modifier| (held, modifier)))
}

/// What active conditions add to every check `actor` makes: `+1 all checks` (or
/// `+1 checks`) on a condition such as a luck or momentum bonus.
pub(crate) fn check_bonus(rules: &Rules, actor: &Actor) -> i64 {
    ["all checks", "checks"]
        .into_iter()
        .fold(0i64, |total, name| total.saturating_add(condition_bonus(rules, actor, name, 0)))
}

/// The sum of the Add modifiers active conditions give `stat`, inside `depth` derived
/// evaluations.
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline]
fn condition_bonus(rules: &Rules, actor: &Actor, stat: &str, depth: u8) -> i64 {
    // Most actors hold nothing: asked for every name read, skip the modifier walk.
    if actor.conditions.active.is_empty() { 0 } else { held_bonus(rules, actor, stat, depth) }
}

/// `base` (the actor's own value of `stat`) as the conditions it holds change it, in this
/// order: every `+N stat` / `-N stat` adds; then every `stat * F` multiplies, each rounding
/// at once by its own `round up/down/nearest`, else the system's Rounding; then `stat = N`
/// replaces the result (with several, the lowest wins: the most restrictive condition).
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline]
fn with_conditions(rules: &Rules, actor: &Actor, stat: &str, base: i64, depth: u8) -> i64 {
    // Most actors hold nothing: asked for every name read, skip the modifier walk.
    if actor.conditions.active.is_empty() {
        base
    } else {
        held_value(rules, actor, stat, base, depth)
    }
}

/// [`with_conditions`] for an actor holding conditions; out of line like [`held_bonus`].
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline(never)]
fn held_value(rules: &Rules, actor: &Actor, stat: &str, base: i64, depth: u8) -> i64 {
    let mut value = base.saturating_add(held_bonus(rules, actor, stat, depth));
    // The quantities `damage` and `healing` are scaled where hits and heals resolve.
    if matches!(stat, "damage" | "healing") {
        return value;
    }
    let mut set: Option<i64> = None;
    let modifiers = active_modifiers(rules, actor);
    let scales =
        modifiers.filter(|(_, m)| matches!(m, Modifier::Scale { .. } | Modifier::Set { .. }));
    for (active, modifier) in scales {
        let extra = [("N", active.n.unwrap_or(0))];
        let scope = LineScope { extra: &extra, depth, ..LineScope::of(rules, actor) };
        match modifier {
            Modifier::Scale { stat: name, factor, rounding } if name.node.matches(stat) => {
                let scaled = exact(&scope, factor)
                    .and_then(|factor| Value::integer(value).times(factor).ok())
                    .map(|scaled| scaled.round(rounding.unwrap_or(rules.rounding)));
                value = scaled.unwrap_or(value);
            }
            Modifier::Set { stat: name, negative, value: amount } if name.node.matches(stat) => {
                let floor = crate::model::expr::Rounding::Floor;
                let Ok(to) = scope.amount(amount, LineContext::Condition, floor) else { continue };
                let to = if *negative { -to } else { to };
                set = Some(set.map_or(to, |lowest| lowest.min(to)));
            }
            _ => {}
        }
    }
    set.unwrap_or(value)
}

/// An amount's exact value (`0.5` stays a half), for a factor.
fn exact(scope: &LineScope<'_>, amount: &Amount) -> Option<Value> {
    match amount {
        Amount::Number(number) => number.value().ok(),
        Amount::Expr(expr) => evaluate(expr, scope, LineContext::Condition).ok(),
        Amount::Dice(_) => None,
    }
}

/// [`condition_bonus`] for an actor holding conditions; out of line so the common check
/// (no conditions) inlines without this walk's stack frame.
// Kept: +96 instructions per attack without the seven value-path pins (Nov 2026).
#[inline(never)]
fn held_bonus(rules: &Rules, actor: &Actor, stat: &str, depth: u8) -> i64 {
    let mut total = 0i64;
    for (active, modifier) in active_modifiers(rules, actor) {
        let Modifier::Add { negative, amount, stat: name } = modifier else { continue };
        if !name.node.matches(stat) {
            continue;
        }
        let extra = [("N", active.n.unwrap_or(0))];
        let scope = LineScope { extra: &extra, depth, ..LineScope::of(rules, actor) };
        let floor = crate::model::expr::Rounding::Floor;
        let value = scope.amount(amount, LineContext::Condition, floor).unwrap_or_default();
        total = total.saturating_add(if *negative { -value } else { value });
    }
    total
}

/// A special name: `Grade` of the current check; `Tier` or `Level` from the system's
/// `Derived` line of that name (found at load) when it has one, else the actor's own value,
/// else the system's `Default` for it, else 0.
fn special(scope: &LineScope<'_>, special: Special) -> Read {
    let name = match special {
        Special::Tier => "Tier",
        Special::Level => "Level",
        Special::Grade => return Ok(Value::integer(scope.grade.unwrap_or(0))),
        Special::DistanceToTarget => return distance_to_target(scope),
        Special::CountWithin { who, within } => return count_within(scope, who, within),
    };
    if let Some(derived) = scope.rules.special_derived(special) {
        return value_with(scope.rules, scope.user, name, Some(derived), scope.depth)
            .map(Value::integer)
            .ok_or_else(|| unknown(format_args!("{name}")));
    }
    let own = scope.user.stats.get(name).copied();
    let value = own.or_else(|| default_at(scope.rules, scope.user, name, scope.depth));
    Ok(Value::integer(value.unwrap_or(0)))
}

/// `Distance to Target`: cells (on the system's grid) between the user and the target, both
/// on the map; an error naming who is missing otherwise (never 0 by default).
fn distance_to_target(scope: &LineScope<'_>) -> Read {
    let Some(target) = scope.target else {
        return Err(unknown(format_args!("Distance to Target (no target here)")));
    };
    let from = placed(scope.user, "Distance to Target")?;
    let to = placed(target, "Distance to Target")?;
    Ok(Value::integer(scope.rules.grid.distance(from, to)))
}

/// `Allies within 5`: how many placed creatures of the kind stand within the distance of the
/// user; an error when the line is not lent the world or the user is not on the map (never 0
/// by default).
fn count_within(scope: &LineScope<'_>, who: Counted, within: u32) -> Read {
    let read = || format!("{} within {within}", who.word());
    let Some(actors) = scope.actors else {
        return Err(unknown(format_args!("{} (only effect lines count creatures)", read())));
    };
    let from = placed(scope.user, &read())?;
    let wanted = super::sides::Wanted::of(who.word());
    let reach = i64::from(within);
    let grid = scope.rules.grid;
    let count = super::recipients::placed_within(actors, grid, scope.user, from, wanted, reach);
    Ok(Value::integer(count.count() as i64))
}

/// Where `actor` stands, or the error of `read` measuring from someone off the map.
fn placed(actor: &Actor, read: &str) -> Result<crate::engine::Hex, Box<EvalErrorKind>> {
    actor.position.ok_or_else(|| {
        Box::new(EvalErrorKind::OffMap { read: read.to_string(), who: actor.name.clone() })
    })
}

impl Scope for LineScope<'_> {
    fn lookup(
        &self,
        reference: Reference<'_>,
        context: LineContext,
    ) -> Result<Value, EvalErrorKind> {
        self.read(reference, context).map_err(|kind| *kind)
    }

    /// Inline, so the evaluator calls the reader of each kind of reference directly; each
    /// reader keeps its own (small) frame.
    // Kept: +155 instructions per attack without this pair (+249 with all of scope.rs's, Nov 2026).
    #[inline]
    fn read(&self, reference: Reference<'_>, context: LineContext) -> Read {
        match reference {
            Reference::Name(name) => self.lookup_name(name, context),
            Reference::Special(name) => special(self, name),
            Reference::Possessive { owner, name } => self.possessive(owner, name),
            Reference::Ruling(name) => self.ruling(name, context),
        }
    }

    fn call(&self, function: &Name, arguments: &[Value]) -> Result<Value, EvalErrorKind> {
        script_call(self.rules, function, arguments)
    }

    fn roll(&self, dice: &crate::model::DiceText) -> Result<Value, EvalErrorKind> {
        match self.dice {
            Some(rolling) => rolling.roll(dice),
            None => Err(EvalErrorKind::DiceNotRolled(dice.text.clone())),
        }
    }

    fn is_actor(&self, name: &Name) -> bool {
        super::reading::is_handle(self, name)
    }

    fn call_with_actors(
        &self,
        function: &Name,
        arguments: &[crate::model::expr::Argument<'_>],
    ) -> Result<Value, EvalErrorKind> {
        super::reading::call(self, function, arguments)
    }
}

impl LineScope<'_> {
    /// A name: an extra value, else a weapon property, else the user's value, else a
    /// special name, else 0 for a declared stat the user lacks.
    // Kept: +155 instructions per attack without this pair (+249 with all of scope.rs's, Nov 2026).
    #[inline(never)]
    fn lookup_name(&self, name: &Name, context: LineContext) -> Read {
        if let Some((_, value)) = self.extra.iter().find(|(key, _)| name.matches(key)) {
            return Ok(Value::integer(*value));
        }
        if let Some(index) = weapon_line(name, context) {
            return self.weapon_value(index, name, context);
        }
        match linked_value(self.rules, self.user, name, self.depth) {
            Some(value) => Ok(Value::integer(value)),
            None => match (self.rules.world_resource(name.as_str()), self.pools) {
                (Some(held), Some(pools)) => {
                    Ok(Value::integer(super::world_resources::value(pools, held)))
                }
                _ if let Some(holds) = self.flags.and_then(|flags| {
                    super::world_flags::holds(self.rules, flags, name.as_str())
                }) =>
                {
                    Ok(Value::integer(i64::from(holds)))
                }
                _ => match self.clock.filter(|_| self.rules.clock.is_some()) {
                    Some(clock) => {
                        match super::world_resources::clock_value(clock, name.as_str()) {
                            Some(value) => Ok(Value::integer(value)),
                            None => self.unowned(name),
                        }
                    }
                    None => self.unowned(name),
                },
            },
        }
    }

    /// A name the user has no value for: a special name written as a plain one, or 0 for a
    /// stat the system declares (a stat block lists what it has); else unknown.
    fn unowned(&self, name: &Name) -> Read {
        if let NameKind::Special(name) = name.kind() {
            return special(self, name);
        }
        if self.rules.declares_stat(name.as_str()) {
            return Ok(Value::integer(0));
        }
        if let Some((kind, path)) = crate::model::gear::gear_name(name.as_str()) {
            return self.gear_read(self.user, kind, path);
        }
        Err(unknown(format_args!("{name}")))
    }

    /// `Ruling fate exchange CP`: the ruling's value, read in this line's scope (a ruling
    /// may name a stat, `Ruling initiative overflow: [CP]`); bounded like derived values so
    /// rulings that read each other end.
    fn ruling(&self, name: &Name, context: LineContext) -> Read {
        let amount =
            self.rules.ruling_of(name).ok_or_else(|| unknown(format_args!("Ruling {name}")))?;
        if self.depth >= DERIVED_DEPTH {
            return Err(unknown(format_args!("Ruling {name}")));
        }
        let scope = LineScope { depth: self.depth + 1, ..*self };
        scope
            .amount(amount, context, self.rules.rounding)
            .map(Value::integer)
            .map_err(|error| Box::new(error.kind))
    }

    /// `Target's X`, `Self's X` or `Trigger's X`.
    fn possessive(&self, owner: &Name, name: &Name) -> Read {
        if owner.matches("Trigger") {
            let found = self.trigger.iter().find(|(key, _)| name.matches(key));
            return found.map(|(_, value)| Value::integer(*value)).ok_or_else(|| {
                unknown(format_args!("Trigger's {name} (not given by the request)"))
            });
        }
        let actor = match owner.as_str() {
            "Target" | "Target's" => self.target,
            "Self" | "Your" | "your" => Some(self.user),
            _ => None,
        };
        if owner.matches("Weapon") {
            return self.gear_read(self.user, crate::model::gear::GearKind::Weapon, name.as_str());
        }
        let actor = actor.ok_or_else(|| unknown(format_args!("{owner}")))?;
        match linked_value(self.rules, actor, name, self.depth) {
            Some(value) => Ok(Value::integer(value)),
            None => match crate::model::gear::gear_name(name.as_str()) {
                Some((crate::model::gear::GearKind::Armour, path)) => {
                    self.gear_read(actor, crate::model::gear::GearKind::Armour, path)
                }
                _ => Err(unknown(format_args!("{owner}'s {name}"))),
            },
        }
    }
}

/// The one seam for script calls from rule lines: `[bonus(Grade)]` calls the pack's script
/// function `bonus` with the evaluated arguments.
pub(crate) fn script_call(
    rules: &Rules,
    function: &Name,
    arguments: &[Value],
) -> Result<Value, EvalErrorKind> {
    if let Some(table) = rules.table(function) {
        return table_lookup(rules, function, table, arguments);
    }
    match &rules.scripts {
        Some(scripts) => scripts.call(function.as_str(), arguments),
        None => Err(EvalErrorKind::Script(format!(
            "script function `{function}` is not available: scripts are not loaded"
        ))),
    }
}

/// `[Skill Damage(12)]`: the value of the row covering the argument (rounded by the
/// system's rule). A number no row covers is an error, never a default.
#[cold]
fn table_lookup(
    rules: &Rules,
    name: &Name,
    table: &crate::model::table::Table,
    arguments: &[Value],
) -> Result<Value, EvalErrorKind> {
    let [key] = arguments else {
        return Err(EvalErrorKind::Arity {
            function: name.to_string(),
            expected: "1",
            got: arguments.len(),
        });
    };
    let key = key.round(rules.rounding);
    match table.lookup(key) {
        Some(value) => Ok(Value::integer(value)),
        None => Err(EvalErrorKind::OutsideTable { table: name.as_str().to_string(), key }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Resource;

    #[test]
    fn own_values_read_the_exact_stat_then_the_resource_then_a_stat_in_another_case() {
        let actor = Actor::new("Ana")
            .with_stat("defense", 3)
            .with_stat("Defense", 5)
            .with_stat("speed", 4)
            .with_stat("Tier", 2)
            .with_resource("Speed", Resource::new(9));
        let rules = Rules::default();
        assert_eq!(actor_value(&rules, &actor, "defense"), Some(3));
        assert_eq!(actor_value(&rules, &actor, "Defense"), Some(5));
        // No exact key: the first stat in name order written in another case.
        assert_eq!(actor_value(&rules, &actor, "DEFENSE"), Some(5));
        // An exact resource comes before a stat written in another case.
        assert_eq!(actor_value(&rules, &actor, "Speed"), Some(9));
        assert_eq!(actor_value(&rules, &actor, "SPEED"), Some(4));
        assert_eq!(actor_value(&rules, &actor, "Will"), None);
        let scope = LineScope::of(&rules, &actor);
        assert_eq!(special(&scope, Special::Tier), Ok(Value::integer(2)));
        assert_eq!(special(&scope, Special::Level), Ok(Value::integer(0)));
    }

    #[test]
    fn weapon_lines_read_constants_floored_and_expressions_against_the_user() {
        let text = "weapon Pike\nReach: 2.5\nDamage: [Strength * 2]\nRate: 3\n";
        let (file, problems) =
            crate::parse::parse_source(&mut crate::diagnostics::SourceMap::default(), "w", text);
        assert!(problems.is_empty(), "{problems:?}");
        let rules = Rules::of(&crate::model::Pack { files: vec![file] });
        let actor = Actor::new("Ana").with_stat("Strength", 4);
        let pike = rules.weapons.find("pike");
        let scope = LineScope { weapon: pike, ..LineScope::of(&rules, &actor) };
        let read = |name: &str, context| scope.lookup(Reference::Name(&Name::new(name)), context);
        assert_eq!(read("Weapon Reach", LineContext::Result), Ok(Value::integer(2)));
        assert_eq!(read("Weapon", LineContext::Target), Ok(Value::integer(2)));
        assert_eq!(read("Weapon", LineContext::Result), Ok(Value::integer(8)));
        assert_eq!(read("Weapon rate", LineContext::Result), Ok(Value::integer(3)));
        // A numeric line the weapon lacks reads 0.
        assert_eq!(read("Weapon Range", LineContext::Result), Ok(Value::integer(0)));
        assert_eq!(pike.map(|b| b.name.node.as_str()), Some("Pike"));
    }

    /// A pack whose power gains `[Ruling bonus]` CP, the ruling set to `bonus`.
    fn boosted(bonus: &str) -> i64 {
        let text = format!(
            "system T\nResource CP: start 0; no max\nRuling bonus: {bonus}\nRuling twice: [Ruling bonus * 2]\n\n\
             power Boost\nTarget: Self\nResult: gain [Ruling twice + CP] CP\n\n\
             actor Ana\nResources: CP 1\nPowers: Boost\n"
        );
        let mut game = super::super::Game::new(1);
        game.load_source("t.rules", &text).unwrap();
        game.add_actor("Ana", Some("Ana"), &[]).unwrap();
        game.use_power(&super::super::PowerUse::new("Ana", "Boost")).unwrap();
        game.world().actor("Ana").unwrap().resources["CP"].current
    }

    #[test]
    fn a_ruling_is_read_in_the_line_scope_and_a_changed_ruling_changes_the_game() {
        // CP 1, then gain twice the bonus plus the current CP (1).
        assert_eq!(boosted("3"), 1 + 6 + 1);
        assert_eq!(boosted("5"), 1 + 10 + 1);
        // A ruling may read the actor's values, evaluated on the line that reads it.
        assert_eq!(boosted("[CP]"), 1 + 2 + 1);
    }
}
