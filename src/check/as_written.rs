//! "A line that checks clean does what it says": the refusals for constructs the runtime
//! would otherwise run differently from how they read — gear lines ([`super::gear`]),
//! procedures and the Check lines that use them ([`super::procedures_run`]), condition
//! modifiers ([`super::modifiers`]) and requirement tests ([`super::requirements`]). Each
//! refusal names the line and says what to write instead. Reads the model only.

use crate::diagnostics::{Diagnostic, Span};
use crate::model::Pack;
use crate::model::gear::GearDecls;

/// Runs every as-written check over `pack`, whose gear fields `gear` declares.
pub fn check(pack: &Pack, gear: &GearDecls, out: &mut Vec<Diagnostic>) {
    super::gear::gear(pack, gear, out);
    super::procedures_run::procedures(pack, out);
    super::modifiers::modifiers(pack, out);
    super::requirements::requirements(pack, gear, out);
}

/// What the runtime would not run as written (without a location).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RefusalKind {
    /// `Reach: 1d4` on a weapon, `Value: 2d6` on an armour: a line read as a number.
    #[error("`{label}` is read as a number, but this is dice")]
    DiceAsNumber {
        /// The line's label.
        label: &'static str,
    },
    /// `armour Cuirass` with a `Modifiers:` line and a `condition Cuirass`: the armour's
    /// modifiers are held as a condition of its name.
    #[error("armour `{0}` has modifiers, and a condition has its name")]
    WornNameTaken(String),
    /// An armour with both `Value` and `Protection`.
    #[error("`{0}` has two values: `Value` and `Protection`")]
    TwoArmourValues(String),
    /// `Protection` with `Hardness`: a protection never wears.
    #[error("`Protection` never wears down, but `{0}` has a `Hardness` line")]
    WearingProtection(String),
    /// `Cost: [1d4] CP`, `Derived Guard: [1d6 + Agility]`: a dice term on a line read as
    /// a number without rolling.
    #[error("`{dice}` is dice, and this line is read as a number without rolling")]
    DiceNotRolled {
        /// The dice term, as written.
        dice: String,
    },
    /// `Cost: [Weapon + 1] CP` where a weapon of the pack has dice damage: a dice field read
    /// on a line that does not roll.
    #[error("this reads the weapon's {property} as a number, but `{weapon}`'s is dice ({dice})")]
    WeaponDiceInExpression {
        /// `Damage` or `Crit damage`.
        property: &'static str,
        /// A weapon whose line is dice.
        weapon: String,
        /// The dice, as written.
        dice: String,
    },
    /// `Speed = 0 vs Ranged`, `reactions = 0`, `all checks * 2`: a modifier the runtime
    /// never counts.
    #[error("{what} {takes}, so this modifier would never count")]
    UncountedModifier {
        /// What it modifies (`reactions`, a relative modifier).
        what: String,
        /// What that takes.
        takes: String,
    },
    /// `Dice: 2d20` on a `total` procedure, which rolls one die.
    #[error("a `{method}` procedure rolls one die, but `{procedure}` asks for more")]
    NotOneDie {
        /// The procedure.
        procedure: String,
        /// Its method.
        method: String,
    },
    /// `Success: > 10` on a `total` procedure, which compares with `>=`.
    #[error("a `{method}` procedure compares with `{wanted}`, not `{written}`")]
    SuccessComparison {
        /// The method.
        method: String,
        /// The comparison written.
        written: String,
        /// The one the method runs.
        wanted: String,
    },
    /// `Success: >= 8` on a pool, whose dice meet the check's threshold.
    #[error("a pool's dice meet the check's threshold, not `{0}`")]
    PoolSuccess(String),
    /// `Modifier: total` on a pool, which adds no total.
    #[error("a `{method}` procedure never applies this modifier")]
    IgnoredModifier {
        /// The method.
        method: String,
    },
    /// `Roll: 1d20+100` where the engine rolls `1d20+[Modifier]`.
    #[error("this `Roll` line is not what `{procedure}` rolls: the engine rolls `{engine}`")]
    RollMismatch {
        /// The procedure.
        procedure: String,
        /// What the engine rolls, as dice notation.
        engine: String,
    },
    /// `Check: [Defense] by Target` with a procedure a target cannot roll alone.
    #[error("`by Target` cannot use `{procedure}`: {why}")]
    ByTarget {
        /// The procedure.
        procedure: String,
        /// Why not.
        why: String,
    },
    /// `Check: [Attack] using Duel` without `versus [...]`, for a two-sided procedure.
    #[error("`{procedure}` compares two sides, but this check gives only one")]
    OneSided {
        /// The procedure.
        procedure: String,
    },
    /// `Prereq: an enemy moves adjacent to you`: an event where a state is tested.
    #[error("a `{0}` line tests what holds now, but this is an event")]
    EventAsState(&'static str),
    /// `While: wielding a Banana`: no weapon or armour has that name or keyword, so the test
    /// could never hold.
    #[error("no weapon or armour is or has `{gear}`, so this `{label}` test never holds")]
    UnknownGear {
        /// The gear word as written.
        gear: String,
        /// The line's label.
        label: &'static str,
    },
    /// `While: the grabber is Stunned`: a subject the runtime cannot resolve.
    #[error("a `{label}` test cannot be about `{subject}`")]
    UnknownSubject {
        /// The subject as written.
        subject: String,
        /// The line's label.
        label: &'static str,
    },
    /// `Target has Prone` on a trait's or weapon's line, where there is no target.
    #[error("a `{label}` line here has no target for `{subject}` to name")]
    NoTargetHere {
        /// The subject as written.
        subject: String,
        /// The line's label.
        label: &'static str,
    },
    /// `this power has keyword Melee` where no power is in use (a stance, a weapon).
    #[error("a `{label}` line here has no power for `{subject}` to name")]
    NoPowerHere {
        /// The subject as written.
        subject: String,
        /// The line's label.
        label: &'static str,
    },
    /// `the weapon has keyword Bow` where no power's weapon is known (a condition, an event
    /// rule, a trait that modifies no power, an effect line's `when` gate).
    #[error("a `{label}` line here has no weapon for `{subject}` to name")]
    NoWeaponHere {
        /// The subject as written.
        subject: String,
        /// The line's label.
        label: &'static str,
    },
    /// `Target has keyword Construct` where no actor block gives an actor that keyword.
    #[error("no actor has the keyword `{0}`")]
    ActorKeywords(String),
    /// `the square is occupied` where no use names a cell (a trait, a condition, a weapon).
    #[error("a `{label}` line here has no {cell} for `the {cell}` to name")]
    NoCellHere {
        /// The cell word as written.
        cell: String,
        /// The line's label.
        label: &'static str,
    },
    /// `you are behind you`: one actor measured against its own facing.
    #[error("`{0}` is measured against its own facing: the test needs two actors")]
    FacingItself(String),
}

