//! Conditions as they hold on and between actors: the conditions an actor holds (those
//! applied to it plus those they include, each name once), and the relative modifiers and
//! grants that count only when one actor acts against another (`+2 Attack vs Source`,
//! `-1 Attack unless Target is Source`, `Grants: Advantage to melee attackers`).

use crate::diagnostics::Spanned;
use crate::engine::Actor;
use crate::model::entity::{Audience, GrantItem, Relation};
use crate::model::expr::{
    EvalError, EvalErrorKind, LineContext, Name, Reference, Rounding, Scope, Value, evaluate,
};
use crate::model::{Amount, BlockBody, ConditionLine, ConditionRef, Expr, Modifier};

use super::rules::Rules;
use super::scope::LineScope;

/// How many conditions one actor may hold through includes; bounds a cycle of includes.
const HELD_LIMIT: usize = 64;

/// One condition an actor holds, applied or included.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Held<'a> {
    /// The condition's name.
    pub name: &'a str,
    /// Its N.
    pub n: Option<i64>,
    /// Its subtype (the damage type of `Resistant 2 Fire`).
    pub subtype: Option<&'a str>,
    /// Who applied it (for an included condition: who applied the including one).
    pub source: Option<&'a str>,
    /// The one actor it holds against (inherited by what it includes); `None`: everyone.
    pub against: Option<&'a str>,
    /// The condition that includes it; `None` for an applied one.
    pub included_by: Option<&'a str>,
    /// The lines of its condition block (none when the pack has no such block).
    pub lines: &'a [Spanned<ConditionLine>],
}

impl<'a> Held<'a> {
    /// Every modifier of its `Modifiers` lines that counts everywhere: none for a copy held
    /// against one actor (those count only in [`relative_bonus`]).
    pub fn modifiers(self) -> impl Iterator<Item = &'a Modifier> + 'a {
        let lines = if self.against.is_some() { &[] } else { self.lines };
        Held { lines, ..self }.all_modifiers()
    }

    /// Every modifier of its `Modifiers` lines, wherever it counts.
    fn all_modifiers(self) -> impl Iterator<Item = &'a Modifier> + 'a {
        self.lines
            .iter()
            .flat_map(|line| match &line.node {
                ConditionLine::Modifiers(modifiers) => modifiers.as_slice(),
                _ => &[],
            })
            .map(|modifier| &modifier.node)
    }

