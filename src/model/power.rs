//! Powers and traits: blocks of notation lines. Each line is a variant holding its typed
//! value; the block keeps its lines in source order so `fmt` prints them back as written.

use std::fmt;

use serde::Serialize;

use super::common::{CheckSpec, Cost, Keyword, Requirement, Target, write_keywords};
use super::effect::{Amount, Effects, Narration};
use super::expr::{Expr, Name};
use super::{Block, keywords};
use crate::diagnostics::Spanned;

/// The name a power's Result and Effect lines read its `Roll:` line's value by: `[Roll]`.
pub const SHARED_ROLL: &str = "Roll";

/// The name a power's Result and Effect lines read a target's place in the order the use
/// strikes its targets by: `[Target Number]`, 1 for the first, 2 for the next.
pub const TARGET_NUMBER: &str = "Target Number";

/// One notation line of a power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum PowerLine {
    /// `After: shift 1 hex` — after the Effect ends and Results resolve.
    After(Effects),
    /// `Before: Walk up to [Speed + 1] hexes` — before the Check.
    Before(Effects),
    /// `Check: [Attack + Strength]`
    Check(CheckSpec),
    /// `Choose: 1-2 Skills from Challenge Skills` — stats the user picks when using the power.
    Choose(Choice),
    /// `Cost: [Weapon + 1] CP`
    Cost(Cost),
    /// `Defence: unless vs Ranged, 2 per turn` — the power is a defence its holder may
    /// choose against an attack `versus a defence`.
    Defence(super::defence::DefenceSpec),
    /// `Effect 2: apply Dazed` — a state imposed at grade >= N.
    Effect {
        /// The minimum grade (`None`: always).
        grade: Option<Spanned<u32>>,
        /// What happens.
        effects: Effects,
    },
    /// `Halt: end of your turn` — when the effect ends.
    Halt(Requirement),
    /// `Invest: 2` — segments until the result resolves.
    Invest(Amount),
    /// `Ticks: 3` — what using the power costs on a tick timeline (`Initiative: ticks`).
    Ticks(Amount),
    /// `Roll: [1d6 + Level]` — one roll for the whole use, made before its first Result or
    /// Effect line that applies; those lines read it as `[Roll]`, the same number for every
    /// target.
    Roll(Amount),
    /// `Keywords: Melee [Weapon] Charge`
    Keywords(Vec<Spanned<Keyword>>),
    /// `Limit: once per turn` — how often the power may be used.
    Limit(Limit),
    /// `Penalty: [Defence Penalty(Defences this turn)]` — a defence's modifier, read when
    /// it is made, with `Defences this turn` and `Defences this round` bound.
    Penalty(Spanned<Expr>),
    /// `Modifiers: -4 vs Weapon, +[Weapon's Fast Block] vs Fast` — a defence's modifiers
    /// by the keywords of the attack it answers.
    Modifiers(Vec<Spanned<super::defence::AttackModifier>>),
    /// `Weapons: each Melee` — one use attacks once with each equipped weapon that has the
    /// keyword (`Weapons: each`: every equipped weapon), as one use: one quota and one cost.
    EachWeapon(Option<Spanned<Name>>),
    /// `Prereq: [Level >= 3]`
    Prereq(Requirement),
    /// `Result 2: [Weapon + Grade] damage` — applies at grade >= N; `Result =0:` at exactly
    /// grade 0, `Result <2:` below grade 2, `Result Fail:` at the grade labelled `Fail`.
    Result {
        /// The grade the gate compares with (`None`: any success, or a named grade).
        grade: Option<Spanned<u32>>,
        /// How the grade is compared.
        gate: GradeGate,
        /// What happens.
        effects: Effects,
    },
    /// `Sustain: 1 CP each Start phase`
    Sustain(Requirement),
    /// `Target: Enemy in [Weapon Reach]`
    Target(Target),
    /// `Threshold: Target's Defense`
    Threshold(Spanned<Expr>),
    /// `Threshold: set by GM, default 12` — given with each use (`threshold 14`).
    GmThreshold(Option<Spanned<Expr>>),
    /// `Trigger: an enemy moves adjacent to you`
    Trigger(Requirement),
    /// `While: you are Raging`
    While(Requirement),
}

