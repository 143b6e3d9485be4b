//! Effect phrases: the small vocabulary the engine executes on Result, Effect, Before,
//! After and Add lines (`[Weapon + Grade] damage; apply Dazed until end of turn`), plus the
//! amounts they take and the narration that is kept verbatim when a phrase is outside the
//! vocabulary. Plain data; `Display` prints the canonical form.

use std::fmt;

use serde::Serialize;

use super::expr::{Expr, Name, Number};
use crate::diagnostics::{Span, Spanned};

/// Dice notation as written, checked by the dice parser: `2d6`, `1d8+2`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiceText {
    /// The notation, exactly as written.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// The notation parsed once when the line was read (`None` when it did not parse, which
    /// the line's diagnostic reports): what rolls, so a roll never parses again.
    #[serde(skip)]
    pub parsed: Option<std::sync::Arc<crate::dice::DiceExpr>>,
}

impl DiceText {
    /// `text` at `span`, parsed when it is valid notation.
    pub fn new(text: impl Into<String>, span: Span) -> DiceText {
        let text = text.into();
        let parsed = crate::dice::DiceExpr::parse(&text).ok().map(std::sync::Arc::new);
        DiceText { text, span, parsed }
    }
}

impl fmt::Display for DiceText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A quantity in an effect, cost or declaration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Amount {
    /// `3`, `2.5`
    Number(Number),
    /// `[Weapon + Grade]`
    Expr(Spanned<Expr>),
    /// `2d6`
    Dice(DiceText),
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Number(number) => write!(f, "{number}"),
            Amount::Expr(expr) => write!(f, "[{}]", expr.node),
            Amount::Dice(dice) => write!(f, "{dice}"),
        }
    }
}

impl Amount {
    /// The amount when it is written as a whole number (`3`; not `2.5`, a bracket or dice):
    /// what `check` can judge before anything is read.
    pub fn whole_number(&self) -> Option<i64> {
        match self {
            Amount::Number(Number { units, scale: 0 }) => Some(*units),
            _ => None,
        }
    }
}

/// Text outside the typed vocabulary, kept verbatim; its `[...]` holes are still parsed
/// and checked. `Walk around the pillar` or `Add [Tier+1] to any Sound damage you do`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Narration {
    /// The text as written (trimmed).
    pub text: String,
    /// The bracket expressions inside it, in order.
    pub holes: Vec<Spanned<Expr>>,
}

impl fmt::Display for Narration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A condition as named in an effect: `Dazed`, `Protected 2`, `Ongoing 5 Fire Damage`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConditionRef {
    /// `Ongoing`
    pub name: Spanned<Name>,
    /// `5`
    pub amount: Option<Amount>,
    /// `Fire Damage`: the type or other detail after the amount.
    pub detail: Option<Spanned<Name>>,
}

impl fmt::Display for ConditionRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name.node)?;
        if let Some(amount) = &self.amount {
            write!(f, " {amount}")?;
        }
        if let Some(detail) = &self.detail {
            write!(f, " {}", detail.node)?;
        }
        Ok(())
    }
}

/// How long an applied condition lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Duration {
    /// `for 2 rounds`
    For {
        /// How many.
        amount: Amount,
        /// Of what, as written in canonical lower case: `rounds`, `turns`, `segments`.
        unit: String,
    },
    /// `until end of turn`: the event, as written.
    Until(Spanned<String>),
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duration::For { amount, unit } => write!(f, "for {amount} {unit}"),
            Duration::Until(event) => write!(f, "until {}", event.node),
        }
    }
}

/// `over its maximum as Bolstered until end of encounter`: the part of a heal that would
/// raise health past its maximum becomes the N of a temporary-health condition
/// (`Temporary health: N`) applied to the one healed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OverMaximum {
    /// The condition holding the excess.
    pub condition: Spanned<Name>,
    /// How long it lasts (`None`: its block's `Duration:` line, else until removed).
    pub duration: Option<Duration>,
}

impl fmt::Display for OverMaximum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "over its maximum as {}", self.condition.node)?;
        match &self.duration {
            Some(duration) => write!(f, " {duration}"),
            None => Ok(()),
        }
    }
}

