//! System declarations and check procedures: what a game is made of (stats, resources,
//! derived values, grades, turn structure, rulings) and how its checks are rolled. A check
//! procedure is a `check` block of declarative lines; its dice are dice notation with
//! `[...]` holes that the engine fills in before handing the text to the dice engine.

use std::fmt;

use serde::Serialize;

use super::common::{Assignment, write_list};
use super::effect::{Amount, Narration};
use super::expr::{CompareOp, Expr, Name, Rounding};
use crate::diagnostics::Spanned;

/// The names effect lines read the world clock by (a system with a `Clock:` line): the
/// day, the period of the day and the tick of the period, each counted from 0.
pub const CLOCK_NAMES: [&str; 3] = ["Clock Day", "Clock Period", "Clock Tick"];

/// A rule about a resource: `max [Max HP]; reset to 6 at turn start`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ResourceRule {
    /// `max [Max HP]`
    Max(Amount),
    /// `no max`
    NoMax,
    /// `no min`: it may fall without bound (a debt, a stamina that runs below 0).
    NoMin,
    /// `reset to 6 at turn start`
    ResetTo {
        /// The new value.
        amount: Amount,
        /// When, as written: `turn start`.
        moment: Spanned<String>,
    },
    /// `gain 6 at turn start`
    Gain {
        /// How much.
        amount: Amount,
        /// When.
        moment: Spanned<String>,
    },
    /// `lost at end of encounter`
    Lost(Spanned<String>),
    /// `start 0`: the value a new actor starts with.
    Start(Amount),
    /// `world`: one value the world holds (a scene's tension), not one per actor; read in
    /// effect lines' brackets and changed by their effects.
    World,
    /// `min -4`: the least it can hold (default 0); losses and costs go down to it.
    Min {
        /// `-` before the amount.
        negative: bool,
        /// The amount.
        amount: Amount,
    },
}

impl fmt::Display for ResourceRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResourceRule::Max(amount) => write!(f, "max {amount}"),
            ResourceRule::NoMax => f.write_str("no max"),
            ResourceRule::NoMin => f.write_str("no min"),
            ResourceRule::ResetTo { amount, moment } => {
                write!(f, "reset to {amount} at {}", moment.node)
            }
            ResourceRule::Gain { amount, moment } => write!(f, "gain {amount} at {}", moment.node),
            ResourceRule::Lost(moment) => write!(f, "lost at {}", moment.node),
            ResourceRule::Start(amount) => write!(f, "start {amount}"),
            ResourceRule::World => f.write_str("world"),
            ResourceRule::Min { negative, amount } => {
                write!(f, "min {}{amount}", if *negative { "-" } else { "" })
            }
        }
    }
}

/// One stat's bounds: `Might 1-6`, `Luck -3 to 3`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatBounds {
    /// The stat.
    pub stat: Spanned<Name>,
    /// The least value.
    pub low: i64,
    /// The most value.
    pub high: i64,
}

impl fmt::Display for StatBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (stat, low, high) = (&self.stat.node, self.low, self.high);
        if low >= 0 {
            write!(f, "{stat} {low}-{high}")
        } else {
            write!(f, "{stat} {low} to {high}")
        }
    }
}

/// A grade label: `2 Medium`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GradeLabel {
    /// The grade number.
    pub grade: u32,
    /// Its name.
    pub label: Spanned<Name>,
}

impl fmt::Display for GradeLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.grade, self.label.node)
    }
}

/// The rulings the engine itself reads by name. Every other ruling is a named value that
/// brackets read (`[Ruling fate exchange CP]`), and `check` warns about one nothing reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineRuling {
    /// `Ruling grade cap: 3`: the cap of pool procedures that have no `Grade cap:` line of
    /// their own (a procedure's own line wins, and `check` says so).
    GradeCap,
    /// `Ruling initiative overflow: [CP]`: the resource a turn-order total above the last
    /// segment adds the excess to.
    InitiativeOverflow,
}

impl EngineRuling {
    /// Every ruling the engine reads.
    pub const ALL: [EngineRuling; 2] = [EngineRuling::GradeCap, EngineRuling::InitiativeOverflow];

