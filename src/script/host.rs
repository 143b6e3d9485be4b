//! The seam between scripts and the world they act on. Scripts never touch engine state
//! directly: every dice roll, transcript line and (later) actor change goes through a
//! [`ScriptHost`], which the sandbox holds behind `Rc<RefCell<…>>` (single-threaded and
//! deterministic by design). [`DiceHost`] is the host without an engine: the shared seeded
//! [`Roller`] plus a captured log; the engine's host implements the actor methods.
//!
//! A host must not print, read the clock or use any randomness other than its roller.
//! Transactional behaviour is the host's job: when a call fails, the engine discards every
//! change the host recorded during that call, so state is exactly as it was before.

use std::cell::RefCell;
use std::rc::Rc;

use crate::dice::{ForcedFaceError, Roller};

/// An actor as scripts see it: an opaque id the engine hands to script functions
/// (`fn jolt(actor) { actor.stat("Might") + 1 }`). Scripts cannot forge one from a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ActorHandle(pub u32);

/// Where a captured line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// `log("text")`: a line meant for the transcript.
    Log,
    /// `print(value)`.
    Print,
    /// `debug(value)`: shown only when the user asks for script debugging.
    Debug,
}

/// One line a script wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptOutput {
    /// `log`, `print` or `debug`.
    pub kind: OutputKind,
    /// The text, exactly as the script produced it.
    pub text: String,
}

/// Why a host refused a request. Scripts see it as a runtime error at the call site.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HostError {
    /// The host does not offer this function yet (the engine is not attached).
    #[error("`{0}` is not available here")]
    Unsupported(&'static str),
    /// `roll_die(0)` or a negative or huge side count.
    #[error("a die needs between 1 and {max} sides, not {sides}", max = u32::MAX)]
    InvalidSides {
        /// What the script asked for.
        sides: i64,
    },
    /// A forced face does not fit the die rolled.
    #[error(transparent)]
    ForcedFace(#[from] ForcedFaceError),
    /// The actor, stat, resource or condition does not exist, or the change is not allowed.
    #[error("{0}")]
    Rejected(String),
    /// A function that reads or changes the world was called from a bracket expression,
    /// whose value must not depend on dice or change the world.
    #[error(
        "`{0}` cannot be used in a bracket expression: a rule line's value must not roll \
         dice or change the world; call it from a `script` effect instead"
    )]
    Pure(&'static str),
    /// `decide` needs an answer the host does not have yet: the engine stops the script,
    /// asks its decider and runs the command again with the answer.
    #[error("`decide` is waiting for an answer")]
    Ask,
    /// A host function was called while another one was still running (a host that calls
    /// back into scripts). Refused instead of corrupting state.
    #[error("the script host is busy: host functions cannot be re-entered")]
    Busy,
}

/// What scripts may do to the world. Every method but [`ScriptHost::roll_die`] and
/// [`ScriptHost::log`] has a default that answers [`HostError::Unsupported`], so a host
/// only implements what it offers. The engine's implementation routes damage and healing
/// through its own effect path (layered pools, resistances, the event log) and records
/// every change so a failed call can be rolled back.
pub trait ScriptHost {
    /// One die with `sides` faces from the engine's one seeded stream, forced faces first.
    fn roll_die(&mut self, sides: u32) -> Result<u32, HostError>;

    /// Rolls a dice expression in the engine's notation (`roll("3d10")`) from the same
    /// stream as [`ScriptHost::roll_die`]; returns the total.
    fn roll_dice(&mut self, notation: &str) -> Result<i64, HostError> {
        let _ = notation;
        Err(HostError::Unsupported("roll"))
    }

    /// Appends a line to the transcript (or wherever this host captures output).
    fn log(&mut self, output: ScriptOutput);

    /// The actor's name (`actor.name()`).
    fn name(&self, actor: ActorHandle) -> Result<String, HostError> {
        let _ = actor;
        Err(HostError::Unsupported("name"))
    }

    /// The current value of `stat` on `actor` (`actor.stat("Might")`).
    fn stat(&self, actor: ActorHandle, stat: &str) -> Result<i64, HostError> {
        let _ = (actor, stat);
        Err(HostError::Unsupported("stat"))
    }

    /// Sets `stat` on `actor` (`actor.set_stat("Might", 4)`).
    fn set_stat(&mut self, actor: ActorHandle, stat: &str, value: i64) -> Result<(), HostError> {
        let _ = (actor, stat, value);
        Err(HostError::Unsupported("set_stat"))
    }

    /// The current amount of `resource` (`actor.resource("Stamina")`).
    fn resource(&self, actor: ActorHandle, resource: &str) -> Result<i64, HostError> {
        let _ = (actor, resource);
        Err(HostError::Unsupported("resource"))
    }

    /// The maximum of `resource` (`actor.resource_max("HP")`); an error when it has none.
    fn resource_max(&self, actor: ActorHandle, resource: &str) -> Result<i64, HostError> {
        let _ = (actor, resource);
        Err(HostError::Unsupported("resource_max"))
    }

    /// Adds `delta` (negative to spend) to `resource`; returns the new amount
    /// (`actor.change_resource("Stamina", -2)`).
    fn change_resource(
        &mut self,
        actor: ActorHandle,
        resource: &str,
        delta: i64,
    ) -> Result<i64, HostError> {
        let _ = (actor, resource, delta);
        Err(HostError::Unsupported("change_resource"))
    }

