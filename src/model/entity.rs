//! Conditions, actors (stat blocks), weapons and armour layers: the nouns powers act on.

use std::fmt;

use serde::Serialize;

use super::common::{Assignment, Keyword, Requirement, write_keywords, write_list};
use super::effect::{Amount, ConditionRef, Duration, Effects, Narration};
use super::expr::{Name, Rounding};
use crate::diagnostics::Spanned;

/// A condition modifier: `+1 Attack`, `Speed = 1`, `damage * 0.5 round up`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Modifier {
    /// `+1 Attack`, `-5 Defense`, `+[N] Defense`
    Add {
        /// `-` for a penalty.
        negative: bool,
        /// How much.
        amount: Amount,
        /// The stat, resource or check it changes.
        stat: Spanned<Name>,
    },
    /// `Speed = 1`
    Set {
        /// The stat.
        stat: Spanned<Name>,
        /// `-` before the value.
        negative: bool,
        /// The new value.
        value: Amount,
    },
    /// `damage * 0.5 round up`
    Scale {
        /// The stat or quantity scaled (`damage`, `Agility`).
        stat: Spanned<Name>,
        /// The factor.
        factor: Amount,
        /// How to round (`None`: the system's rule).
        rounding: Option<Rounding>,
    },
    /// `damage taken of [Type] - [N] min 0`, `damage dealt * 0.5 round up`.
    Quantity(QuantityModifier),
    /// `+2 Attack vs Source`, `-1 Attack unless Target is Source`: counts only between two
    /// actors (an attack and its target), see [`Relation`].
    Relative {
        /// The modifier that counts.
        modifier: Box<Modifier>,
        /// When it counts.
        relation: Relation,
    },
}

/// Every form a `Modifiers:` entry takes, with an example of each and what it does: the one
/// table the guide's vocabulary chapter and the test that walks every form read.
pub const MODIFIER_FORMS: [(&str, &str); 11] = [
    ("+1 Attack", "adds to a stat, a resource or every check (`-2 Defense` takes away)"),
    ("Speed = 1", "sets the value, over additions and scales; the lowest setting wins"),
    ("Speed * 0.5 round up", "scales the value (rounded as written, else as the system rounds)"),
    ("damage taken - 2 min 0", "changes each hit the holder takes, never below the `min`"),
    ("damage taken leaves 1", "a hit leaves the holder at least this much health"),
    ("damage dealt * 0.5 round up", "scales each hit the holder's powers deal"),
    ("damage taken of Fire - 2", "changes only the hits of one damage type"),
    ("+2 Attack vs Ranged", "counts only against a power with the keyword, or a tagged side"),
    ("damage taken * 1.5 vs Ranged", "counts only on a hit a power with the keyword deals"),
    (
        "damage taken * 0 vs Projectile unless vs Spell",
        "counts only when every `vs` and `unless vs` holds",
    ),
    ("Speed = 0 vs Ranged", "sets the value only against a power with the keyword"),
];

pub use super::condition_lines::{
    Audience, Change, Grant, GrantItem, Quantity, QuantityModifier, Relation, TypeFilter,
};

impl Modifier {
    /// The stat (or resource) an addition, a setting or a scale changes; `None` for a
    /// quantity (`damage taken - 2`) and a relative one (it counts only between two actors).
    pub fn stat(&self) -> Option<&Name> {
        match self {
            Modifier::Add { stat, .. }
            | Modifier::Set { stat, .. }
            | Modifier::Scale { stat, .. } => Some(&stat.node),
            Modifier::Quantity(_) | Modifier::Relative { .. } => None,
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Modifier::Add { negative, amount, stat } => {
                write!(f, "{}{amount} {}", if *negative { "-" } else { "+" }, stat.node)
            }
            Modifier::Set { stat, negative, value } => {
                write!(f, "{} = {}{value}", stat.node, if *negative { "-" } else { "" })
            }
            Modifier::Scale { stat, factor, rounding } => {
                write!(f, "{} * {factor}", stat.node)?;
                match rounding {
                    Some(Rounding::Ceiling) => f.write_str(" round up"),
                    Some(Rounding::Nearest) => f.write_str(" round nearest"),
                    Some(_) => f.write_str(" round down"),
                    None => Ok(()),
                }
            }
            Modifier::Quantity(quantity) => write!(f, "{quantity}"),
            Modifier::Relative { modifier, relation } => write!(f, "{modifier} {relation}"),
        }
    }
}