    /// The ruling's name as a `Ruling` line writes it.
    pub fn name(self) -> &'static str {
        match self {
            EngineRuling::GradeCap => "grade cap",
            EngineRuling::InitiativeOverflow => "initiative overflow",
        }
    }

    /// What the engine does with it, for help and the docs.
    pub fn meaning(self) -> &'static str {
        match self {
            EngineRuling::GradeCap => {
                "the grade cap of pool procedures without a `Grade cap:` line of their own"
            }
            EngineRuling::InitiativeOverflow => {
                "the resource a turn-order total above the last segment adds the excess to"
            }
        }
    }
}

/// One line of a `system` block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum SystemLine {
    /// `Stats: Strength, Finesse` or, with a group name, `Stats Combat Skills: Aim, Damage`;
    /// `Stats Fighting Specialities under Fighting: Blades, Clubs` declares specialised stats
    /// that read their parent's value on an actor that has not learned them.
    Stats {
        /// The group name (`Combat Skills`), if any.
        group: Option<Spanned<Name>>,
        /// The parent stat (`under Fighting`) a missing specialised stat falls back to.
        parent: Option<Spanned<Name>>,
        /// The stats.
        stats: Vec<Spanned<Name>>,
    },
    /// `Resource CP: reset to 6 at turn start; lost at end of encounter`
    Resource {
        /// The resource.
        name: Spanned<Name>,
        /// Its rules.
        rules: Vec<Spanned<ResourceRule>>,
    },
    /// `Derived Jolt: [floor(Max HP / 4) + Sturdiness]`
    Derived {
        /// The derived value.
        name: Spanned<Name>,
        /// How it is computed.
        value: Spanned<Expr>,
    },
    /// `Status Bloodied: [HP * 2 <= Max HP]` — health statuses, first true one wins,
    /// checked in reverse declaration order (declare them best to worst).
    Status {
        /// The label.
        name: Spanned<Name>,
        /// When it applies.
        when: Spanned<Expr>,
    },
    /// `Layered Body: Health` — a layered pool: armour layers (outermost first, in an
    /// actor's Equipment order) in front of its innermost resource. The first one is where
    /// plain damage goes.
    Layered {
        /// The pool (`Body`).
        name: Spanned<Name>,
        /// Its innermost resource (`Health`).
        resource: Spanned<Name>,
    },
    /// `Grades: 0 Fail, 1 Low, 2 Medium, 3 High`
    Grades(Vec<Spanned<GradeLabel>>),
    /// `Ruling grade cap: 3` — a named ruling a GM may override.
    Ruling {
        /// `grade cap`
        name: Spanned<Name>,
        /// `3`
        value: Amount,
    },
    /// `Table Skill Damage: <7 -3, 7-8 -2, >8 +1` — a lookup table, read as a call.
    Table {
        /// `Skill Damage`
        name: Spanned<Name>,
        /// The rows.
        table: super::table::Table,
    },
    /// `Rounding: floor` — how decimals become integers.
    Rounding(Rounding),
    /// `Phases: Start, Delay, Reset CP, Action, End`
    Phases(Vec<Spanned<Name>>),
    /// `Segments: 10` — segments per round.
    Segments(Amount),
    /// `Turn order: 1d10 + [Initiative]` — the roll that orders turns, highest first.
    TurnOrder(Spanned<DiceTemplate>),
    /// `Default check: Grade Roll` — the procedure powers use when their Check names none.
    DefaultCheck(Spanned<Name>),
    /// `Initiative: ticks` — plain turns (default) or a tick timeline.
    Initiative(super::outcome::InitiativeMode),
    /// `Action ticks: 5` — what an action costs on the tick timeline when its power has no
    /// `Ticks:` line.
    ActionTicks(Amount),
    /// `Default Strength: 0` — a default for a stat or resource.
    Default(Assignment),
    /// `Functions: aid_bonus, chunk_class` — script functions expressions may call.
    Functions(Vec<Spanned<Name>>),
    /// `Details: ...` — notes, never executed.
    Details(Narration),
    /// `Keyword Attack: only on own turn` — when powers with a keyword may be used.
    KeywordRule {
        /// The keyword (`Attack`).
        keyword: Spanned<Name>,
        /// The rule.
        rule: Spanned<super::power_rules::KeywordRule>,
    },
    /// `Keyword Attack: resisted as Dodge` — the target's side of a power with the keyword
    /// carries the tag: its relative modifiers `vs Dodge` count there (a dodge is being
    /// attacked), never on the user's side.
    ResistedAs {
        /// The keyword of the power (`Attack`).
        keyword: Spanned<Name>,
        /// The tag its targets' side carries (`Dodge`).
        tag: Spanned<Name>,
    },
    /// `Per turn: 1 Task, 1 other` (every encounter) or `Per challenge turn: ...` (challenge
    /// encounters only): how many powers of each kind a participant uses per turn.
    PerTurn {
        /// True for `Per challenge turn`.
        challenge: bool,
        /// The quotas, first match counts.
        quotas: Vec<Spanned<super::power_rules::TurnQuota>>,
        /// `; 1 Stamina buys 1 Basic or 1 Combat`: what paying allows beyond the quotas.
        purchases: Vec<Spanned<super::power_rules::TurnPurchase>>,
    },
    /// `Check tags: Crafting` — tags a check nobody opposes may carry (`check Ana Intelligence
    /// vs 12 as Crafting`): the roller's relative modifiers `vs Crafting` count on it.
    CheckTags(Vec<Spanned<Name>>),
    /// `Stance ends: Unconscious` — conditions that end an adopted stance.
    StanceEnds(Vec<Spanned<Name>>),
    /// `Effects Carry: gain 1 Marks; when [Marks >= 6]: raise Might by 1` — a named group
    /// of effects that Result, Effect and other effect lines run with `do Carry`.
    Effects {
        /// The group's name.
        name: Spanned<Name>,
        /// Its effects.
        effects: super::Effects,
    },
    /// `At 6 Marks: raise Might by 1; set Marks to 0` — effects an actor runs when one of its
    /// resources reaches a count (rises to it or past it from below).
    At {
        /// The count.
        count: i64,
        /// The resource.
        resource: Spanned<Name>,
        /// What runs, with the actor as its user.
        effects: super::Effects,
    },
    /// `Clock: 6 periods of 4 ticks` — the world clock's day and period sizes: ticks roll
    /// into periods and periods into days; effect lines read `[Clock Day]`, `[Clock
    /// Period]`, `[Clock Tick]` and move it (`advance the clock by 1 tick`).
    Clock {
        /// Periods in a day.
        periods: u32,
        /// Ticks in a period.
        ticks: u32,
    },
    /// `Grid: square` — the map's cells, as written (`check` refuses a kind that is not
    /// `hex` or `square`).
    Grid(Spanned<String>),
    /// `Creation: 8 points among Attributes, 0-4 each` — the budget `check` holds every
    /// created character (an actor block naming no `Side:`) to.
    Creation(CreationBudget),
    /// `World: Day or Night; Warm or Cold` — world flags: in each group exactly one holds
    /// (the first at the start); the GM sets one (`world is Night`), tests read them (`the
    /// world is Night`, `[Night]`).
    World(Vec<Vec<Spanned<Name>>>),
    /// `Bounds: Might 1-6, Luck -3 to 3` — the least and most stats may hold; a raise or
    /// lower past a bound stops at it, and the log says so.
    Bounds(Vec<Spanned<StatBounds>>),
    /// `Weapon fields: Damage dice, Crit range range, Type keyword` — the fields a kind of
    /// gear carries, with their types.
    GearFields {
        /// `Weapon` or `Armour`.
        kind: super::gear::GearKind,
        /// The fields.
        fields: Vec<Spanned<super::gear::FieldDecl>>,
    },
    /// `Record Attack: Hit number, Damage dice` — a record a gear field may hold.
    Record {
        /// `Attack`
        name: Spanned<Name>,
        /// Its entries' declarations.
        fields: Vec<Spanned<super::gear::FieldDecl>>,
    },
    /// `Fallback weapon: Fists` — the weapon a use falls back to when its weapon's
    /// `Requires:` does not hold.
    FallbackWeapon(Spanned<Name>),
    /// `On damage taken: bleed_check` — a script function called on an engine event.
    Hook {
        /// The event.
        event: Spanned<super::hook::HookEvent>,
        /// The script function.
        function: Spanned<Name>,
    },
    /// `On kill: gain 1 Glory`, `When HP reaches 0: apply Dying`, `On hit: if you are
    /// Unconscious: apply Dead` — effect lines the engine runs on an event, for everyone.
    OnEvent(Box<super::hook::EventRule>),
    /// `Side order: party, foes` — turns go by side: every participant of the first side
    /// acts (in turn order among them), then the next side's (a player phase, then an
    /// opponent phase); sides not listed act last.
    SideOrder(Vec<Spanned<Name>>),
    /// `Challenge counters: Clues, Alarms` — the resources a challenge counts its
    /// successes and failures in (the session's `challenge N <success> before M <failure>`).
    ChallengeCounters {
        /// The successes' resource.
        success: Spanned<Name>,
        /// The failures' resource.
        failure: Spanned<Name>,
    },
}

