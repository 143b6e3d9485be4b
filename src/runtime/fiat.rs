//! GM fiat: changes the GM makes by saying so, not through a rule line. Set a stat or a
//! resource, deal damage (typed: the victim's `damage taken` modifiers and armour apply)
//! and heal, apply a condition (its N and how long it lasts) and remove it, grant and
//! revoke a power, a trait (any trait kind, items included) or a weapon, and end the
//! current turn. Each is one [`Game::command`]: logged, undone by `undo`, saved with the
//! world, and refused whole with a clear error when it cannot be made. A value the GM sets
//! stands as set ([`Game::fiat`]): no `At N` line fires for it.

use crate::diagnostics::Span;
use crate::engine::{ActiveCondition, Damage, Expiry, HealRules, Sink, TurnStep};

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::rules::{Blocks, Rules};

/// How long a condition the GM applies lasts: the words of the timing tables
/// ([`crate::model::timing`]), read as the rule files read them. The GM has no turn of its
/// own, so `until end of turn` and `until end of your turn` both wait for the holder's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lasting {
    /// As the condition block's `Duration:` line says; until removed when it has none.
    Declared,
    /// `for 2 rounds`, `for 2 turns` (the holder's turn ends), `for 1 encounter`.
    For(u32, crate::model::timing::Unit),
    /// `until removed`, `until end of next turn`, `until healed`: an entry of
    /// [`crate::model::timing::UNTILS`].
    Until(crate::model::timing::Until),
}

/// What the GM grants or revokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grantable {
    /// A power (`power` block).
    Power,
    /// A trait: of any trait kind for the word `trait` (`None`), else of the kind the word
    /// names (`feat`, `item`, `stance`, ...), which the block must be.
    Trait(Option<crate::model::TraitKind>),
    /// A weapon carried (`weapon` block).
    Weapon,
    /// An armour (or shield) carried (`armour` block): equipment, as a weapon is.
    Armour,
}

impl Grantable {
    /// The kind a block-kind word names: `power`, `feat`, `weapon`; `None` for the rest.
    pub fn parse(word: &str) -> Option<Grantable> {
        match crate::model::BlockKind::parse(word)? {
            crate::model::BlockKind::Power => Some(Grantable::Power),
            crate::model::BlockKind::Trait(crate::model::TraitKind::Trait) => {
                Some(Grantable::Trait(None))
            }
            crate::model::BlockKind::Trait(kind) => Some(Grantable::Trait(Some(kind))),
            crate::model::BlockKind::Weapon => Some(Grantable::Weapon),
            crate::model::BlockKind::Armour => Some(Grantable::Armour),
            _ => None,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Grantable::Power => "power",
            Grantable::Trait(_) => "trait",
            Grantable::Weapon => "weapon",
            Grantable::Armour => "armour",
        }
    }
}

/// A refusal of a GM change.
/// Refuses the GM's condition without an N when the condition's lines read one (`-[N]
/// Defense` would read 0); `example` is the command written with one.
pub(crate) fn given_n(
    block: &crate::model::Block,
    n: Option<i64>,
    example: &str,
) -> Result<(), RuntimeError> {
    if n.is_some() || crate::model::references::condition_reads_n(&block.body).is_none() {
        return Ok(());
    }
    let name = block.name.node.as_str();
    Err(refused(
        format!("{name} reads its N: give it one"),
        &format!("`{example}`; nothing changed"),
    ))
}

fn refused(message: String, hint: &str) -> RuntimeError {
    RuntimeErrorKind::Fiat { message, hint: hint.to_string() }.at(Span::NONE)
}

fn engine(kind: crate::engine::EngineErrorKind) -> RuntimeError {
    RuntimeErrorKind::Engine(kind).at(Span::NONE)
}

