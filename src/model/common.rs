//! Line values shared by several block kinds: targets, costs, requirement tests
//! (Trigger, While, Prereq, Halt, Sustain), keywords and grade-gated labels.

use std::fmt;

use serde::Serialize;

use super::effect::{Amount, ConditionRef, Narration};
use super::expr::{Expr, Name};
use crate::diagnostics::Spanned;

/// How many targets a Target line picks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TargetCount {
    /// `Up to 3 allies`
    UpTo(Amount),
    /// `All enemies`
    All,
    /// `2 enemies`
    Exactly(Amount),
}

/// An area shape: `Burst`, `Cone`, `Path`, `Ray`, `Line`, `Blast`, `Arc`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaShape(pub String);

/// Whether an area counts the power's user among the creatures in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SelfInArea {
    /// `excluding Self`
    Excluding,
    /// `including Self`
    Including,
}

/// Which side an area leaves out, after its geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SidesInArea {
    /// `excluding allies`: everyone on the user's side (the user too, unless
    /// `including Self`).
    ExcludingAllies,
    /// `excluding enemies`: everyone on another side than the user's.
    ExcludingEnemies,
}

/// Who or what a power affects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Target {
    /// `Self`
    User,
    /// `Enemy in [Weapon Reach]`, `Up to 3 allies in 5`
    Creatures {
        /// How many (`None`: one).
        count: Option<TargetCount>,
        /// `Enemy`, `allies`, `creature`: as written.
        who: Spanned<Name>,
        /// Maximum distance.
        range: Option<Amount>,
        /// `in 2-3`: the least distance (boxed: rare, and it keeps power lines small).
        #[serde(skip_serializing_if = "Option::is_none")]
        least: Option<Box<Amount>>,
    },
    /// `Burst 2 within 10`, `Burst 1 excluding Self`
    Area {
        /// The shape.
        shape: AreaShape,
        /// Its size.
        size: Amount,
        /// How far away it may be placed.
        range: Option<Amount>,
        /// `within 2-3`: how near it may not be placed (boxed, as `first`: rare, and it
        /// keeps power lines small).
        #[serde(skip_serializing_if = "Option::is_none")]
        least: Option<Box<Amount>>,
        /// `, first 4`: how many of the creatures in it, in its order, it strikes at most.
        #[serde(skip_serializing_if = "Option::is_none")]
        first: Option<Box<Amount>>,
        /// `excluding Self` / `including Self`; `None`: the default (an area placed at range
        /// counts its user, one originating on the user does not).
        #[serde(skip_serializing_if = "Option::is_none")]
        user: Option<SelfInArea>,
        /// `excluding allies` / `excluding enemies`; `None`: sides do not filter the area.
        #[serde(skip_serializing_if = "Option::is_none")]
        sides: Option<SidesInArea>,
    },
    /// Anything else, kept verbatim.
    Narration(Narration),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::User => f.write_str("Self"),
            Target::Creatures { count, who, range, least } => {
                match count {
                    Some(TargetCount::UpTo(amount)) => write!(f, "Up to {amount} ")?,
                    Some(TargetCount::All) => f.write_str("All ")?,
                    Some(TargetCount::Exactly(amount)) => write!(f, "{amount} ")?,
                    None => {}
                }
                // `you or an ally` is a target word of its own, printed without quotes.
                let word = who.node.as_str();
                if ["you or an ally", "you or allies"].iter().any(|w| word.eq_ignore_ascii_case(w))
                {
                    f.write_str(word)?;
                } else {
                    write!(f, "{}", who.node)?;
                }
                match (least, range) {
                    (Some(least), Some(range)) => write!(f, " in {least}-{range}"),
                    (_, Some(range)) => write!(f, " in {range}"),
                    _ => Ok(()),
                }
            }
            Target::Area { shape, size, range, least, first, user, sides } => {
                write!(f, "{} {size}", shape.0)?;
                match (least, range) {
                    (Some(least), Some(range)) => write!(f, " within {least}-{range}")?,
                    (_, Some(range)) => write!(f, " within {range}")?,
                    _ => {}
                }
                match user {
                    Some(SelfInArea::Excluding) => f.write_str(" excluding Self")?,
                    Some(SelfInArea::Including) => f.write_str(" including Self")?,
                    None => {}
                }
                match sides {
                    Some(SidesInArea::ExcludingAllies) => f.write_str(" excluding allies")?,
                    Some(SidesInArea::ExcludingEnemies) => f.write_str(" excluding enemies")?,
                    None => {}
                }
                match first {
                    Some(first) => write!(f, ", first {first}"),
                    None => Ok(()),
                }
            }
            Target::Narration(narration) => write!(f, "{narration}"),
        }
    }
}