    fn same(&self, name: &str, subtype: Option<&str>) -> bool {
        self.name.eq_ignore_ascii_case(name)
            && match (self.subtype, subtype) {
                (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

fn lines_of<'a, N: super::blocks::BlockName + ?Sized>(
    rules: &'a Rules,
    name: &N,
) -> &'a [Spanned<ConditionLine>] {
    match rules.conditions.find(name).map(|block| &block.body) {
        Some(BlockBody::Condition(lines)) => lines,
        _ => &[],
    }
}

/// The N of an included or granted condition: its number, else the including one's N.
fn n_of(condition: &ConditionRef, inherited: Option<i64>) -> Option<i64> {
    match &condition.amount {
        Some(Amount::Number(number)) => number.value().ok().map(|v| v.round(Rounding::Floor)),
        Some(_) => inherited,
        None => None,
    }
}

/// Every condition `actor` holds, in order: the applied ones, then what they include (an
/// included condition that is already held, directly or through another, is not held twice).
pub(crate) fn held<'a>(rules: &'a Rules, actor: &'a Actor) -> Vec<Held<'a>> {
    // Most actors hold nothing: asked several times per power use, skip the list building.
    if actor.conditions.active.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Held<'a>> = actor
        .conditions
        .active
        .iter()
        .filter(|active| !active.dormant)
        .map(|active| Held {
            name: &active.name,
            n: active.n,
            subtype: active.subtype.as_deref(),
            source: active.source.as_deref(),
            against: active.against.as_deref(),
            included_by: None,
            lines: lines_of(rules, &active.name),
        })
        .collect();
    let mut next = 0;
    while next < out.len() && out.len() < HELD_LIMIT {
        let holder = out[next];
        next += 1;
        for line in holder.lines {
            let ConditionLine::Includes(included) = &line.node else { continue };
            for condition in included {
                let name = condition.name.node.as_str();
                let subtype = condition.detail.as_ref().map(|d| d.node.as_str());
                // A copy held against everyone wins over one held against one actor.
                let everyone = holder.against.is_none();
                let shadowed =
                    |h: &Held<'_>| h.same(name, subtype) && (h.against.is_none() || !everyone);
                if out.iter().any(shadowed) || out.len() >= HELD_LIMIT {
                    continue;
                }
                let entry = Held {
                    name,
                    n: n_of(condition, holder.n),
                    subtype,
                    source: holder.source,
                    against: holder.against,
                    included_by: Some(holder.name),
                    // By the id the link step gave the `Includes:` line's name.
                    lines: lines_of(rules, &condition.name.node),
                };
                match out.iter().position(|h| h.same(name, subtype) && h.included_by.is_some()) {
                    // What the replaced copy included is read again, now against everyone.
                    Some(index) => {
                        out[index] = entry;
                        next = next.min(index);
                    }
                    None => out.push(entry),
                }
            }
        }
    }
    out
}

impl super::Game {
    /// The conditions `actor` holds only because another includes them, each as (included
    /// condition, the condition that includes it), in the order they are held; empty for an
    /// unknown actor.
    pub fn included_conditions(&self, actor: &str) -> Vec<(String, String)> {
        let Ok(actor) = self.world.actor(actor) else { return Vec::new() };
        held(&self.rules, actor)
            .iter()
            .filter_map(|h| Some((h.name.to_string(), h.included_by?.to_string())))
            .collect()
    }
}

/// Whether `actor` holds the condition `name`, applied or included.
pub(crate) fn has(rules: &Rules, actor: &Actor, name: &str) -> bool {
    actor.conditions.has(name)
        || held(rules, actor).iter().any(|h| h.name.eq_ignore_ascii_case(name))
}

/// One side of two actors dealing with each other: the other actor, the keywords of the
/// power in use, and whether this side is the one acting.
#[derive(Clone, Copy)]
pub(crate) struct Dealing<'a> {
    /// The actor on the other side.
    pub other: &'a Actor,
    /// The power's keywords (and its weapon's).
    pub keywords: &'a [String],
    /// True for the actor using the power, false for its target.
    pub attacking: bool,
}

impl Dealing<'_> {
    fn has_keyword(&self, keyword: &str) -> bool {
        self.keywords.iter().any(|k| crate::model::keywords::names(keyword, k))
    }

    /// Whether the resisting side carries `tag`: a `Keyword X: resisted as Tag` line of
    /// `rules` names it for a keyword of the power (never on the side using the power).
    fn resists_as(&self, rules: &Rules, tag: &str) -> bool {
        !self.attacking
            && rules.resisted_as.iter().any(|(keyword, carried)| {
                crate::model::keywords::names(tag, carried) && self.has_keyword(keyword)
            })
    }

    fn holds(&self, rules: &Rules, relation: &Relation, source: Option<&str>) -> bool {
        let holds = if relation.is_source() {
            source.is_some_and(|source| source.eq_ignore_ascii_case(&self.other.name))
        } else {
            let word = relation.against.node.as_str();
            self.has_keyword(word) || self.resists_as(rules, word)
        };
        holds != relation.negated
    }

    fn admits(&self, audience: &Audience) -> bool {
        audience.targets != self.attacking
            && audience.keyword.as_ref().is_none_or(|k| self.has_keyword(k.node.as_str()))
    }
}

/// Whether any relative modifier or grant could count between `a` and `b`.
// Inline: asked for every pair of every use, and most pairs hold nothing at all.
// Kept: +169 instructions per attack without the six guards' pins (Nov 2026).
#[inline]
pub(crate) fn involved(rules: &Rules, a: &Actor, b: &Actor) -> bool {
    if a.conditions.active.is_empty() && b.conditions.active.is_empty() {
        return false;
    }
    holds_relative(rules, a, b)
}

