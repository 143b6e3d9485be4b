//! Executing effect lines from the typed model: damage (types, condition scaling, armour
//! layers in front of the health resource, then temporary health), healing capped at the
//! maximum (what does not fit may become temporary health, `temporary.rs`), resource gains
//! and losses, conditions with N, duration and their declared stacking, movement (through `movement.rs`),
//! script calls (through the script seam) and narration. An effect naming an unknown
//! resource or condition is an error at its line.

use crate::diagnostics::{Span, Spanned};
use crate::engine::{
    ActiveCondition, Damage, DamageRules, HealRules, LayeredPool, Sink, StackRule,
};
use crate::model::effect::{Amount, DAMAGE_DEALT, Effect, EffectPart, Effects};
use crate::model::entity::{ConditionLine, Stacking, TieBreak};
use crate::model::expr::{LineContext, Rounding, evaluate};
use crate::model::hook::HookEvent;
use crate::model::{Block, BlockBody, ConditionRef, Duration, Name};

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::journal::Part;
use super::rolling::{self, RollTerms, Rolling};
use super::rules::Rules;
use super::scope::LineScope;

/// What every effect of one power use shares.
pub(crate) struct Context<'a> {
    pub rules: &'a Rules,
    pub weapon: Option<&'a Block>,
    pub user: &'a str,
    pub rounding: Rounding,
    /// The triggering event's values, read by `Trigger's X`.
    pub trigger: &'a [(String, i64)],
    /// The check's outcome names (`Margin`, `Success Number`) for Result and Effect lines.
    pub outcome: &'a [(&'static str, i64)],
    /// `to q,r`: where a move, walk, shift, fly or teleport effect goes.
    pub destination: Option<crate::engine::Hex>,
    /// A condition's own turn effect (ongoing damage): not an attack, so the user's `damage
    /// dealt` modifiers (Weakened) do not change it.
    pub from_condition: bool,
    /// Who the effects never reach by a kind (`each creature within 1`, `every ally`): the
    /// one who laid the terrain that set them off, when its block spares who laid it.
    pub spared: Option<&'a str>,
    /// A name bound for these effects and the groups they run (`Stat` on a chunk's
    /// judgement: the stat the test invokes).
    pub binding: Option<&'a crate::model::bind::Binding>,
    /// The lines of the power in use, when a power's lines run: the keywords of the attack
    /// its damage deals (`damage taken * 1.5 vs Ranged` on the victim), with `weapon`.
    pub power: Option<&'a [crate::diagnostics::Spanned<crate::model::PowerLine>]>,
    /// In an `On hit:`/`On damage taken:` rule, the actor whose attack struck: `Attacker
    /// takes [Trigger's Damage] damage`.
    pub attacker: Option<&'a str>,
}

impl<'a> Context<'a> {
    /// The context of effects `user` runs outside a power use: no weapon, trigger, outcome,
    /// destination, binding or attacker (a trait's or stance's held conditions, a GM's
    /// effect, a system rule); the fields that differ are set with `..Context::of(...)`.
    pub fn of(rules: &'a Rules, user: &'a str) -> Self {
        Context {
            rules,
            weapon: None,
            user,
            rounding: rules.rounding,
            trigger: &[],
            outcome: &[],
            destination: None,
            from_condition: false,
            spared: None,
            binding: None,
            power: None,
            attacker: None,
        }
    }
}