/// A `Choose:` line: the name the chosen stats are bound to on every line of the power,
/// how many are chosen, and the `Stats <Group>:` line they come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// `1-2` or `2`; `None` when written without a count (exactly one).
    pub count: Option<(u32, u32)>,
    /// The bound name: `Skill`, `Skills`.
    pub name: Spanned<Name>,
    /// The stat groups, joined by `or` when several: `Skill Lines or Specialised Skills`.
    pub groups: Vec<Spanned<Name>>,
}

impl Choice {
    /// The groups as written: `Skill Lines or Specialised Skills`.
    pub fn groups_text(&self) -> String {
        let names: Vec<&str> = self.groups.iter().map(|g| g.node.as_str()).collect();
        names.join(" or ")
    }

    /// The fewest and most stats a use may choose.
    pub fn bounds(&self) -> (u32, u32) {
        self.count.unwrap_or((1, 1))
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            Some((low, high)) if low == high => write!(f, "{low} ")?,
            Some((low, high)) => write!(f, "{low}-{high} ")?,
            None => {}
        }
        write!(f, "{} from ", self.name.node)?;
        for (index, group) in self.groups.iter().enumerate() {
            if index > 0 {
                f.write_str(" or ")?;
            }
            write!(f, "{}", group.node)?;
        }
        Ok(())
    }
}

/// Which grades a `Result` line applies at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum GradeGate {
    /// `Result 2:` — the grade or better; `Result:` — any success.
    AtLeast,
    /// `Result =0:` — exactly the grade.
    Exactly,
    /// `Result <2:` — any grade below it.
    Below,
    /// `Result Fail:` — the grade a `Grades:` line gives this label.
    Named(Spanned<Name>),
    /// `Result Critical:` — the check was critical: the grade a `Grades:` line labels
    /// `Critical` when one does (as for any label), else the flag its procedure's `Critical:`
    /// line sets, at any grade.
    Critical,
    /// `Result if [Margin >= 5]:`, `Result if Target is Prone:` — the test holds, its
    /// brackets read with the check's outcome names, its state tests about the target; at
    /// any grade. The same tests as an effect line's `when`.
    If(Box<Spanned<Requirement>>),
}

impl GradeGate {
    /// Whether `rolled` passes this gate with `grade` (the line's number); `named` is the
    /// grade a `Named` label stands for, if known; `bare` is what a line without a grade
    /// needs (1: success only, 0: every grade). `If` (and `Critical` without a `Critical`
    /// grade label) reads the check's outcome, not its grade: the caller passes what it
    /// found as `holds`.
    pub fn admits(
        &self,
        grade: Option<u32>,
        named: Option<u32>,
        rolled: u32,
        bare: u32,
        holds: bool,
    ) -> bool {
        match self {
            GradeGate::AtLeast => rolled >= grade.unwrap_or(bare),
            GradeGate::Exactly => grade == Some(rolled),
            GradeGate::Below => grade.is_some_and(|g| rolled < g),
            GradeGate::Named(_) => named == Some(rolled),
            // The grade labelled `Critical` when the grades name one, else the flag.
            GradeGate::Critical => named.map_or(holds, |named| named == rolled),
            GradeGate::If(_) => holds,
        }
    }
}

impl PowerLine {
    /// The power's `Check:` line among `lines` (its first), if it has one.
    pub fn check_of(lines: &[Spanned<PowerLine>]) -> Option<&CheckSpec> {
        lines.iter().find_map(|line| match &line.node {
            PowerLine::Check(spec) => Some(spec),
            _ => None,
        })
    }

    /// The effects of a line that carries them (Result, Effect, Before, After).
    pub fn effects_mut(&mut self) -> Option<&mut Effects> {
        match self {
            PowerLine::Result { effects, .. }
            | PowerLine::Effect { effects, .. }
            | PowerLine::Before(effects)
            | PowerLine::After(effects) => Some(effects),
            _ => None,
        }
    }

