//! Mapping a world onto the pack loaded now, by name: after a `reload` (the live world) and
//! a `restore` of a save made with another version of the pack. What still resolves is
//! kept; a name that resolves only to one close name (`Dazd` for `Dazed`) is renamed; what
//! the pack no longer has (a power gone, a stat no longer declared, a condition whose block
//! was removed) is dropped; newly declared resources are added and maxima follow the pack.
//! Each difference is one sentence of the report. A name that is close to two of the pack's
//! names cannot be mapped: the whole mapping is refused, naming it, and nothing changes.

use crate::diagnostics::{Diagnostic, SourceMap, Span, ToDiagnostic, edit_distance};
use crate::engine::{Actor, World};
use crate::model::Pack;

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::rules::Rules;

/// What a saved or kept name becomes in the pack loaded now.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// The same name (in the pack's spelling).
    Same(String),
    /// The one close name: a rename.
    Renamed(String),
    /// Nothing close.
    Gone,
    /// Several names equally close.
    Ambiguous(Vec<String>),
}

/// `name` among `names`: the same (case-insensitively), the one closest (a plausible typo or
/// rename, as "did you mean" judges), or none or several.
fn resolve(name: &str, names: &[&str]) -> Found {
    if let Some(same) = names.iter().find(|known| known.eq_ignore_ascii_case(name)) {
        return Found::Same(same.to_string());
    }
    let lower = name.to_lowercase();
    let close = |known: &str| {
        let distance = edit_distance(&lower, &known.to_lowercase());
        let limit = (name.chars().count().max(known.chars().count()) / 3).max(1);
        (distance <= limit).then_some(distance)
    };
    let best = names.iter().filter_map(|known| close(known)).min();
    let Some(best) = best else { return Found::Gone };
    let mut at_best: Vec<String> =
        names.iter().filter(|known| close(known) == Some(best)).map(|k| k.to_string()).collect();
    at_best.sort();
    at_best.dedup();
    match at_best.len() {
        1 => Found::Renamed(at_best.remove(0)),
        _ => Found::Ambiguous(at_best),
    }
}

/// The refusal for a name that maps to several.
fn ambiguous(what: &str, whose: &str, name: &str, candidates: &[String]) -> RuntimeError {
    RuntimeErrorKind::Unmappable {
        message: format!(
            "{whose}{what} `{name}` cannot be mapped: the pack has {}",
            candidates.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" and ")
        ),
        hint: format!(
            "rename `{name}` in the pack (or the save) to the one it is; nothing changed"
        ),
    }
    .at(Span::NONE)
}

/// Maps one list of names (`powers`, `traits`, ...) of `who` onto `blocks`.
fn map_names(
    list: &mut Vec<String>,
    known: &[&str],
    what: &str,
    who: &str,
    report: &mut Vec<String>,
) -> Result<(), RuntimeError> {
    let mut kept = Vec::new();
    for name in list.drain(..) {
        match resolve(&name, known) {
            Found::Same(same) => kept.push(same),
            Found::Renamed(new) => {
                report.push(format!("{who}'s {what} {name} is now {new}"));
                kept.push(new);
            }
            Found::Gone => report
                .push(format!("{who}'s {what} {name} is gone: the pack has no {what} `{name}`")),
            Found::Ambiguous(candidates) => {
                return Err(ambiguous(what, &format!("{who}'s "), &name, &candidates));
            }
        }
    }
    *list = kept;
    Ok(())
}

/// Maps `world` onto `rules` (see the module documentation): the report of every
/// difference, or the refusal of a name that cannot be mapped (then `world` is unchanged).
pub(crate) fn map_world(world: &mut World, rules: &Rules) -> Result<Vec<String>, RuntimeError> {
    let mut mapped = world.clone();
    let mut report = Vec::new();
    for actor in &mut mapped.actors {
        map_actor(actor, rules, &mut report)?;
    }
    let conditions: Vec<&str> = rules.conditions.names().collect();
    for (hex, held) in &mut mapped.terrain {
        let mut kept = std::collections::BTreeMap::new();
        for (name, n) in std::mem::take(held) {
            match resolve(&name, &conditions) {
                Found::Same(same) => drop(kept.insert(same, n)),
                Found::Renamed(new) => {
                    report.push(format!("the terrain {name} at {hex} is now {new}"));
                    kept.insert(new, n);
                }
                Found::Gone => report.push(format!("the terrain {name} at {hex} is gone")),
                Found::Ambiguous(candidates) => {
                    return Err(ambiguous("terrain", "", &name, &candidates));
                }
            }
        }
        *held = kept;
    }
    mapped.terrain.retain(|_, held| !held.is_empty());
    // The lines said out of encounters are known by where they stood in the old pack.
    mapped.said.clear();
    *world = mapped;
    Ok(report)
}