/// Runs `effects` (one line at `span`) for `target` (the user when `None`) at `grade`. The
/// parts after a damage effect read [`DAMAGE_DEALT`]: the health the line's damage took from
/// its subject so far (a `when` part's rest of the line goes on counting).
pub(crate) fn execute(
    game: &mut Game,
    context: &Context<'_>,
    effects: &Effects,
    target: Option<&str>,
    grade: Option<i64>,
    span: Span,
) -> Result<(), RuntimeError> {
    let mut dealt = context.outcome.iter().find(|(name, _)| *name == DAMAGE_DEALT).map(|p| p.1);
    for (index, part) in effects.parts.iter().enumerate() {
        let bound;
        let context = match dealt {
            Some(amount) => {
                bound = with_dealt(context.outcome, amount);
                &Context { outcome: &bound, ..*context }
            }
            None => context,
        };
        match &part.node {
            EffectPart::Narration(narration) => game.world.narrate(narration.text.clone(), span),
            EffectPart::Effect(Effect::Damage {
                negative,
                amount: value,
                damage_type,
                recipient: None,
            }) => {
                let hit = (*negative, value, damage_type.as_ref());
                // Only a later part of this line can read what it dealt: the last part (most
                // lines: `[Weapon] damage`) skips measuring it.
                let measure = index + 1 < effects.parts.len();
                let lost = damage(game, context, hit, (target, grade), measure, span)
                    .map_err(|e| e.or_at(span))?;
                dealt = Some(dealt.unwrap_or(0).saturating_add(lost));
                super::hooks::zero_checkpoint(game, span)?;
                super::flow::threshold_checkpoint(game)?;
            }
            EffectPart::Effect(effect) => {
                run(game, context, effect, target, grade, span).map_err(|e| e.or_at(span))?;
                super::hooks::zero_checkpoint(game, span)?;
                super::flow::threshold_checkpoint(game)?;
            }
            EffectPart::When { test, then } => {
                if super::flow::gate_holds(game, context, &test.node, target, grade)? {
                    execute(game, context, then, target, grade, span)?;
                } else {
                    let text = format!("{} does not hold: {then} does not happen", test.node);
                    game.world.narrate(text, part.span);
                }
            }
            EffectPart::Check { check, on_success, on_failure } => {
                let branches = (on_success.as_ref(), on_failure.as_ref());
                super::effect_checks::run(game, context, check, branches, (target, grade), span)?;
            }
        }
    }
    Ok(())
}