impl RefusalKind {
    /// Attaches the location.
    pub fn at(self, span: Span) -> Refusal {
        Refusal { kind: self, span }
    }

    /// The stable diagnostic code.
    pub fn code(&self) -> &'static str {
        match self {
            RefusalKind::DiceAsNumber { .. } => "rules::check::dice_as_number",
            RefusalKind::DiceNotRolled { .. } => "rules::check::dice_not_rolled",
            RefusalKind::TwoArmourValues(_) => "rules::check::two_armour_values",
            RefusalKind::WornNameTaken(_) => "rules::check::worn_name_taken",
            RefusalKind::WearingProtection(_) => "rules::check::wearing_protection",
            RefusalKind::WeaponDiceInExpression { .. } => "rules::check::weapon_dice_in_expression",
            RefusalKind::UncountedModifier { .. } => "rules::check::uncounted_modifier",
            RefusalKind::NotOneDie { .. } => "rules::check::not_one_die",
            RefusalKind::SuccessComparison { .. } => "rules::check::success_comparison",
            RefusalKind::PoolSuccess(_) => "rules::check::pool_success",
            RefusalKind::IgnoredModifier { .. } => "rules::check::ignored_modifier",
            RefusalKind::RollMismatch { .. } => "rules::check::roll_mismatch",
            RefusalKind::ByTarget { .. } => "rules::check::by_target",
            RefusalKind::OneSided { .. } => "rules::check::one_sided",
            RefusalKind::EventAsState(_) => "rules::check::event_as_state",
            RefusalKind::UnknownGear { .. } => "rules::check::unknown_gear",
            RefusalKind::UnknownSubject { .. } => "rules::check::unknown_subject",
            RefusalKind::NoTargetHere { .. } => "rules::check::no_target_here",
            RefusalKind::NoPowerHere { .. } => "rules::check::no_power_here",
            RefusalKind::NoWeaponHere { .. } => "rules::check::no_weapon_here",
            RefusalKind::ActorKeywords(_) => "rules::check::actor_keywords",
            RefusalKind::FacingItself(_) => "rules::check::facing_itself",
            RefusalKind::NoCellHere { .. } => "rules::check::no_cell_here",
        }
    }

    /// The text of the primary label.
    fn label(&self) -> String {
        match self {
            RefusalKind::DiceAsNumber { .. } => "dice where a number is needed".into(),
            RefusalKind::TwoArmourValues(_) => "a second value for the layer".into(),
            RefusalKind::WornNameTaken(_) => "a condition of the same name".into(),
            RefusalKind::WearingProtection(_) => "this wears the layer down".into(),
            RefusalKind::WeaponDiceInExpression { .. } | RefusalKind::DiceNotRolled { .. } => {
                "nothing rolls dice on this line".into()
            }
            RefusalKind::UncountedModifier { .. } => "never counts".into(),
            RefusalKind::NotOneDie { .. } => "only one of these dice would roll".into(),
            RefusalKind::SuccessComparison { .. } | RefusalKind::PoolSuccess(_) => {
                "the engine would not compare this way".into()
            }
            RefusalKind::IgnoredModifier { .. } => "never applied".into(),
            RefusalKind::RollMismatch { .. } => "not the roll the engine makes".into(),
            RefusalKind::ByTarget { .. } => "the target cannot roll this alone".into(),
            RefusalKind::OneSided { .. } => "the other side is missing".into(),
            RefusalKind::EventAsState(_) => "would count as always holding".into(),
            RefusalKind::UnknownGear { .. } => "no gear of this name or keyword".into(),
            RefusalKind::UnknownSubject { .. }
            | RefusalKind::NoTargetHere { .. }
            | RefusalKind::NoPowerHere { .. }
            | RefusalKind::NoWeaponHere { .. }
            | RefusalKind::NoCellHere { .. } => "cannot be evaluated".into(),
            RefusalKind::ActorKeywords(_) => "no actor block gives it".into(),
            RefusalKind::FacingItself(_) => "always the same actor".into(),
        }
    }
}

/// A refusal with its location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct Refusal {
    /// What is refused.
    pub kind: RefusalKind,
    /// Where.
    pub span: Span,
}

impl Refusal {
    /// The diagnostic (an error) with its primary label; add help at the call site.
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.kind.code(), self.kind.to_string())
            .with_primary(self.span, self.kind.label())
    }
}
