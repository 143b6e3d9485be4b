//! Terrain on the hex map: condition blocks laid on hexes ([`Game::set_terrain`],
//! [`Game::clear_terrain`]) and held by whoever stands there. A creature that is placed on or
//! moves into a terrain hex gains a copy of each of its conditions whose source is
//! `terrain at q,r`; leaving ends exactly those copies, so a copy applied by a power stays.
//! Gaining and losing go through the world's condition path (logged, journaled, undoable).

use std::collections::BTreeMap;

use crate::diagnostics::Span;
use crate::engine::{ActiveCondition, Event, Expiry, Hex, Laid, StackRule};

use super::Game;
use super::error::{RuntimeError, unknown};
use super::hooks::{EventData, fire};
use super::journal::Part;
use super::power::engine;
use super::rules::Rules;
use crate::model::hook::HookEvent;

/// The source written on a condition that a creature holds because it stands on `hex`.
pub fn terrain_source(hex: Hex) -> String {
    format!("terrain at {hex}")
}

impl Game {
    /// Lays the condition block `condition` (with `n`, when it has one) on every hex of
    /// `hexes`, replacing the same terrain there; whoever stands on one of them holds it.
    /// An unknown condition is refused (with a did-you-mean) and nothing changes.
    ///
    /// ```
    /// use mythforge::engine::Hex;
    /// use mythforge::runtime::Game;
    /// let mut game = Game::new(1);
    /// game.load_source("t.rules", "condition Rough\nParameters: N\n").unwrap();
    /// game.add_actor("Ana", None, &[]).unwrap();
    /// game.place("Ana", Some(Hex::new(3, 4))).unwrap();
    /// game.set_terrain("Rough", Some(2), &[Hex::new(3, 4)]).unwrap();
    /// let held = &game.world().actor("Ana").unwrap().conditions.active[0];
    /// assert_eq!((held.name.as_str(), held.n), ("Rough", Some(2)));
    /// ```
    pub fn set_terrain(
        &mut self,
        condition: &str,
        n: Option<i64>,
        hexes: &[Hex],
    ) -> Result<(), RuntimeError> {
        let block = self.rules.conditions.find(condition).ok_or_else(|| {
            unknown("condition", condition, self.rules.conditions.names()).at(Span::NONE)
        })?;
        let example = match hexes.first() {
            Some(hex) => format!("terrain {} 2 at {hex}", block.name.node),
            None => format!("terrain {} 2 at 0,0", block.name.node),
        };
        super::fiat::given_n(block, n, &example)?;
        let name = block.name.node.as_str().to_string();
        self.command(|game| {
            for hex in hexes {
                game.world.terrain.entry(*hex).or_default().insert(name.clone(), Laid::with_n(n));
            }
            let shown: Vec<String> = hexes.iter().map(Hex::to_string).collect();
            let rating = n.map(|n| format!(" {n}")).unwrap_or_default();
            game.world
                .narrate(format!("terrain {name}{rating} at {}", shown.join(" ")), Span::NONE);
            settle_on(game, hexes)
        })
    }

    /// Takes every terrain off `hexes`; whoever stands there loses what the terrain gave.
    pub fn clear_terrain(&mut self, hexes: &[Hex]) -> Result<(), RuntimeError> {
        self.command(|game| {
            for hex in hexes {
                game.world.terrain.remove(hex);
            }
            let shown: Vec<String> = hexes.iter().map(Hex::to_string).collect();
            game.world.narrate(format!("terrain cleared at {}", shown.join(" ")), Span::NONE);
            settle_on(game, hexes)
        })
    }
}