impl Game {
    /// `set Hero HP to 12`: sets a resource (clamped to its bounds, logged) or a stat
    /// (logged as narration). A derived value cannot be set: what it is made of can.
    /// `set world Tension to 3` sets a world resource (when no actor is called `world`).
    pub fn set_value(&mut self, actor: &str, name: &str, value: i64) -> Result<(), RuntimeError> {
        self.fiat(|game| {
            if actor.eq_ignore_ascii_case("world") && game.world.actor(actor).is_err() {
                if game.rules.clock.is_some()
                    && let Some(result) = super::world_resources::set_clock(game, name, value)
                {
                    return result;
                }
                let rules = std::sync::Arc::clone(&game.rules);
                let Some(held) = rules.world_resource(name) else {
                    let names: Vec<&str> =
                        rules.world_resources.iter().map(|held| held.name.as_str()).collect();
                    return Err(refused(
                        format!("{name} is not a world resource"),
                        &match names.is_empty() {
                            true => "declare one in the system block: `Resource Tension: world`"
                                .to_string(),
                            false => format!("world resources: {}", names.join(", ")),
                        },
                    ));
                };
                return super::world_resources::set(game, held, value, Span::NONE);
            }
            let who = game.world.actor(actor).map_err(engine)?;
            let who_name = who.name.clone();
            let resource = who.resources.keys().find(|k| k.eq_ignore_ascii_case(name)).cloned();
            if let Some(resource) = resource {
                let before = who.resources.get(&resource).map(|held| held.current);
                let after = game.world.set_resource(&who_name, &resource, value, Span::NONE)?;
                // No change logs no event; the GM still hears what the command found.
                if before == Some(after) {
                    game.narrate(&format!("{who_name}'s {resource} is already {after}"));
                }
                return Ok(());
            }
            if game.rules.derived(name).is_some() {
                return Err(refused(
                    format!("{name} is derived from other values; it cannot be set"),
                    "set the stats or resources it is made of (the system block's `Derived` line)",
                ));
            }
            let stat = who
                .stats
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(k, v)| (k.clone(), *v));
            let stat = match stat {
                Some(found) => Some(found),
                None if game.rules.declares_stat(name) => Some((name.to_string(), 0)),
                None => None,
            };
            if let Some((stat, old)) = stat {
                let who = game.world.actor_mut(&who_name).map_err(engine)?;
                who.stats.insert(stat.clone(), value);
                game.narrate(&format!("{who_name}'s {stat} is set to {value} (was {old})"));
                return Ok(());
            }
            let who = game.world.actor(&who_name).map_err(engine)?;
            let stats = who.stats.iter().map(|(k, _)| k.as_str());
            let known: Vec<&str> = stats.chain(who.resources.keys().map(String::as_str)).collect();
            Err(unknown("stat or resource", name, known).at(Span::NONE))
        })
    }

    /// `Hero takes 5 fire damage`: damage into the actor's damage pool, through the
    /// `damage taken` modifiers of what it holds (typed when `damage_type` is given).
    pub fn deal_damage(
        &mut self,
        actor: &str,
        amount: i64,
        damage_type: Option<&str>,
    ) -> Result<(), RuntimeError> {
        if amount < 0 {
            let message = format!("cannot deal negative damage ({amount})");
            return Err(refused(message, "write `ACTOR heals N` to heal; nothing changed"));
        }
        self.command(|game| {
            let name = crate::model::Name::new(damage_type.unwrap_or_default());
            let types = super::quantities::hit_types(damage_type.map(|_| &name));
            let victim = game.world.actor(actor).map_err(engine)?;
            let victim_name = victim.name.clone();
            // The GM's damage is no attack: relative `damage taken` modifiers do not count.
            let attack = super::quantities::Attack::default();
            let (rules, leaves) =
                super::quantities::damage_taken(&game.rules, victim, &types, attack)?;
            let before = super::hooks::health_before(game, &victim_name);
            let damage = Damage { amount, types };
            let health = super::effects::health_resource(&game.rules)?.to_string();
            let shared = std::sync::Arc::clone(&game.rules);
            let (pool, resource) = shared.damage_pool();
            let held = leaves.map(|_| super::acting::current(game, &victim_name, &health));
            let sink = Sink { pool, resource, buffers: &shared.temporary_health };
            let spent = game.damage_into(&victim_name, sink, (&damage, &rules), Span::NONE)?;
            super::temporary::ended(game, &victim_name, spent, Span::NONE)?;
            if let (Some(floor), Some(held)) = (leaves, held) {
                super::effects::keep_at_least(
                    game,
                    &victim_name,
                    &health,
                    floor.min(held),
                    Span::NONE,
                )?;
            }
            super::hooks::after_damage(game, (attack, &victim_name), before, Span::NONE)
        })
    }

    /// `Hero heals 5`: healing into the health resource, capped at its maximum; a heal that
    /// raises it ends the conditions lasting `until healed`.
    pub fn heal_actor(&mut self, actor: &str, amount: i64) -> Result<(), RuntimeError> {
        if amount < 0 {
            let message = format!("cannot heal a negative amount ({amount})");
            return Err(refused(message, "write `ACTOR takes N damage` to hurt; nothing changed"));
        }
        self.command(|game| {
            let who = game.world.actor(actor).map_err(engine)?.name.clone();
            let health = super::effects::health_resource(&game.rules)?.to_string();
            super::maxes::refresh_named(game, &who)?;
            let steps =
                game.world.heal(&who, &health, amount, &HealRules::default(), Span::NONE)?;
            // A heal that raises health ends what lasts `until healed`, as an effect's does.
            if steps.applied > 0 {
                super::effects::end_healed(game, &who, Span::NONE)?;
            }
            Ok(())
        })
    }

    /// `apply Dazed 2 to Hero for 2 rounds`: the condition block's stacking applies; its
    /// `On condition applied` hooks run.
    pub fn apply_condition(
        &mut self,
        actor: &str,
        condition: &str,
        n: Option<i64>,
        lasting: Lasting,
    ) -> Result<(), RuntimeError> {
        self.command(|game| {
            let block = find(&game.rules.conditions, "condition", condition)?.clone();
            if super::temporary::holds_temporary_health(&block.body) && n.is_none_or(|n| n <= 0) {
                let name = block.name.node.as_str();
                return Err(refused(
                    format!("{name} holds temporary health: give it an N above 0"),
                    &format!("`apply {name} 3 to {actor}`; nothing changed"),
                ));
            }
            given_n(&block, n, &format!("apply {} 2 to {actor}", block.name.node))?;
            let who = game.world.actor(actor).map_err(engine)?;
            let who_name = who.name.clone();
            let duration = game.duration(&block, &who_name, lasting)?;
            let mut active =
                ActiveCondition::new(block.name.node.as_str(), duration).with_source("GM");
            if let Some(n) = n {
                active = active.with_n(n);
            }
            let stacking = super::effects::stacking_of(&block);
            game.world.apply_condition(&who_name, active, stacking, Span::NONE)?;
            let name = super::hooks::EventData::Name(block.name.node.as_str().to_string());
            super::hooks::fire(
                game,
                crate::model::hook::HookEvent::ConditionApplied,
                &who_name,
                name,
                Span::NONE,
            )
        })
    }

    /// `remove Dazed from Hero`: every instance goes; its `On condition ended` hooks run.
    pub fn remove_condition(&mut self, actor: &str, condition: &str) -> Result<(), RuntimeError> {
        self.command(|game| {
            let block = find(&game.rules.conditions, "condition", condition)?;
            let name = block.name.node.as_str().to_string();
            let who = game.world.actor(actor).map_err(engine)?.name.clone();
            if game.world.remove_condition(&who, &name, None, Span::NONE)? == 0 {
                return Err(refused(
                    format!("{who} does not have {name}"),
                    "`show` an actor to see its conditions; nothing changed",
                ));
            }
            let data = super::hooks::EventData::Name(name);
            super::hooks::fire(
                game,
                crate::model::hook::HookEvent::ConditionEnded,
                &who,
                data,
                Span::NONE,
            )
        })
    }

    /// `grant power Quick Jab to Hero`: the actor knows the power (has the trait, carries
    /// the weapon) from now on.
    pub fn grant(&mut self, actor: &str, kind: Grantable, name: &str) -> Result<(), RuntimeError> {
        self.command(|game| {
            let other = match kind {
                Grantable::Weapon => Some(Grantable::Armour),
                Grantable::Armour => Some(Grantable::Weapon),
                Grantable::Power | Grantable::Trait(_) => None,
            };
            let found = find(game.rules_of(kind), kind.word(), name);
            if found.is_err()
                && let Some(other) = other
                && let Some(block) = game.rules_of(other).find(name)
            {
                let (what, real) = (other.word(), block.name.node.as_str());
                let article = crate::diagnostics::article;
                let asked = kind.word();
                return Err(refused(
                    format!("{real} is {} {what}, not {} {asked}", article(what), article(asked)),
                    &format!("grant it as one: `grant {what} {real} to {actor}`"),
                ));
            }
            let block = found?;
            kind_matches(kind, block, actor, "grant")?;
            let name = block.name.node.as_str().to_string();
            if matches!(kind, Grantable::Power | Grantable::Trait(_)) {
                let who = game.world.actor(actor).map_err(engine)?;
                if let Some((owner, held)) = chosen_already(&game.rules, who, &name) {
                    let who = who.name.clone();
                    return Err(refused(
                        format!("{who} cannot have {name}: {owner} allows one of {name} or {held}, and {who} has {held}"),
                        &format!("revoke {held} first, or grant another choice"),
                    ));
                }
            }
            let who = game.world.actor_mut(actor).map_err(engine)?;
            let list = held_mut(who, kind);
            if list.iter().any(|held| held.eq_ignore_ascii_case(&name)) {
                let who = who.name.clone();
                return Err(refused(format!("{who} already has {name}"), "nothing changed"));
            }
            list.push(name.clone());
            let who = who.name.clone();
            game.narrate(&format!("{who} gains {} {name} (GM)", kind.word()));
            if matches!(kind, Grantable::Trait(_)) {
                super::traits::granted(game, &who, &name)?;
            }
            Ok(())
        })
    }

    /// `revoke power Quick Jab from Hero`: the actor no longer knows the power (has the
    /// trait, carries the weapon).
    pub fn revoke(&mut self, actor: &str, kind: Grantable, name: &str) -> Result<(), RuntimeError> {
        self.command(|game| {
            if let Some(block) = game.rules_of(kind).find(name) {
                kind_matches(kind, block, actor, "revoke")?;
            }
            let who = game.world.actor_mut(actor).map_err(engine)?;
            let who_name = who.name.clone();
            let list = held_mut(who, kind);
            let Some(index) = list.iter().position(|held| held.eq_ignore_ascii_case(name)) else {
                let held = list.clone();
                let suggestion =
                    crate::diagnostics::did_you_mean(name, held.iter().map(String::as_str));
                let hint = match suggestion {
                    Some(close) => format!("did you mean `{close}`? nothing changed"),
                    None if held.is_empty() => {
                        format!("{who_name} has no {}s; nothing changed", kind.word())
                    }
                    None => format!("{who_name} has {}; nothing changed", held.join(", ")),
                };
                return Err(refused(format!("{who_name} has no {} `{name}`", kind.word()), &hint));
            };
            let removed = list.remove(index);
            game.narrate(&format!("{who_name} loses {} {removed} (GM)", kind.word()));
            if matches!(kind, Grantable::Trait(_)) {
                super::traits::revoked(game, &who_name, &removed)?;
            }
            Ok(())
        })
    }

    /// `next turn`: ends the acting actor's turn (its end phase runs) and starts the next
    /// actor's, as one command.
    pub fn end_turn(&mut self) -> Result<Vec<TurnStep>, RuntimeError> {
        self.command(|game| {
            if game.world.encounter.is_none() {
                return Err(refused(
                    "there is no encounter".to_string(),
                    "start one with `encounter A, B`",
                ));
            }
            let mut all = Vec::new();
            // A turn is at most three phases; the bound keeps a broken encounter from looping.
            for _ in 0..8 {
                let steps = game.step_phase()?;
                let ended = steps.iter().any(|step| matches!(step, TurnStep::TurnEnded { .. }));
                all.extend(steps);
                if ended {
                    return Ok(all);
                }
            }
            Err(refused("the turn did not end".to_string(), "step it with `next`"))
        })
    }

    /// [`Game::end_turn`] with `decider` answering the decisions turn hooks ask.
    pub fn end_turn_with(
        &mut self,
        decider: &mut dyn crate::engine::Decider,
    ) -> Result<Vec<TurnStep>, RuntimeError> {
        self.answering(decider, |game, _| game.end_turn())
    }

    fn rules_of(&self, kind: Grantable) -> &Blocks {
        match kind {
            Grantable::Power => &self.rules.powers,
            Grantable::Trait(_) => &self.rules.traits,
            Grantable::Weapon => &self.rules.weapons,
            Grantable::Armour => &self.rules.armours,
        }
    }

    /// The engine duration of `lasting` for a condition `block` on `who`.
    fn duration(
        &mut self,
        block: &crate::model::Block,
        who: &str,
        lasting: Lasting,
    ) -> Result<Expiry, RuntimeError> {
        let encounter = self.world.encounter.as_ref();
        let acting = encounter.and_then(|e| e.acting()).map(|p| p.name.clone());
        Ok(match lasting {
            Lasting::For(n, unit) => super::durations::counted(n, unit, who),
            Lasting::Until(event) => {
                super::durations::until(event, |_| who.to_string(), acting.as_deref())
            }
            // One reading of a condition block's `Duration:` line for every way a condition
            // is applied.
            Lasting::Declared => {
                let parties = super::durations::Parties { holder: who, user: who };
                let rules = std::sync::Arc::clone(&self.rules);
                let mut count = super::durations::on_holder(&rules, who);
                super::durations::resolve(self, None, block, &parties, Span::NONE, &mut count)?
            }
        })
    }
}

