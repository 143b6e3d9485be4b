//! Enforcing power-use rules in the pipeline's requirement step: the system's
//! `Keyword X: ...` rules, the `Forbids:` lines of conditions the user holds (applied or
//! included) and the `Per turn:` quotas (slots the `Converts:` lines of held conditions
//! widen), counted with the encounter's limit counters. Out of encounters there are no
//! turns: `only on own turn` restricts nothing and the quotas count nothing, and the log
//! says so at each such line once per stretch out of encounters. A pack without such lines
//! pays one emptiness test per power use; a rule only allocates when it refuses (or counts a
//! quota use).

use crate::diagnostics::{Span, Spanned};
use crate::engine::LimitReset;
use crate::engine::text::SharedText;
use crate::model::power_rules::{KeywordRule, SlotConversion, TurnPurchase, TurnQuota};
use crate::model::{Block, BlockKind, ConditionLine, PowerLine, SystemLine};

use super::Game;
use super::error::{PowerRuleBroken, RuntimeError, RuntimeErrorKind};
use super::power::PowerUse;
use super::rules::Rules;

/// The power-use rules of a pack, gathered at load.
#[derive(Clone, Debug, Default)]
pub(crate) struct PowerRules {
    /// `Keyword X: rule` lines: keyword, rule, the line's span, what the log says of it out
    /// of encounters (written once here: the log may say it on every sampled use).
    keyword_rules: Vec<(String, KeywordRule, Span, SharedText)>,
    /// The system's `Per turn:` line.
    per_turn: Option<SystemQuotas>,
    /// `Stance ends:` conditions.
    pub(crate) stance_ends: Vec<String>,
    /// True when some condition has a `Forbids:` line.
    forbids: bool,
    /// The quotas of conditions' `Per turn:` lines, one of each kind (`Move`): every use of
    /// a power they count is counted, held or not, so a condition gained mid-turn sees the
    /// uses made before it.
    narrowed: Vec<TurnQuota>,
    /// True when some condition has a `Converts:` line.
    converts: bool,
}

impl PowerRules {
    /// The rules among `system` lines and `conditions`.
    pub(crate) fn of<'a>(
        system: &[Spanned<SystemLine>],
        conditions: impl IntoIterator<Item = &'a Block>,
    ) -> PowerRules {
        let mut rules = PowerRules::default();
        for line in system {
            match &line.node {
                SystemLine::KeywordRule { keyword, rule } => rules.keyword_rules.push((
                    keyword.node.as_str().to_string(),
                    rule.node,
                    line.span,
                    format!("`{}` restricts nothing", line.node).into(),
                )),
                SystemLine::PerTurn { challenge, quotas, purchases } => {
                    let quotas = quotas.iter().map(|quota| quota.node.clone()).collect();
                    let purchases = purchases.iter().map(|p| p.node.clone()).collect();
                    let so = format!("`{}` counts nothing", line.node).into();
                    let challenge_only = *challenge;
                    let span = line.span;
                    let per_turn = SystemQuotas { challenge_only, quotas, span, purchases, so };
                    rules.per_turn.get_or_insert(per_turn);
                }
                SystemLine::StanceEnds(names) => rules
                    .stance_ends
                    .extend(names.iter().map(|name| name.node.as_str().to_string())),
                _ => {}
            }
        }
        for block in conditions {
            if block.kind.node != BlockKind::Condition {
                continue;
            }
            rules.forbids |= forbid_lines(block).next().is_some();
            if let crate::model::BlockBody::Condition(lines) = &block.body {
                rules.converts |=
                    lines.iter().any(|line| matches!(line.node, ConditionLine::Converts(_)));
            }
            for (_, quotas) in held_quota_lines(block) {
                for quota in quotas {
                    if !rules.narrowed.iter().any(|known| known.kinds() == quota.node.kinds()) {
                        rules.narrowed.push(quota.node.clone());
                    }
                }
            }
        }
        rules
    }

    fn is_empty(&self) -> bool {
        self.keyword_rules.is_empty()
            && self.per_turn.is_none()
            && !self.forbids
            && self.narrowed.is_empty()
    }
}

