//! Layered pools: damage (or a loss of wealth) hits the outermost layer first; each layer
//! absorbs up to its value, may classify what passes as heavy or light against a blow-through
//! threshold, may wear down by its hardness, and passes the rest inward. Health is simply the
//! innermost layer with hardness 1 (it loses exactly what it absorbs). Pure data and
//! arithmetic: no dice, no logging, no game rules beyond the mechanism itself.

use std::num::NonZeroU32;

use serde::{Deserialize, Serialize};

use super::error::EngineErrorKind;
use super::text::SharedText;

/// One layer of a [`LayeredPool`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layer {
    /// The layer's name (`armour`, `table`, `health`); shared with the log's hits.
    pub name: SharedText,
    /// How much one hit can absorb (V); never negative.
    pub value: i64,
    /// Blow-through threshold (T): what passes on is heavy when it is at least T.
    pub threshold: Option<i64>,
    /// Hardness (H): the value drops by `floor(absorbed / H)`; none means no wear.
    /// A `NonZeroU32`, so a hardness of 0 cannot exist once a layer is built.
    pub hardness: Option<NonZeroU32>,
    /// True for layers pushed in front at runtime (a table used as cover).
    pub improvised: bool,
}

impl Layer {
    /// A layer with value `value` (negative values count as 0), no threshold and no hardness.
    pub fn new(name: impl Into<SharedText>, value: i64) -> Self {
        Layer {
            name: name.into(),
            value: value.max(0),
            threshold: None,
            hardness: None,
            improvised: false,
        }
    }

    /// Sets the blow-through threshold.
    pub fn with_threshold(mut self, threshold: i64) -> Self {
        self.threshold = Some(threshold);
        self
    }

    /// Sets the hardness; 0 is a rule error, never a division by zero later.
    pub fn with_hardness(mut self, hardness: u32) -> Result<Self, EngineErrorKind> {
        match NonZeroU32::new(hardness) {
            Some(h) => {
                self.hardness = Some(h);
                Ok(self)
            }
            None => Err(EngineErrorKind::ZeroHardness { layer: self.name.to_string() }),
        }
    }

    /// Marks the layer as improvised.
    pub fn improvised(mut self) -> Self {
        self.improvised = true;
        self
    }

    /// Applies `damage` (negative counts as 0) to this layer alone.
    pub fn hit(&mut self, damage: i64) -> LayerHit {
        let damage = damage.max(0);
        // A value edited below 0 in a save behaves as an empty layer.
        self.value = self.value.max(0);
        let before = self.value;
        let absorbed = damage.min(self.value);
        let rest = damage - absorbed;
        let weight = self.threshold.map(|t| if rest >= t { Weight::Heavy } else { Weight::Light });
        let worn = self.hardness.map_or(0, |h| absorbed / i64::from(h.get()));
        self.value = (self.value - worn).max(0);
        LayerHit {
            layer: self.name.clone(),
            before,
            absorbed,
            rest,
            weight,
            worn,
            after: self.value,
        }
    }
}

/// Whether what passes a layer with a blow-through threshold is heavy or light.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Weight {
    /// The rest met the threshold.
    Heavy,
    /// The rest stayed below the threshold.
    Light,
}

/// What one layer did with one hit: the per-layer line of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerHit {
    /// The layer's name.
    pub layer: SharedText,
    /// Its value before the hit.
    pub before: i64,
    /// How much it absorbed: `min(damage, value)`.
    pub absorbed: i64,
    /// How much passed on inward.
    pub rest: i64,
    /// Heavy or light, when the layer has a threshold.
    pub weight: Option<Weight>,
    /// How much the value wore down: `floor(absorbed / hardness)`.
    pub worn: i64,
    /// Its value after the hit.
    pub after: i64,
}

/// A stack of layers, outermost first (armour before health).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayeredPool {
    /// The layers, outermost first.
    pub layers: Vec<Layer>,
}

/// The result of one hit on a [`LayeredPool`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayeredHit {
    /// The damage that arrived at the outermost layer.
    pub damage: i64,
    /// One entry per layer reached, outermost first.
    pub layers: Vec<LayerHit>,
    /// What passed through every layer (overflow past the innermost).
    pub through: i64,
}

