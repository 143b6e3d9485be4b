//! Use counters for `Limit:` lines, kept by the running encounter: who used what how often
//! since the clock that resets it (a turn, a round, the encounter) last ticked.

use serde::{Deserialize, Serialize};

/// What resets a use counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LimitReset {
    /// The end of any turn.
    Turn,
    /// The end of a round.
    Round,
    /// The end of the encounter.
    Encounter,
}

/// Uses of one limited power (or upgrade, or shared keyword) by one actor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimitUse {
    /// The user.
    pub actor: String,
    /// What is counted: a power's or trait's name, or the keyword a limit is shared by.
    pub key: String,
    /// What resets the count.
    pub reset: LimitReset,
    /// Uses so far.
    pub count: u32,
    /// When the first counted use happened (`round 2, Ayla's turn`), for diagnostics.
    pub first: String,
}

/// Forgets the counters `ended` resets (a turn's end also ends nothing longer).
pub(crate) fn reset(uses: &mut Vec<LimitUse>, ended: LimitReset) {
    uses.retain(|used| match ended {
        LimitReset::Turn => used.reset != LimitReset::Turn,
        LimitReset::Round => !matches!(used.reset, LimitReset::Turn | LimitReset::Round),
        LimitReset::Encounter => false,
    });
}
