//! The deterministic engine's foundations: world state (actors, resources, conditions,
//! layered pools, pools, clock, encounter), the check procedures, damage and healing,
//! decision points, hex geometry, the event log, saves and undo. Names of stats, resources
//! and conditions are plain strings: the rule model supplies their meaning. Only the world's
//! one [`Roller`](crate::dice::Roller) produces randomness; nothing here reads the clock,
//! prints, or iterates a hash map.

mod actor;
mod cause;
mod checks;
mod clock;
mod condition;
mod damage;
mod decision;
mod direction;
mod effects;
mod encounter;
mod error;
mod grid;
mod hex;
mod layer_hits;
mod layers;
mod limits;
mod log;
mod narration;
mod open_test;
mod save;
mod segments;
mod short_list;
mod state;
mod stats;
pub(crate) mod text;

pub use actor::{Actor, AdoptedStance, DerivedValues, NoDerivedValues, Resource};
pub use cause::Cause;
pub(crate) use checks::Reads;
pub use checks::{
    DiceClass, Graded, MAX_DICE, MAX_DICE_ROLLED, MAX_EXPLOSIONS_PER_DIE, ModifiedRollCheck,
    ModifiedRollOutcome, PoolCheck, PoolOutcome, RollUnderCheck, RollUnderOutcome, RolledDie,
    ScoreComparison, Side, SuccessPoolCheck, SuccessPoolOutcome, TieRule, classify_dice,
    decide_roll_under, grade_totals, pool_vs_threshold, roll_best_plus_modifier, roll_die,
    roll_plus_modifier, roll_under, roll_under_asks, roll_under_dice, success_pool, versus,
    versus_rolls,
};
pub use clock::{ClockAdvance, WorldClock};
pub use condition::{ActiveCondition, Applied, Conditions, Expiry, StackRule};
pub use damage::{
    Damage, DamageRules, DamageSteps, HealRules, HealSteps, RoundingDirection, Scale,
    resolve_damage, resolve_heal,
};
pub use decision::{
    Answer, Decider, DecisionKind, DecisionPoint, DecisionTaken, DefaultPolicies, Policy,
    PolicyDecider,
};
pub use direction::{Direction, Quarter};
pub use effects::{DamageInto, DamageReport};
pub(crate) use effects::{Sink, Struck};
pub use encounter::{
    Challenge, ChallengeStatus, Encounter, InitiativeRoll, InitiativeRule, InitiativeTieBreak,
    Participant, Phase, QueuedPower, ResourceReset, SegmentRule, TurnMode, TurnStep,
    order_initiative, participants_from, roll_initiative,
};
pub use error::{EngineError, EngineErrorKind};
pub use grid::{Grid, SQUARE_DIRECTIONS};
pub use hex::{
    DIRECTIONS, Hex, MAX_AREA_SIZE, MAX_COORDINATE, burst, clear_line, cone, path, ray, ring,
};
pub use layer_hits::LayerHits;
pub use layers::{Layer, LayerHit, LayeredHit, LayeredPool, Weight};
pub use limits::{LimitReset, LimitUse};
pub use log::{CheckResult, DieTotals, Event, EventLog, RolledDice};
pub use narration::{MoveText, Narrated};
pub use open_test::{OpenTest, successes};
pub use save::{
    FORMAT_VERSION, MAX_SAVE_BYTES, backup_path, from_json, load, load_or_backup, read_save, save,
    to_json, write_atomically,
};
pub use short_list::ShortList;
pub use state::{Laid, World};
pub use stats::{Ids, Key, NameTable, Resources, Stats};
pub use text::{NameCache, SharedText};