impl LayeredPool {
    /// A pool from layers listed outermost first.
    pub fn new(layers: Vec<Layer>) -> Self {
        LayeredPool { layers }
    }

    /// Puts a layer in front of all others (cover, a shield picked up mid-fight).
    pub fn push_front(&mut self, layer: Layer) {
        self.layers.insert(0, layer);
    }

    /// Removes the first layer named `name` and returns it.
    pub fn remove(&mut self, name: &str) -> Option<Layer> {
        let index = self.layers.iter().position(|l| l.name == name)?;
        Some(self.layers.remove(index))
    }

    /// The layer named `name`.
    pub fn layer(&self, name: &str) -> Option<&Layer> {
        self.layers.iter().find(|l| l.name == name)
    }

    /// Sends `damage` in from the outside; stops at the first layer that absorbs all of it.
    ///
    /// ```
    /// use mythforge::engine::{Layer, LayeredPool};
    /// let mut pool = LayeredPool::new(vec![
    ///     Layer::new("table", 8).with_hardness(2).unwrap(),
    ///     Layer::new("armour", 10).with_hardness(5).unwrap(),
    /// ]);
    /// let hit = pool.hit(25);
    /// assert_eq!(hit.through, 7);
    /// assert_eq!(pool.layers[0].value, 4);
    /// assert_eq!(pool.layers[1].value, 8);
    /// ```
    pub fn hit(&mut self, damage: i64) -> LayeredHit {
        let mut layers = Vec::new();
        let through = self.hit_each(damage, |hit| layers.push(hit));
        LayeredHit { damage: damage.max(0), layers, through }
    }

    /// [`LayeredPool::hit`], handing each layer's hit to `each` (outermost first) instead
    /// of collecting them; returns what passed every layer. The log keeps the hits in its
    /// own store, so a hit allocates nothing.
    pub fn hit_each(&mut self, damage: i64, mut each: impl FnMut(LayerHit)) -> i64 {
        let mut through = damage.max(0);
        for layer in &mut self.layers {
            if through == 0 {
                break;
            }
            let hit = layer.hit(through);
            through = hit.rest;
            each(hit);
        }
        through
    }

    /// Removes improvised layers worn down to 0 and returns their names.
    pub fn drop_broken_improvised(&mut self) -> Vec<String> {
        let mut broken = Vec::new();
        self.layers.retain(|l| {
            let keep = !(l.improvised && l.value == 0);
            if !keep {
                broken.push(l.name.to_string());
            }
            keep
        });
        broken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_hardness_zero_is_an_error() {
        assert_eq!(
            Layer::new("plate", 5).with_hardness(0),
            Err(EngineErrorKind::ZeroHardness { layer: "plate".into() })
        );
    }

    #[test]
    fn layer_without_hardness_never_wears() {
        let mut layer = Layer::new("hide", 3);
        let hit = layer.hit(10);
        assert_eq!((hit.absorbed, hit.rest, hit.worn, layer.value), (3, 7, 0, 3));
        assert_eq!(hit.weight, None);
    }

    #[test]
    fn layer_negative_damage_counts_as_zero() {
        let mut layer = Layer::new("hide", 3).with_hardness(1).unwrap();
        let hit = layer.hit(-4);
        assert_eq!((hit.absorbed, hit.rest, layer.value), (0, 0, 3));
    }

    #[test]
    fn pool_health_with_hardness_one_loses_what_it_absorbs() {
        let mut pool = LayeredPool::new(vec![
            Layer::new("armour", 4),
            Layer::new("health", 10).with_hardness(1).unwrap(),
        ]);
        let hit = pool.hit(9);
        assert_eq!(pool.layers[1].value, 5);
        assert_eq!(hit.through, 0);
        let hit = pool.hit(20);
        assert_eq!((pool.layers[1].value, hit.through), (0, 11));
    }

    #[test]
    fn pool_improvised_layer_goes_in_front_and_breaks() {
        let mut pool = LayeredPool::new(vec![Layer::new("health", 10).with_hardness(1).unwrap()]);
        pool.push_front(Layer::new("crate", 2).with_hardness(1).unwrap().improvised());
        pool.hit(3);
        assert_eq!(pool.drop_broken_improvised(), vec!["crate".to_string()]);
        assert_eq!(pool.layers.len(), 1);
        assert_eq!(pool.layers[0].value, 9);
    }
}