impl fmt::Display for SystemLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemLine::Stats { group, parent, stats } => {
                f.write_str("Stats")?;
                if let Some(group) = group {
                    write!(f, " {}", group.node)?;
                }
                if let Some(parent) = parent {
                    write!(f, " under {}", parent.node)?;
                }
                f.write_str(": ")?;
                write_list(f, stats)
            }
            SystemLine::Resource { name, rules } => {
                write!(f, "Resource {}: ", name.node)?;
                for (index, rule) in rules.iter().enumerate() {
                    if index > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{}", rule.node)?;
                }
                Ok(())
            }
            SystemLine::Derived { name, value } => {
                write!(f, "Derived {}: [{}]", name.node, value.node)
            }
            SystemLine::Status { name, when } => write!(f, "Status {}: [{}]", name.node, when.node),
            SystemLine::Layered { name, resource } => {
                write!(f, "Layered {}: {}", name.node, resource.node)
            }
            SystemLine::Grades(grades) => {
                f.write_str("Grades: ")?;
                write_list(f, grades)
            }
            // A label holds any words: the name is written bare even when a bracket would
            // quote it (`Ruling always succeed at: 12`).
            SystemLine::Table { name, table } => write!(f, "Table {}: {table}", name.node.as_str()),
            SystemLine::Ruling { name, value } => {
                write!(f, "Ruling {}: {value}", name.node.as_str())
            }
            SystemLine::Rounding(rounding) => write!(f, "Rounding: {rounding}"),
            SystemLine::Phases(phases) => {
                f.write_str("Phases: ")?;
                write_list(f, phases)
            }
            SystemLine::Segments(segments) => write!(f, "Segments: {segments}"),
            SystemLine::TurnOrder(roll) => write!(f, "Turn order: {}", roll.node),
            SystemLine::DefaultCheck(name) => write!(f, "Default check: {}", name.node),
            SystemLine::Initiative(mode) => write!(f, "Initiative: {mode}"),
            SystemLine::ActionTicks(amount) => write!(f, "Action ticks: {amount}"),
            SystemLine::Default(assignment) => {
                write!(
                    f,
                    "Default {}: {}{}",
                    assignment.name.node,
                    if assignment.negative { "-" } else { "" },
                    assignment.value
                )
            }
            SystemLine::Functions(names) => {
                f.write_str("Functions: ")?;
                write_list(f, names)
            }
            SystemLine::Details(text) => write!(f, "Details: {text}"),
            SystemLine::Hook { event, function } => {
                write!(f, "On {}: {}", event.node, function.node)
            }
            SystemLine::Effects { name, effects } => {
                write!(f, "Effects {}: {effects}", name.node.as_str())
            }
            SystemLine::At { count, resource, effects } => {
                write!(f, "At {count} {}: {effects}", resource.node.as_str())
            }
            SystemLine::Grid(kind) => write!(f, "Grid: {}", kind.node),
            SystemLine::Creation(budget) => write!(f, "Creation: {budget}"),
            SystemLine::World(groups) => {
                f.write_str("World: ")?;
                for (at, group) in groups.iter().enumerate() {
                    if at > 0 {
                        f.write_str("; ")?;
                    }
                    for (index, flag) in group.iter().enumerate() {
                        if index > 0 {
                            f.write_str(" or ")?;
                        }
                        write!(f, "{}", flag.node)?;
                    }
                }
                Ok(())
            }
            SystemLine::Clock { periods, ticks } => {
                write!(f, "Clock: {periods} periods of {ticks} ticks")
            }
            SystemLine::Bounds(bounds) => {
                f.write_str("Bounds: ")?;
                write_list(f, bounds)
            }
            SystemLine::OnEvent(rule) => write!(f, "{rule}"),
            SystemLine::SideOrder(sides) => {
                f.write_str("Side order: ")?;
                write_list(f, sides)
            }
            SystemLine::ChallengeCounters { success, failure } => {
                write!(f, "Challenge counters: {}, {}", success.node, failure.node)
            }
            SystemLine::KeywordRule { keyword, rule } => {
                write!(f, "Keyword {}: {}", keyword.node, rule.node)
            }
            SystemLine::ResistedAs { keyword, tag } => {
                write!(
                    f,
                    "Keyword {}: {} {}",
                    keyword.node,
                    super::power_rules::RESISTED_AS,
                    tag.node
                )
            }
            SystemLine::PerTurn { challenge, quotas, purchases } => {
                f.write_str(if *challenge { "Per challenge turn: " } else { "Per turn: " })?;
                write_list(f, quotas)?;
                for purchase in purchases {
                    write!(f, "; {}", purchase.node)?;
                }
                Ok(())
            }
            SystemLine::StanceEnds(conditions) => {
                f.write_str("Stance ends: ")?;
                write_list(f, conditions)
            }
            SystemLine::CheckTags(tags) => {
                f.write_str("Check tags: ")?;
                write_list(f, tags)
            }
            SystemLine::GearFields { kind, fields } => {
                write!(f, "{} fields: ", kind.word())?;
                write_list(f, fields)
            }
            SystemLine::Record { name, fields } => {
                write!(f, "Record {}: ", name.node.as_str())?;
                write_list(f, fields)
            }
            SystemLine::FallbackWeapon(name) => write!(f, "Fallback weapon: {}", name.node),
        }
    }
}