/// Which copy wins when a condition does not stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TieBreak {
    /// `longest duration wins`
    LongestDuration,
    /// `newest wins`
    Newest,
    /// `largest wins`
    Largest,
}

/// How several copies of a condition on one actor combine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Stacking {
    /// `never stacks with itself; longest duration wins`
    Never(Option<TieBreak>),
    /// `per damage type`: copies with different details stack, equal ones do not.
    Per(Spanned<Name>),
    /// `adds`: every copy adds.
    Adds,
    /// `largest`: only the largest applies.
    Largest,
}

impl fmt::Display for Stacking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stacking::Never(None) => f.write_str("never"),
            Stacking::Never(Some(tie)) => f.write_str(match tie {
                TieBreak::LongestDuration => "never; longest duration wins",
                TieBreak::Newest => "never; newest wins",
                TieBreak::Largest => "never; largest wins",
            }),
            Stacking::Per(what) => write!(f, "per {}", what.node),
            Stacking::Adds => f.write_str("adds"),
            Stacking::Largest => f.write_str("largest"),
        }
    }
}

/// One line of a `condition` block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ConditionLine {
    /// `Parameters: N, Type` — names the condition takes when applied (`Protected 2`).
    Parameters(Vec<Spanned<Name>>),
    /// `Modifiers: +[N] Defense, -2 Speed`
    Modifiers(Vec<Spanned<Modifier>>),
    /// `Stacking: never; longest duration wins`
    Stacking(Stacking),
    /// `Duration: until end of turn`
    Duration(Duration),
    /// `Effect: [N] damage` — what happens while it lasts (each Start phase for ongoing).
    Effect(Effects),
    /// `Halt: [HP > 0]`
    Halt(Requirement),
    /// `Trigger: you take damage`
    Trigger(Requirement),
    /// `While: you are Prone`
    While(Requirement),
    /// `Keywords: Mental`
    Keywords(Vec<Spanned<Keyword>>),
    /// `Details: no reactions or FP exchange`
    Details(Narration),
    /// `Grants: Advantage to melee attackers` — what those acting against the holder (or
    /// the holder's targets) have against the holder.
    Grants(Grant),
    /// `Includes: Dazed, Immobilized` — conditions that hold exactly as long as this one.
    Includes(Vec<Spanned<ConditionRef>>),
    /// `Forbids: Reaction powers` — powers the holder cannot use (`powers`: all of them).
    Forbids(Vec<Spanned<super::power_rules::PowerFilter>>),
    /// `Turn: skipped` — each turn of the holder's that starts while it holds this passes at
    /// once (stunned, surprised).
    TurnSkipped,
    /// `Per turn: 1 Move` — while held, the holder's uses of powers with those keywords are
    /// held to that many a turn, on top of the system's `Per turn:` line (uses made earlier
    /// in the same turn count).
    PerTurn(Vec<Spanned<super::power_rules::TurnQuota>>),
    /// `Temporary health: N` — the condition's N is temporary health: damage to the holder's
    /// health takes from N first, and the condition ends when N is spent.
    TemporaryHealth,
    /// `Converts: Move to Action` — while held, the system's `Per turn:` slots that count
    /// the first keyword's powers also take the others' (widening the holder's turn).
    Converts(super::power_rules::SlotConversion),
    /// `Spares: who laid it` — laid as terrain by an actor's effect (`lay Snare`), it never
    /// acts on that actor: stepping on it gives the layer nothing, and the rules it sets off
    /// for others leave the layer out of whoever they reach.
    SparesLayer,
}

/// Whether a condition block's N is temporary health (it has `Temporary health: N`).
pub fn holds_temporary_health(body: &super::BlockBody) -> bool {
    let super::BlockBody::Condition(lines) = body else { return false };
    lines.iter().any(|line| matches!(line.node, ConditionLine::TemporaryHealth))
}

