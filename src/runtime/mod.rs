//! The runtime: runs a loaded rule pack against the engine. [`Game`] owns the pack, its
//! sources and the world; its commands build actors from stat blocks, run checks through the
//! system's procedures, resolve powers through the pipeline, and drive encounters, each as
//! one transaction that fully applies or changes nothing. Script calls from rule lines go
//! through one seam into the pack's scripts, compiled once at load.

mod acting;
mod actors;
mod blocks;
mod challenge;
mod check_options;
mod checks;
mod choices;
mod chosen_cost;
mod condition_whiles;
mod deciding;
mod defences;
mod durations;
mod effect_checks;
mod effects;
mod encounter;
mod error;
mod fiat;
mod flow;
mod game;
mod gear;
mod given;
mod ground;
mod hooks;
mod host;
mod journal;
mod limits;
mod maxes;
mod moments;
mod movement;
mod power;
mod power_lines;
mod power_rules;
mod procedures;
mod quantities;
mod reading;
mod recipients;
mod relations;
pub(crate) mod requirement;
mod restore_map;
mod rolling;
mod rules;
mod scope;
mod scripted_check;
mod sharing;
mod sides;
mod stances;
mod steps;
mod targets;
mod temporary;
mod terrain;
mod ticks;
mod traits;
mod turn_control;
mod turn_effects;
pub(crate) mod upgrade;
mod world_flags;
mod world_resources;
mod worn;

pub use actors::ARMOUR_LAYERS;
pub use checks::{CheckOutcome, CheckRequest, OutcomeNames};
pub use error::{LimitReached, RuntimeError, RuntimeErrorKind};
pub use fiat::{Grantable, Lasting};
pub use game::{Game, Portable, UNDO_LIMIT};
pub(crate) use host::require_scripts;
pub(crate) use host::script_files;
pub use host::{check_scripts, script_folders};
pub use power::{BoundNames, PowerOptions, PowerOutcome, PowerUse, TargetOutcome, TargetOutcomes};
pub use procedures::{VersusOutcome, VersusRequest};
pub use restore_map::Restored;
pub use steps::{TestRequest, TestStatus};