/// Whether `a` or `b` holds a relative modifier, an `against` condition or a grant.
fn holds_relative(rules: &Rules, a: &Actor, b: &Actor) -> bool {
    [a, b].into_iter().any(|actor| {
        held(rules, actor).iter().any(|h| {
            h.against.is_some()
                || h.lines.iter().any(|line| match &line.node {
                    ConditionLine::Grants(_) => true,
                    ConditionLine::Modifiers(modifiers) => {
                        modifiers.iter().any(|m| matches!(m.node, Modifier::Relative { .. }))
                    }
                    _ => false,
                })
        })
    })
}

/// The value of an Add modifier's amount on `actor` with the condition's N; an amount that
/// fails to evaluate is an error at the condition's line.
fn add_value(
    rules: &Rules,
    actor: &Actor,
    modifier: &Modifier,
    stat: &str,
    n: Option<i64>,
) -> Result<i64, EvalError> {
    let Modifier::Add { negative, amount, stat: name } = modifier else { return Ok(0) };
    if !name.node.matches(stat) {
        return Ok(0);
    }
    let extra = [("N", n.unwrap_or(0))];
    let scope = LineScope { extra: &extra, ..LineScope::of(rules, actor) };
    let value = scope.amount(amount, LineContext::Condition, Rounding::Floor)?;
    Ok(if *negative { -value } else { value })
}

/// What `holder`'s relative modifiers `vs Tag` add to a check nobody opposes that carries
/// the tag (`request.keywords`; `check Ana Intelligence vs 12 as Crafting`), on its stats
/// and on `checks`. With no other actor only a tag can hold: `vs Source`, `unless ...` and
/// grants need someone on the other side, so they do not count here.
pub(crate) fn tagged_bonus(
    rules: &Rules,
    holder: &Actor,
    request: &super::checks::CheckRequest,
) -> Result<i64, EvalError> {
    let stats = || request.stats.iter().map(String::as_str).chain(["all checks", "checks"]);
    let mut total = 0i64;
    for h in held(rules, holder).iter().filter(|h| h.against.is_none()) {
        for modifier in h.all_modifiers() {
            let Modifier::Relative { modifier, relation } = modifier else { continue };
            let word = relation.against.node.as_str();
            let tagged =
                request.keywords.iter().any(|tag| crate::model::keywords::names(word, tag));
            if relation.negated || relation.is_source() || !tagged {
                continue;
            }
            for stat in stats() {
                total = total.saturating_add(add_value(rules, holder, modifier, stat, h.n)?);
            }
        }
    }
    Ok(total)
}

/// What `holder`'s relative modifiers and the grants of the other side add to `stat` in
/// `dealing`. A granted condition counts once however many conditions grant it, and not
/// at all when the holder already holds it.
pub(crate) fn relative_bonus(
    rules: &Rules,
    holder: &Actor,
    stat: &str,
    dealing: &Dealing,
) -> Result<i64, EvalError> {
    let own = held(rules, holder);
    let mut total = 0i64;
    for h in &own {
        // A copy held against the other side counts whole here, and nowhere else (and not
        // on top of the same condition held against everyone).
        let pairwise = h.against.is_some_and(|a| a.eq_ignore_ascii_case(&dealing.other.name))
            && !own.iter().any(|o| o.against.is_none() && o.name.eq_ignore_ascii_case(h.name));
        for modifier in h.all_modifiers() {
            match modifier {
                Modifier::Relative { modifier, relation }
                    if (h.against.is_none() || pairwise)
                        && dealing.holds(rules, relation, h.source) =>
                {
                    total = total.saturating_add(add_value(rules, holder, modifier, stat, h.n)?);
                }
                Modifier::Relative { .. } => {}
                plain if pairwise => {
                    total = total.saturating_add(add_value(rules, holder, plain, stat, h.n)?);
                }
                _ => {}
            }
        }
    }
    let mut granted: Vec<&str> = Vec::new();
    for h in held(rules, dealing.other) {
        for line in h.lines {
            let ConditionLine::Grants(grant) = &line.node else { continue };
            if !dealing.admits(&grant.audience) {
                continue;
            }
            for item in &grant.items {
                let condition = match &item.node {
                    GrantItem::Modifier(modifier) => {
                        total =
                            total.saturating_add(add_value(rules, holder, modifier, stat, None)?);
                        continue;
                    }
                    GrantItem::Condition(condition) => condition,
                };
                let name = condition.name.node.as_str();
                let already = own.iter().any(|o| {
                    o.name.eq_ignore_ascii_case(name)
                        && o.against.is_none_or(|a| a.eq_ignore_ascii_case(&dealing.other.name))
                }) || granted.iter().any(|g| g.eq_ignore_ascii_case(name));
                if already {
                    continue;
                }
                granted.push(name);
                let n = n_of(condition, None);
                for modifier in (Held {
                    name,
                    n,
                    subtype: None,
                    source: None,
                    against: None,
                    included_by: None,
                    lines: lines_of(rules, name),
                })
                .modifiers()
                {
                    let counted = match modifier {
                        Modifier::Relative { modifier, relation } => {
                            // The granting actor is the granted condition's source.
                            dealing
                                .holds(rules, relation, Some(&dealing.other.name))
                                .then_some(&**modifier)
                        }
                        plain => Some(plain),
                    };
                    if let Some(modifier) = counted {
                        total = total.saturating_add(add_value(rules, holder, modifier, stat, n)?);
                    }
                }
            }
        }
    }
    Ok(total)
}