impl fmt::Display for ConditionLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConditionLine::Parameters(names) => {
                f.write_str("Parameters: ")?;
                write_list(f, names)
            }
            ConditionLine::Modifiers(modifiers) => {
                f.write_str("Modifiers: ")?;
                write_list(f, modifiers)
            }
            ConditionLine::Stacking(stacking) => write!(f, "Stacking: {stacking}"),
            ConditionLine::TurnSkipped => f.write_str("Turn: skipped"),
            ConditionLine::TemporaryHealth => f.write_str("Temporary health: N"),
            ConditionLine::SparesLayer => f.write_str("Spares: who laid it"),
            ConditionLine::Duration(Duration::Until(event)) => {
                write!(f, "Duration: until {}", event.node)
            }
            ConditionLine::Duration(duration) => write!(f, "Duration: {duration}"),
            ConditionLine::Effect(effects) => write!(f, "Effect: {effects}"),
            ConditionLine::Halt(requirement) => write!(f, "Halt: {requirement}"),
            ConditionLine::Trigger(requirement) => write!(f, "Trigger: {requirement}"),
            ConditionLine::While(requirement) => write!(f, "While: {requirement}"),
            ConditionLine::Keywords(keywords) => {
                f.write_str("Keywords: ")?;
                write_keywords(f, keywords)
            }
            ConditionLine::Details(text) => write!(f, "Details: {text}"),
            ConditionLine::Grants(grant) => write!(f, "Grants: {grant}"),
            ConditionLine::Includes(names) => {
                f.write_str("Includes: ")?;
                write_list(f, names)
            }
            ConditionLine::Forbids(filters) => {
                f.write_str("Forbids: ")?;
                write_list(f, filters)
            }
            ConditionLine::PerTurn(quotas) => {
                f.write_str("Per turn: ")?;
                write_list(f, quotas)
            }
            ConditionLine::Converts(conversion) => write!(f, "Converts: {conversion}"),
        }
    }
}

/// One line of an `actor` block (a stat block).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ActorLine {
    /// `Stats: Strength 2, Attack 3`
    Stats(Vec<Spanned<Assignment>>),
    /// `Resources: HP 20, CP 6`
    Resources(Vec<Spanned<Assignment>>),
    /// `Tier: 1`
    Tier(Amount),
    /// `Level: 3`
    Level(Amount),
    /// `Powers: Shield Bash, Shove`
    Powers(Vec<Spanned<Name>>),
    /// `Traits: Clockwork Engineer`
    Traits(Vec<Spanned<Name>>),
    /// `Equipment: Greataxe, Leather Armour`
    Equipment(Vec<Spanned<Name>>),
    /// `Conditions: Hasted`
    Conditions(Vec<Spanned<Name>>),
    /// `Keywords: Construct`
    Keywords(Vec<Spanned<Keyword>>),
    /// `Details: a grizzled veteran`
    Details(Narration),
    /// `Side: foes`: the side actors made from this block start on.
    Side(Spanned<Name>),
}

impl fmt::Display for ActorLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActorLine::Stats(values) => {
                f.write_str("Stats: ")?;
                write_list(f, values)
            }
            ActorLine::Resources(values) => {
                f.write_str("Resources: ")?;
                write_list(f, values)
            }
            ActorLine::Tier(amount) => write!(f, "Tier: {amount}"),
            ActorLine::Level(amount) => write!(f, "Level: {amount}"),
            ActorLine::Powers(names) => {
                f.write_str("Powers: ")?;
                write_list(f, names)
            }
            ActorLine::Traits(names) => {
                f.write_str("Traits: ")?;
                write_list(f, names)
            }
            ActorLine::Equipment(names) => {
                f.write_str("Equipment: ")?;
                write_list(f, names)
            }
            ActorLine::Conditions(names) => {
                f.write_str("Conditions: ")?;
                write_list(f, names)
            }
            ActorLine::Keywords(keywords) => {
                f.write_str("Keywords: ")?;
                write_keywords(f, keywords)
            }
            ActorLine::Details(text) => write!(f, "Details: {text}"),
            ActorLine::Side(side) => write!(f, "Side: {}", side.node),
        }
    }
}