/// How a movement effect moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MoveKind {
    /// `move`
    Move,
    /// `walk`
    Walk,
    /// `shift`
    Shift,
    /// `push`
    Push,
    /// `pull`
    Pull,
    /// `fly`
    Fly,
    /// `teleport`
    Teleport,
}

impl MoveKind {
    /// Parses a movement verb (any case).
    pub fn parse(text: &str) -> Option<MoveKind> {
        Some(match text.to_ascii_lowercase().as_str() {
            "move" => MoveKind::Move,
            "walk" => MoveKind::Walk,
            "shift" => MoveKind::Shift,
            "push" => MoveKind::Push,
            "pull" => MoveKind::Pull,
            "fly" => MoveKind::Fly,
            "teleport" => MoveKind::Teleport,
            _ => return None,
        })
    }

    /// Whether it moves someone along a line away from or toward the user (`push`, `pull`)
    /// rather than to where the request names.
    pub fn is_forced(self) -> bool {
        matches!(self, MoveKind::Push | MoveKind::Pull)
    }

    /// The verb in lower case, as printed.
    pub fn as_str(self) -> &'static str {
        match self {
            MoveKind::Move => "move",
            MoveKind::Walk => "walk",
            MoveKind::Shift => "shift",
            MoveKind::Push => "push",
            MoveKind::Pull => "pull",
            MoveKind::Fly => "fly",
            MoveKind::Teleport => "teleport",
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One executable effect phrase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// `[Weapon + Grade] damage`, `2d6 fire damage`, `-2 damage`; `each creature within 1
    /// takes [Level] damage` names who takes it.
    Damage {
        /// `-` for a reduction.
        negative: bool,
        /// How much.
        amount: Amount,
        /// `fire`
        damage_type: Option<Spanned<Name>>,
        /// `each creature within 1 takes`, `Self takes`: who takes it (`None`: the line's
        /// subject, the target or else the user).
        #[serde(skip_serializing_if = "Option::is_none")]
        recipient: Option<Recipient>,
    },
    /// `heal 5`; `Self heals [Roll]` names who is healed (else the line's subject).
    Heal {
        /// How much.
        amount: Amount,
        /// `Self`, `Target`: who is healed.
        subject: Option<Spanned<Name>>,
        /// `over its maximum as Bolstered ...`: where the part past the maximum goes (`None`:
        /// the heal stops at the maximum).
        #[serde(skip_serializing_if = "Option::is_none")]
        over: Option<Box<OverMaximum>>,
    },
    /// `gain 2 CP`; `Target gains 2 Wounds` and `each ally within 5 gains 1 Morale` name
    /// who gains.
    Gain {
        /// How much.
        amount: Amount,
        /// Which resource.
        resource: Spanned<Name>,
        /// Who gains (`None`: the user).
        #[serde(skip_serializing_if = "Option::is_none")]
        recipient: Option<Recipient>,
    },
    /// `lose 1 Sg`; `Self loses 1 HP`, `each enemy within 3 loses 1 Morale` name who loses.
    Lose {
        /// How much.
        amount: Amount,
        /// Which resource.
        resource: Spanned<Name>,
        /// Who loses (`None`: the target, else the user).
        #[serde(skip_serializing_if = "Option::is_none")]
        recipient: Option<Recipient>,
    },
    /// `spend 1 FP`
    Spend {
        /// How much.
        amount: Amount,
        /// Which resource.
        resource: Spanned<Name>,
    },
    /// `apply Protected 2 for 1 round`; `Target is Dazed until end of turn` has a subject.
    Apply {
        /// Who receives it (`Target`); `None` means the power's target.
        subject: Option<Spanned<Name>>,
        /// The condition.
        condition: ConditionRef,
        /// How long.
        duration: Option<Duration>,
        /// `against Target`: the one actor it holds against (`None`: everyone).
        against: Option<Spanned<Name>>,
        /// `each ally within 5 is Inspired`: the distance, the subject then naming a kind
        /// (`ally`, `enemy`, `creature`); every placed one within it receives the condition.
        within: Option<Box<Amount>>,
        /// `every ally is Inspired`: the subject names a kind and every one of it receives
        /// the condition, placed or not.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        every: bool,
    },
    /// `remove Grabbed`, `remove Dazed from Self`
    Remove {
        /// The condition.
        condition: ConditionRef,
        /// From whom; `None` means the power's target.
        subject: Option<Spanned<Name>>,
        /// `from every ally`: from every creature of the kind `subject` names (the user is
        /// never one of them).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        every: bool,
    },
    /// `walk up to [Speed + 1] hexes`, `push Target 2`
    Move {
        /// The kind of movement.
        kind: MoveKind,
        /// Who moves (`Target`); `None` means the user.
        subject: Option<Spanned<Name>>,
        /// Whether the distance is a maximum (`up to`).
        up_to: bool,
        /// The distance.
        distance: Amount,
        /// `hexes`, `squares`, as written in lower case.
        unit: Option<String>,
        /// `into occupied hexes as Crowded` (a push or pull): may end on an occupied cell,
        /// sharing it.
        #[serde(skip_serializing_if = "Option::is_none")]
        crowd: Option<Crowding>,
    },
    /// `script bonus(Grade)`
    Script(Spanned<Expr>),
    /// `put Bar Table in front of Target`: the armour as an improvised layer in front of
    /// its layered pool (removed when worn down to 0).
    InFront {
        /// The armour block.
        layer: Spanned<Name>,
        /// Who it protects (`Target`, `Self`).
        subject: Spanned<Name>,
    },
    /// `end the turn`: the turn in progress is over (its actor uses nothing more).
    EndTurn,
    /// `stop before this square`: inside a rule run by entering a cell during a walk, the
    /// walk ends on the cell of its path before that one (the mover is put back there).
    StopBefore {
        /// The cell word as written, in lower case (`square`, `hex`, `cell`).
        cell: String,
    },
    /// `lay Spikes at Target`, `lay Fire 2`: the condition laid as terrain on a hex (the
    /// subject's, else the request's `to q,r`), held by whoever stands there.
    Lay {
        /// The condition.
        condition: ConditionRef,
        /// Whose hex (`Target`, `Self`); `None`: the request's destination.
        at: Option<Spanned<Name>>,
    },
    /// `lift Spikes`, `lift Spikes at Target`: the terrain taken off a cell (the user's,
    /// else the subject's); whoever stands there loses what it gave.
    Lift {
        /// The terrain's condition.
        condition: Spanned<Name>,
        /// Whose cell (`Target`); `None`: the user's.
        at: Option<Spanned<Name>>,
    },
    /// `use Cross Thorns`: the line's user uses that power of the pack (its whole pipeline,
    /// with no targets named), whether or not the user lists it.
    Use {
        /// The power.
        power: Spanned<Name>,
    },
    /// `skip the next turn`, `Self skips the next turn`: the actor's next turn is skipped.
    SkipTurn {
        /// Who skips (`Self`, `Target`); `None` means the power's target.
        subject: Option<Spanned<Name>>,
    },
    /// `raise Blades by 1`, `lower Agility by 2`: a lasting change to the user's stat.
    Raise {
        /// `lower` instead of `raise`.
        lower: bool,
        /// The stat.
        stat: Spanned<Name>,
        /// By how much.
        amount: Amount,
    },
    /// `set Marks to 0`: a resource (the user's, or a world resource) set to a value.
    Set {
        /// The resource.
        resource: Spanned<Name>,
        /// The new value, `-` before it for a negative one.
        negative: bool,
        /// The value.
        amount: Amount,
    },
    /// `do Carry`: the effects of the system's `Effects Carry:` line, run here;
    /// `do Carry at most once per test`: not again while the same test is open.
    Do {
        /// The group.
        group: Spanned<Name>,
        /// `at most once per test`.
        once_per_test: bool,
    },
    /// `drop the weapon at Target`: the use's weapon leaves the user's equipment and lies on
    /// that creature's cell (`None`: the user's own), to be picked up again.
    Drop {
        /// Whose cell.
        at: Option<Spanned<Name>>,
    },
    /// `pick up gear`, `pick up gear within 1`: the gear lying on the user's cell (or within
    /// N of it) goes into the user's equipment.
    PickUp {
        /// How far from the user (`None`: its own cell).
        within: Option<Amount>,
    },
    /// `advance the clock by 2 ticks`: the world clock moves (`tick`, `period`, `day`).
    Advance {
        /// How many.
        amount: Amount,
        /// `tick(s)`, `period(s)` or `day(s)`, in lower case as written.
        unit: Spanned<String>,
    },
}

/// The recipient a hit's event rule names for the actor whose attack struck (`Attacker takes
/// [Trigger's Damage] damage`).
pub const ATTACKER: &str = "Attacker";

/// The words an effect names its user by (`shift Self 1`, `you gain 1 CP`), in any case.
pub const USER: [&str; 2] = ["Self", "you"];

/// The effect subject for the participant after the user in the encounter's turn order who
/// is not on another side (`apply Momentum to Next Ally`), in any case.
pub const NEXT_ALLY: &str = "Next Ally";

/// The effect subject for the participant after the user in the encounter's turn order.
pub const NEXT_IN_TURN_ORDER: &str = "next in turn order";

/// Whether `name` names an effect's user (`Self`, `you`, in any case).
pub fn names_user(name: &Name) -> bool {
    USER.iter().any(|word| name.matches(word))
}

/// Who an effect with a subject acts on: `Target gains 2 Wounds`, `each ally within 5 gains
/// 1 Morale`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Recipient {
    /// `Target`, `Self`, `Next Ally`: one actor, as [`Effect::Apply`]'s subject names it.
    One(Spanned<Name>),
    /// `each ally within 5`: every placed creature of that kind within the distance of the
    /// user (`ally`, `enemy`, `creature`; the user is never one of them).
    Each {
        /// `ally`, `enemy`, `creature` (singular or plural), as written.
        who: Spanned<Name>,
        /// The distance from the user.
        within: Amount,
    },
    /// `every ally`: every creature of that kind, placed or not (the user is never one).
    Every {
        /// `ally`, `enemy`, `creature` (singular or plural), as written.
        who: Spanned<Name>,
    },
}