/// The power's keywords (see [`crate::model::keywords::of`]), owned for a [`Dealing`].
pub(crate) fn power_keywords(
    lines: &[Spanned<crate::model::PowerLine>],
    weapon: Option<&crate::model::Block>,
) -> Vec<String> {
    crate::model::keywords::of(lines, weapon).map(String::from).collect()
}

/// Notes one target of a power use: once a relative modifier or grant could count between
/// `user` and `target`, `keywords` holds the power's keywords. While it stays `None` no pair
/// of the use is related, so a power among plain actors allocates nothing and skips every
/// relative evaluation ([`relative_delta`], [`pair_delta`]).
pub(crate) fn note_related(
    keywords: &mut Option<Vec<String>>,
    context: &super::effects::Context<'_>,
    user: &Actor,
    target: &Actor,
    lines: &[Spanned<crate::model::PowerLine>],
) {
    if keywords.is_none() && involved(context.rules, user, target) {
        *keywords = Some(power_keywords(lines, context.weapon));
    }
}

/// A line scope between a power's user and one target: the user's names and the target's
/// (`Target's Defense`) include the relative modifiers and grants of the pair.
pub(crate) struct PairScope<'s, 'a> {
    /// The plain scope (user, target, weapon, values).
    pub inner: &'s LineScope<'a>,
    /// The power's keywords.
    pub keywords: &'s [String],
    /// Whether the scope's user is the one using the power (false: the target rolling its
    /// defence against the user of the power, `by Target`).
    pub user_attacking: bool,
    /// A condition modifier's failure, kept with its span: a lookup can only return the kind.
    pub failed: std::cell::Cell<Option<EvalError>>,
}

impl PairScope<'_, '_> {
    fn bonus(&self, reference: &Reference<'_>) -> Result<i64, EvalError> {
        let Some(target) = self.inner.target else { return Ok(0) };
        let (user, rules) = (self.inner.user, self.inner.rules);
        let (holder, other, attacking, name) = match reference {
            Reference::Name(name) => (user, target, self.user_attacking, *name),
            Reference::Possessive { owner, name } if owner.matches("Target") => {
                (target, user, !self.user_attacking, *name)
            }
            Reference::Possessive { owner, name } if owner.matches("Self") => {
                (user, target, self.user_attacking, *name)
            }
            _ => return Ok(0),
        };
        let dealing = Dealing { other, keywords: self.keywords, attacking };
        relative_bonus(rules, holder, name.as_str(), &dealing)
    }
}

impl Scope for PairScope<'_, '_> {
    fn lookup(
        &self,
        reference: Reference<'_>,
        context: LineContext,
    ) -> Result<Value, EvalErrorKind> {
        let value = self.inner.lookup(reference, context)?;
        let bonus = self.bonus(&reference).map_err(|error| {
            let kind = error.kind.clone();
            self.failed.set(Some(error));
            kind
        })?;
        if bonus == 0 {
            return Ok(value);
        }
        Ok(Value::integer(value.round(Rounding::Floor).saturating_add(bonus)))
    }