/// One line of a `weapon` block (also used by `item` equipment with these lines).
/// `repr(u8)`: a tag byte of its own, so `[Weapon Reach]`, which scans the weapon's lines,
/// reads each line's variant without decoding a niche.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(
    clippy::large_enum_variant,
    reason = "built once per rule file; unboxed variants keep matching simple for the engine"
)]
#[repr(u8)]
pub enum WeaponLine {
    /// `Cost: 3`
    Cost(Amount),
    /// `Reach: 1`
    Reach(Amount),
    /// `Damage: 12`, `Damage: 1d8`
    Damage(Amount),
    /// `Range: 30`
    Range(Amount),
    /// `Minimum range: 5`
    MinimumRange(Amount),
    /// `Crit range: 19` — the lowest natural roll that is a critical.
    CritRange(Amount),
    /// `Crit damage: 2d8`
    CritDamage(Amount),
    /// `Rate: 3` — extra damage bought per N points of margin.
    Rate(Amount),
    /// `Requires: [Strength >= 2]`
    Requires(Requirement),
    /// `Keywords: Melee Heavy`
    Keywords(Vec<Spanned<Keyword>>),
    /// `Details: ...`
    Details(Narration),
    /// A field the system declares (`Type: Melee`), or a built-in label written with a
    /// value only a declared field takes (`Crit range: 18-20`).
    Field(super::gear::Field),
}

impl WeaponLine {
    /// The label this line is written with.
    pub fn label(&self) -> &'static str {
        match self {
            WeaponLine::Cost(_) => "Cost",
            WeaponLine::Reach(_) => "Reach",
            WeaponLine::Damage(_) => "Damage",
            WeaponLine::Range(_) => "Range",
            WeaponLine::MinimumRange(_) => "Minimum range",
            WeaponLine::CritRange(_) => "Crit range",
            WeaponLine::CritDamage(_) => "Crit damage",
            WeaponLine::Rate(_) => "Rate",
            WeaponLine::Requires(_) => "Requires",
            WeaponLine::Keywords(_) => "Keywords",
            WeaponLine::Details(_) => "Details",
            WeaponLine::Field(_) => "Field",
        }
    }
}

impl WeaponLine {
    /// Where a numeric line's label is in [`super::value::NUMERIC_WEAPON_LINES`], with its
    /// amount: `[Weapon Reach]` compares this index rather than the label's text.
    pub fn numeric(&self) -> Option<(u8, &Amount)> {
        let index = match self {
            WeaponLine::Cost(_) => 0,
            WeaponLine::Reach(_) => 1,
            WeaponLine::Damage(_) => 2,
            WeaponLine::Range(_) => 3,
            WeaponLine::MinimumRange(_) => 4,
            WeaponLine::CritRange(_) => 5,
            WeaponLine::CritDamage(_) => 6,
            WeaponLine::Rate(_) => 7,
            WeaponLine::Requires(_)
            | WeaponLine::Keywords(_)
            | WeaponLine::Details(_)
            | WeaponLine::Field(_) => {
                return None;
            }
        };
        Some((index, self.amount()?))
    }

    /// The amount of a numeric line (`Cost`, `Reach`, `Damage`, ...), if it is one.
    pub fn amount(&self) -> Option<&Amount> {
        match self {
            WeaponLine::Cost(amount)
            | WeaponLine::Reach(amount)
            | WeaponLine::Damage(amount)
            | WeaponLine::Range(amount)
            | WeaponLine::MinimumRange(amount)
            | WeaponLine::CritRange(amount)
            | WeaponLine::CritDamage(amount)
            | WeaponLine::Rate(amount) => Some(amount),
            WeaponLine::Requires(_)
            | WeaponLine::Keywords(_)
            | WeaponLine::Details(_)
            | WeaponLine::Field(_) => None,
        }
    }
}

impl fmt::Display for WeaponLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let WeaponLine::Field(field) = self {
            return write!(f, "{field}");
        }
        write!(f, "{}: ", self.label())?;
        if let Some(amount) = self.amount() {
            return write!(f, "{amount}");
        }
        match self {
            WeaponLine::Requires(requirement) => write!(f, "{requirement}"),
            WeaponLine::Keywords(keywords) => write_keywords(f, keywords),
            WeaponLine::Details(text) => write!(f, "{text}"),
            _ => Ok(()),
        }
    }
}