/// `lay Spikes at Target`: lays the condition block `condition` (with `n`) on `hex` from an
/// effect line of `by`'s, journaled so a failing power takes it back; whoever stands there
/// gains it (but `by` itself, when the block spares who laid it).
pub(crate) fn lay(
    game: &mut Game,
    (condition, n): (&crate::model::Name, Option<i64>),
    by: &str,
    hex: Hex,
    span: Span,
) -> Result<(), RuntimeError> {
    let block = game.rules.conditions.find(condition).ok_or_else(|| {
        unknown("condition", condition.as_str(), game.rules.conditions.names()).at(span)
    })?;
    let name = block.name.node.as_str().to_string();
    game.remember_terrain(hex);
    let laid = Laid { n, by: Some(by.to_string()) };
    game.world.terrain.entry(hex).or_default().insert(name.clone(), laid);
    let rating = n.map(|n| format!(" {n}")).unwrap_or_default();
    game.world.narrate(format!("terrain {name}{rating} at {hex}"), span);
    settle_on(game, &[hex])
}

/// `lift Spikes`: takes the terrain `condition` off `hex` (a trap that went off), journaled
/// like `lay`; whoever stands there loses what it gave. Lifting terrain that is not there
/// changes nothing and says so.
pub(crate) fn lift(
    game: &mut Game,
    condition: &str,
    hex: Hex,
    span: Span,
) -> Result<(), RuntimeError> {
    let laid =
        game.world.terrain.get(&hex).and_then(|here| {
            here.keys().find(|name| name.eq_ignore_ascii_case(condition)).cloned()
        });
    let Some(name) = laid else {
        game.world.narrate(format!("no {condition} lies at {hex}: nothing to lift"), span);
        return Ok(());
    };
    game.remember_terrain(hex);
    if let Some(here) = game.world.terrain.get_mut(&hex) {
        here.remove(&name);
        if here.is_empty() {
            game.world.terrain.remove(&hex);
        }
    }
    game.world.narrate(format!("terrain {name} lifted at {hex}"), span);
    settle_on(game, &[hex])
}

/// Whether the condition block `condition` spares who laid it (`Spares: who laid it`).
pub(crate) fn spares_layer(rules: &Rules, condition: &str) -> bool {
    rules.conditions.find(condition).is_some_and(|block| match &block.body {
        crate::model::BlockBody::Condition(lines) => {
            lines.iter().any(|line| matches!(line.node, crate::model::ConditionLine::SparesLayer))
        }
        _ => false,
    })
}

/// Who laid the terrain `condition` that `actor` holds from the cell it stands on, when
/// the block spares who laid it: the one its `When ... is applied` rules leave out.
pub(crate) fn spared_layer(game: &Game, actor: &str, condition: &str) -> Option<String> {
    if !spares_layer(&game.rules, condition) {
        return None;
    }
    let holder = game.world.actor(actor).ok()?;
    let hex = holder.position?;
    let source = terrain_source(hex);
    let from_here = |c: &ActiveCondition| c.name == condition && c.source == Some(source.clone());
    holder.conditions.active.iter().any(from_here).then_some(())?;
    game.world.terrain.get(&hex)?.get(condition)?.by.clone()
}

/// Settles every actor standing on one of `hexes`.
fn settle_on(game: &mut Game, hexes: &[Hex]) -> Result<(), RuntimeError> {
    let standing: Vec<String> = game
        .world
        .actors
        .iter()
        .filter(|a| a.position.is_some_and(|p| hexes.contains(&p)))
        .map(|a| a.name.clone())
        .collect();
    for actor in standing {
        settle(game, &actor, Span::NONE)?;
    }
    Ok(())
}

/// Makes the terrain conditions `actor` holds match the hex it stands on: copies from a hex
/// it left (or terrain since changed) end, the current hex's terrain is gained, each gain
/// firing its `When ... is applied` rules. Called after every change of position.
pub(crate) fn settle(game: &mut Game, actor: &str, span: Span) -> Result<(), RuntimeError> {
    settle_with(game, actor, true, span)
}