/// One resource amount of a cost: `[Weapon + 1] CP`, or `choose 1-5 Vigor` (the use picks
/// how much within the bounds, and its lines read the pick as `Chosen`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CostPart {
    /// How much; for a chosen amount, the least the use may pick.
    pub amount: Amount,
    /// Of which resource.
    pub resource: Spanned<Name>,
    /// `choose 1-5`: the most the use may pick (`None`: the amount is fixed).
    pub up_to: Option<Amount>,
}

/// What using a power (or adopting a stance) costs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Cost {
    /// `1 CP + 1 Sg`
    Resources(Vec<CostPart>),
    /// Anything else, kept verbatim.
    Narration(Narration),
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Resources(parts) => {
                for (index, part) in parts.iter().enumerate() {
                    if index > 0 {
                        f.write_str(" + ")?;
                    }
                    match &part.up_to {
                        Some(most) => {
                            write!(f, "choose {}-{most} {}", part.amount, part.resource.node)?
                        }
                        None => write!(f, "{} {}", part.amount, part.resource.node)?,
                    }
                }
                Ok(())
            }
            Cost::Narration(narration) => write!(f, "{narration}"),
        }
    }
}

/// A Check line: the check modifier and optionally the procedure to use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckSpec {
    /// `Attack + Strength`
    pub modifier: Spanned<Expr>,
    /// `versus [Clubs]`: each target rolls the same procedure with this value (evaluated
    /// on the target) and the two sides are compared as a versus check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defence: Option<Spanned<Expr>>,
    /// `versus a defence`: each target chooses among its defence powers (`Defence:` lines)
    /// when the check resolves, and rolls the chosen ones' `Check:` values.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub defended: bool,
    /// `using Grade Roll`; `None` means the system's default procedure.
    pub procedure: Option<Spanned<Name>>,
    /// `by Target`: who rolls the check.
    #[serde(skip_serializing_if = "CheckRoller::is_user")]
    pub roller: CheckRoller,
}

/// Who rolls a power's check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum CheckRoller {
    /// The power's user (the default, also written `by Self`).
    #[default]
    User,
    /// Each target rolls its own check against its threshold, with the target's values;
    /// `Grade` is then that target's grade (a defence check).
    Target,
}

impl CheckRoller {
    /// Whether the user rolls (the default, left out of the model's JSON).
    pub fn is_user(&self) -> bool {
        *self == CheckRoller::User
    }
}

impl fmt::Display for CheckSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.modifier.node)?;
        if let Some(defence) = &self.defence {
            write!(f, " versus [{}]", defence.node)?;
        }
        if self.defended {
            f.write_str(" versus a defence")?;
        }
        if let Some(procedure) = &self.procedure {
            write!(f, " using {}", procedure.node)?;
        }
        match self.roller {
            CheckRoller::Target => write!(f, " by Target"),
            CheckRoller::User => Ok(()),
        }
    }
}

/// Who a test is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// `you`, `your`, `Self`: the power's user (a trait's or weapon's holder).
    User,
    /// `Target`, `the target`: the current target.
    Target,
    /// `this power`, `the power`, `power`, `it`: the power in use (with its weapon); `the
    /// attack`, `attack`: the same, and in a hit's event rule the attack that struck.
    Power,
    /// `the world`, `world`: the world's flags (`the world is Night`).
    World,
    /// `the weapon`, `weapon`, `your weapon`: the weapon the power is used with, tested by
    /// its name and keywords (`not the weapon has keyword Bow`); a use without one has none.
    Weapon,
}