/// The block `name` of `blocks`, or an `unknown WHAT` error with the closest name.
/// Refuses a `grant`/`revoke` (`verb`) whose word names a trait kind `block` is not
/// (`grant item Jaguar Stance`): the word would be read and ignored.
fn kind_matches(
    kind: Grantable,
    block: &crate::model::Block,
    actor: &str,
    verb: &str,
) -> Result<(), RuntimeError> {
    let Grantable::Trait(Some(asked)) = kind else { return Ok(()) };
    let crate::model::BlockKind::Trait(actual) = block.kind.node else { return Ok(()) };
    if actual == asked {
        return Ok(());
    }
    let (real, article) = (block.name.node.as_str(), crate::diagnostics::article);
    let (what, asked) = (actual.to_string(), asked.to_string());
    let to = if verb == "grant" { "to" } else { "from" };
    Err(refused(
        format!("{real} is {} {what}, not {} {asked}", article(&what), article(&asked)),
        &format!("{verb} it as one: `{verb} {what} {real} {to} {actor}`"),
    ))
}

fn find<'a>(
    blocks: &'a Blocks,
    what: &'static str,
    name: &str,
) -> Result<&'a crate::model::Block, RuntimeError> {
    blocks.find(name).ok_or_else(|| unknown(what, name, blocks.names()).at(Span::NONE))
}