/// One piece of a dice template: literal notation or a `[...]` hole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TemplatePart {
    /// `d10`, `}cs>=`
    Text(String),
    /// `[Tier + 2]`
    Hole(Spanned<Expr>),
}

/// Dice notation with holes: `[Tier + 2]d10`, `{[Pool]d10+[Modifier]}cs>=[Threshold]`. The
/// engine evaluates each hole, splices the integers in, and parses the result as dice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceTemplate {
    /// The parts in order (private: `faces` and `best_of` are read from them once).
    parts: Vec<TemplatePart>,
    /// [`DiceTemplate::faces`], read from the parts once, when the template is made (a check
    /// asks on every roll). A function of the parts: equality is the parts'.
    #[serde(skip)]
    faces: Option<i64>,
    /// [`DiceTemplate::best_of`], read once likewise.
    #[serde(skip)]
    best_of: Option<u32>,
}

impl DiceTemplate {
    /// The template of `parts`.
    pub fn new(parts: Vec<TemplatePart>) -> DiceTemplate {
        let faces = faces_of(&parts);
        let best_of = best_of(&parts);
        DiceTemplate { parts, faces, best_of }
    }

    /// The parts in order.
    pub fn parts(&self) -> &[TemplatePart] {
        &self.parts
    }

    /// The die size of the last `dN` in the literal text (`[Tier + 2]d10` -> 10).
    pub fn faces(&self) -> Option<i64> {
        self.faces
    }

