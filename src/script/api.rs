//! The functions scripts can call besides Rhai's own library: dice, the transcript, actor
//! handles and the pack's check procedures (`check(actor, "Stability", 21)`). Each one is a thin adapter onto [`ScriptHost`]; none keeps state of its own, and
//! host failures become ordinary script runtime errors at the call site.

use std::cell::RefCell;
use std::rc::Rc;

use rhai::{Array, Dynamic, Engine, EvalAltResult, INT, Position};

use super::host::{ActorHandle, HostError, OutputKind, ScriptHost, ScriptOutput};

type Host = Rc<RefCell<dyn ScriptHost>>;
type HostResult<T> = Result<T, Box<EvalAltResult>>;

/// Registers every host function on `engine`.
pub(crate) fn register(engine: &mut Engine, host: &Host) {
    register_output(engine, host);
    register_dice(engine, host);
    register_actor(engine, host);
}

/// A host failure as a script runtime error; Rhai fills in the call site's position.
fn failure(error: HostError) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(Dynamic::from(error), Position::NONE))
}

/// Runs `action` with the host borrowed mutably, refusing re-entry instead of panicking.
fn with_host<T>(
    host: &Host,
    action: impl FnOnce(&mut dyn ScriptHost) -> Result<T, HostError>,
) -> HostResult<T> {
    let mut host = host.try_borrow_mut().map_err(|_| failure(HostError::Busy))?;
    action(&mut *host).map_err(failure)
}

fn register_output(engine: &mut Engine, host: &Host) {
    let log_host = Rc::clone(host);
    engine.register_fn("log", move |value: Dynamic| -> HostResult<()> {
        let text = value.to_string();
        with_host(&log_host, |h| {
            h.log(ScriptOutput { kind: OutputKind::Log, text });
            Ok(())
        })
    });
    let print_host = Rc::clone(host);
    engine.on_print(move |text| {
        // A print while the host is busy cannot happen (host calls never run scripts);
        // dropping the line is the only option that neither panics nor blocks.
        if let Ok(mut h) = print_host.try_borrow_mut() {
            h.log(ScriptOutput { kind: OutputKind::Print, text: text.to_string() });
        }
    });
    let debug_host = Rc::clone(host);
    engine.on_debug(move |text, _source, _position| {
        if let Ok(mut h) = debug_host.try_borrow_mut() {
            h.log(ScriptOutput { kind: OutputKind::Debug, text: text.to_string() });
        }
    });
}

fn register_dice(engine: &mut Engine, host: &Host) {
    let dice_host = Rc::clone(host);
    engine.register_fn("roll_die", move |sides: INT| -> HostResult<INT> {
        let sides = u32::try_from(sides)
            .ok()
            .filter(|s| *s >= 1)
            .ok_or(failure(HostError::InvalidSides { sides }))?;
        with_host(&dice_host, |h| h.roll_die(sides)).map(INT::from)
    });
    let dice_host = Rc::clone(host);
    engine.register_fn("roll", move |notation: &str| -> HostResult<INT> {
        with_host(&dice_host, |h| h.roll_dice(notation))
    });
}