impl fmt::Display for Recipient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recipient::One(name) => write!(f, "{}", name.node),
            Recipient::Each { who, within } => write!(f, "each {} within {within}", who.node),
            Recipient::Every { who } => write!(f, "every {}", who.node),
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Damage { negative, amount, damage_type, recipient } => {
                if let Some(who) = recipient {
                    write!(f, "{who} takes ")?;
                }
                if *negative {
                    f.write_str("-")?;
                }
                write!(f, "{amount} ")?;
                if let Some(damage_type) = damage_type {
                    // One word or `fire/cold`: never quoted, it is read back as written.
                    write!(f, "{} ", damage_type.node.as_str())?;
                }
                f.write_str("damage")
            }
            Effect::Heal { amount, subject, over } => {
                match subject {
                    Some(who) => write!(f, "{} heals {amount}", who.node)?,
                    None => write!(f, "heal {amount}")?,
                }
                match over {
                    Some(over) => write!(f, " {over}"),
                    None => Ok(()),
                }
            }
            Effect::Gain { amount, resource, recipient: None } => {
                write!(f, "gain {amount} {}", resource.node)
            }
            Effect::Gain { amount, resource, recipient: Some(who) } => {
                write!(f, "{who} gains {amount} {}", resource.node)
            }
            Effect::Lose { amount, resource, recipient: None } => {
                write!(f, "lose {amount} {}", resource.node)
            }
            Effect::Lose { amount, resource, recipient: Some(who) } => {
                write!(f, "{who} loses {amount} {}", resource.node)
            }
            Effect::Spend { amount, resource } => write!(f, "spend {amount} {}", resource.node),
            Effect::Apply {
                subject: Some(subject),
                condition,
                duration,
                against,
                within,
                every,
            } => {
                match within {
                    Some(within) => {
                        write!(f, "each {} within {within} is {condition}", subject.node)?
                    }
                    None if *every => write!(f, "every {} is {condition}", subject.node)?,
                    None => write!(f, "{} is {condition}", subject.node)?,
                }
                write_against(f, against)?;
                write_duration(f, duration)
            }
            Effect::Apply { subject: None, condition, duration, against, .. } => {
                write!(f, "apply {condition}")?;
                write_against(f, against)?;
                write_duration(f, duration)
            }
            Effect::Remove { condition, subject, every } => {
                write!(f, "remove {condition}")?;
                match subject {
                    Some(subject) if *every => write!(f, " from every {}", subject.node),
                    Some(subject) => write!(f, " from {}", subject.node),
                    None => Ok(()),
                }
            }
            Effect::Move { kind, subject, up_to, distance, unit, crowd } => {
                write!(f, "{kind}")?;
                if let Some(subject) = subject {
                    write!(f, " {}", subject.node)?;
                }
                if *up_to {
                    f.write_str(" up to")?;
                }
                write!(f, " {distance}")?;
                if let Some(unit) = unit {
                    write!(f, " {unit}")?;
                }
                let Some(crowd) = crowd else { return Ok(()) };
                write!(f, " into occupied {} as {}", crowd.cells, crowd.condition.node)?;
                match &crowd.occupant {
                    Some(occupant) => write!(f, ", the one there as {}", occupant.node),
                    None => Ok(()),
                }
            }
            Effect::Script(call) => write!(f, "script {}", call.node),
            Effect::InFront { layer, subject } => {
                write!(f, "put {} in front of {}", layer.node, subject.node)
            }
            Effect::Raise { lower, stat, amount } => {
                let verb = if *lower { "lower" } else { "raise" };
                write!(f, "{verb} {} by {amount}", stat.node)
            }
            Effect::Set { resource, negative, amount } => {
                let sign = if *negative { "-" } else { "" };
                write!(f, "set {} to {sign}{amount}", resource.node)
            }
            Effect::Do { group, once_per_test } => {
                let limit = if *once_per_test { " at most once per test" } else { "" };
                write!(f, "do {}{limit}", group.node)
            }
            Effect::Advance { amount, unit } => {
                write!(f, "advance the clock by {amount} {}", unit.node)
            }
            Effect::EndTurn => f.write_str("end the turn"),
            Effect::StopBefore { cell } => write!(f, "stop before this {cell}"),
            Effect::Lay { condition, at } => {
                write!(f, "lay {condition}")?;
                match at {
                    Some(at) => write!(f, " at {}", at.node),
                    None => Ok(()),
                }
            }
            Effect::Lift { condition, at } => {
                write!(f, "lift {}", condition.node)?;
                match at {
                    Some(at) => write!(f, " at {}", at.node),
                    None => Ok(()),
                }
            }
            Effect::Use { power } => write!(f, "use {}", power.node),
            Effect::SkipTurn { subject: Some(subject) } => {
                write!(f, "{} skips the next turn", subject.node)
            }
            Effect::SkipTurn { subject: None } => f.write_str("skip the next turn"),
            Effect::Drop { at: Some(at) } => write!(f, "drop the weapon at {}", at.node),
            Effect::Drop { at: None } => f.write_str("drop the weapon"),
            Effect::PickUp { within: Some(within) } => write!(f, "pick up gear within {within}"),
            Effect::PickUp { within: None } => f.write_str("pick up gear"),
        }
    }
}