    /// How many dice a one-die template rolls to keep the best of (`2d20kh1`, `2d20kh`,
    /// `3d20k1`: 2, 2, 3); `None` for any other notation.
    pub fn best_of(&self) -> Option<u32> {
        self.best_of
    }

    /// Fills the holes with `values` (one per hole, in order) giving plain dice notation.
    pub fn fill(&self, values: &[i64]) -> String {
        let mut values = values.iter();
        self.parts
            .iter()
            .map(|part| match part {
                TemplatePart::Text(text) => text.clone(),
                TemplatePart::Hole(_) => {
                    values.next().map_or_else(|| "0".to_string(), ToString::to_string)
                }
            })
            .collect()
    }
}

/// The die size of the last `dN` in the literal text of `parts` (`[Tier + 2]d10` -> 10).
fn faces_of(parts: &[TemplatePart]) -> Option<i64> {
    let text: String = parts
        .iter()
        .map(|part| match part {
            TemplatePart::Text(text) => text.as_str(),
            TemplatePart::Hole(_) => "0",
        })
        .collect();
    let after = &text[text.to_ascii_lowercase().rfind('d')? + 1..];
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    if after.starts_with('%') { Some(100) } else { digits.parse().ok() }
}

/// How many dice `parts`, one literal die roll, keeps the best of (`2d20kh1`: 2).
fn best_of(parts: &[TemplatePart]) -> Option<u32> {
    let [TemplatePart::Text(text)] = parts else { return None };
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let text = text.to_ascii_lowercase();
    let (count, rest) = text.split_once('d')?;
    let count: u32 = count.parse().ok()?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let keep = &rest[digits.len()..];
    let keeps_one = matches!(keep, "kh1" | "kh" | "k1" | "k");
    (!digits.is_empty() && keeps_one && count >= 2).then_some(count)
}