fn register_actor(engine: &mut Engine, host: &Host) {
    engine.register_type_with_name::<ActorHandle>("Actor");
    engine.register_fn("to_string", |actor: &mut ActorHandle| format!("actor#{}", actor.0));
    engine.register_fn("to_debug", |actor: &mut ActorHandle| format!("actor#{}", actor.0));
    engine.register_fn("==", |a: ActorHandle, b: ActorHandle| a == b);
    engine.register_fn("!=", |a: ActorHandle, b: ActorHandle| a != b);

    let h = Rc::clone(host);
    engine.register_fn("name", move |actor: &mut ActorHandle| {
        with_host(&h, |host| host.name(*actor))
    });
    let h = Rc::clone(host);
    engine.register_fn("stat", move |actor: &mut ActorHandle, stat: &str| {
        with_host(&h, |host| host.stat(*actor, stat))
    });
    let h = Rc::clone(host);
    engine.register_fn("set_stat", move |actor: &mut ActorHandle, stat: &str, value: INT| {
        with_host(&h, |host| host.set_stat(*actor, stat, value))
    });
    let h = Rc::clone(host);
    engine.register_fn("resource", move |actor: &mut ActorHandle, resource: &str| {
        with_host(&h, |host| host.resource(*actor, resource))
    });
    let h = Rc::clone(host);
    engine.register_fn("resource_max", move |actor: &mut ActorHandle, resource: &str| {
        with_host(&h, |host| host.resource_max(*actor, resource))
    });
    let h = Rc::clone(host);
    engine.register_fn(
        "change_resource",
        move |actor: &mut ActorHandle, resource: &str, delta: INT| {
            with_host(&h, |host| host.change_resource(*actor, resource, delta))
        },
    );
    let h = Rc::clone(host);
    engine.register_fn("has_condition", move |actor: &mut ActorHandle, condition: &str| {
        with_host(&h, |host| host.has_condition(*actor, condition))
    });
    let h = Rc::clone(host);
    engine.register_fn("condition_rating", move |actor: &mut ActorHandle, condition: &str| {
        with_host(&h, |host| host.condition_rating(*actor, condition))
    });
    let h = Rc::clone(host);
    engine.register_fn(
        "apply_condition",
        move |actor: &mut ActorHandle, condition: &str, rating: INT| {
            with_host(&h, |host| host.apply_condition(*actor, condition, rating))
        },
    );
    let h = Rc::clone(host);
    engine.register_fn("end_condition", move |actor: &mut ActorHandle, condition: &str| {
        with_host(&h, |host| host.end_condition(*actor, condition))
    });
    let h = Rc::clone(host);
    engine.register_fn("damage", move |actor: &mut ActorHandle, amount: INT, damage_type: &str| {
        with_host(&h, |host| host.deal_damage(*actor, amount, damage_type))
    });
    let h = Rc::clone(host);
    engine.register_fn("damage", move |actor: &mut ActorHandle, amount: INT| {
        with_host(&h, |host| host.deal_damage(*actor, amount, ""))
    });
    let h = Rc::clone(host);
    engine.register_fn("heal", move |actor: &mut ActorHandle, amount: INT| {
        with_host(&h, |host| host.heal(*actor, amount))
    });
    let h = Rc::clone(host);
    engine.register_fn("check", move |actor: ActorHandle, stat: &str, threshold: INT| {
        with_host(&h, |host| host.check(actor, stat, threshold, None))
    });
    let h = Rc::clone(host);
    engine.register_fn(
        "check",
        move |actor: ActorHandle, stat: &str, threshold: INT, procedure: &str| {
            with_host(&h, |host| host.check(actor, stat, threshold, Some(procedure)))
        },
    );
    let h = Rc::clone(host);
    engine.register_fn("decide", move |question: &str, options: Array| -> HostResult<INT> {
        let options: Vec<String> = options.iter().map(ToString::to_string).collect();
        let count = options.len();
        let picked = match h.try_borrow_mut() {
            Ok(mut host) => host.decide(question, &options),
            Err(_) => Err(HostError::Busy),
        };
        let picked = match picked {
            // Waiting for an answer stops the script in a way `try`/`catch` cannot swallow:
            // the engine rolls the command back, asks, and runs it again.
            Err(HostError::Ask) => {
                let token = Dynamic::from(super::sandbox::ASK_TOKEN);
                return Err(Box::new(EvalAltResult::ErrorTerminated(token, Position::NONE)));
            }
            other => other.map_err(failure)?,
        };
        if picked >= count {
            return Err(failure(HostError::Rejected(format!(
                "the answer {picked} is not one of the {count} options"
            ))));
        }
        INT::try_from(picked).map_err(|_| failure(HostError::Rejected("bad answer".into())))
    });
}