    /// The label this line is written with (`Result`, `Cost`, ...).
    pub fn label(&self) -> &'static str {
        match self {
            PowerLine::After(_) => "After",
            PowerLine::Before(_) => "Before",
            PowerLine::Check(_) => "Check",
            PowerLine::Choose(_) => "Choose",
            PowerLine::Cost(_) => "Cost",
            PowerLine::Defence(_) => "Defence",
            PowerLine::Effect { .. } => "Effect",
            PowerLine::Halt(_) => "Halt",
            PowerLine::Invest(_) => "Invest",
            PowerLine::Ticks(_) => "Ticks",
            PowerLine::Roll(_) => "Roll",
            PowerLine::Keywords(_) => "Keywords",
            PowerLine::Limit(_) => "Limit",
            PowerLine::Penalty(_) => "Penalty",
            PowerLine::Modifiers(_) => "Modifiers",
            PowerLine::EachWeapon(_) => "Weapons",
            PowerLine::Prereq(_) => "Prereq",
            PowerLine::Result { .. } => "Result",
            PowerLine::Sustain(_) => "Sustain",
            PowerLine::Target(_) => "Target",
            PowerLine::Threshold(_) | PowerLine::GmThreshold(_) => "Threshold",
            PowerLine::Trigger(_) => "Trigger",
            PowerLine::While(_) => "While",
        }
    }
}

fn write_graded(
    f: &mut fmt::Formatter<'_>,
    label: &str,
    grade: &Option<Spanned<u32>>,
    effects: &Effects,
) -> fmt::Result {
    match grade {
        Some(grade) => write!(f, "{label} {}: {effects}", grade.node),
        None => write!(f, "{label}: {effects}"),
    }
}

impl fmt::Display for PowerLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.label();
        match self {
            PowerLine::After(effects) | PowerLine::Before(effects) => {
                write!(f, "{label}: {effects}")
            }
            PowerLine::Check(check) => write!(f, "{label}: {check}"),
            PowerLine::Choose(choice) => write!(f, "{label}: {choice}"),
            PowerLine::GmThreshold(None) => write!(f, "{label}: set by GM"),
            PowerLine::GmThreshold(Some(default)) => match &default.node {
                Expr::Number(_) => write!(f, "{label}: set by GM, default {}", default.node),
                other => write!(f, "{label}: set by GM, default [{other}]"),
            },
            PowerLine::Cost(cost) => write!(f, "{label}: {cost}"),
            PowerLine::Defence(defence) => write!(f, "{label}: {defence}"),
            PowerLine::Penalty(penalty) => write!(f, "{label}: [{}]", penalty.node),
            PowerLine::EachWeapon(None) => write!(f, "{label}: each"),
            PowerLine::EachWeapon(Some(keyword)) => write!(f, "{label}: each {}", keyword.node),
            PowerLine::Modifiers(entries) => {
                write!(f, "{label}: ")?;
                super::common::write_list(f, entries)
            }
            PowerLine::Effect { grade, effects }
            | PowerLine::Result { grade, gate: GradeGate::AtLeast, effects } => {
                write_graded(f, label, grade, effects)
            }
            PowerLine::Result { grade, gate, effects } => {
                let grade = grade.as_ref().map_or(0, |g| g.node);
                match gate {
                    GradeGate::Exactly => write!(f, "{label} ={grade}: {effects}"),
                    GradeGate::Below => write!(f, "{label} <{grade}: {effects}"),
                    GradeGate::Named(name) => write!(f, "{label} {}: {effects}", name.node),
                    GradeGate::Critical => write!(f, "{label} Critical: {effects}"),
                    GradeGate::If(when) => write!(f, "{label} if {}: {effects}", when.node),
                    GradeGate::AtLeast => write_graded(f, label, &None, effects),
                }
            }
            PowerLine::Halt(requirement)
            | PowerLine::Prereq(requirement)
            | PowerLine::Sustain(requirement)
            | PowerLine::Trigger(requirement)
            | PowerLine::While(requirement) => write!(f, "{label}: {requirement}"),
            PowerLine::Invest(amount) | PowerLine::Ticks(amount) | PowerLine::Roll(amount) => {
                write!(f, "{label}: {amount}")
            }
            PowerLine::Limit(limit) => write!(f, "{label}: {limit}"),
            PowerLine::Keywords(keywords) => {
                write!(f, "{label}: ")?;
                write_keywords(f, keywords)
            }
            PowerLine::Target(target) => write!(f, "{label}: {target}"),
            PowerLine::Threshold(threshold) => match &threshold.node {
                // Atoms read as the rulebooks write them: `Threshold: Target's Defense`.
                Expr::Number(_) | Expr::Name(_) | Expr::Possessive { .. } | Expr::Special(_) => {
                    write!(f, "{label}: {}", threshold.node)
                }
                other => write!(f, "{label}: [{other}]"),
            },
        }
    }
}