fn map_actor(
    actor: &mut Actor,
    rules: &Rules,
    report: &mut Vec<String>,
) -> Result<(), RuntimeError> {
    let who = actor.name.clone();
    let powers: Vec<&str> = rules.powers.names().collect();
    map_names(&mut actor.powers, &powers, "power", &who, report)?;
    let traits: Vec<&str> = rules.traits.names().collect();
    map_names(&mut actor.traits, &traits, "trait", &who, report)?;
    // Equipment is weapons and armour.
    let mut gear: Vec<&str> = rules.weapons.names().chain(rules.armours.names()).collect();
    gear.sort_by_cached_key(|name| name.to_lowercase());
    gear.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    map_names(&mut actor.equipment, &gear, "equipment", &who, report)?;
    let conditions: Vec<&str> = rules.conditions.names().collect();
    let mut kept = Vec::new();
    for mut condition in std::mem::take(&mut actor.conditions.active) {
        match resolve(&condition.name, &conditions) {
            Found::Same(same) => {
                condition.name = same;
                kept.push(condition);
            }
            Found::Renamed(new) => {
                report.push(format!("{who}'s condition {} is now {new}", condition.name));
                condition.name = new;
                kept.push(condition);
            }
            Found::Gone => report.push(format!(
                "{who}'s condition {} is gone: the pack has no condition `{}`",
                condition.name, condition.name
            )),
            Found::Ambiguous(candidates) => {
                return Err(ambiguous(
                    "condition",
                    &format!("{who}'s "),
                    &condition.name,
                    &candidates,
                ));
            }
        }
    }
    actor.conditions.active = kept;
    if let Some(stance) = &actor.conditions.stance
        && rules.traits.find(&stance.name).is_none()
    {
        report.push(format!(
            "{who}'s stance {} is gone: the pack has no stance `{}`",
            stance.name, stance.name
        ));
        actor.conditions.stance = None;
    }
    map_stats(actor, rules, report);
    map_resources(actor, rules, report)
}

/// Stats the system no longer declares (or now derives) are dropped; `Tier` and `Level`,
/// which actor blocks set by their own lines, stay.
fn map_stats(actor: &mut Actor, rules: &Rules, report: &mut Vec<String>) {
    let declares_any =
        rules.system.iter().any(|line| matches!(line.node, crate::model::SystemLine::Stats { .. }));
    if !declares_any {
        return;
    }
    let names: Vec<String> = actor.stats.iter().map(|(name, _)| name.clone()).collect();
    for name in names {
        if ["Tier", "Level"].iter().any(|special| special.eq_ignore_ascii_case(&name))
            || rules.declares_stat(&name)
        {
            continue;
        }
        let value = actor.stats.remove(&name).unwrap_or_default();
        let who = &actor.name;
        if rules.derived(&name).is_some() {
            report
                .push(format!("{who}'s stat {name} is now derived; its value {value} is dropped"));
        } else {
            report.push(format!(
                "{who}'s stat {name} is no longer declared; its value {value} is dropped"
            ));
        }
    }
}

/// Resources the system no longer declares are dropped; newly declared ones are added at
/// their start value; every declared maximum is worked out again (a current value above it
/// is lowered).
fn map_resources(
    actor: &mut Actor,
    rules: &Rules,
    report: &mut Vec<String>,
) -> Result<(), RuntimeError> {
    if rules.resources.is_empty() {
        return Ok(());
    }
    let who = actor.name.clone();
    let declared = |name: &str| {
        rules.resources.iter().any(|(declared, _)| declared.eq_ignore_ascii_case(name))
    };
    let held: Vec<String> = actor.resources.keys().cloned().collect();
    for name in &held {
        if !declared(name) {
            let value = actor.resources.remove(name).map_or(0, |resource| resource.current);
            report.push(format!(
                "{who}'s resource {name} is no longer declared; its value {value} is dropped"
            ));
        }
    }
    let before = actor.resources.clone();
    super::actors::apply_resource_rules(rules, actor)?;
    for (name, resource) in &actor.resources {
        match before.get(name) {
            None => report.push(format!(
                "{who} gains resource {name} ({}), newly declared",
                resource.current
            )),
            Some(old) if old.current != resource.current => report.push(format!(
                "{who}'s {name} {} is lowered to its new maximum {}",
                old.current, resource.current
            )),
            Some(old) if old.max != resource.max => report.push(format!(
                "{who}'s {name} maximum is now {}",
                resource.max.map_or("none".to_string(), |max| max.to_string())
            )),
            Some(_) => {}
        }
    }
    Ok(())
}