    fn call(&self, function: &Name, arguments: &[Value]) -> Result<Value, EvalErrorKind> {
        self.inner.call(function, arguments)
    }

    fn is_actor(&self, name: &Name) -> bool {
        self.inner.is_actor(name)
    }

    fn call_with_actors(
        &self,
        function: &Name,
        arguments: &[crate::model::expr::Argument<'_>],
    ) -> Result<Value, EvalErrorKind> {
        self.inner.call_with_actors(function, arguments)
    }
}

/// What the pair's relative modifiers add to `expr` (a check modifier or threshold) for the
/// scope's user against its target: 0 when neither side holds anything relative (`keywords`
/// is `None` when no pair of the use does, see [`note_related`]).
// Inline: most uses relate nothing and return at once, without a call.
// Kept: +169 instructions per attack without the six guards' pins (Nov 2026).
#[inline]
pub(crate) fn relative_delta(
    scope: &LineScope<'_>,
    keywords: Option<&[String]>,
    expr: &Spanned<Expr>,
    context: LineContext,
    user_attacking: bool,
) -> Result<i64, crate::model::expr::EvalError> {
    let (Some(target), Some(keywords)) = (scope.target, keywords) else { return Ok(0) };
    pair_relative_delta(scope, target, keywords, expr, context, user_attacking)
}

/// [`relative_delta`] once a related pair is known.
fn pair_relative_delta(
    scope: &LineScope<'_>,
    target: &Actor,
    keywords: &[String],
    expr: &Spanned<Expr>,
    context: LineContext,
    user_attacking: bool,
) -> Result<i64, crate::model::expr::EvalError> {
    if !involved(scope.rules, scope.user, target) {
        return Ok(0);
    }
    let rounding = scope.rules.rounding;
    let plain = evaluate(expr, scope, context)?.round(rounding);
    let failed = std::cell::Cell::new(None);
    let against = PairScope { inner: scope, keywords, user_attacking, failed };
    let with_pair =
        evaluate(expr, &against, context).map_err(|e| against.failed.take().unwrap_or(e))?;
    Ok(with_pair.round(rounding) - plain)
}

/// What the relative modifiers between the power's user and `target` add to `expr` (the
/// check's modifier); 0 when no pair of the use is related (`keywords` is `None`), once
/// the target is known to exist.
pub(crate) fn pair_delta(
    game: &super::Game,
    context: &super::effects::Context<'_>,
    target: &str,
    keywords: Option<&[String]>,
    expr: &Spanned<Expr>,
    span: crate::diagnostics::Span,
) -> Result<i64, super::error::RuntimeError> {
    use super::error::{RuntimeError, RuntimeErrorKind};
    let engine = |k| RuntimeErrorKind::Engine(k).at(span);
    // Looked up even when nothing is related: on a use without a Threshold line this is
    // where a target the request misspelt fails the use, at the Check line.
    let target = game.world.actor(target).map_err(engine)?;
    if keywords.is_none() {
        return Ok(0);
    }
    let user = game.world.actor(context.user).map_err(engine)?;
    let scope = LineScope {
        target: Some(target),
        weapon: context.weapon,
        trigger: context.trigger,
        ..LineScope::of(context.rules, user)
    };
    relative_delta(&scope, keywords, expr, LineContext::Check, true)
        .map_err(|e| RuntimeError::from(e).or_at(span))
}

/// What the relative modifiers and grants between `actor` and `other` add to a plain check
/// `actor` makes against `other` (its stats, and `all checks`); `attacking` is false for
/// the side resisting a versus check.
pub(crate) fn check_pair_bonus(
    rules: &Rules,
    actor: &Actor,
    other: &Actor,
    request: &super::checks::CheckRequest,
    attacking: bool,
) -> Result<i64, EvalError> {
    if !involved(rules, actor, other) {
        return Ok(0);
    }
    let dealing = Dealing { other, keywords: &request.keywords, attacking };
    let mut stats = request.stats.iter().map(String::as_str).chain(["all checks", "checks"]);
    stats.try_fold(0i64, |total, stat| {
        Ok(total.saturating_add(relative_bonus(rules, actor, stat, &dealing)?))
    })
}
