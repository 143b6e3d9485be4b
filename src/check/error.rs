//! Check errors as `kind.at(span)`: what is wrong (with a stable code, a lower-case message
//! and the text of its primary label) and where. Secondary labels and help are added to
//! the resulting [`Diagnostic`] at the call site, where the context is known.

use crate::diagnostics::{Diagnostic, Span};

/// What a check found (without a location).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckErrorKind {
    /// `[Defence]` when the system declares `Defense`.
    #[error("unknown stat `{0}`")]
    UnknownStat(String),
    /// `Cost: 2 Mana` without a `Resource Mana` line.
    #[error("unknown resource `{0}`")]
    UnknownResource(String),
    /// `apply Dazd` without a `condition Dazd` block.
    #[error("unknown condition `{0}`")]
    UnknownCondition(String),
    /// `[bonsu(Grade)]` that is neither a builtin nor a declared script function.
    #[error("unknown function `{0}`")]
    UnknownFunction(String),
    /// `Check: [Attack] using Nothing` without a `check Nothing` block.
    #[error("unknown check procedure `{0}`")]
    UnknownProcedure(String),
    /// `Keyword Atack: only on own turn` when no power has the keyword `Atack`.
    #[error("no power has the keyword `{0}`")]
    UnknownKeyword(String),
    /// `+2 Agility vs Dodg` when no power has the keyword `Dodg` and no `Keyword X:
    /// resisted as Dodg` line declares it as a tag.
    #[error("no power has the keyword or carries the tag `{0}`")]
    UnknownTag(String),
    /// `Powers: Cleve` in an actor without a `power Cleve` block.
    #[error("unknown {what} `{name}`")]
    UnknownReference {
        /// `power`, `trait`, `equipment`, `condition`
        what: &'static str,
        /// The name as written.
        name: String,
    },
    /// Two blocks (or declarations) with one name.
    #[error("{what} `{name}` is defined twice")]
    Duplicate {
        /// The namespace: `power`, `trait`, `name`, ...
        what: &'static str,
        /// The name as written the second time.
        name: String,
    },
    /// `Result 4:` under a grade cap of 3.
    #[error("grade {grade} is above the grade cap of {cap}")]
    GradeAboveCap {
        /// The line's grade.
        grade: u32,
        /// The cap.
        cap: i64,
    },
    /// `Result 2:` on a power whose one-die check grades 0 or 1.
    #[error(
        "grade {grade} is never reached: `{procedure}` is a `{method}` check, which grades a use 0 (failure) or 1 (success)"
    )]
    GradeNeverReached {
        /// The line's grade.
        grade: u32,
        /// The procedure's name.
        procedure: String,
        /// Its method as written.
        method: String,
    },
    /// A threshold no die of the procedure can meet.
    #[error("threshold {target} can never be met")]
    ThresholdNever {
        /// The threshold.
        target: i64,
        /// The procedure's name.
        procedure: String,
        /// The die's best face.
        best: i64,
    },
    /// A threshold every die of the procedure meets.
    #[error("threshold {target} is always met")]
    ThresholdAlways {
        /// The threshold.
        target: i64,
        /// The procedure's name.
        procedure: String,
    },
    /// `Hardness: 0`.
    #[error("hardness must be at least 1: ablation divides by it")]
    ZeroHardness,
    /// A check block without the lines its method needs.
    #[error("check procedure `{name}` is incomplete")]
    IncompleteProcedure {
        /// The procedure.
        name: String,
        /// What is missing, as a phrase.
        missing: String,
    },
    /// A check-block line the procedure's method never reads.
    #[error("`{label}` does nothing in a `{method}` procedure")]
    IgnoredLine {
        /// The line's label.
        label: &'static str,
        /// The method, as written.
        method: String,
        /// The methods that read the line.
        read_by: &'static str,
    },
    /// `Result 0:` — grade 0 or better, so every grade, not "only on a Fail".
    #[error("`Result 0:` applies at every grade, a Fail included")]
    ResultZero,
    /// `Result Fail:` naming a label no `Grades:` line of the system declares.
    #[error("no grade is labelled `{0}`")]
    UnknownGradeLabel(String),
    /// `-2 damage` in a pack whose system has a `Damage` stat.
    #[error("`{written}` is the damage/healing quantity, but the system also has a stat `{stat}`")]
    AmbiguousQuantity {
        /// `damage` or `healing`, as written.
        written: String,
        /// The stat it differs from only by case.
        stat: String,
    },
    /// A condition's `Trigger: you take damage` beside `Effect:` lines: no moment a
    /// condition's effects run at, so they would never run.
    #[error("a condition's effects never run on `{0}`")]
    TriggerNotRun(String),
    /// `damage taken of [Kind]` in a condition without a `Kind` parameter.
    #[error("unknown parameter `{0}`")]
    UnknownParameter(String),
    /// A `Replace:` line that matches no line of any power its upgrade's `To:` selects.
    #[error("`Replace:` matches no line of the powers `{upgrade}` selects")]
    ReplaceMatchesNothing {
        /// The upgrade.
        upgrade: String,
    },
    /// A `With:` line without a `Replace:` line before it, or one without a label put in
    /// place of a line that has no effects.
    #[error("`With:` has no line to replace in `{upgrade}`")]
    WithoutReplace {
        /// The upgrade.
        upgrade: String,
    },
    /// `Choose: Skill from Skils` without a `Stats Skils:` line.
    #[error("unknown stat group `{0}`")]
    UnknownGroup(String),
    /// Text the engine will not execute.
    #[error("narrative only: the engine will not execute this {0} text")]
    Narration(&'static str),
    /// A defence line where it cannot run: `Penalty:` on a power without `Defence:`, a
    /// defence without the `Check:` line it rolls.
    #[error("{0}")]
    Defence(String),
    /// `apply Advantage to Self against Self`: held against its own holder, it never counts.
    #[error("`against {0}` names the condition's own holder")]
    AgainstHolder(String),
    /// `[Ruling fate exchnage CP]` without a `Ruling fate exchnage CP:` line.
    #[error("unknown ruling `{0}`")]
    UnknownRuling(String),
    /// A `Ruling` line that no bracket reads and the engine does not read either.
    #[error("nothing reads the ruling `{0}`")]
    UnreadRuling(String),
    /// `Ruling grade cap: 4` beside a procedure's own `Grade cap: 3`, which wins.
    #[error("check `{procedure}`'s own `{label}:` line wins over `Ruling {ruling}`")]
    ShadowedRuling {
        /// The ruling's name.
        ruling: String,
        /// The procedure whose line wins.
        procedure: String,
        /// The line's label.
        label: &'static str,
    },
    /// `Ruling reach: 1d6`, read by a bracket: a bracket reads numbers, not dice.
    #[error("the ruling `{0}` is dice, but brackets read it as a number")]
    DiceRuling(String),
    /// Rulings that read each other in a circle.
    #[error("`Ruling {ruling}` reads itself: {chain}")]
    RulingCycle {
        /// The first ruling of the cycle in file order.
        ruling: String,
        /// The cycle, `a -> b -> a`.
        chain: String,
    },
    /// Specialised stats whose `under` parents lead back to themselves.
    #[error("`{stat}` falls back to itself: {chain}")]
    ParentCycle {
        /// The first stat of the cycle in file order.
        stat: String,
        /// The cycle, `Blades -> Fighting -> Blades`.
        chain: String,
    },
    /// `[Margin]` on a line no check of the use binds it for (`Margin` on a Cost line, or
    /// in a power without a `Check:` line).
    #[error("`{name}` is not known here: {why}")]
    UseNameUnbound {
        /// The name as written.
        name: String,
        /// Why it is not bound here: `this power makes no check`.
        why: String,
    },
    /// `Stats: Natural` — a value named like what a check or a use binds, which would hide it.
    #[error("`{0}` is a name a check or a power use binds")]
    UseNameDeclared(String),
    /// `Stats: Health per Stamina`, `Resource Undine's Charges`: a declared name with a word
    /// that does not read back as part of a name.
    #[error("`{name}` cannot be read back as one name: `{word}` splits it wherever it is read")]
    UnreadableName {
        /// The declared name.
        name: String,
        /// Its first word that does not read back.
        word: String,
    },
    /// A chosen cost that cannot be used as written: `choose 5-1 Vigor`, one on a stance,
    /// two in one power, or a bound that reads what the use picks.
    #[error("{0}")]
    ChosenCost(String),
    /// `Critical: natural in [Strength]` or `natural in 20-18`: not a range of faces.
    #[error("{0}")]
    CriticalRange(String),
}

