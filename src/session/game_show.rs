//! What `show` prints for a [`Game`]: a loaded block in canonical form, an actor's sheet
//! (stats, resources, layers, conditions with their sources, position, side, stance, powers,
//! traits, equipment) and the state of the world (actors, map, pools, encounter).
//! Read-only views; nothing here changes the game.

use std::fmt::Write as _;

use super::backend::{CommandResult, Outcome};
use super::command::NameRef;
use super::session::error_at;
use crate::diagnostics::did_you_mean;
use crate::engine::Hex;
use crate::model::BlockKind;
use crate::runtime::Game;

impl Game {
    /// The loaded block `name` of `kind`, line by line in canonical form; an unknown name is
    /// refused with the closest loaded one.
    pub(super) fn show_block(&self, kind: BlockKind, name: &NameRef) -> CommandResult {
        let found = self
            .blocks()
            .find(|block| block.kind.node == kind && block.name.node.matches(&name.node));
        let Some(block) = found else {
            let known = self.block_names(kind);
            let mut diagnostic = error_at(
                "session::unknown_block",
                format!("no {kind} called `{}` is loaded", name.node),
                name.span,
                &format!("not a loaded {kind}"),
            );
            if let Some(close) = did_you_mean(&name.node, known.iter().map(String::as_str)) {
                diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
            }
            return Err(vec![diagnostic]);
        };
        let mut text = format!("{} {}", block.kind.node, block.name.node);
        for (_, line) in block.line_texts() {
            text.push('\n');
            text.push_str(&line);
        }
        Ok(Outcome::view(text))
    }

    /// An actor's sheet: stats, resources, layers, conditions, powers, traits, equipment.
    pub(super) fn sheet(&self, name: &NameRef) -> CommandResult {
        let Ok(actor) = self.world().actor(&name.node) else {
            let known: Vec<&str> = self.world().actors.iter().map(|a| a.name.as_str()).collect();
            let mut diagnostic = error_at(
                "session::unknown_actor",
                format!("unknown actor `{}`", name.node),
                name.span,
                "not an actor in the game",
            );
            if let Some(close) = did_you_mean(&name.node, known.iter().copied()) {
                diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
            }
            return Err(vec![diagnostic]);
        };
        let mut text = actor.name.clone();
        if let Some(status) = self.status(&actor.name) {
            let _ = write!(text, " ({status})");
        }
        let list = |items: Vec<String>| items.join(", ");
        // A value the conditions held change reads `Defense 13 (base 11)`.
        let value = |name: &str, shown: i64| match self.effective(&actor.name, name) {
            Some((effective, base)) if effective != base => {
                format!("{name} {effective} (base {base})")
            }
            _ => format!("{name} {shown}"),
        };
        // A declared stat the actor does not list shows, in its place, when a condition's
        // modifier changes it.
        let unlisted =
            self.changed_unlisted_stats(&actor.name).into_iter().map(|(name, effective, base)| {
                let shown = format!("{name} {effective} (base {base})");
                (name, shown)
            });
        let listed = actor.stats.iter().map(|(k, v)| (k.to_string(), value(k, *v)));
        let mut stats: Vec<(String, String)> = listed.chain(unlisted).collect();
        stats.sort_by(|a, b| a.0.cmp(&b.0));
        if !stats.is_empty() {
            let stats = stats.into_iter().map(|(_, shown)| shown).collect();
            let _ = write!(text, "\n  Stats: {}", list(stats));
        }
        let derived = self.derived(&actor.name);
        if !derived.is_empty() {
            let derived = derived.iter().map(|(k, v)| value(k, *v)).collect();
            let _ = write!(text, "\n  Derived: {}", list(derived));
        }
        if !actor.resources.is_empty() {
            let _ = write!(text, "\n  Resources: {}", list(resource_list(actor)));
        }
        if let Some(position) = actor.position {
            let _ = write!(text, "\n  Position: {position}");
            if let Some(facing) = actor.facing {
                let _ = write!(text, ", facing {facing}");
            }
        }
        if let Some(side) = &actor.side {
            let _ = write!(text, "\n  Side: {side}");
        }
        if !actor.keywords.is_empty() {
            let _ = write!(text, "\n  Keywords: {}", actor.keywords.join(", "));
        }
        for (pool, layered) in &actor.layered {
            let layers = layered.layers.iter().map(|l| format!("{} {}", l.name, l.value)).collect();
            let _ = write!(text, "\n  Layers ({pool}): {}", list(layers));
        }
        let acting =
            self.world().encounter.as_ref().and_then(|e| e.acting()).map(|p| p.name.as_str());
        let conditions: Vec<String> = actor
            .conditions
            .active
            .iter()
            .map(|c| {
                let mut shown = c.name.clone();
                if let Some(subtype) = &c.subtype {
                    let _ = write!(shown, " ({subtype})");
                }
                if let Some(n) = c.n {
                    let _ = write!(shown, " {n}");
                }
                if let Some(source) = c.source.as_ref().filter(|s| **s != actor.name) {
                    let _ = write!(shown, " from {source}");
                }
                if let Some(against) = &c.against {
                    let _ = write!(shown, " against {against}");
                }
                let _ = write!(shown, " [{}]", c.duration.words(acting));
                if c.dormant {
                    // Held, but its `While:` lines do not hold: it counts for nothing now.
                    shown.push_str(" (dormant)");
                }
                shown
            })
            .chain(
                self.included_conditions(&actor.name)
                    .into_iter()
                    .map(|(name, by)| format!("{name} (included by {by})")),
            )
            .collect();
        let conditions = if conditions.is_empty() { "none".to_string() } else { list(conditions) };
        let _ = write!(text, "\n  Conditions: {conditions}");
        if let Some(stance) = &actor.conditions.stance {
            let _ = write!(text, "\n  Stance: {}", stance.name);
        }
        for (label, items) in
            [("Powers", &actor.powers), ("Traits", &actor.traits), ("Equipment", &actor.equipment)]
        {
            if !items.is_empty() {
                let _ = write!(text, "\n  {label}: {}", items.join(", "));
            }
        }
        Ok(Outcome::view(text))
    }