/// One line of an `armour` block: one protective layer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ArmourLine {
    /// `Value: 20` — what the layer absorbs.
    Value(Amount),
    /// `Blow-through: 4` — rest at or above this is heavy damage.
    BlowThrough(Amount),
    /// `Hardness: 7` — the layer loses floor(absorbed / hardness).
    Hardness(Amount),
    /// `Protection: 2` — flat reduction.
    Protection(Amount),
    /// `Cost: 10`
    Cost(Amount),
    /// `Pool: Purse` — the layered pool this layer belongs to (default: the system's first).
    Pool(Spanned<Name>),
    /// `Keywords: Heavy`
    Keywords(Vec<Spanned<Keyword>>),
    /// `Details: ...`
    Details(Narration),
    /// A field the system declares (`Type: Shield`).
    Field(super::gear::Field),
    /// `Modifiers: +2 Stamina, -1 Agility` — what the armour changes on its wearer while
    /// worn (held as a condition named after the armour).
    Modifiers(Vec<Spanned<Modifier>>),
    /// `Requires: [Strength >= 3]` — what the wearer needs to wear it.
    Requires(Requirement),
}

impl ArmourLine {
    /// The label this line is written with.
    pub fn label(&self) -> &'static str {
        match self {
            ArmourLine::Value(_) => "Value",
            ArmourLine::BlowThrough(_) => "Blow-through",
            ArmourLine::Hardness(_) => "Hardness",
            ArmourLine::Protection(_) => "Protection",
            ArmourLine::Cost(_) => "Cost",
            ArmourLine::Pool(_) => "Pool",
            ArmourLine::Keywords(_) => "Keywords",
            ArmourLine::Details(_) => "Details",
            ArmourLine::Field(_) => "Field",
            ArmourLine::Modifiers(_) => "Modifiers",
            ArmourLine::Requires(_) => "Requires",
        }
    }
}

impl ArmourLine {
    /// The amount of a numeric line (`Value`, `Hardness`, ...), if it is one.
    pub fn amount(&self) -> Option<&Amount> {
        match self {
            ArmourLine::Value(amount)
            | ArmourLine::BlowThrough(amount)
            | ArmourLine::Hardness(amount)
            | ArmourLine::Protection(amount)
            | ArmourLine::Cost(amount) => Some(amount),
            ArmourLine::Keywords(_)
            | ArmourLine::Details(_)
            | ArmourLine::Pool(_)
            | ArmourLine::Field(_)
            | ArmourLine::Modifiers(_)
            | ArmourLine::Requires(_) => None,
        }
    }
}

impl fmt::Display for ArmourLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ArmourLine::Field(field) = self {
            return write!(f, "{field}");
        }
        write!(f, "{}: ", self.label())?;
        match (self.amount(), self) {
            (Some(amount), _) => write!(f, "{amount}"),
            (None, ArmourLine::Keywords(keywords)) => write_keywords(f, keywords),
            (None, ArmourLine::Details(text)) => write!(f, "{text}"),
            (None, ArmourLine::Pool(pool)) => write!(f, "{}", pool.node),
            (None, ArmourLine::Modifiers(modifiers)) => write_list(f, modifiers),
            (None, ArmourLine::Requires(requirement)) => write!(f, "{requirement}"),
            (None, _) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::expr::{NUMERIC_WEAPON_LINES, Number};

    #[test]
    fn a_numeric_weapon_line_s_index_names_its_own_label() {
        let amount = || Amount::Number(Number::integer(1));
        let numeric = [
            WeaponLine::Cost(amount()),
            WeaponLine::Reach(amount()),
            WeaponLine::Damage(amount()),
            WeaponLine::Range(amount()),
            WeaponLine::MinimumRange(amount()),
            WeaponLine::CritRange(amount()),
            WeaponLine::CritDamage(amount()),
            WeaponLine::Rate(amount()),
        ];
        for line in &numeric {
            let (index, read) = line.numeric().expect("a numeric line");
            assert_eq!(NUMERIC_WEAPON_LINES[usize::from(index)], line.label());
            assert_eq!(read, &amount());
        }
        assert_eq!(WeaponLine::Keywords(Vec::new()).numeric(), None);
    }

    #[test]
    fn every_numeric_armour_line_is_readable_by_its_label() {
        let amount = || Amount::Number(Number::integer(1));
        let numeric = [
            ArmourLine::Value(amount()),
            ArmourLine::BlowThrough(amount()),
            ArmourLine::Hardness(amount()),
            ArmourLine::Protection(amount()),
            ArmourLine::Cost(amount()),
        ];
        let labels: Vec<&str> = numeric.iter().map(ArmourLine::label).collect();
        assert_eq!(labels, crate::model::gear::NUMERIC_ARMOUR_LINES);
        assert!(numeric.iter().all(|line| line.amount().is_some()));
    }
}