impl CheckErrorKind {
    /// Attaches the location.
    pub fn at(self, span: Span) -> CheckError {
        CheckError { kind: self, span }
    }

    /// The stable diagnostic code.
    pub fn code(&self) -> &'static str {
        match self {
            CheckErrorKind::UnknownStat(_) => "rules::check::unknown_stat",
            CheckErrorKind::UnknownResource(_) => "rules::check::unknown_resource",
            CheckErrorKind::UnknownCondition(_) => "rules::check::unknown_condition",
            CheckErrorKind::UnknownFunction(_) => "rules::check::unknown_function",
            CheckErrorKind::UnknownProcedure(_) => "rules::check::unknown_procedure",
            CheckErrorKind::UnknownReference { .. } => "rules::check::unknown_reference",
            CheckErrorKind::Duplicate { .. } => "rules::check::duplicate",
            CheckErrorKind::GradeAboveCap { .. } => "rules::check::grade_above_cap",
            CheckErrorKind::GradeNeverReached { .. } => "rules::check::grade_never_reached",
            CheckErrorKind::ThresholdNever { .. } => "rules::check::threshold_never",
            CheckErrorKind::ThresholdAlways { .. } => "rules::check::threshold_always",
            CheckErrorKind::ZeroHardness => "rules::check::zero_hardness",
            CheckErrorKind::IncompleteProcedure { .. } => "rules::check::incomplete_procedure",
            CheckErrorKind::Narration(_) => "rules::check::narration",
            CheckErrorKind::UnknownGroup(_) => "rules::check::unknown_group",
            CheckErrorKind::ResultZero => "rules::check::result_zero",
            CheckErrorKind::UnknownGradeLabel(_) => "rules::check::unknown_grade_label",
            CheckErrorKind::IgnoredLine { .. } => "rules::check::ignored_line",
            CheckErrorKind::AmbiguousQuantity { .. } => "rules::check::ambiguous_quantity",
            CheckErrorKind::TriggerNotRun(_) => "rules::check::trigger_not_run",
            CheckErrorKind::UnknownParameter(_) => "rules::check::unknown_parameter",
            CheckErrorKind::ReplaceMatchesNothing { .. } => "rules::check::replace_matches_nothing",
            CheckErrorKind::WithoutReplace { .. } => "rules::check::with_without_replace",
            CheckErrorKind::AgainstHolder(_) => "rules::check::against_holder",
            CheckErrorKind::Defence(_) => "rules::check::defence",
            CheckErrorKind::UnknownKeyword(_) => "rules::check::unknown_keyword",
            CheckErrorKind::UnknownTag(_) => "rules::check::unknown_tag",
            CheckErrorKind::ParentCycle { .. } => "rules::check::parent_cycle",
            CheckErrorKind::UnknownRuling(_) => "rules::check::unknown_ruling",
            CheckErrorKind::UnreadRuling(_) => "rules::check::unread_ruling",
            CheckErrorKind::ShadowedRuling { .. } => "rules::check::shadowed_ruling",
            CheckErrorKind::DiceRuling(_) => "rules::check::dice_ruling",
            CheckErrorKind::RulingCycle { .. } => "rules::check::ruling_cycle",
            CheckErrorKind::UseNameUnbound { .. } => "rules::check::use_name_unbound",
            CheckErrorKind::UseNameDeclared(_) => "rules::check::use_name_declared",
            CheckErrorKind::UnreadableName { .. } => "rules::check::unreadable_name",
            CheckErrorKind::ChosenCost(_) => "rules::check::chosen_cost",
            CheckErrorKind::CriticalRange(_) => "rules::check::critical_range",
        }
    }

    /// The text of the primary label.
    fn label(&self) -> String {
        match self {
            CheckErrorKind::UnknownStat(_) => {
                "not a stat, resource or derived value of the system".into()
            }
            CheckErrorKind::UnknownResource(_) => "not a resource of the system".into(),
            CheckErrorKind::UnknownCondition(_) => "no condition block has this name".into(),
            CheckErrorKind::UnknownFunction(_) => {
                "not a builtin or a declared script function".into()
            }
            CheckErrorKind::UnknownProcedure(_) => "no check block has this name".into(),
            CheckErrorKind::UnknownReference { what: "layered pool", .. } => {
                "no `Layered` line of the system has this name".into()
            }
            CheckErrorKind::UnknownReference { what, .. } => {
                format!("no {what} block has this name")
            }
            CheckErrorKind::Duplicate { .. } => "defined again here".into(),
            CheckErrorKind::GradeAboveCap { .. } | CheckErrorKind::GradeNeverReached { .. } => {
                "this line can never apply".into()
            }
            CheckErrorKind::ThresholdNever { procedure, best, .. } => {
                format!("the best die of `{procedure}` is {best} plus the modifier")
            }
            CheckErrorKind::ThresholdAlways { procedure, .. } => {
                format!("every die of `{procedure}` meets it")
            }
            CheckErrorKind::ZeroHardness => "hardness below 1".into(),
            CheckErrorKind::IncompleteProcedure { missing, .. } => format!("missing {missing}"),
            CheckErrorKind::Narration(_) => "outside the vocabulary the engine runs".into(),
            CheckErrorKind::IgnoredLine { read_by, .. } => format!("only {read_by} read this"),
            CheckErrorKind::ResultZero => "the same as an Effect line at every grade".into(),
            CheckErrorKind::UnknownGradeLabel(_) => "this line can never apply".into(),
            CheckErrorKind::AmbiguousQuantity { .. } => "one letter-case away from a stat".into(),
            CheckErrorKind::TriggerNotRun(_) => "no moment its effects run at".into(),
            CheckErrorKind::UnknownParameter(_) => "not a parameter of this condition".into(),
            CheckErrorKind::ReplaceMatchesNothing { .. } => {
                "no selected power has this line".into()
            }
            CheckErrorKind::WithoutReplace { .. } => "nothing for this line to replace".into(),
            CheckErrorKind::AgainstHolder(_) => "the holder would hold it against itself".into(),
            CheckErrorKind::Defence(_) => "this line would never run".into(),
            CheckErrorKind::UnknownKeyword(_) => "this rule applies to no power".into(),
            CheckErrorKind::UnknownTag(_) => "this modifier would never count".into(),
            CheckErrorKind::UnknownGroup(_) => "no `Stats <Group>:` line declares it".into(),
            CheckErrorKind::ParentCycle { .. } => "this parent leads back to the stat".into(),
            CheckErrorKind::UnknownRuling(_) => {
                "no `Ruling` line of the system has this name".into()
            }
            CheckErrorKind::UnreadRuling(_) => "no line reads this value".into(),
            CheckErrorKind::ShadowedRuling { .. } => {
                "changing this ruling changes nothing there".into()
            }
            CheckErrorKind::DiceRuling(_) => "read as a number here".into(),
            CheckErrorKind::RulingCycle { .. } => "this ruling leads back to itself".into(),
            CheckErrorKind::UseNameUnbound { .. } => "nothing binds it on this line".into(),
            CheckErrorKind::UseNameDeclared(_) => "declared here".into(),
            CheckErrorKind::UnreadableName { .. } => "this word splits the name".into(),
            CheckErrorKind::ChosenCost(_) => "chosen here".into(),
            CheckErrorKind::CriticalRange(_) => "a range is needed here".into(),
        }
    }

    fn is_warning(&self) -> bool {
        matches!(
            self,
            CheckErrorKind::ThresholdAlways { .. }
                | CheckErrorKind::Narration(_)
                | CheckErrorKind::IgnoredLine { .. }
                | CheckErrorKind::ResultZero
                | CheckErrorKind::AmbiguousQuantity { .. }
                | CheckErrorKind::UnknownKeyword(_)
                | CheckErrorKind::UnreadRuling(_)
                | CheckErrorKind::ShadowedRuling { .. }
        )
    }
}

/// A check error with its location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct CheckError {
    /// What is wrong.
    pub kind: CheckErrorKind,
    /// Where.
    pub span: Span,
}

impl CheckError {
    /// The diagnostic: code, message and primary label from the kind; add secondary labels
    /// and help with the `Diagnostic` builders.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let message = self.kind.to_string();
        let diagnostic = if self.kind.is_warning() {
            Diagnostic::warning(self.kind.code(), message)
        } else {
            Diagnostic::error(self.kind.code(), message)
        };
        diagnostic.with_primary(self.span, self.kind.label())
    }
}