    /// The world at a glance: each actor's side, resources and position, the walls and
    /// terrain of the map, the gear lying on it, the pools, and the encounter's round, order
    /// and ticks.
    pub(super) fn state_text(&self) -> String {
        let world = self.world();
        let mut text = String::new();
        if world.actors.is_empty() {
            text.push_str("no actors");
        }
        for actor in &world.actors {
            let _ = write!(text, "{}", actor.name);
            if let Some(side) = &actor.side {
                let _ = write!(text, " ({side})");
            }
            let _ = write!(text, ": {}", resource_list(actor).join(", "));
            match actor.position {
                Some(position) => {
                    let _ = write!(text, " at {position}");
                    if let Some(facing) = actor.facing {
                        let _ = write!(text, " facing {facing}");
                    }
                    text.push('\n');
                }
                None => text.push('\n'),
            }
        }
        if !world.walls.is_empty() {
            let walls: Vec<String> = world.walls.iter().map(Hex::to_string).collect();
            let _ = writeln!(text, "walls: {}", walls.join(" "));
        }
        for (hex, laid) in &world.terrain {
            let shown: Vec<String> = laid
                .iter()
                .map(|(name, laid)| {
                    let rated = laid.n.map_or_else(|| name.clone(), |n| format!("{name} {n}"));
                    match &laid.by {
                        Some(by) => format!("{rated} (laid by {by})"),
                        None => rated,
                    }
                })
                .collect();
            let _ = writeln!(text, "terrain at {hex}: {}", shown.join(", "));
        }
        for (hex, items) in &world.ground {
            let _ = writeln!(text, "lying at {hex}: {}", items.join(", "));
        }
        if !world.pools.is_empty() {
            let pools: Vec<String> =
                world.pools.iter().map(|(name, value)| format!("{name} {value}")).collect();
            let _ = writeln!(text, "pools: {}", pools.join(", "));
        }
        let flags = self.world_flags();
        if !flags.is_empty() {
            let _ = writeln!(text, "world: {}", flags.join(", "));
        }
        match &world.encounter {
            Some(encounter) => {
                let order: Vec<&str> =
                    encounter.participants.iter().map(|p| p.name.as_str()).collect();
                let acting = encounter.acting().map_or("nobody", |p| p.name.as_str());
                let _ = write!(
                    text,
                    "encounter: round {}, {acting} acting; order {}",
                    encounter.round,
                    order.join(", ")
                );
                if encounter.mode == crate::engine::TurnMode::Ticks {
                    let ticks: Vec<String> = encounter
                        .participants
                        .iter()
                        .map(|p| format!("{} {}", p.name, p.ticks))
                        .collect();
                    let _ = write!(text, "; ticks {}", ticks.join(", "));
                }
            }
            None => text.push_str("no encounter"),
        }
        text.trim_end().to_string()
    }
}

/// An actor's resources as `HP 12/20` (current/max) or `Sg 3` (no max), in name order.
fn resource_list(actor: &crate::engine::Actor) -> Vec<String> {
    actor
        .resources
        .iter()
        .map(|(name, resource)| match resource.max {
            Some(max) => format!("{name} {}/{max}", resource.current),
            None => format!("{name} {}", resource.current),
        })
        .collect()
}
