//! The names one use of a power binds: what its check produced (`Margin`, `Natural`,
//! `Total`, `Critical`, ... as its procedure's method gives them) on its Result and Effect
//! lines, and the use-time numbers (`Spent`) on its Cost, Threshold, Check, Before, Result,
//! Effect and After lines. Such a name read where no use binds it is refused at the name (never read
//! as 0), and a stat, resource or derived value declared with one of them is refused where
//! it is declared: it would be hidden on the lines that bind the name.

use crate::diagnostics::{Diagnostic, Span};
use crate::link::Symbols;
use crate::model::common::CheckSpec;
use crate::model::common::{Target, TargetCount};
use crate::model::expr::LineContext;
use crate::model::power::{SHARED_ROLL, TARGET_NUMBER};
use crate::model::procedure::{OUTCOME_NAMES, Procedure, outcome_names, versus_outcome_names};
use crate::model::{BlockBody, Pack, PowerLine, TraitLine};

use super::error::CheckErrorKind;

/// The use-time numbers a power's lines read: `Spent`, what the use spent beyond its fixed
/// cost (`use Strike spending 2 Focus`, and a chosen cost's pick), and `Chosen`, what it
/// picked for a `Cost: choose 1-5 Vigor` (`use Surge choosing 3`).
pub const USE_NUMBERS: [&str; 2] = ["Spent", "Chosen"];

/// The kinds of power line a use-time number is read on (all but `Target`, whose targets are
/// chosen before anything is paid, and the requirement lines).
const USE_NUMBER_LINES: [LineContext; 5] = [
    LineContext::Cost,
    LineContext::Check,
    LineContext::Threshold,
    LineContext::Result,
    LineContext::Movement,
];

/// What a block's lines may read of a use.
pub struct UseNames {
    /// A power (or an upgrade that changes powers): its lines are lines of a use.
    in_use: bool,
    /// What its check binds for the Result and Effect lines.
    check: CheckNames,
    /// An invested or sustained power: all but its Cost line run later, when what the use
    /// spent is no longer known.
    deferred: bool,
    /// Its Cost line chooses an amount (`choose 1-5 Vigor`): its lines may read `Chosen`.
    chooses: bool,
    /// It has a `Roll:` line: its Result and Effect lines may read `Roll`.
    rolls: bool,
    /// Its targets come in an order (an area, or several creatures): its Result and Effect
    /// lines may read `Target Number`. `None` for an upgrade's lines (known where they land).
    ordered: Option<bool>,
}

/// The outcome names a power's check binds.
enum CheckNames {
    /// The power has no `Check:` line.
    NoCheck,
    /// Its check's procedure (named) binds these.
    Binds { procedure: String, method: String, names: &'static [&'static str] },
    /// Not known here (an upgrade's lines, a scripted or unknown procedure): any.
    Any,
}

/// Whether `name` is one a use binds (case-insensitive).
pub fn is_use_name(name: &str) -> bool {
    OUTCOME_NAMES.iter().chain(&USE_NUMBERS).any(|known| known.eq_ignore_ascii_case(name))
}

/// The pack's check procedures, gathered once: every power's check looks its procedure up.
pub struct Procedures<'a> {
    /// Every `check` block's procedure, in file order.
    all: Vec<Procedure<'a>>,
    /// The name the system's `Default check:` line gives, if any.
    default: Option<&'a str>,
}

impl<'a> Procedures<'a> {
    /// The procedures of `pack`.
    pub fn of(pack: &'a Pack) -> Procedures<'a> {
        let all = pack.blocks().filter_map(|block| Procedure::of(&block.node)).collect();
        let default = pack.system_lines().find_map(|line| match &line.node {
            crate::model::SystemLine::DefaultCheck(name) => Some(name.node.as_str()),
            _ => None,
        });
        Procedures { all, default }
    }

    /// The procedure called `name` (case-insensitive), else the default one for `None`.
    fn find(&self, name: Option<&str>) -> Option<&Procedure<'a>> {
        let name = name.or(self.default)?;
        self.all.iter().find(|procedure| procedure.name.eq_ignore_ascii_case(name))
    }
}