/// Which powers an upgrade's `To:` line selects: each alternative matches a power by name
/// or by keywords. `Sound or Electricity Attacks` reads as `Sound Attacks` or
/// `Electricity Attacks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Selector {
    /// The alternatives as written.
    pub alternatives: Vec<Spanned<Name>>,
}

impl Selector {
    /// Whether the selector picks `power`: an alternative names it, or every word of the
    /// alternative is one of its keywords (those of `weapon`, the weapon used, included).
    pub fn selects(&self, power: &Block, weapon: Option<&Block>) -> bool {
        self.alternatives.iter().any(|alternative| {
            alternative.node.matches(power.name.node.as_str())
                || alternative
                    .node
                    .as_str()
                    .split_whitespace()
                    .all(|word| keywords::has(keywords::power_lines(power), weapon, word))
        })
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, alternative) in self.alternatives.iter().enumerate() {
            if index > 0 {
                f.write_str(" or ")?;
            }
            write!(f, "{}", alternative.node)?;
        }
        Ok(())
    }
}

/// One notation line of a trait (feat, item, relationship, stance, upgrade).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TraitLine {
    /// `Add: +[Tier+1] damage` — added to the selected powers (upgrades).
    Add(Effects),
    /// `Cost: 2 CP` — to adopt a stance.
    Cost(Cost),
    /// `Details: Ceremonial garb, ...` — description, never executed.
    Details(Narration),
    /// `Effect: +1 Speed`
    Effect(Effects),
    /// `Group: Thieves' Guild` — the organisation of a relationship.
    Group(Spanned<Name>),
    /// `Keywords: Techno Upgrade`
    Keywords(Vec<Spanned<Keyword>>),
    /// `Prereq: [Level >= 3]`
    Prereq(Requirement),
    /// `Limit: once per turn` — how often the upgrade modifies a power.
    Limit(Limit),
    /// `Replace: Walk up to [Speed + 1] hexes` — removed from the selected powers.
    Replace(LineSwap),
    /// `Slots: 1`
    Slots(Amount),
    /// `Creation: +2 points` — raises the creation budget of actor blocks listing it.
    Creation(i64),
    /// `Choices: Lunge or Parry; Feint or Riposte` — groups
    /// of powers and traits of which an actor listing this trait may have one each.
    Choices(Vec<Spanned<Vec<Spanned<Name>>>>),
    /// `To: Sound or Electricity Attacks`
    To(Selector),
    /// `Trigger: you are hit`
    Trigger(Requirement),
    /// `While: [HP <= Max HP / 2]`
    While(Requirement),
    /// `With: Teleport up to [Speed] hexes` — put in place of the Replace line.
    With(LineSwap),
    /// `Add: +[Tier + 1] damage` — a signed Add: increases (or with `-`, decreases) each
    /// damage the selected powers deal, instead of adding a damage instance.
    Bonus(Effects),
}

impl TraitLine {
    /// The label this line is written with.
    pub fn label(&self) -> &'static str {
        match self {
            TraitLine::Add(_) | TraitLine::Bonus(_) => "Add",
            TraitLine::Limit(_) => "Limit",
            TraitLine::Cost(_) => "Cost",
            TraitLine::Details(_) => "Details",
            TraitLine::Effect(_) => "Effect",
            TraitLine::Group(_) => "Group",
            TraitLine::Keywords(_) => "Keywords",
            TraitLine::Prereq(_) => "Prereq",
            TraitLine::Replace(_) => "Replace",
            TraitLine::Slots(_) => "Slots",
            TraitLine::Creation(_) => "Creation",
            TraitLine::Choices(_) => "Choices",
            TraitLine::To(_) => "To",
            TraitLine::Trigger(_) => "Trigger",
            TraitLine::While(_) => "While",
            TraitLine::With(_) => "With",
        }
    }
}