    /// True when `actor` has `condition` (`actor.has_condition("Bleeding")`).
    fn has_condition(&self, actor: ActorHandle, condition: &str) -> Result<bool, HostError> {
        let _ = (actor, condition);
        Err(HostError::Unsupported("has_condition"))
    }

    /// The N of `condition` on `actor`, applied or included; 0 when it has no N or is not
    /// on (`actor.condition_rating("Bleeding")`).
    fn condition_rating(&self, actor: ActorHandle, condition: &str) -> Result<i64, HostError> {
        let _ = (actor, condition);
        Err(HostError::Unsupported("condition_rating"))
    }

    /// Applies `condition` with `rating` (`actor.apply_condition("Bleeding", 2)`).
    fn apply_condition(
        &mut self,
        actor: ActorHandle,
        condition: &str,
        rating: i64,
    ) -> Result<(), HostError> {
        let _ = (actor, condition, rating);
        Err(HostError::Unsupported("apply_condition"))
    }

    /// Ends `condition` (`actor.end_condition("Bleeding")`).
    fn end_condition(&mut self, actor: ActorHandle, condition: &str) -> Result<(), HostError> {
        let _ = (actor, condition);
        Err(HostError::Unsupported("end_condition"))
    }

    /// Deals `amount` damage of `damage_type` ("" for untyped) through the engine's effect
    /// path; returns the damage actually taken (`actor.damage(5, "fire")`).
    fn deal_damage(
        &mut self,
        actor: ActorHandle,
        amount: i64,
        damage_type: &str,
    ) -> Result<i64, HostError> {
        let _ = (actor, amount, damage_type);
        Err(HostError::Unsupported("damage"))
    }

    /// Heals `amount`; returns the amount actually healed (`actor.heal(3)`).
    fn heal(&mut self, actor: ActorHandle, amount: i64) -> Result<i64, HostError> {
        let _ = (actor, amount);
        Err(HostError::Unsupported("heal"))
    }

    /// Rolls a check for `actor` with the pack's check procedure `procedure` (`None`: the
    /// system's default) on `stat` against `threshold`; returns the grade (0: failed):
    /// `check(actor, "Stability", 21)`, `check(actor, "Stability", 21, "Challenge")`.
    fn check(
        &mut self,
        actor: ActorHandle,
        stat: &str,
        threshold: i64,
        procedure: Option<&str>,
    ) -> Result<i64, HostError> {
        let _ = (actor, stat, threshold, procedure);
        Err(HostError::Unsupported("check"))
    }

    /// A decision point: asks the player (or a forced answer in a session file) to pick one
    /// of `options`; returns the index picked (`decide("Push or pull?", ["push", "pull"])`).
    fn decide(&mut self, question: &str, options: &[String]) -> Result<usize, HostError> {
        let _ = (question, options);
        Err(HostError::Unsupported("decide"))
    }
}

/// The host available without an engine: dice from a shared [`Roller`] and a captured log.
/// Actor functions answer [`HostError::Unsupported`].
///
/// ```
/// use std::{cell::RefCell, rc::Rc};
/// use mythforge::dice::Roller;
/// use mythforge::script::{DiceHost, ScriptHost};
/// let roller = Rc::new(RefCell::new(Roller::new(7)));
/// let mut host = DiceHost::new(roller.clone());
/// roller.borrow_mut().force([4]);
/// assert_eq!(host.roll_die(6), Ok(4));
/// ```
#[derive(Debug)]
pub struct DiceHost {
    roller: Rc<RefCell<Roller>>,
    output: Vec<ScriptOutput>,
}

impl DiceHost {
    /// A host drawing from `roller`, the same stream the engine uses.
    pub fn new(roller: Rc<RefCell<Roller>>) -> Self {
        DiceHost { roller, output: Vec::new() }
    }

    /// Every line scripts wrote so far, in order.
    pub fn output(&self) -> &[ScriptOutput] {
        &self.output
    }

    /// Takes the captured lines, leaving the log empty.
    pub fn take_output(&mut self) -> Vec<ScriptOutput> {
        std::mem::take(&mut self.output)
    }
}

impl ScriptHost for DiceHost {
    fn roll_die(&mut self, sides: u32) -> Result<u32, HostError> {
        let mut roller = self.roller.try_borrow_mut().map_err(|_| HostError::Busy)?;
        Ok(roller.roll_die(sides)?)
    }

    fn roll_dice(&mut self, notation: &str) -> Result<i64, HostError> {
        let mut roller = self.roller.try_borrow_mut().map_err(|_| HostError::Busy)?;
        roll_notation(&mut roller, notation)
    }

    fn log(&mut self, output: ScriptOutput) {
        self.output.push(output);
    }
}

/// Rolls `notation` (`"3d10"`) on `roller` (forced faces first); returns the total.
pub fn roll_notation(roller: &mut Roller, notation: &str) -> Result<i64, HostError> {
    let expression = crate::dice::DiceExpr::parse(notation)
        .map_err(|error| HostError::Rejected(format!("`{notation}`: {error}")))?;
    let roll = roller
        .roll(&expression)
        .map_err(|error| HostError::Rejected(format!("`{notation}`: {error}")))?;
    Ok(roll.total)
}