impl Subject {
    /// A test's subject as written: whether it starts with `not`, and who it is about (`None`:
    /// no subject the runtime knows).
    pub fn of(name: &Name) -> (bool, Option<Subject>) {
        let text = name.as_str().to_ascii_lowercase();
        let (negated, rest) = match text.strip_prefix("not ") {
            Some(rest) => (true, rest.trim()),
            None => (false, text.as_str()),
        };
        let who = match rest {
            "you" | "your" | "self" => Some(Subject::User),
            "target" | "the target" => Some(Subject::Target),
            "power" | "this power" | "the power" | "it" | "the attack" | "attack" => {
                Some(Subject::Power)
            }
            "world" | "the world" => Some(Subject::World),
            "weapon" | "the weapon" | "your weapon" => Some(Subject::Weapon),
            _ => None,
        };
        (negated, who)
    }
}

/// One test of a requirement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Test {
    /// `[HP <= Max HP / 2]`
    Compare(Spanned<Expr>),
    /// `Target has Prone`, `you are Dazed`
    Has {
        /// Who.
        subject: Spanned<Name>,
        /// The verb as written (`has`, `is`, ...).
        verb: String,
        /// The condition.
        condition: ConditionRef,
    },
    /// `Target has keyword Construct`: a keyword test on an actor or power.
    Keyword {
        /// Who or what is tested.
        subject: Spanned<Name>,
        /// The verb as written (`has`, `is`, ...).
        verb: String,
        /// The keyword.
        keyword: Spanned<Name>,
    },
    /// `wielding a Shield`, `not wielding a Shield`, `Target is wielding a Bow`: whether
    /// an actor has equipped gear of that name or with that keyword.
    Wielding {
        /// `not` before the test.
        negated: bool,
        /// Who, with the verb as written (`Target`, `is`); the user when left out.
        subject: Option<(Spanned<Name>, String)>,
        /// The gear's name or keyword.
        gear: Spanned<Name>,
    },
    /// `the square is occupied`, `not the square has Unsteady Ground`: what is on the cell
    /// the power's use names (`to q,r`).
    Cell {
        /// `not` before the test.
        negated: bool,
        /// The cell word as written, in lower case (`square`, `hex`, `cell`).
        cell: String,
        /// The terrain tested for; `None`: whether an actor stands there.
        terrain: Option<Spanned<Name>>,
    },
    /// `you are behind Target`, `not you are in front of Target`, `Target is beside you`:
    /// where the subject stands seen from the other actor's facing (see
    /// [`crate::engine::Quarter`]).
    Facing {
        /// Who stands there (optionally after `not`).
        subject: Spanned<Name>,
        /// The verb as written (`is`, `are`).
        verb: String,
        /// In front of, beside or behind.
        quarter: crate::engine::Quarter,
        /// Whose facing it is measured from.
        of: Spanned<Name>,
    },
    /// `an ally within 5`, `no enemy within [Reach]`: whether someone of a kind (`ally`,
    /// `enemy`, `creature`) stands within a distance of the one tested (the user).
    Near {
        /// `no` instead of `a`/`an`.
        negated: bool,
        /// `ally`, `enemy`, `creature`, as written.
        who: Spanned<Name>,
        /// The distance, on the system's grid.
        within: Amount,
    },
    /// `no ally is Emboldened`, `an enemy is Marked`: whether anyone of a kind (`ally`,
    /// `enemy`, `creature`), placed or not, holds a condition.
    Party {
        /// `no` instead of `a`/`an`.
        negated: bool,
        /// `ally`, `enemy`, `creature`, as written.
        who: Spanned<Name>,
        /// The condition.
        condition: Spanned<Name>,
    },
    /// `an enemy moves adjacent to you`: an event the engine raises.
    Event {
        /// Who acts.
        subject: Spanned<Name>,
        /// `moves`, `attacks`, `hits`, ...
        verb: String,
        /// The rest of the clause, kept as written.
        rest: Option<String>,
    },
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Test::Compare(expr) => write!(f, "[{}]", expr.node),
            Test::Keyword { subject, verb, keyword } => {
                write!(f, "{} {verb} keyword {}", subject.node, keyword.node)
            }
            Test::Has { subject, verb, condition } => {
                write!(f, "{} {verb} {condition}", subject.node)
            }
            Test::Wielding { negated, subject, gear } => {
                if *negated {
                    f.write_str("not ")?;
                }
                if let Some((subject, verb)) = subject {
                    write!(f, "{} {verb} ", subject.node)?;
                }
                write!(f, "wielding {} {}", article(gear.node.as_str(), false), gear.node)
            }
            Test::Facing { subject, verb, quarter, of } => {
                write!(f, "{} {verb} {quarter} {}", subject.node, of.node)
            }
            Test::Cell { negated, cell, terrain } => {
                if *negated {
                    f.write_str("not ")?;
                }
                match terrain {
                    Some(terrain) => write!(f, "the {cell} has {}", terrain.node),
                    None => write!(f, "the {cell} is occupied"),
                }
            }
            Test::Party { negated, who, condition } => {
                let article = article(who.node.as_str(), *negated);
                write!(f, "{article} {} is {}", who.node, condition.node)
            }
            Test::Near { negated, who, within } => {
                let article = article(who.node.as_str(), *negated);
                write!(f, "{article} {} within {within}", who.node)
            }
            Test::Event { subject, verb, rest } => {
                write!(f, "{} {verb}", subject.node)?;
                match rest {
                    Some(rest) => write!(f, " {rest}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// How two tests combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Junction {
    /// `and`
    And,
    /// `or`
    Or,
}

/// A Trigger, While, Prereq, Halt or Sustain line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(
    clippy::large_enum_variant,
    reason = "built once per rule file; unboxed variants keep matching simple for the engine"
)]
pub enum Requirement {
    /// Tests joined left to right: `an enemy moves adjacent to you and [HP > 0]`.
    Tests {
        /// The first test.
        first: Spanned<Test>,
        /// The others with their junctions.
        rest: Vec<(Junction, Spanned<Test>)>,
    },
    /// Anything else, kept verbatim.
    Narration(Narration),
}