impl fmt::Display for TraitLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.label())?;
        match self {
            TraitLine::Add(effects) | TraitLine::Effect(effects) => write!(f, "{effects}"),
            TraitLine::Cost(cost) => write!(f, "{cost}"),
            TraitLine::Details(text) => write!(f, "{text}"),
            TraitLine::Replace(swap) | TraitLine::With(swap) => write!(f, "{}", swap.text),
            TraitLine::Limit(limit) => write!(f, "{limit}"),
            TraitLine::Bonus(effects) => {
                // The sign is the meaning: `+` increases the power's damage.
                if !effects.to_string().starts_with('-') {
                    f.write_str("+")?;
                }
                write!(f, "{effects}")
            }
            TraitLine::Group(group) => write!(f, "{}", group.node),
            TraitLine::Keywords(keywords) => write_keywords(f, keywords),
            TraitLine::Prereq(requirement)
            | TraitLine::Trigger(requirement)
            | TraitLine::While(requirement) => {
                write!(f, "{requirement}")
            }
            TraitLine::Slots(slots) => write!(f, "{slots}"),
            TraitLine::Creation(points) => write!(f, "{points:+} points"),
            TraitLine::Choices(groups) => {
                for (index, group) in groups.iter().enumerate() {
                    if index > 0 {
                        f.write_str("; ")?;
                    }
                    for (at, name) in group.node.iter().enumerate() {
                        if at > 0 {
                            f.write_str(" or ")?;
                        }
                        write!(f, "{}", name.node)?;
                    }
                }
                Ok(())
            }
            TraitLine::To(selector) => write!(f, "{selector}"),
        }
    }
}

/// The text of a `Replace:` or `With:` line: as written (printed back verbatim) and lowered
/// as a power line so it can be matched and executed. `Result 3: apply Dazed` carries its
/// own label; without one the text is read as effects and takes the replaced line's label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineSwap {
    /// The text as written.
    pub text: Narration,
    /// The text lowered as a power line (`None` when it did not read).
    pub line: Option<Spanned<PowerLine>>,
    /// True when the text starts with its own label (`Result 3:`).
    pub labelled: bool,
}

impl LineSwap {
    /// The index of the power line this Replace names: with a label, the line whose
    /// canonical text is the same; without, the line whose text after its label is.
    pub fn find_in(&self, power: &[Spanned<PowerLine>]) -> Option<usize> {
        let wanted = self.line.as_ref()?;
        if self.labelled {
            let text = wanted.node.to_string();
            return power.iter().position(|line| line.node.to_string() == text);
        }
        let body = match &wanted.node {
            PowerLine::Result { effects, .. } => effects.to_string(),
            other => other.to_string(),
        };
        power.iter().position(|line| {
            let printed = line.node.to_string();
            printed.split_once(": ").is_some_and(|(_, text)| text == body)
        })
    }

    /// The line this With puts in place of `old`: its own line when labelled, else `old`
    /// with its effects swapped (`None` when `old` has no effects to swap).
    pub fn replacing(&self, old: &PowerLine) -> Option<PowerLine> {
        let new = self.line.as_ref()?;
        if self.labelled {
            return Some(new.node.clone());
        }
        let PowerLine::Result { effects: swapped, .. } = &new.node else { return None };
        let mut line = old.clone();
        *line.effects_mut()? = swapped.clone();
        Some(line)
    }
}

/// `Limit: twice per round, shared by Fate`: at most `count` uses per clock tick, counted
/// per user (and per keyword when shared).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Limit {
    /// How many uses.
    pub count: u32,
    /// What resets the count.
    pub per: LimitClock,
    /// The keyword whose powers share one count (`None`: this block alone).
    pub shared: Option<Spanned<Name>>,
}

/// What resets a [`Limit`]'s count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum LimitClock {
    /// The end of any turn.
    Turn,
    /// The end of a round.
    Round,
    /// The end of the encounter.
    Encounter,
}

impl LimitClock {
    /// The word after `per`.
    pub fn word(self) -> &'static str {
        match self {
            LimitClock::Turn => "turn",
            LimitClock::Round => "round",
            LimitClock::Encounter => "encounter",
        }
    }
}

/// A count of uses as a limit says it: `once`, `twice`, `3 times`.
pub fn times(count: u32) -> String {
    match count {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} per {}", times(self.count), self.per.word())?;
        if let Some(keyword) = &self.shared {
            write!(f, ", shared by {}", keyword.node)?;
        }
        Ok(())
    }
}

/// Which kind of trait a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TraitKind {
    /// `trait`
    Trait,
    /// `feat`
    Feat,
    /// `item`
    Item,
    /// `relationship`
    Relationship,
    /// `stance`
    Stance,
    /// `upgrade`
    Upgrade,
}

impl fmt::Display for TraitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(super::BlockKind::Trait(*self).word())
    }
}