impl fmt::Display for DiceTemplate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.parts {
            match part {
                TemplatePart::Text(text) => f.write_str(text)?,
                TemplatePart::Hole(expr) => write!(f, "[{}]", expr.node)?,
            }
        }
        Ok(())
    }
}

/// How a check procedure reads its dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Method {
    /// `pool`: roll a pool, add the modifier per die or in total, count dice meeting the
    /// Success comparison; the count is the grade (capped).
    Pool,
    /// `roll under`: one die must come in at or under the target; the roll is the success
    /// number; a Difficulty requires the success number to reach it.
    RollUnder,
    /// `successes`: count dice meeting Success, re-rolling (pushing) Explode faces.
    Successes,
    /// `total`: roll + modifier compared with a target.
    Total,
    /// `versus`: both sides roll totals; the margin decides, Tie says who wins equal rolls.
    Versus,
}

impl Method {
    /// Every method with the words it is written with (a `Method:` line's value), in the
    /// order the help lists them. `Method: script f` is a line of its own, not a method.
    pub const ALL: [(Method, &'static str); 5] = [
        (Method::Pool, "pool"),
        (Method::RollUnder, "roll under"),
        (Method::Successes, "successes"),
        (Method::Total, "total"),
        (Method::Versus, "versus"),
    ];

    /// Parses `pool`, `roll under`, `successes`, `total`, `versus`.
    pub fn parse(text: &str) -> Option<Method> {
        let words = text.trim().to_ascii_lowercase();
        Self::ALL.iter().find(|(_, written)| *written == words).map(|(method, _)| *method)
    }

    /// The words a `Method:` line writes it with.
    pub fn as_str(self) -> &'static str {
        Self::ALL.iter().find(|(method, _)| *method == self).map_or("", |(_, written)| written)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where the check modifier goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ModifierMode {
    /// `each die`: added to every die before comparing.
    EachDie,
    /// `total`: added once to the total.
    Total,
    /// `none`: the procedure takes no modifier.
    None,
}

/// Who wins a tie in a versus check: the engine's rule, written `Tie: defender`.
pub use crate::engine::TieRule;

/// One line of a `check` block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ProcedureLine {
    /// `Method: pool`
    Method(Method),
    /// `Method: script move_roll` — the script function `move_roll(actor, inputs)` rolls
    /// through `roll(...)` and returns the outcome (a grade, or a map with `grade` and named
    /// values such as `margin`).
    Script(Spanned<Name>),
    /// `Dice: [Tier + 2]d10`
    Dice(Spanned<DiceTemplate>),
    /// `Modifier: each die`
    Modifier(ModifierMode),
    /// `Success: >= [Threshold]` — what a die (pool, successes) or total must meet.
    Success {
        /// The comparison.
        op: CompareOp,
        /// Against what.
        against: Amount,
    },
    /// `Difficulty: [Difficulty]` — the success number needed (roll under).
    Difficulty(Amount),
    /// `Always: [Target >= 12]` — when the check succeeds without looking at the dice.
    Always(Spanned<Expr>),
    /// `Explode: 6` — faces that push (roll again and add).
    Explode(Amount),
    /// `Grades: 0 Fail, 1 Low, 2 Medium, 3 High`
    Grades(Vec<Spanned<GradeLabel>>),
    /// `Grade cap: 3`
    GradeCap(Amount),
    /// `Tie: defender`
    Tie(TieRule),
    /// `Roll: {[Pool]d10+[Modifier]}cs>=[Threshold]` — the whole roll as dice notation.
    Roll(Spanned<DiceTemplate>),
    /// `Boost: [Boost]` — the most a roll-under roller may add after rolling.
    Boost(Amount),
    /// `Alternative die: d12` — a second die rolled with the first; a decision picks one.
    AlternativeDie(Spanned<DiceTemplate>),
    /// `Alternative die feeds: Chaos Dice` — the world pool that gains one die each time the
    /// alternative die is used.
    AlternativeDieFeeds(Spanned<Name>),
    /// `Policy second die: if-better` / `Policy boost: max-safe` — how a decision is
    /// answered when nobody is asked (batch mode).
    Policy {
        /// Which decision.
        decision: PolicyDecision,
        /// The policy's name, as [`crate::engine::Policy::from_name`] reads it.
        policy: Spanned<String>,
    },
    /// `Ease: [Ease]` — automatic successes of a success pool.
    Ease(Amount),
    /// `Critical: natural >= [Crit]`, `Critical: natural in 18-20` — a success whose natural
    /// die is in this range is critical.
    Critical(CriticalRange),
    /// `Zero wins: no` — whether a score of 0 may win a versus check.
    ZeroWins(bool),
    /// `On failure: gain 1 Fragments per skill when [Target >= 1]` — a resource change
    /// after the check.
    OnOutcome(super::outcome::OutcomeAction),
    /// `Reroll: 1 Stunt Points` — after a failed roll, the roller may pay this to roll again
    /// (a decision; `Policy reroll:`).
    Reroll(super::outcome::Payment),
    /// `Ignore penalties: 1 Stunt Points` — before rolling, the roller may pay this to drop
    /// the check's negative modifiers (a decision; `Policy ignore penalties:`).
    IgnorePenalties(super::outcome::Payment),
    /// `Extra dice: Chaos Dice, keep best` — roll extra dice spent from a world pool and keep
    /// the one giving the best result (roll under; a decision; `Policy spend:`).
    ExtraDice(Spanned<Name>),
    /// `Chunk: Effort, at most [Rating]` — after the roll, extra dice bought from a resource
    /// in chunks (successes; a test left open).
    Chunk(super::steps::ChunkRule),
    /// `Per chunk: gain 1 Fatigue` — what each chunk changes besides.
    PerChunk(super::steps::ChunkCost),
    /// `Chunk all highest: Major Success, gain [Chunk] successes` — how a chunk's dice are
    /// judged as a whole.
    ChunkJudgement(super::steps::ChunkJudgement),
    /// `Opposing dice: Tension` — an opponent may roll dice whose successes raise the
    /// successes needed; the line names them.
    OpposingDice(Spanned<Name>),
    /// `Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]`.
    Outcomes(super::steps::NamedOutcomes),
    /// `Details: ...`
    Details(Narration),
}

/// The decision a `Policy ...:` line answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PolicyDecision {
    /// `Policy second die:` — use the alternative die?
    SecondDie,
    /// `Policy boost:` — how much boost?
    Boost,
    /// `Policy spend:` — how many extra dice to spend?
    Spend,
    /// `Policy reroll:` — pay to reroll a failed check?
    Reroll,
    /// `Policy ignore penalties:` — pay to drop the penalties?
    IgnorePenalties,
}