/// `outcome` with [`DAMAGE_DEALT`] bound to `amount` (in place of an earlier binding).
fn with_dealt(outcome: &[(&'static str, i64)], amount: i64) -> Vec<(&'static str, i64)> {
    let kept = outcome.iter().filter(|(name, _)| *name != DAMAGE_DEALT).copied();
    kept.chain([(DAMAGE_DEALT, amount)]).collect()
}

pub(crate) fn amount(
    game: &mut Game,
    context: &Context<'_>,
    amount: &Amount,
    target: Option<&str>,
    grade: Option<i64>,
) -> Result<i64, RuntimeError> {
    let world = &mut game.world;
    let index = |name: &str| {
        world
            .actor_index(name)
            .ok_or_else(|| RuntimeErrorKind::Engine(world.unknown_actor(name)).at(Span::NONE))
    };
    let user = index(context.user)?;
    let target = target.map(index).transpose()?;
    // Split borrows: the line reads the actors while its dice draw from the roller.
    let (actors, roller) = (&world.actors, &mut world.roller);
    let (pools, clock, flags) = (&world.pools, &world.clock, &world.flags);
    let rolling = Rolling::new(roller);
    let (value, span) = match amount {
        Amount::Dice(dice) => {
            let value = rolling.roll(dice).map(|value| value.round(context.rounding));
            (value.map_err(|kind| RuntimeErrorKind::Eval(kind).at(dice.span)), dice.span)
        }
        Amount::Expr(expr) => {
            let scope = LineScope {
                target: target.map(|index| &actors[index]),
                weapon: context.weapon,
                grade,
                trigger: context.trigger,
                extra: context.outcome,
                dice: Some(&rolling),
                pools: Some(pools),
                clock: Some(clock),
                flags: Some(flags),
                actors: Some(actors),
                ..LineScope::of(context.rules, &actors[user])
            };
            let value = scope.amount(amount, LineContext::Result, context.rounding);
            (value.map_err(RuntimeError::from), expr.span)
        }
        Amount::Number(number) => {
            let value = number.value().map(|value| value.round(context.rounding));
            (value.map_err(|kind| RuntimeErrorKind::Eval(kind).at(Span::NONE)), Span::NONE)
        }
    };
    let rolled = rolling.into_rolled();
    if !rolled.is_empty() {
        rolling::log(world, context.user, &rolled, span);
    }
    value
}

/// Applies `condition` (for `duration`, `against` someone) to `who`, as one `apply` or `X is
/// Dazed` effect: the N and the duration read the line's user, target and grade. A
/// temporary-health condition given no N above 0 holds nothing and is not applied.
pub(crate) fn apply_to(
    game: &mut Game,
    context: &Context<'_>,
    who: &str,
    (condition, duration, against): (&ConditionRef, Option<&Duration>, Option<&Spanned<Name>>),
    (target, grade): (Option<&str>, Option<i64>),
    span: Span,
) -> Result<(), RuntimeError> {
    let user = context.user;
    let who = who.to_string();
    let against = against.map(|other| subject(game, Some(other), user, target));
    let block = context.rules.conditions.find(&condition.name.node).ok_or_else(|| {
        unknown("condition", condition.name.node.as_str(), context.rules.conditions.names())
            .at(span)
    })?;
    let parties = super::durations::Parties { holder: &who, user };
    let mut count = |game: &mut Game, value: &Amount| amount(game, context, value, None, grade);
    let lasting = super::durations::resolve(game, duration, block, &parties, span, &mut count)?;
    let mut active = ActiveCondition::new(block.name.node.as_str(), lasting).with_source(user);
    if let Some(other) = against {
        active = active.with_against(other);
    }
    if let Some(n) = &condition.amount {
        active = active.with_n(amount(game, context, n, target, grade)?);
    }
    if super::temporary::holds_temporary_health(&block.body) && active.n.is_none_or(|n| n <= 0) {
        let n = active.n.unwrap_or(0);
        let text =
            format!("{who} gains no temporary health ({} {n}): not applied", block.name.node);
        game.world.narrate(text, span);
        return Ok(());
    }
    if let Some(detail) = &condition.detail {
        active = active.with_subtype(super::turn_effects::subtype_of(detail.node.as_str()));
    }
    game.remember(&who, Part::Conditions);
    game.world.apply_condition(&who, active, stacking_of(block), span)?;
    let name = super::hooks::EventData::Name(block.name.node.as_str().to_string());
    super::hooks::fire(game, HookEvent::ConditionApplied, &who, name, span)?;
    Ok(())
}

/// The resource damage and healing go to ([`crate::model::health`]: the first `Layered`
/// line's innermost resource, else the one resource with a maximum), found when the pack
/// loads; an error naming what to declare when the system does not say.
pub(crate) fn health_resource(rules: &Rules) -> Result<&str, RuntimeError> {
    match &rules.health {
        Some(resource) => Ok(resource),
        None => {
            let candidates = rules.health_candidates.iter().map(String::as_str).collect::<Vec<_>>();
            Err(RuntimeErrorKind::NoDamagePool(crate::model::health::help(&candidates))
                .at(Span::NONE))
        }
    }
}

/// The actor an effect's subject names (`Self`, `Next Ally`, `Target`), by name.
pub(crate) fn subject(
    game: &mut Game,
    name: Option<&crate::diagnostics::Spanned<crate::model::Name>>,
    user: &str,
    target: Option<&str>,
) -> String {
    // The participant after the user in the running encounter's turn order (for `Next
    // Ally`, the first after the user who is not on another side).
    use crate::model::effect::{NEXT_ALLY, NEXT_IN_TURN_ORDER, names_user};
    let next = match name.map(|n| &n.node) {
        Some(name) if names_user(name) => return user.to_string(),
        Some(name) if name.matches(NEXT_ALLY) => game.next_ally(user),
        Some(name) if name.matches(NEXT_IN_TURN_ORDER) => game.next_in_turn_order(user),
        _ => return target.unwrap_or(user).to_string(),
    };
    next.unwrap_or_else(|| {
        // No one fits. Out of an encounter the target (else the user) stands in; in one (the
        // user out of its turn order, or no ally after it) the user does, never a foe who
        // happens to be the target. The log says which and why.
        let in_encounter = game.world.encounter.is_some();
        let (who, as_what) = match target {
            Some(target) if !in_encounter => (target, "the target"),
            _ => (user, "the user"),
        };
        if let Some(name) = name {
            let why = match &game.world.encounter {
                None => "no encounter runs".to_string(),
                Some(encounter) if !encounter.participants.iter().any(|p| p.name == user) => {
                    format!("{user} is not in the turn order")
                }
                Some(_) => format!("no one after {user} in the turn order fits"),
            };
            let text = format!("{}: {why}, so it is {who} ({as_what})", name.node);
            game.world.narrate(text, name.span);
        }
        who.to_string()
    })
}

pub(crate) fn run(
    game: &mut Game,
    context: &Context<'_>,
    effect: &Effect,
    target: Option<&str>,
    grade: Option<i64>,
    span: Span,
) -> Result<(), RuntimeError> {
    let user = context.user;
    match effect {
        Effect::EndTurn => super::turn_control::end_turn(game, span)?,
        Effect::StopBefore { .. } => super::movement::stop_before(game, user, span)?,
        Effect::Drop { at } => {
            super::ground::drop_weapon(game, context, at.as_ref(), target, span)?
        }
        Effect::PickUp { within } => {
            super::ground::pick_up(game, context, within.as_ref(), (target, grade), span)?;
        }
        Effect::Lay { condition, at } => {
            let n = match &condition.amount {
                Some(value) => Some(amount(game, context, value, target, grade)?),
                None => None,
            };
            let hex = match at {
                Some(_) => {
                    let who = subject(game, at.as_ref(), user, target);
                    let placed = game.world.actor(&who).ok().and_then(|a| a.position);
                    placed.ok_or_else(|| {
                        let message = format!(
                            "{who} is not on the map: no {} to lay {} on",
                            game.rules.grid.name(),
                            condition.name.node
                        );
                        super::targets::space(message, "place it first (`place NAME at q,r`)", span)
                    })?
                }
                None => context.destination.ok_or_else(|| {
                    let cell = game.rules.grid.name();
                    let message = format!("`lay {}` needs a {cell}", condition.name.node);
                    super::targets::space(
                        message,
                        &format!("give the use a {cell} (`to q,r`) or write `lay ... at Target`"),
                        span,
                    )
                })?,
            };
            super::terrain::lay(game, (&condition.name.node, n), user, hex, span)?;
        }
        Effect::Lift { condition, at } => {
            let who = match at {
                Some(_) => subject(game, at.as_ref(), user, target),
                None => user.to_string(),
            };
            let placed = game.world.actor(&who).ok().and_then(|a| a.position);
            let hex = placed.ok_or_else(|| {
                let message = format!(
                    "{who} is not on the map: no {} to lift {} from",
                    game.rules.grid.name(),
                    condition.node
                );
                super::targets::space(message, "place it first (`place NAME at q,r`)", span)
            })?;
            super::terrain::lift(game, condition.node.as_str(), hex, span)?;
        }
        Effect::Use { power } => super::power::use_from_effect(game, user, power, span)?,
        Effect::SkipTurn { subject: who } => {
            let who = subject(game, who.as_ref(), user, target);
            super::turn_control::skip(game, &who, span)?;
        }
        Effect::Damage { negative, amount: value, damage_type, recipient } => {
            let hit = (*negative, value, damage_type.as_ref());
            let victims = match recipient {
                Some(recipient) => {
                    super::recipients::named(game, context, recipient, (target, grade))?
                }
                None => vec![target.unwrap_or(user).to_string()],
            };
            for (index, victim) in victims.iter().enumerate() {
                // Each victim reaching 0 is settled before the next is struck; the caller
                // settles the last, as after any effect.
                if index > 0 {
                    super::hooks::zero_checkpoint(game, span)?;
                }
                damage(game, context, hit, (Some(victim), grade), false, span)?;
            }
        }
        Effect::Heal { amount: value, subject: named, over } => {
            let value = amount(game, context, value, target, grade)?;
            let who = match named {
                Some(_) => subject(game, named.as_ref(), user, target),
                None => target.unwrap_or(user).to_string(),
            };
            let who = who.as_str();
            let value = received(game, context, who, value, span)?;
            let health = health_resource(context.rules).map_err(|e| e.or_at(span))?.to_string();
            super::maxes::refresh_named(game, who)?;
            game.remember(who, Part::Resource(&health));
            let steps = game.world.heal(who, &health, value, &HealRules::default(), span)?;
            if steps.applied > 0 {
                end_healed(game, who, span)?;
            }
            if let Some(over) = over {
                let wanted = (steps.reduced, steps.applied);
                super::temporary::excess(game, context, who, wanted, over, span)?;
            }
        }
        // A cost: paid in full or the use fails and changes nothing.
        Effect::Spend { amount: value, resource } => {
            let value = amount(game, context, value, target, grade)?;
            game.pay(user, &[(context.rules.resource_key(&resource.node), value)], resource.span)?;
        }
        Effect::Gain { amount: value, resource, .. }
        | Effect::Lose { amount: value, resource, .. } => {
            let value = amount(game, context, value, target, grade)?;
            let losing = matches!(effect, Effect::Lose { .. });
            if let Some(held) = context.rules.world_resource(resource.node.as_str()) {
                let delta = if losing { value.saturating_neg() } else { value };
                return super::world_resources::change(game, held, delta, resource.span);
            }
            for who in super::recipients::of(game, context, effect, target, grade)? {
                change(game, context, &who, resource, (losing, value))?;
            }
        }
        Effect::Set { resource, negative, amount: value } => {
            let value = amount(game, context, value, target, grade)?;
            let value = if *negative { value.saturating_neg() } else { value };
            match context.rules.world_resource(resource.node.as_str()) {
                Some(held) => super::world_resources::set(game, held, value, resource.span)?,
                None => super::flow::set_resource(game, user, resource, value)?,
            }
        }
        Effect::Do { group, once_per_test } => {
            if !*once_per_test || super::steps::first_time_this_test(game, group)? {
                super::flow::run_group(game, context, group, target, grade)?
            }
        }
        Effect::Advance { amount: value, unit } => {
            let value = amount(game, context, value, target, grade)?;
            super::world_resources::advance(game, value, unit)?;
        }
        Effect::Apply { subject: Some(kind), within, condition, duration, against, every }
            if within.is_some() || *every =>
        {
            let holders = match within {
                Some(within) => {
                    super::recipients::each_within(game, context, kind, within, (target, grade))?
                }
                None => super::recipients::every(game, context, kind)?,
            };
            for holder in holders {
                let applied = (condition, duration.as_ref(), against.as_ref());
                apply_to(game, context, &holder, applied, (target, grade), span)?;
            }
        }
        Effect::Apply { subject: who, condition, duration, against, .. } => {
            let who = super::recipients::one(game, context, who.as_ref(), target)?;
            let applied = (condition, duration.as_ref(), against.as_ref());
            apply_to(game, context, &who, applied, (target, grade), span)?;
        }
        Effect::InFront { layer, subject: who } => {
            let who = subject(game, Some(who), user, target);
            let block = context.rules.armours.find(&layer.node).ok_or_else(|| {
                let names = context.rules.armours.names();
                unknown("armour", layer.node.as_str(), names).at(layer.span)
            })?;
            let actor = game.world.actor(&who).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
            let (pool, built) = super::actors::armour_layer(context.rules, actor, block)?;
            game.remember(&who, Part::Layers(&pool));
            let actor =
                game.world.actor_mut(&who).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
            actor.layered.entry(pool.clone()).or_insert_with(|| LayeredPool::new(Vec::new()));
            game.world.push_layer(&who, &pool, built.improvised(), span)?;
            game.world.narrate(format!("{} is put in front of {who} ({pool})", layer.node), span);
        }
        Effect::Raise { lower, stat, amount: value } => {
            let value = amount(game, context, value, target, grade)?;
            let delta = if *lower { -value } else { value };
            super::check_options::raise_stat(game, user, stat, delta)?;
        }
        Effect::Remove { condition, subject: who, every } => {
            if context.rules.conditions.find(&condition.name.node).is_none() {
                return Err(unknown(
                    "condition",
                    condition.name.node.as_str(),
                    context.rules.conditions.names(),
                )
                .at(span));
            }
            let holders = match who {
                Some(kind) if *every => super::recipients::every(game, context, kind)?
                    .into_iter()
                    .filter(|name| {
                        game.world
                            .actor(name)
                            .is_ok_and(|a| a.conditions.has(condition.name.node.as_str()))
                    })
                    .collect(),
                _ => vec![super::recipients::one(game, context, who.as_ref(), target)?],
            };
            let detail = condition.detail.as_ref().map(|d| d.node.as_str());
            for who in holders {
                game.remember(&who, Part::Conditions);
                let removed = game.world.remove_condition(
                    &who,
                    condition.name.node.as_str(),
                    detail,
                    span,
                )?;
                if removed > 0 {
                    let name =
                        super::hooks::EventData::Name(condition.name.node.as_str().to_string());
                    super::hooks::fire(game, HookEvent::ConditionEnded, &who, name, span)?;
                }
            }
        }
        Effect::Move { kind, subject: who, up_to, distance, unit, crowd } => {
            let distance = amount(game, context, distance, target, grade)?;
            let forced = kind.is_forced();
            let named;
            let who = match who {
                Some(_) => {
                    named = subject(game, who.as_ref(), user, target);
                    named.as_str()
                }
                None if forced => target.unwrap_or(user),
                None => user,
            };
            let crowd = crowd.as_ref().map(|crowd| {
                let occupant = crowd.occupant.as_ref().unwrap_or(&crowd.condition);
                [crowd.condition.node.as_str(), occupant.node.as_str()]
            });
            if super::movement::run_move(game, context, (*kind, crowd), who, distance, span)? {
                return Ok(());
            }
            let unit = unit.as_deref().unwrap_or(game.rules.grid.unit());
            game.world.narrate_move(who, kind.as_str(), (*up_to, distance), unit, span);
        }
        Effect::Script(call) => {
            super::acting::run_script(game, context, call, target, grade, span)?;
        }
    }
    Ok(())
}

/// One damage effect (`negative` for `-[X] damage`) on `target` (the user when `None`):
/// returns the health it took, after absorption and armour ([`DAMAGE_DEALT`]), when
/// `measure` asks for it (two reads of the victim's health), else 0.
fn damage(
    game: &mut Game,
    context: &Context<'_>,
    (negative, value, damage_type): (bool, &Amount, Option<&Spanned<Name>>),
    (target, grade): (Option<&str>, Option<i64>),
    measure: bool,
    span: Span,
) -> Result<i64, RuntimeError> {
    let user = context.user;
    let value = amount(game, context, value, target, grade)?;
    let mut value = if negative { -value } else { value };
    if let Some(kind) = damage_type {
        value = value.saturating_add(upgrade_bonus(game, context, kind.node.as_str(), span)?);
    }
    let victim = target.unwrap_or(user);
    let before = super::hooks::health_before(game, victim);
    let types = super::quantities::hit_types(damage_type.map(|t| &t.node));
    let value = dealt(game, context, &types, value, span)?;
    let damage = Damage { amount: value, types };
    let victim_actor =
        game.world.actor(victim).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let dealer = (!context.from_condition).then_some(user);
    let attack = super::quantities::Attack {
        attacker: dealer,
        power: context.power.filter(|_| dealer.is_some()).map(|lines| (lines, context.weapon)),
    };
    let (rules, leaves) =
        super::quantities::damage_taken(context.rules, victim_actor, &damage.types, attack)?;
    let health = health_resource(context.rules).map_err(|e| e.or_at(span))?;
    let (pool, resource) = context.rules.damage_pool();
    let held = (measure || leaves.is_some()).then(|| super::acting::current(game, victim, health));
    let buffers = &context.rules.temporary_health;
    let sink = Sink { pool, resource, buffers };
    let spent = game.damage_into(victim, sink, (&damage, &rules), span)?;
    super::temporary::ended(game, victim, spent, span)?;
    if let (Some(floor), Some(held)) = (leaves, held) {
        keep_at_least(game, victim, health, floor.min(held), span)?;
    }
    let lost = held
        .filter(|_| measure)
        .map_or(0, |held| held.saturating_sub(super::acting::current(game, victim, health)).max(0));
    super::hooks::after_damage(game, (attack, victim), before, span)?;
    if dealer.is_some() {
        end_hit(game, victim, span)?;
    }
    Ok(lost)
}

/// `damage taken leaves 1`: gives `victim` back the `health` a hit took below `floor` (the
/// floor, or the health it had when it was already lower), and says so.
pub(crate) fn keep_at_least(
    game: &mut Game,
    victim: &str,
    health: &str,
    floor: i64,
    span: Span,
) -> Result<(), RuntimeError> {
    let now = super::acting::current(game, victim, health);
    if now >= floor {
        return Ok(());
    }
    game.change_resource(victim, health.into(), floor.saturating_sub(now), span)?;
    game.world.narrate(format!("{victim} is left at {floor} {health}, not {now}"), span);
    Ok(())
}

/// What the user's upgrades add to damage of `damage_type`: an upgrade whose `To:` names
/// `<type> Attacks` (or just the type) adds its narrated `Add:` line's first bracketed value
/// (typed Add effects and signed `Add: +[N] damage` modify the power itself, in
/// [`super::upgrade`]).
fn upgrade_bonus(
    game: &mut Game,
    context: &Context<'_>,
    damage_type: &str,
    span: Span,
) -> Result<i64, RuntimeError> {
    use crate::model::{TraitLine, power::Selector};
    let actor = game.world.actor(context.user).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let mut total = 0i64;
    let mut notes = Vec::new();
    for name in &actor.traits {
        let Some(block) = context.rules.traits.find(name) else { continue };
        let BlockBody::Trait(lines) = &block.body else { continue };
        let applies = lines.iter().any(|line| match &line.node {
            TraitLine::To(Selector { alternatives }) => alternatives.iter().any(|alternative| {
                let first = alternative.node.as_str().split_whitespace().next().unwrap_or("");
                damage_type.split('/').any(|kind| first.eq_ignore_ascii_case(kind.trim()))
            }),
            _ => false,
        });
        if !applies {
            continue;
        }
        let scope = LineScope { weapon: context.weapon, ..LineScope::of(context.rules, actor) };
        for line in lines {
            let TraitLine::Add(effects) = &line.node else { continue };
            for part in &effects.parts {
                let bonus = match &part.node {
                    EffectPart::Narration(narration) => match narration.holes.first() {
                        Some(hole) => evaluate(hole, &scope, LineContext::Result)
                            .map_err(|e| RuntimeError::from(e).or_at(line.span))?
                            .round(context.rounding),
                        None => 0,
                    },
                    EffectPart::Effect(_) | EffectPart::When { .. } | EffectPart::Check { .. } => 0,
                };
                if bonus != 0 {
                    total = total.saturating_add(bonus);
                    notes.push((
                        format!(
                            "{}'s {} adds {bonus} {damage_type} damage",
                            context.user, block.name.node
                        ),
                        line.span,
                    ));
                }
            }
        }
    }
    for (text, cause) in notes {
        game.world.narrate(text, cause);
    }
    Ok(total)
}

/// `who` gains or (`losing`) loses `value` of `resource`: a loss goes through the layers of
/// the pool whose innermost it is (`lose N Wealth`), and down to the resource's minimum at
/// most.
fn change(
    game: &mut Game,
    context: &Context<'_>,
    who: &str,
    resource: &crate::diagnostics::Spanned<crate::model::Name>,
    (losing, value): (bool, i64),
) -> Result<(), RuntimeError> {
    let name = resource.node.as_str();
    let key = context.rules.resource_key(&resource.node);
    if losing
        && let Some(pool) = context.rules.pool_of(name)
        && game.world.actor(who).is_ok_and(|a| a.layered.contains_key(pool))
    {
        // A loss is not damage: temporary health does not take it.
        let sink = Sink { pool, resource: key, buffers: &[] };
        let damage = Damage::new(value);
        let hit = (&damage, DamageRules::none());
        game.damage_into(who, sink, hit, resource.span)?;
        return Ok(());
    }
    let delta = match losing {
        true => within_minimum(game, who, name, value.saturating_neg(), resource.span)?,
        false => value,
    };
    game.change_resource(who, key, delta, resource.span)?;
    Ok(())
}

/// A loss of `-delta` of `resource` from `who`, taken down to the resource's minimum at most:
/// when `who` has less to lose, it loses what it has and the transcript says so (never a
/// silent clamp). A resource the actor lacks is left to the change to report.
fn within_minimum(
    game: &mut Game,
    who: &str,
    resource: &str,
    delta: i64,
    span: Span,
) -> Result<i64, RuntimeError> {
    let actor = game.world.actor(who).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let Some(held) = actor.resources.get(resource) else {
        return Ok(delta);
    };
    let (wanted, available) = (delta.saturating_neg(), held.spendable());
    if delta >= 0 || wanted <= available {
        return Ok(delta);
    }
    let floor = held.min.unwrap_or(0);
    let text = format!(
        "{who} has only {available} {resource} to lose: loses {available} of {wanted} \
         ({resource} cannot go below {floor})"
    );
    game.world.narrate(text, span);
    Ok(-available)
}

/// `who` was hit: its conditions lasting `until hit` end (with their hooks). One scan of
/// its conditions when it holds none of them.
fn end_hit(game: &mut Game, who: &str, span: Span) -> Result<(), RuntimeError> {
    let holds = game.world.actor(who).is_ok_and(|actor| {
        actor.conditions.active.iter().any(|c| c.duration == crate::engine::Expiry::UntilHit)
    });
    if !holds {
        return Ok(());
    }
    game.remember(who, Part::Conditions);
    for ended in game.world.end_hit(who)? {
        let name = super::hooks::EventData::Name(ended.name);
        super::hooks::fire(game, HookEvent::ConditionEnded, who, name, span)?;
    }
    Ok(())
}

/// `who` was healed: its conditions lasting `until healed` end (with their hooks). One
/// scan of its conditions when it holds none of them.
pub(crate) fn end_healed(game: &mut Game, who: &str, span: Span) -> Result<(), RuntimeError> {
    let holds = game.world.actor(who).is_ok_and(|actor| {
        actor.conditions.active.iter().any(|c| c.duration == crate::engine::Expiry::UntilHealed)
    });
    if !holds {
        return Ok(());
    }
    game.remember(who, Part::Conditions);
    for ended in game.world.end_healed(who)? {
        let name = super::hooks::EventData::Name(ended.name);
        super::hooks::fire(game, HookEvent::ConditionEnded, who, name, span)?;
    }
    Ok(())
}

/// The engine's stacking rule for a condition block (default: never stacks with itself).
pub(crate) fn stacking_of(block: &Block) -> StackRule {
    let BlockBody::Condition(lines) = &block.body else { return StackRule::Never };
    lines
        .iter()
        .find_map(|line| match &line.node {
            ConditionLine::Stacking(Stacking::Per(_)) => Some(StackRule::PerSubtype),
            ConditionLine::Stacking(Stacking::Adds) => Some(StackRule::Additive),
            ConditionLine::Stacking(Stacking::Never(Some(TieBreak::Newest))) => {
                Some(StackRule::Newest)
            }
            ConditionLine::Stacking(_) => Some(StackRule::Never),
            _ => None,
        })
        .unwrap_or(StackRule::Never)
}

/// `value` after the `damage dealt` modifiers of the user's conditions (Weakened halving
/// what its attacks deal), with a line in the log when they change it.
fn dealt(
    game: &mut Game,
    context: &Context<'_>,
    types: &[String],
    value: i64,
    span: Span,
) -> Result<i64, RuntimeError> {
    let Ok(user) = game.world.actor(context.user) else { return Ok(value) };
    if context.from_condition {
        return Ok(value);
    }
    let quantity = crate::model::entity::Quantity::DamageDealt;
    let changed = super::quantities::adjusted(context.rules, user, quantity, types, value)?;
    if changed != value {
        let text =
            format!("{}'s conditions change the damage dealt: {value} -> {changed}", context.user);
        game.world.narrate(text, span);
    }
    Ok(changed)
}

/// `value` after the `healing received` modifiers of `who`'s conditions (Boosted, Sickly).
fn received(
    game: &mut Game,
    context: &Context<'_>,
    who: &str,
    value: i64,
    span: Span,
) -> Result<i64, RuntimeError> {
    let actor = game.world.actor(who).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let quantity = crate::model::entity::Quantity::HealingReceived;
    let changed = super::quantities::adjusted(context.rules, actor, quantity, &[], value)?;
    if changed != value {
        game.world
            .narrate(format!("{who}'s conditions change the healing: {value} -> {changed}"), span);
    }
    Ok(changed)
}