/// [`settle`] for a mover put back on a cell it had already entered (`stop before this
/// square`): the terrain there is held again, but its `When ... is applied` rules do not
/// run a second time (no second crossing of ground already crossed).
pub(crate) fn settle_back(game: &mut Game, actor: &str, span: Span) -> Result<(), RuntimeError> {
    settle_with(game, actor, false, span)
}

fn settle_with(
    game: &mut Game,
    actor: &str,
    entering: bool,
    span: Span,
) -> Result<(), RuntimeError> {
    super::sharing::settle(game, span)?;
    let who = game.world.actor(actor).map_err(engine)?;
    let position = who.position;
    // What the cell gives this actor: all its terrain but what spares its layer.
    let wanted: BTreeMap<String, Option<i64>> = position
        .and_then(|hex| game.world.terrain.get(&hex))
        .into_iter()
        .flatten()
        .filter(|(name, laid)| {
            laid.by.as_deref() != Some(who.name.as_str()) || !spares_layer(&game.rules, name)
        })
        .map(|(name, laid)| (name.clone(), laid.n))
        .collect();
    let here = position.map(terrain_source);
    let from_terrain =
        |c: &ActiveCondition| c.source.as_deref().is_some_and(|s| s.starts_with("terrain at "));
    let keeps =
        |c: &ActiveCondition| c.source == here && wanted.get(&c.name).is_some_and(|n| *n == c.n);
    let ending = who.conditions.active.iter().any(|c| from_terrain(c) && !keeps(c));
    let gaining: Vec<(String, Option<i64>)> = wanted
        .iter()
        .filter(|(name, n)| {
            !who.conditions
                .active
                .iter()
                .any(|c| from_terrain(c) && c.source == here && &c.name == *name && c.n == **n)
        })
        .map(|(name, n)| (name.clone(), *n))
        .collect();
    if !ending && gaining.is_empty() {
        return Ok(());
    }
    end_conditions(game, actor, |c| from_terrain(c) && !keeps(c), span)?;
    let (Some(source), rules) = (here, std::sync::Arc::clone(&game.rules)) else {
        return Ok(());
    };
    for (name, n) in gaining {
        if rules.conditions.find(&name).is_none() {
            // The pack no longer has this condition (a save from an older pack): skip it.
            continue;
        }
        let mut active =
            ActiveCondition::new(name.clone(), Expiry::UntilRemoved).with_source(source.clone());
        if let Some(n) = n {
            active = active.with_n(n);
        }
        if game.world.actor(actor).map_err(engine)?.position != position {
            // A rule of an earlier terrain here moved the actor on (a failed crossing put
            // it back): the rest of this cell's terrain is not entered.
            break;
        }
        // Its own instance, whatever the block's stacking, so leaving ends exactly it.
        game.world.apply_condition(actor, active, StackRule::Additive, span)?;
        if entering {
            fire(game, HookEvent::ConditionApplied, actor, EventData::Name(name.clone()), span)?;
            super::turn_effects::run_entered(game, actor, &name, &source)?;
        }
    }
    Ok(())
}

/// Ends every condition of `actor` that `ends` picks, remembered for undo, each logged and
/// its `ConditionEnded` hooks fired (terrain left behind, a cell no longer shared).
pub(super) fn end_conditions(
    game: &mut Game,
    actor: &str,
    ends: impl Fn(&ActiveCondition) -> bool,
    span: Span,
) -> Result<(), RuntimeError> {
    game.remember(actor, Part::Conditions);
    let mut ended = Vec::new();
    let who = game.world.actor_mut(actor).map_err(engine)?;
    who.conditions.active.retain(|c| {
        let end = ends(c);
        if end {
            ended.push(c.clone());
        }
        !end
    });
    for condition in ended {
        let name = condition.name.clone();
        let condition = Box::new(condition);
        game.world.record(Event::ConditionEnded { actor: actor.to_string(), condition });
        fire(game, HookEvent::ConditionEnded, actor, EventData::Name(name), span)?;
    }
    Ok(())
}