impl UseNames {
    /// What `body`'s lines may read of a use, with the pack's `procedures`.
    pub fn of(procedures: &Procedures<'_>, body: &BlockBody) -> UseNames {
        match body {
            BlockBody::Power(lines) => {
                let spec = PowerLine::check_of(lines);
                let check = spec.map_or(CheckNames::NoCheck, |spec| binds(procedures, spec));
                let deferred = lines
                    .iter()
                    .any(|line| matches!(line.node, PowerLine::Invest(_) | PowerLine::Sustain(_)));
                let chooses = lines.iter().any(|line| match &line.node {
                    PowerLine::Cost(crate::model::Cost::Resources(parts)) => {
                        parts.iter().any(|part| part.up_to.is_some())
                    }
                    _ => false,
                });
                let rolls = lines.iter().any(|line| matches!(line.node, PowerLine::Roll(_)));
                let ordered = lines.iter().any(|line| match &line.node {
                    PowerLine::Target(target) => strikes_in_order(target),
                    _ => false,
                });
                UseNames { in_use: true, check, deferred, chooses, rolls, ordered: Some(ordered) }
            }
            // An upgrade's lines land in the powers it selects, with or without checks.
            BlockBody::Trait(lines)
                if lines.iter().any(|line| matches!(line.node, TraitLine::To(_))) =>
            {
                UseNames {
                    in_use: true,
                    check: CheckNames::Any,
                    deferred: false,
                    chooses: true,
                    rolls: false,
                    ordered: None,
                }
            }
            _ => UseNames {
                in_use: false,
                check: CheckNames::NoCheck,
                deferred: false,
                chooses: false,
                rolls: false,
                ordered: Some(false),
            },
        }
    }

    /// Why `[Roll]` cannot be read on a line of kind `context` at `span`: only the Result
    /// and Effect lines of a power with a `Roll:` line read it. `None` when it can.
    pub fn roll_refusal(&self, context: LineContext, span: Span) -> Option<Diagnostic> {
        let why = match (self.rolls, context) {
            (true, LineContext::Result) => return None,
            (true, _) => "a power's `Roll:` is read on its Result and Effect lines only",
            (false, _) => "this has no `Roll:` line",
        };
        let kind = CheckErrorKind::UseNameUnbound { name: SHARED_ROLL.into(), why: why.into() };
        Some(kind.at(span).to_diagnostic().with_help(
            "give the power one roll for the whole use, `Roll: [1d6 + Level]`, and read it \
             as `[Roll]` on its Result and Effect lines",
        ))
    }

    /// Why `[Target Number]` cannot be read on a line of kind `context` at `span`: only the
    /// Result and Effect lines of a power whose targets come in an order read it (an area, or
    /// several creatures); one target has no order. `None` when it can.
    pub fn target_number_refusal(&self, context: LineContext, span: Span) -> Option<Diagnostic> {
        let why = match (self.ordered, context) {
            (_, _) if !self.in_use => "only the lines of a power use bind it",
            (Some(false), _) => "this power strikes one target: there is no order to count",
            (_, LineContext::Result) => return None,
            (_, _) => "a target's place is read on its Result and Effect lines only",
        };
        let kind = CheckErrorKind::UseNameUnbound { name: TARGET_NUMBER.into(), why: why.into() };
        Some(kind.at(span).to_diagnostic().with_help(
            "read it on the Result and Effect lines of a power that strikes an area \
             (`Target: Ray 9`) or several creatures (`Target: Up to 3 enemies`): 1 for the \
             first target struck, 2 for the next",
        ))
    }

    /// Why `name` (a use name, see [`is_use_name`]) cannot be read on a line of kind
    /// `context` at `span`; `None` when it can.
    pub fn refusal(&self, name: &str, context: LineContext, span: Span) -> Option<Diagnostic> {
        let refuse = |why: &str, help: String| {
            let kind = CheckErrorKind::UseNameUnbound { name: name.to_string(), why: why.into() };
            Some(kind.at(span).to_diagnostic().with_help(help))
        };
        let number = USE_NUMBERS.iter().any(|known| known.eq_ignore_ascii_case(name));
        if !self.in_use {
            return refuse(
                "only the lines of a power use bind it",
                format!("read `{name}` on a power's lines: {}", where_read(number)),
            );
        }
        if number {
            if !self.chooses && name.eq_ignore_ascii_case("Chosen") {
                return refuse(
                    "this power's cost chooses no amount",
                    "write the amount the use picks on its Cost line: `Cost: choose 1-5 Vigor`"
                        .into(),
                );
            }
            if self.deferred && context != LineContext::Cost {
                return refuse(
                    "an invested or sustained power resolves later, when the use's numbers are gone",
                    "read it on the Cost line only, or drop `Invest:` / `Sustain:`".into(),
                );
            }
            if USE_NUMBER_LINES.contains(&context) {
                return None;
            }
            return refuse("a use's numbers are read on its own lines", where_read(true).into());
        }
        if context != LineContext::Result {
            return refuse(
                "a check's outcome is known only after it",
                where_read(false).to_string(),
            );
        }
        match &self.check {
            CheckNames::Any => None,
            CheckNames::NoCheck => refuse(
                "this power makes no check",
                "add a `Check:` line, or read a stat or a resource instead".into(),
            ),
            CheckNames::Binds { names, .. }
                if names.iter().any(|known| known.eq_ignore_ascii_case(name)) =>
            {
                None
            }
            CheckNames::Binds { procedure, method, names } => refuse(
                &format!("the {method} procedure `{procedure}` does not bind it"),
                format!("its checks bind {}", names.join(", ")),
            ),
        }
    }
}