impl PolicyDecision {
    /// The line's label: `Policy second die`.
    pub fn label(self) -> &'static str {
        match self {
            PolicyDecision::SecondDie => "Policy second die",
            PolicyDecision::Boost => "Policy boost",
            PolicyDecision::Spend => "Policy spend",
            PolicyDecision::Reroll => "Policy reroll",
            PolicyDecision::IgnorePenalties => "Policy ignore penalties",
        }
    }
}

impl fmt::Display for ProcedureLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProcedureLine::Method(method) => write!(f, "Method: {method}"),
            ProcedureLine::Script(function) => write!(f, "Method: script {}", function.node),
            ProcedureLine::Dice(dice) => write!(f, "Dice: {}", dice.node),
            ProcedureLine::Modifier(mode) => f.write_str(match mode {
                ModifierMode::EachDie => "Modifier: each die",
                ModifierMode::Total => "Modifier: total",
                ModifierMode::None => "Modifier: none",
            }),
            ProcedureLine::Success { op, against } => write!(f, "Success: {op} {against}"),
            ProcedureLine::Difficulty(amount) => write!(f, "Difficulty: {amount}"),
            ProcedureLine::Always(expr) => write!(f, "Always: [{}]", expr.node),
            ProcedureLine::Explode(amount) => write!(f, "Explode: {amount}"),
            ProcedureLine::Grades(grades) => {
                f.write_str("Grades: ")?;
                write_list(f, grades)
            }
            ProcedureLine::GradeCap(amount) => write!(f, "Grade cap: {amount}"),
            ProcedureLine::Tie(tie) => f.write_str(match tie {
                TieRule::Defender => "Tie: defender",
                TieRule::Attacker => "Tie: attacker",
                TieRule::NoWinner => "Tie: none",
            }),
            ProcedureLine::Roll(roll) => write!(f, "Roll: {}", roll.node),
            ProcedureLine::Boost(amount) => write!(f, "Boost: {amount}"),
            ProcedureLine::AlternativeDie(dice) => write!(f, "Alternative die: {}", dice.node),
            ProcedureLine::AlternativeDieFeeds(pool) => {
                write!(f, "Alternative die feeds: {}", pool.node)
            }
            ProcedureLine::Policy { decision, policy } => {
                write!(f, "{}: {}", decision.label(), policy.node)
            }
            ProcedureLine::Ease(amount) => write!(f, "Ease: {amount}"),
            ProcedureLine::Critical(range) => write!(f, "Critical: natural {range}"),
            ProcedureLine::ZeroWins(wins) => {
                write!(f, "Zero wins: {}", if *wins { "yes" } else { "no" })
            }
            ProcedureLine::OnOutcome(action) => write!(f, "{action}"),
            ProcedureLine::Reroll(payment) => write!(f, "Reroll: {payment}"),
            ProcedureLine::IgnorePenalties(payment) => write!(f, "Ignore penalties: {payment}"),
            ProcedureLine::ExtraDice(pool) => write!(f, "Extra dice: {}, keep best", pool.node),
            ProcedureLine::Chunk(rule) => write!(f, "Chunk: {rule}"),
            ProcedureLine::PerChunk(cost) => write!(f, "Per chunk: {cost}"),
            ProcedureLine::ChunkJudgement(judgement) => write!(f, "{judgement}"),
            ProcedureLine::OpposingDice(name) => write!(f, "Opposing dice: {}", name.node),
            ProcedureLine::Outcomes(outcomes) => write!(f, "{outcomes}"),
            ProcedureLine::Details(text) => write!(f, "Details: {text}"),
        }
    }
}

