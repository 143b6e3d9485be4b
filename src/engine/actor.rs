//! Actors: a name, stats, resources with current and optional bounds, active conditions,
//! the names of known powers, traits and equipment, layered pools, and an optional hex
//! position. Derived values (a health status, a formula over stats) are never stored: the
//! rule model supplies them through [`DerivedValues`] and [`Actor::value`] asks it last.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::condition::Conditions;
use super::hex::Hex;
use super::layers::LayeredPool;
use super::stats::{Resources, Stats};

/// A resource an actor spends and regains (points, surges, health).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resource {
    /// The current amount.
    pub current: i64,
    /// The most it can hold, if bounded.
    pub max: Option<i64>,
    /// The least it can hold (usually 0; `None` for resources that may go negative).
    pub min: Option<i64>,
}

impl Resource {
    /// A resource holding `current`, no maximum, minimum 0.
    pub fn new(current: i64) -> Self {
        Resource { current, max: None, min: Some(0) }
    }

    /// Sets the maximum.
    pub fn with_max(mut self, max: i64) -> Self {
        self.max = Some(max);
        self
    }

    /// How much can be spent before hitting the minimum (unbounded: `i64::MAX`).
    pub fn spendable(&self) -> i64 {
        match self.min {
            Some(min) => self.current.saturating_sub(min).max(0),
            None => i64::MAX,
        }
    }

    /// `value` clamped into this resource's bounds.
    pub fn clamp(&self, value: i64) -> i64 {
        let value = self.max.map_or(value, |max| value.min(max));
        self.min.map_or(value, |min| value.max(min))
    }
}

/// Values computed from an actor rather than stored (supplied by the rule model).
pub trait DerivedValues {
    /// The value of `name` for `actor`, or `None` if this source does not define it.
    fn derived(&self, actor: &Actor, name: &str) -> Option<i64>;
}

impl<F: Fn(&Actor, &str) -> Option<i64>> DerivedValues for F {
    fn derived(&self, actor: &Actor, name: &str) -> Option<i64> {
        self(actor, name)
    }
}

/// No derived values at all (before a rule model is loaded).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoDerivedValues;

impl DerivedValues for NoDerivedValues {
    fn derived(&self, _actor: &Actor, _name: &str) -> Option<i64> {
        None
    }
}

/// The stance an actor has adopted (kept with its conditions, so whatever records or rolls
/// back conditions does the same for the stance).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdoptedStance {
    /// The stance's name.
    pub name: String,
    /// The conditions adopting it applied (`Effect: apply Hasted to Self`), removed when it
    /// ends.
    pub granted: Vec<String>,
}

/// A character, creature or object that takes part in the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    /// The actor's name, unique in its world.
    pub name: String,
    /// Stats by name.
    pub stats: Stats,
    /// Resources by name.
    pub resources: Resources,
    /// Active conditions.
    pub conditions: Conditions,
    /// Names of known powers.
    pub powers: Vec<String>,
    /// Names of traits.
    pub traits: Vec<String>,
    /// Names of equipment carried.
    pub equipment: Vec<String>,
    /// Layered pools by name (armour over health, an accountant over wealth).
    pub layered: BTreeMap<String, LayeredPool>,
    /// Where the actor stands, when positions are used.
    pub position: Option<Hex>,
    /// Where the actor faces, once placed and turned (by `facing` when placed, a move, or
    /// `faces`); never set while it has no position. Older saves have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<super::Direction>,
    /// The side the actor fights on (`party`, `foes`), when sides are used; older saves
    /// have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// What the actor is (`Construct`, `Legless`), from its block's `Keywords:` line, for
    /// `Target has keyword Construct`; older saves have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
}

impl Actor {
    /// An actor with nothing but a name.
    pub fn new(name: impl Into<String>) -> Self {
        Actor { name: name.into(), ..Actor::default() }
    }

    /// Sets a stat.
    pub fn with_stat(mut self, name: impl Into<String>, value: i64) -> Self {
        self.stats.insert(name.into(), value);
        self
    }

    /// Adds a resource.
    pub fn with_resource(mut self, name: impl Into<String>, resource: Resource) -> Self {
        self.resources.insert(name.into(), resource);
        self
    }

    /// Adds a layered pool.
    pub fn with_layered(mut self, name: impl Into<String>, pool: LayeredPool) -> Self {
        self.layered.insert(name.into(), pool);
        self
    }

    /// A stat, else a resource's current amount, else a derived value.
    ///
    /// ```
    /// use mythforge::engine::{Actor, Resource};
    /// let actor = Actor::new("ana").with_stat("speed", 4).with_resource("health", Resource::new(9));
    /// let twice_speed = |a: &Actor, name: &str| (name == "dash").then(|| a.stats["speed"] * 2);
    /// assert_eq!(actor.value("health", &twice_speed), Some(9));
    /// assert_eq!(actor.value("dash", &twice_speed), Some(8));
    /// ```
    pub fn value(&self, name: &str, derived: &dyn DerivedValues) -> Option<i64> {
        self.stats
            .get(name)
            .copied()
            .or_else(|| self.resources.get(name).map(|r| r.current))
            .or_else(|| derived.derived(self, name))
    }
}