/// Whether a power with `target` strikes its targets in an order: an area (nearest its
/// origin first), or several creatures (in the order the use names them).
fn strikes_in_order(target: &Target) -> bool {
    match target {
        Target::Area { .. } => true,
        Target::Creatures { count, .. } => match count {
            Some(TargetCount::UpTo(_) | TargetCount::All) => true,
            Some(TargetCount::Exactly(amount)) => amount.whole_number() != Some(1),
            None => false,
        },
        Target::User | Target::Narration(_) => false,
    }
}

/// Where a use name is read, for help texts.
fn where_read(number: bool) -> &'static str {
    if number {
        "`Spent` and `Chosen` are read on the Cost, Threshold, Check, Before, Result, Effect \
         and After lines of the power used"
    } else {
        "a check's outcome (`Margin`, `Natural`, `Total`, `Critical`, ...) is read on the Result \
         and Effect lines of the power that made the check"
    }
}

/// The names the check `spec` binds, by its procedure (else the system's default).
fn binds(procedures: &Procedures<'_>, spec: &CheckSpec) -> CheckNames {
    let procedure = procedures.find(spec.procedure.as_ref().map(|name| name.node.as_str()));
    // An unknown procedure is reported on its own; a scripted one binds what it returns.
    let Some(procedure) = procedure.filter(|p| p.script.is_none()) else {
        return CheckNames::Any;
    };
    let names = match &spec.defence {
        Some(_) => versus_outcome_names(procedure.method),
        None => outcome_names(procedure.method),
    };
    let method = procedure.method.unwrap_or(crate::model::system::Method::Pool);
    let method = if spec.defence.is_some() { "versus".to_string() } else { method.to_string() };
    CheckNames::Binds { procedure: procedure.name.to_string(), method, names }
}

/// A stat, resource, derived value or status named like a use name (or `Damage Dealt`, which
/// an effect line binds after its damage): refused where it is declared.
pub fn declared(symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    let lists = [&symbols.stats, &symbols.resources, &symbols.derived, &symbols.statuses];
    for declared in lists.into_iter().flatten() {
        let dealt = declared.name.eq_ignore_ascii_case(crate::model::effect::DAMAGE_DEALT)
            || declared.name.eq_ignore_ascii_case(TARGET_NUMBER);
        if is_use_name(&declared.name) || dealt {
            let kind = CheckErrorKind::UseNameDeclared(declared.name.clone());
            out.push(kind.at(declared.span).to_diagnostic().with_help(format!(
                "name it otherwise: on a power's lines `[{}]` reads what the use bound",
                declared.name
            )));
        }
    }
}

/// `Result Critical:` reads the check's `Critical` (unless the system's `Grades:` line
/// labels a grade `Critical`, which it then names): refused where a `[Critical]` would be.
pub fn critical_gates(
    critical_label: bool,
    body: &BlockBody,
    uses: &UseNames,
    out: &mut Vec<Diagnostic>,
) {
    let BlockBody::Power(lines) = body else { return };
    if critical_label {
        return;
    }
    for line in lines {
        if let PowerLine::Result { gate: crate::model::power::GradeGate::Critical, .. } = line.node
        {
            out.extend(uses.refusal("Critical", LineContext::Result, line.span));
        }
    }
}

/// Whether the system's `Grades:` line labels a grade `Critical` (the labels a Result
/// line names, as the runtime reads them).
pub fn critical_label(pack: &Pack) -> bool {
    pack.grade_labels().any(|grade| grade.label.node.matches("Critical"))
}