fn forbid_lines(
    block: &Block,
) -> impl Iterator<Item = (&Spanned<ConditionLine>, &[Spanned<crate::model::power_rules::PowerFilter>])>
{
    let lines = match &block.body {
        crate::model::BlockBody::Condition(lines) => lines.as_slice(),
        _ => &[],
    };
    lines.iter().filter_map(|line| match &line.node {
        ConditionLine::Forbids(filters) => Some((line, filters.as_slice())),
        _ => None,
    })
}

/// The `Per turn:` lines of the condition `block`, with their quotas.
fn held_quota_lines(
    block: &Block,
) -> impl Iterator<Item = (&Spanned<ConditionLine>, &[Spanned<TurnQuota>])> {
    let lines = match &block.body {
        crate::model::BlockBody::Condition(lines) => lines.as_slice(),
        _ => &[],
    };
    lines.iter().filter_map(|line| match &line.node {
        ConditionLine::PerTurn(quotas) => Some((line, quotas.as_slice())),
        _ => None,
    })
}

/// The `Per turn:` lines of the conditions `user` holds (applied or included), each with
/// its condition block.
fn held_quotas<'r: 'u, 'u>(
    rules: &'r Rules,
    user: &'u crate::engine::Actor,
) -> impl Iterator<Item = (&'r Block, &'r Spanned<ConditionLine>, &'r [Spanned<TurnQuota>])> + 'u {
    let held = super::relations::held(rules, user);
    let conditions = held.into_iter().filter_map(|held| rules.conditions.find(held.name));
    conditions.flat_map(|condition| {
        held_quota_lines(condition).map(move |(line, quotas)| (condition, line, quotas))
    })
}

/// The counter key of a condition's quota (apart from the system's `per turn: ` keys).
fn held_key(quota: &TurnQuota) -> String {
    format!("held per turn: {}", quota.kinds())
}

/// A condition's `Per turn:` quotas: refuses the use when a condition `actor` holds allows
/// no more powers of that kind this turn, else counts it under every such quota of the pack
/// that counts the power (held or not).
fn narrow(
    game: &mut Game,
    rules: &Rules,
    block: &Block,
    has: &dyn Fn(&str) -> bool,
    actor: &str,
) -> Result<(), RuntimeError> {
    let counts = |quota: &TurnQuota| quota.keywords().any(|keyword| has(keyword.as_str()));
    let Some(encounter) = game.world.encounter.as_ref() else {
        return held_uncounted(game, rules, block, &counts, actor);
    };
    let used = |key: &str| {
        encounter
            .limits
            .iter()
            .find(|used| used.actor == actor && used.reset == LimitReset::Turn && used.key == key)
    };
    let user = game.world.actor(actor).map_err(super::power::engine)?;
    for (condition, line, quotas) in held_quotas(rules, user) {
        for quota in quotas.iter().filter(|quota| counts(&quota.node)) {
            let Some(first) = used(&held_key(&quota.node))
                .filter(|used| used.count >= quota.node.count)
                .map(|used| used.first.clone())
            else {
                continue;
            };
            let (power, name) = (block.name.node.as_str(), condition.name.node.as_str());
            let count = quota.node.count;
            let broken = PowerRuleBroken {
                code: "runtime::turn_quota",
                message: format!(
                    "{actor} cannot use {power}: {name} allows {count} {} power{} a turn; used by {first}",
                    quota.node.kinds(),
                    if count == 1 { "" } else { "s" },
                ),
                related: Some((keywords_span(block), format!("{power} counts as {}", quota.node))),
                help: format!(
                    "the count starts again at the end of the turn, and holds no more once {actor} no longer has {name}"
                ),
            };
            return Err(RuntimeErrorKind::PowerRule(Box::new(broken)).at(line.span));
        }
    }
    let power = block.name.node.as_str();
    let narrowed = &rules.power_rules.narrowed;
    let Some(encounter) = game.world.encounter.as_mut() else { return Ok(()) };
    for quota in narrowed.iter().filter(|quota| counts(quota)) {
        add_use(encounter, actor, &held_key(quota), 1, power);
    }
    Ok(())
}

/// Out of encounters: says at each `Per turn:` line of a condition `actor` holds that would
/// count the use that it counts nothing (once per stretch out of encounters).
fn held_uncounted(
    game: &mut Game,
    rules: &Rules,
    block: &Block,
    counts: &dyn Fn(&TurnQuota) -> bool,
    actor: &str,
) -> Result<(), RuntimeError> {
    let user = game.world.actor(actor).map_err(super::power::engine)?;
    // Gathered first: saying them changes the world the walk reads.
    let uncounted: Vec<_> = held_quotas(rules, user)
        .filter(|(_, _, quotas)| quotas.iter().any(|quota| counts(&quota.node)))
        .map(|(condition, line, _)| (condition.name.node.as_str(), line))
        .collect();
    for (name, line) in uncounted {
        let so = || format!("{name}'s `{}` counts nothing", line.node).into();
        super::encounter::no_encounter_once(game, block.name.node.as_str(), so, line.span);
    }
    Ok(())
}

/// The span of the power's first `Keywords:` line (its name when it has none).
fn keywords_span(block: &Block) -> Span {
    super::power::lines(block)
        .iter()
        .find(|line| matches!(line.node, PowerLine::Keywords(_)))
        .map_or(block.name.span, |line| line.span)
}

/// Refuses the use of `block` when a power-use rule forbids it; counts it under its
/// `Per turn:` quota otherwise.
// Inline: every use asks, and most systems have no such rule.
// Kept: +169 instructions per attack without the six guards' pins (Nov 2026).
#[inline]
pub(crate) fn check(
    game: &mut Game,
    rules: &Rules,
    block: &Block,
    weapon: Option<&Block>,
    request: &PowerUse,
) -> Result<(), RuntimeError> {
    if game.world.encounter.as_ref().is_some_and(|e| e.turn_over) {
        turn_over(game, block, request)?;
    }
    if rules.power_rules.is_empty() {
        return Ok(());
    }
    check_rules(game, rules, block, weapon, request)
}

/// Refuses a power of the acting participant once an effect ended its turn (`end the
/// turn`); an answer to a trigger is not part of the turn and stays allowed.
// Kept: +169 instructions per attack without the six guards' pins (Nov 2026).
#[inline(never)]
fn turn_over(game: &Game, block: &Block, request: &PowerUse) -> Result<(), RuntimeError> {
    let actor = request.actor.as_str();
    let acting = game.world.encounter.as_ref().and_then(|e| e.acting()).map(|p| p.name.as_str());
    if request.options.trigger.is_some() || !acting.is_some_and(|a| a.eq_ignore_ascii_case(actor)) {
        return Ok(());
    }
    let power = block.name.node.as_str();
    let broken = PowerRuleBroken {
        code: "runtime::turn_over",
        message: format!("{actor} cannot use {power}: {actor}'s turn is over"),
        related: None,
        help: "an effect ended the turn: `next turn` moves on to the next one".to_string(),
    };
    Err(RuntimeErrorKind::PowerRule(Box::new(broken)).at(block.name.span))
}

/// [`check`] in a system with power-use rules.
fn check_rules(
    game: &mut Game,
    rules: &Rules,
    block: &Block,
    weapon: Option<&Block>,
    request: &PowerUse,
) -> Result<(), RuntimeError> {
    let power_rules = &rules.power_rules;
    let lines = super::power::lines(block);
    // The power's keywords gathered once for every rule asked of them (each `has` would
    // walk the lines and the weapon's again).
    let mut keywords: Vec<&str> = Vec::with_capacity(16);
    crate::model::keywords::gather(lines, weapon, &mut keywords);
    let has =
        |asked: &str| keywords.iter().any(|keyword| crate::model::keywords::names(asked, keyword));
    let actor = request.actor.as_str();
    let power = block.name.node.as_str();
    let refuse = |code: &'static str,
                  message: String,
                  span: Span,
                  related: String,
                  help: String| {
        let broken =
            PowerRuleBroken { code, message, related: Some((keywords_span(block), related)), help };
        Err(RuntimeErrorKind::PowerRule(Box::new(broken)).at(span))
    };
    for (keyword, rule, span, so) in &power_rules.keyword_rules {
        if !has(keyword) {
            continue;
        }
        let has_keyword = || format!("{power} has the keyword {keyword}");
        match rule {
            KeywordRule::OwnTurn => {
                let Some(encounter) = &game.world.encounter else {
                    super::encounter::no_encounter_once(game, power, || so.clone(), *span);
                    continue;
                };
                let acting = encounter.acting().map_or("no one", |p| p.name.as_str());
                if acting.eq_ignore_ascii_case(actor) {
                    continue;
                }
                let message = format!(
                    "{actor} cannot use {power} now: {keyword} powers only on own turn, and it is {acting}'s turn"
                );
                let help = format!("use it on {actor}'s own turn");
                return refuse("runtime::not_own_turn", message, *span, has_keyword(), help);
            }
            KeywordRule::NotInEncounters => {
                if game.world.encounter.is_none() {
                    continue;
                }
                let message = format!(
                    "{actor} cannot use {power}: {keyword} powers are not used in encounters"
                );
                let help = "use it after the encounter ends".to_string();
                return refuse("runtime::not_in_encounters", message, *span, has_keyword(), help);
            }
            KeywordRule::NeedsTrigger => {
                if request.options.trigger.is_some() {
                    continue;
                }
                let message =
                    format!("{actor} cannot use {power}: {keyword} powers need a trigger");
                let help = format!("name what it answers: `{actor} uses {power} trigger \"...\"`");
                return refuse("runtime::needs_trigger", message, *span, has_keyword(), help);
            }
        }
    }
    if power_rules.forbids {
        let user = game.world.actor(actor).map_err(super::power::engine)?;
        if !user.conditions.active.is_empty() {
            for held in super::relations::held(rules, user) {
                let Some(condition) = rules.conditions.find(held.name) else { continue };
                for (line, filters) in forbid_lines(condition) {
                    let Some(filter) = filters.iter().find(|filter| filter.node.forbids(has))
                    else {
                        continue;
                    };
                    let name = condition.name.node.as_str();
                    let message =
                        format!("{actor} cannot use {power}: {name} forbids {}", filter.node);
                    let related = match &filter.node.keyword {
                        Some(keyword) => format!("{power} has the keyword {keyword}"),
                        None => format!("{power} is a power"),
                    };
                    let help =
                        format!("{power} can be used again once {actor} no longer has {name}");
                    return refuse(
                        "runtime::forbidden_by_condition",
                        message,
                        line.span,
                        related,
                        help,
                    );
                }
            }
        }
    }
    if !power_rules.narrowed.is_empty() {
        narrow(game, rules, block, &has, &request.actor)?;
    }
    if let Some(line) = &power_rules.per_turn {
        let conversions = match power_rules.converts {
            true => conversions(game, rules, actor)?,
            false => Vec::new(),
        };
        let per_turn = PerTurn { line, conversions: &conversions };
        count_turn_quota(game, block, &per_turn, &has, request)?;
    }
    Ok(())
}

/// A system's `Per turn:` line as gathered at load.
#[derive(Clone, Debug)]
struct SystemQuotas {
    /// `Per challenge turn`.
    challenge_only: bool,
    /// The quotas, first match counts.
    quotas: Vec<TurnQuota>,
    /// The line.
    span: Span,
    /// What paying allows beyond the quotas.
    purchases: Vec<TurnPurchase>,
    /// What the log says of the line out of encounters (as for `keyword_rules`).
    so: SharedText,
}

/// A system's `Per turn:` line as the runtime reads it for one use.
struct PerTurn<'a> {
    /// The line, as gathered at load.
    line: &'a SystemQuotas,
    /// The `Converts:` lines of the conditions the user holds: slots they widen.
    conversions: &'a [SlotConversion],
}