fn write_against(f: &mut fmt::Formatter<'_>, against: &Option<Spanned<Name>>) -> fmt::Result {
    match against {
        Some(who) => write!(f, " against {}", who.node),
        None => Ok(()),
    }
}

fn write_duration(f: &mut fmt::Formatter<'_>, duration: &Option<Duration>) -> fmt::Result {
    match duration {
        Some(duration) => write!(f, " {duration}"),
        None => Ok(()),
    }
}

/// The name an effect line reads after a damage effect: the health that line's damage took
/// from its subject so far, after absorption and armour (`[10] damage; if [Damage Dealt >
/// 0]: apply Dazed`). Read before any damage on the line, it is refused by `check`.
pub const DAMAGE_DEALT: &str = "Damage Dealt";

/// One part of an effect line: an executable effect or narration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(
    clippy::large_enum_variant,
    reason = "built once per rule file; unboxed variants keep matching simple for the engine"
)]
pub enum EffectPart {
    /// `2 fire damage`
    Effect(Effect),
    /// `the door bursts open`
    Narration(Narration),
    /// `when [Target HP < 5]: apply Dazed; 2 damage`, `when an ally within 2: ...`,
    /// `when Target is Dazed and [Margin >= 5]: ...` (`if` is the same word): the rest of
    /// the line runs only when the test holds (a bracket is not 0, a state test is true).
    When {
        /// The test: one bracket, or state tests joined by `and`/`or`.
        test: Spanned<super::common::Requirement>,
        /// What runs when it holds: the rest of the line.
        then: Effects,
    },
    /// `check Grit vs 15 with Save; on failure: apply Dazed`, `Target checks
    /// Grit vs 15; on success: ...; on failure: ...`: a check rolled through a declared
    /// procedure (the system's default without `with`), then the branch its result picks.
    /// `on success:` runs to an `on failure:` part or the end of the line; `on failure:` to
    /// an `on success:` part or the end.
    Check {
        /// The check.
        check: EffectCheck,
        /// What runs when it succeeds (grade above 0).
        on_success: Option<Effects>,
        /// What runs when it fails.
        on_failure: Option<Effects>,
    },
}