/// The natural faces a `Critical:` line makes critical.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CriticalRange {
    /// `>= [Crit]`: this face and above.
    AtLeast(Amount),
    /// `in 18-20`: the faces from the first to the second.
    Faces(Amount, Amount),
    /// `in [Weapon Crit range]`: the faces of a range field of the power's weapon (a weapon
    /// without the field has none).
    Field(Spanned<Expr>),
}

impl fmt::Display for CriticalRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CriticalRange::AtLeast(amount) => write!(f, ">= {amount}"),
            CriticalRange::Faces(low, high) => write!(f, "in {low}-{high}"),
            CriticalRange::Field(expr) => write!(f, "in [{}]", expr.node),
        }
    }
}

/// `8 points among Attributes, 0-4 each`: how many points a created character spends among
/// the stats of a `Stats` group, and the least and most each of them may hold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CreationBudget {
    /// The points to spend.
    pub points: i64,
    /// The stats group (`Attributes`).
    pub group: Spanned<Name>,
    /// The least a stat of the group may hold.
    pub low: i64,
    /// The most a stat of the group may hold.
    pub high: i64,
}

impl fmt::Display for CreationBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (points, group, low, high) = (self.points, &self.group.node, self.low, self.high);
        let range = if low < 0 { format!("{low} to {high}") } else { format!("{low}-{high}") };
        write!(f, "{points} points among {group}, {range} each")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_reads_its_die_size_and_best_of_once_made() {
        let text = |t: &str| TemplatePart::Text(t.to_string());
        let two = crate::model::Expr::Number(crate::model::expr::Number::integer(2));
        let hole = TemplatePart::Hole(Spanned::new(two, crate::diagnostics::Span::NONE));
        let cases = [
            (vec![text("2d20kh1")], Some(20), Some(2)),
            (vec![text("3D20 k")], Some(20), Some(3)),
            (vec![text("1d20")], Some(20), None),
            (vec![hole.clone(), text("d10")], Some(10), None),
            (vec![text("{"), hole, text("d%}cs>=8")], Some(100), None),
            (vec![text("7")], None, None),
        ];
        for (parts, faces, best_of) in cases {
            let template = DiceTemplate::new(parts);
            assert_eq!((template.faces(), template.best_of()), (faces, best_of), "{template}");
        }
    }
}