impl PerTurn<'_> {
    /// Whether a held `Converts:` line widens `quota` to take a power with `has` keywords.
    fn widened(&self, quota: &TurnQuota, has: &dyn Fn(&str) -> bool) -> bool {
        self.conversions.iter().any(|conversion| {
            conversion.widens(quota) && conversion.to.iter().any(|to| has(to.node.as_str()))
        })
    }
}

/// The `Converts:` lines of the conditions `actor` holds (applied or included), copied: the
/// quota count that reads them changes the world.
fn conversions(
    game: &Game,
    rules: &Rules,
    actor: &str,
) -> Result<Vec<SlotConversion>, RuntimeError> {
    let user = game.world.actor(actor).map_err(super::power::engine)?;
    let held = super::relations::held(rules, user);
    let lines = held.iter().flat_map(|held| held.lines.iter());
    Ok(lines
        .filter_map(|line| match &line.node {
            ConditionLine::Converts(conversion) => Some(conversion.clone()),
            _ => None,
        })
        .collect())
}

/// The key of the uses of `quota` bought this turn, beside the quota's own counter.
fn bought_key(quota: &TurnQuota) -> String {
    format!("bought {}", quota.key())
}

/// Counts the use under the first quota that counts one of the power's keywords and has room
/// (else the first that counts one, else `other`); once
/// the quota and what was bought this turn are used up, a purchase that covers the quota
/// is paid (`1 Stamina buys 1 Basic`) and allows more, else the use is refused. Out of
/// encounters nothing is counted, and a use the line would count says so (once a stretch).
fn count_turn_quota(
    game: &mut Game,
    block: &Block,
    per_turn: &PerTurn<'_>,
    has: &dyn Fn(&str) -> bool,
    request: &PowerUse,
) -> Result<(), RuntimeError> {
    // A `Per challenge turn:` line counts only in a challenge: out of one it is what the
    // line says, in an encounter or not, and nothing to tell.
    if per_turn.line.challenge_only
        && game.world.encounter.as_ref().is_none_or(|e| e.challenge.is_none())
    {
        return Ok(());
    }
    let Some(encounter) = game.world.encounter.as_mut() else {
        quota_uncounted(game, block, per_turn, has);
        return Ok(());
    };
    let (actor, power) = (request.actor.as_str(), block.name.node.as_str());
    let count_of = |encounter: &crate::engine::Encounter, key: &str| {
        encounter
            .limits
            .iter()
            .find(|used| used.actor == actor && used.reset == LimitReset::Turn && used.key == key)
            .map_or(0, |used| used.count)
    };
    let room = |quota: &TurnQuota| {
        let bought = count_of(encounter, &bought_key(quota));
        count_of(encounter, &quota.key()) < quota.count.saturating_add(bought)
    };
    let quotas = per_turn.line.quotas.as_slice();
    let mut matching: Vec<&TurnQuota> =
        quotas.iter().filter(|quota| quota.keywords().any(|k| has(k.as_str()))).collect();
    // The slots a held `Converts:` line widens come after those that take the power as
    // written, so a widened slot is used only when no other has room.
    for quota in quotas {
        if !matching.contains(&quota) && per_turn.widened(quota, has) {
            matching.push(quota);
        }
    }
    // A use goes to the first entry that counts it and has room (`1 Move, 1 Action or
    // Move`: a second move takes the shared slot); when none has, the first one is paid for
    // or refused.
    let quota = match matching.first() {
        Some(first) => matching.iter().copied().find(|quota| room(quota)).or(Some(*first)),
        None => quotas.iter().find(|quota| quota.keyword.is_none()),
    };
    let Some(quota) = quota else { return Ok(()) };
    let (key, bought_key) = (quota.key(), bought_key(quota));
    let (used, bought) = (count_of(encounter, &key), count_of(encounter, &bought_key));
    let allowed = quota.count.saturating_add(bought);
    if used >= allowed {
        let offer = per_turn
            .line
            .purchases
            .iter()
            .find_map(|purchase| purchase.option_for(quota).map(|option| (purchase, option)));
        let Some((purchase, option)) = offer else {
            return Err(quota_used_up(block, per_turn, quota, actor, encounter, &key));
        };
        let purchases_key = format!("purchases: {purchase}");
        if purchase.times_per_turn.is_some_and(|most| count_of(encounter, &purchases_key) >= most) {
            return Err(purchases_used_up(block, per_turn, purchase, actor, &purchases_key, game));
        }
        let rules = std::sync::Arc::clone(&game.rules);
        let resource = rules.resource_key(&purchase.resource.node);
        game.pay(actor, &[(resource, i64::from(purchase.price))], purchase.resource.span)?;
        let text = format!("{actor} buys {} more {} this turn", option.count, quota.kinds());
        game.world.narrate(text, per_turn.line.span);
        let Some(encounter) = game.world.encounter.as_mut() else { return Ok(()) };
        add_use(encounter, actor, &bought_key, option.count, power);
        add_use(encounter, actor, &key, 1, power);
        add_use(encounter, actor, &purchases_key, 1, power);
        return Ok(());
    }
    add_use(encounter, actor, &key, 1, power);
    Ok(())
}