/// The trait of `actor` whose `Choices:` line groups `name` with a power or trait `actor`
/// already has, and that one: granting `name` would give it two of one group.
fn chosen_already(
    rules: &Rules,
    actor: &crate::engine::Actor,
    name: &str,
) -> Option<(String, String)> {
    let has = |wanted: &str| {
        actor.powers.iter().chain(&actor.traits).any(|held| held.eq_ignore_ascii_case(wanted))
    };
    for owner in &actor.traits {
        let Some(block) = rules.traits.find(owner) else { continue };
        let crate::model::BlockBody::Trait(lines) = &block.body else { continue };
        for line in lines {
            let crate::model::TraitLine::Choices(groups) = &line.node else { continue };
            for group in groups {
                if !group.node.iter().any(|choice| choice.node.matches(name)) {
                    continue;
                }
                let other = group
                    .node
                    .iter()
                    .find(|choice| !choice.node.matches(name) && has(choice.node.as_str()));
                if let Some(other) = other {
                    return Some((block.name.node.as_str().into(), other.node.as_str().into()));
                }
            }
        }
    }
    None
}

/// The actor's list a grant adds to.
fn held_mut(actor: &mut crate::engine::Actor, kind: Grantable) -> &mut Vec<String> {
    match kind {
        Grantable::Power => &mut actor.powers,
        Grantable::Trait(_) => &mut actor.traits,
        Grantable::Weapon | Grantable::Armour => &mut actor.equipment,
    }
}