/// `into occupied hexes as Crowded, the one there as Jostled`: a push or pull that may end on
/// an occupied cell; the mover holds `condition` and the one standing there `occupant` (else
/// `condition` too) while they share it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Crowding {
    /// The cell word as written, in lower case (`hexes`).
    pub cells: String,
    /// What the mover holds (and the one there, without `occupant`).
    pub condition: Spanned<Name>,
    /// `the one there as Jostled`: what the one standing there holds instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupant: Option<Spanned<Name>>,
}

/// The check of an [`EffectPart::Check`]: `Target checks Stability + Dodge vs 21 with
/// Challenge`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EffectCheck {
    /// Who rolls (`Target`, `Self`); `None`: the user.
    pub roller: Option<Spanned<Name>>,
    /// The stats whose values add up to the check modifier.
    pub stats: Vec<Spanned<Name>>,
    /// The threshold (`vs 21`).
    pub threshold: Amount,
    /// `with Challenge`: the procedure; `None`: the system's default.
    pub procedure: Option<Spanned<Name>>,
}

impl fmt::Display for EffectCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.roller {
            Some(roller) => write!(f, "{} checks ", roller.node)?,
            None => f.write_str("check ")?,
        }
        for (index, stat) in self.stats.iter().enumerate() {
            if index > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{}", stat.node)?;
        }
        write!(f, " vs {}", self.threshold)?;
        match &self.procedure {
            Some(procedure) => write!(f, " with {}", procedure.node),
            None => Ok(()),
        }
    }
}