/// Out of encounters: says at the system's `Per turn:` line that it counts nothing, when
/// the line would count the use of `block` (an entry counts one of its keywords, a held
/// `Converts:` widens one to it, or an `other` entry takes it); once a stretch.
fn quota_uncounted(
    game: &mut Game,
    block: &Block,
    per_turn: &PerTurn<'_>,
    has: &dyn Fn(&str) -> bool,
) {
    let counted = per_turn.line.quotas.iter().any(|quota| {
        quota.keyword.is_none()
            || quota.keywords().any(|k| has(k.as_str()))
            || per_turn.widened(quota, has)
    });
    if !counted {
        return;
    }
    let so = || per_turn.line.so.clone();
    super::encounter::no_encounter_once(game, block.name.node.as_str(), so, per_turn.line.span);
}

/// Adds `count` to `actor`'s turn counter `key` (a new one noting `power`'s use as the first).
fn add_use(
    encounter: &mut crate::engine::Encounter,
    actor: &str,
    key: &str,
    count: u32,
    power: &str,
) {
    let found = encounter
        .limits
        .iter_mut()
        .find(|used| used.actor == actor && used.reset == LimitReset::Turn && used.key == key);
    match found {
        Some(used) => used.count = used.count.saturating_add(count),
        None => {
            let acting = encounter.acting().map_or("no one", |p| p.name.as_str());
            let first = format!("{power} in round {}, {acting}'s turn", encounter.round);
            encounter.limits.push(crate::engine::LimitUse {
                actor: actor.to_string(),
                key: key.to_string(),
                reset: LimitReset::Turn,
                count,
                first,
            });
        }
    }
}