/// What a restore did: whether the save's pack is the one loaded now, and each difference
/// mapping the save onto the loaded pack made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// The save was made with the pack loaded now.
    pub same_pack: bool,
    /// The pack identity the save records.
    pub saved_pack: String,
    /// What the restored world holds differently from the save, one sentence each (empty
    /// when every name maps as it is).
    pub differences: Vec<String>,
}

impl Game {
    /// Restores a save, mapped onto the pack loaded now when the save was made with another
    /// version of it (the pack identity is information, not a wall): what `restore` does in
    /// a session. A file that is not a save is refused as damaged; a name that cannot be
    /// mapped is refused, naming it; either way nothing changes. The undo history is
    /// cleared.
    pub fn restore_mapped(&mut self, path: &std::path::Path) -> Result<Restored, RuntimeError> {
        // Bounded by bytes read, regular files only, as `Game::restore` reads.
        let text = crate::engine::read_save(path)?;
        self.restore_text_mapped(&text, &path.display().to_string())
    }

    /// [`Game::restore_mapped`] from a save's text (`name` labels it in errors).
    pub fn restore_text_mapped(
        &mut self,
        text: &str,
        name: &str,
    ) -> Result<Restored, RuntimeError> {
        let damaged = |message: String| {
            let kind =
                crate::engine::EngineErrorKind::SaveCorrupt { path: name.to_string(), message };
            RuntimeError::from(crate::engine::EngineError::from(kind))
        };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| damaged(e.to_string()))?;
        let saved_pack = value.get("pack").and_then(|p| p.as_str()).unwrap_or_default().to_string();
        let save = value.get("save").ok_or_else(|| damaged("no `save` field".into()))?;
        let mut world = crate::engine::from_json(&save.to_string(), name)?;
        let same_pack = saved_pack == self.pack_identity();
        // Another version of the same game maps; another game is refused, as by `restore`.
        let saved_system = value.get("system").and_then(|s| s.as_str());
        if !same_pack && saved_system.is_some_and(|system| system != self.system_name()) {
            let saved = format!("{saved_pack} (system {})", saved_system.unwrap_or_default());
            let loaded = format!("{} (system {})", self.pack_identity(), self.system_name());
            return Err(RuntimeErrorKind::PackMismatch { saved, loaded }.at(Span::NONE));
        }
        let differences = if same_pack {
            Vec::new()
        } else {
            let rules = std::sync::Arc::clone(&self.rules);
            map_world(&mut world, &rules)?
        };
        self.world = world;
        self.bind_actors();
        self.clear_undo();
        Ok(Restored { same_pack, saved_pack, differences })
    }

    /// Makes `pack` and its `scripts` the game's rules (checked; house rules applied) and
    /// maps the world onto them by name: the warnings and the report of what the world
    /// holds differently (see the module documentation). A pack with errors, or a world
    /// that cannot be mapped, is refused and nothing changes. The undo history starts again.
    pub fn reload_pack(
        &mut self,
        pack: Pack,
        sources: SourceMap,
        scripts: &[(String, String)],
    ) -> Result<(Vec<Diagnostic>, Vec<String>), Vec<Diagnostic>> {
        let before = self.clone();
        let warnings = self.load_pack(pack, sources, scripts)?;
        let rules = std::sync::Arc::clone(&self.rules);
        match map_world(&mut self.world, &rules) {
            Ok(report) => {
                self.clear_undo();
                Ok((warnings, report))
            }
            Err(error) => {
                *self = before;
                Err(vec![error.to_diagnostic()])
            }
        }
    }
}