impl Requirement {
    /// Whether the requirement holds, `test` deciding each test and the junctions joining
    /// them left to right (`a and b or c` is `(a and b) or c`). Narration holds (`check`
    /// flags it as narrative only).
    pub fn holds_by<E>(
        &self,
        mut test: impl FnMut(&Spanned<Test>) -> Result<bool, E>,
    ) -> Result<bool, E> {
        let Requirement::Tests { first, rest } = self else { return Ok(true) };
        let mut result = test(first)?;
        for (junction, next) in rest {
            let value = test(next)?;
            result = if *junction == Junction::And { result && value } else { result || value };
        }
        Ok(result)
    }
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Requirement::Tests { first, rest } => {
                write!(f, "{}", first.node)?;
                for (junction, test) in rest {
                    let word = if *junction == Junction::And { "and" } else { "or" };
                    write!(f, " {word} {}", test.node)?;
                }
                Ok(())
            }
            Requirement::Narration(narration) => write!(f, "{narration}"),
        }
    }
}

/// One keyword: a word, or `[Weapon]` (the keywords of the power's weapon).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Keyword {
    /// `Melee`
    Word(Name),
    /// `[Weapon]`
    Expr(Spanned<Expr>),
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keyword::Word(word) => write!(f, "{word}"),
            Keyword::Expr(expr) => write!(f, "[{}]", expr.node),
        }
    }
}

/// Writes keywords separated by spaces, the rulebook's way: `Melee [Weapon] Charge`.
pub fn write_keywords(f: &mut fmt::Formatter<'_>, keywords: &[Spanned<Keyword>]) -> fmt::Result {
    for (index, keyword) in keywords.iter().enumerate() {
        if index > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{}", keyword.node)?;
    }
    Ok(())
}

/// Writes a comma-separated list.
pub fn write_list<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: &[Spanned<T>],
) -> fmt::Result {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", item.node)?;
    }
    Ok(())
}

/// `Name value`: a stat value in an actor or a named number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Assignment {
    /// `Strength`
    pub name: Spanned<Name>,
    /// `-` before the value.
    pub negative: bool,
    /// `2`, `[Max HP]`
    pub value: Amount,
}

impl fmt::Display for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.negative { "-" } else { "" };
        write!(f, "{} {sign}{}", self.name.node, self.value)
    }
}

/// The article a test prints before `word`: `no` when the test is negated, else `an` before
/// a vowel and `a` otherwise (`wielding an Axe`, `an ally within 2`, `no enemy is Dazed`).
fn article(word: &str, negated: bool) -> &'static str {
    if negated { "no" } else { crate::diagnostics::article(word) }
}