/// The refusal of a use beyond its quota when `purchase` was already bought as often as a
/// turn allows (`, once per turn`).
fn purchases_used_up(
    block: &Block,
    per_turn: &PerTurn<'_>,
    purchase: &TurnPurchase,
    actor: &str,
    key: &str,
    game: &Game,
) -> RuntimeError {
    let power = block.name.node.as_str();
    let first = game
        .world
        .encounter
        .as_ref()
        .and_then(|encounter| {
            encounter.limits.iter().find(|used| {
                used.actor == actor && used.reset == LimitReset::Turn && used.key == key
            })
        })
        .map_or_else(|| "nothing yet".to_string(), |used| used.first.clone());
    let broken = PowerRuleBroken {
        code: "runtime::turn_quota",
        message: format!(
            "{actor} cannot use {power}: `{purchase}` is used up this turn; bought for {first}"
        ),
        related: Some((purchase.resource.span, format!("{actor} paid {}", purchase.resource.node))),
        help: "the count starts again at the end of the turn".to_string(),
    };
    RuntimeErrorKind::PowerRule(Box::new(broken)).at(per_turn.line.span)
}

/// The refusal of a use beyond `quota` that nothing can buy.
fn quota_used_up(
    block: &Block,
    per_turn: &PerTurn<'_>,
    quota: &TurnQuota,
    actor: &str,
    encounter: &crate::engine::Encounter,
    key: &str,
) -> RuntimeError {
    let power = block.name.node.as_str();
    let first = encounter
        .limits
        .iter()
        .find(|used| used.actor == actor && used.reset == LimitReset::Turn && used.key == key)
        .map_or_else(|| "nothing yet".to_string(), |used| used.first.clone());
    let kind = format!("{} power", quota.kinds());
    let turn = if per_turn.line.challenge_only { "a challenge turn" } else { "a turn" };
    let broken = PowerRuleBroken {
        code: "runtime::turn_quota",
        message: format!(
            "{actor} cannot use {power}: {turn} allows {} {kind}{}; used by {first}",
            quota.count,
            if quota.count == 1 { "" } else { "s" },
        ),
        related: Some((keywords_span(block), format!("{power} counts as {}", quota))),
        help: "the count starts again at the end of the turn".to_string(),
    };
    RuntimeErrorKind::PowerRule(Box::new(broken)).at(per_turn.line.span)
}
