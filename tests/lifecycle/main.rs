//! Issue 15, turns, lifecycle and resources: each construct that `check` (or a session)
//! accepted and the runtime then ignored either works as its line says or is refused with
//! a diagnostic naming the line. One module per row of the table.

mod common;

mod damage_pool;
mod durations;
mod encounter_end;
mod event_rules;
mod forced_dice;
mod inline_actor;
mod losses;
mod maxes;
mod moments;
mod resource_bounds;
mod traits;
mod turn_order;