/// The effects of one line, in order: `2 fire damage; apply Dazed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Effects {
    /// The parts, in source order.
    pub parts: Vec<Spanned<EffectPart>>,
}

impl Effects {
    /// Whether every part is narration (the engine will execute nothing).
    pub fn is_narration_only(&self) -> bool {
        self.leaves().all(|part| matches!(part.node, EffectPart::Narration(_)))
    }

    /// The effects and narration of the line, those under a `when` too, in source order.
    pub fn leaves(&self) -> impl Iterator<Item = &Spanned<EffectPart>> {
        let mut out = Vec::new();
        let mut stack = vec![self.parts.iter()];
        while let Some(parts) = stack.last_mut() {
            match parts.next() {
                Some(part) => match &part.node {
                    EffectPart::When { then, .. } => stack.push(then.parts.iter()),
                    EffectPart::Check { on_success, on_failure, .. } => {
                        // Pushed in reverse: the success branch is walked first.
                        if let Some(failure) = on_failure {
                            stack.push(failure.parts.iter());
                        }
                        if let Some(success) = on_success {
                            stack.push(success.parts.iter());
                        }
                    }
                    _ => out.push(part),
                },
                None => {
                    stack.pop();
                }
            }
        }
        out.into_iter()
    }
}

impl fmt::Display for Effects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, part) in self.parts.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            match &part.node {
                EffectPart::Effect(effect) => write!(f, "{effect}")?,
                EffectPart::Narration(narration) => write!(f, "{narration}")?,
                EffectPart::When { test, then } => write!(f, "when {}: {then}", test.node)?,
                EffectPart::Check { check, on_success, on_failure } => {
                    write!(f, "{check}")?;
                    if let Some(success) = on_success {
                        write!(f, "; on success: {success}")?;
                    }
                    if let Some(failure) = on_failure {
                        write!(f, "; on failure: {failure}")?;
                    }
                }
            }
        }
        Ok(())
    }
}
