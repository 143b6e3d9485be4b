//! The flow of effect lines: `do Group` names a system `Effects Group:` line (declared
//! once), groups that run each other in a circle, the kinds `each ... within N` accepts,
//! `Attacker` only in a hit's event rule,
//! `Bounds` lines that name stats, and actor stat values outside their bounds.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::effect::MoveKind;
use crate::model::{ActorLine, BlockBody, Effect, EffectPart, Effects, Name, Pack, SystemLine};

use super::stops::Runs;
use crate::model::references::References;

/// The `each` kinds the runtime selects by side.
const EACH_KINDS: [&str; 10] = [
    "ally",
    "allies",
    "enemy",
    "enemies",
    "foe",
    "foes",
    "opponent",
    "opponents",
    "creature",
    "creatures",
];

/// The one-actor subjects a `gains`/`loses` phrase may name (see `runtime::effects`).
const ONE_RECIPIENTS: [&str; 7] = {
    use crate::model::effect::{ATTACKER, NEXT_ALLY, NEXT_IN_TURN_ORDER, USER};
    [USER[0], USER[1], "Target", "the target", NEXT_ALLY, NEXT_IN_TURN_ORDER, ATTACKER]
};

/// The spans of a system block's `On hit:` and `On damage taken:` rules: the only lines
/// where `Attacker` names someone (the actor whose attack struck).
fn hit_rules(body: &BlockBody) -> Vec<Span> {
    use crate::model::hook::HookEvent;
    let BlockBody::System(lines) = body else { return Vec::new() };
    lines
        .iter()
        .filter(|line| {
            matches!(&line.node, SystemLine::OnEvent(rule)
                if matches!(rule.event.node, HookEvent::Hit | HookEvent::DamageTaken))
        })
        .map(|line| line.span)
        .collect()
}

/// `Attacker` outside a hit's event rule: nobody the runtime could find.
fn attacker_outside_hit(who: &Spanned<Name>) -> Diagnostic {
    Diagnostic::error(
        "rules::check::attacker",
        format!("`{}` names nobody here: only a hit's event rule has an attacker", who.node),
    )
    .with_primary(who.span, "no attack struck here")
    .with_help(
        "write it in a system line `On hit: ...` or `On damage taken: ...` (`On hit: if you \
         are Countering: Attacker takes [Trigger's Damage] damage`)",
    )
}

/// The effects groups (lower case) that walk where a request names (`Effects Drift: walk
/// 1`), themselves or through the groups they run (`do Drift`).
fn walking_groups(pack: &Pack) -> BTreeSet<String> {
    let groups: Vec<(String, Runs<'_>)> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Effects { name, effects } => {
                let mut runs = Runs::default();
                runs.walk(effects);
                Some((name.node.as_str().to_lowercase(), runs))
            }
            _ => None,
        })
        .collect();
    let mut walking: BTreeSet<String> = BTreeSet::new();
    loop {
        let before = walking.len();
        for (name, runs) in &groups {
            let runs_walking =
                runs.groups.iter().any(|g| walking.contains(&g.node.as_str().to_lowercase()));
            if !runs.chosen_moves.is_empty() || runs_walking {
                walking.insert(name.clone());
            }
        }
        if walking.len() == before {
            return walking;
        }
    }
}

/// A walk (move, shift, fly, teleport) goes where the request names (`Ana uses Step to
/// 2,0`); a condition's, a trait's or a system rule's effect runs with no request, so
/// nobody would move, whether it walks itself or through an effects group it runs (`do
/// Drift`). (An effects group run by a power's use has the use's request: not refused.)
fn moves_without_a_destination(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let walking = walking_groups(pack);
    for block in pack.blocks() {
        let owner = match block.node.body {
            BlockBody::Condition(_) => "a condition's",
            BlockBody::Trait(_) => "a trait's",
            BlockBody::System(_) => "a system rule's",
            _ => continue,
        };
        let moves = References::of(&block.node.body).chosen_moves;
        for (span, _) in moves.into_iter().filter(|(_, label)| *label != "Effects") {
            out.push(
                Diagnostic::error(
                    "rules::check::move_without_destination",
                    format!("{owner} effect runs with no request, so this move has no destination"),
                )
                .with_primary(span, "nobody would move")
                .with_help("moves that go where the user chooses belong on a power (`Ana uses Step to 2,0`); here a push or pull moves someone along a line"),
            );
        }
        if walking.is_empty() {
            continue;
        }
        let run: Vec<&Spanned<Name>> = match &block.node.body {
            BlockBody::System(lines) => {
                let mut runs = Runs::default();
                for line in lines {
                    match &line.node {
                        SystemLine::OnEvent(rule) => runs.walk(&rule.effects),
                        SystemLine::At { effects, .. } => runs.walk(effects),
                        _ => {}
                    }
                }
                runs.groups
            }
            body => References::of(body).groups,
        };
        for group in run.into_iter().filter(|g| walking.contains(&g.node.as_str().to_lowercase())) {
            out.push(
                Diagnostic::error(
                    "rules::check::move_without_destination",
                    format!(
                        "`do {}` walks where a request names, and {owner} effect runs with no \
                         request",
                        group.node
                    ),
                )
                .with_primary(group.span, "nobody would move")
                .with_help(format!(
                    "run the group from a power (`Result: do {}`, used `to q,r`); here a push or \
                     pull moves someone along a line",
                    group.node
                )),
            );
        }
    }
}

/// Every problem with effects groups, `each` recipients and stat bounds in `pack`.
pub fn effect_flow(pack: &Pack, out: &mut Vec<Diagnostic>) {
    moves_without_a_destination(pack, out);
    let groups: Vec<(&Spanned<Name>, &Effects)> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Effects { name, effects } => Some((name, effects)),
            _ => None,
        })
        .collect();
    for (index, (name, _)) in groups.iter().enumerate() {
        if let Some((first, _)) =
            groups[..index].iter().find(|(n, _)| n.node.matches(name.node.as_str()))
        {
            out.push(
                Diagnostic::error(
                    "rules::check::duplicate_group",
                    format!("the effects group `{}` is declared twice", name.node),
                )
                .with_primary(name.span, "declared again here")
                .with_secondary(first.span, "first declared here")
                .with_help("give each group its own name, or merge the two lines"),
            );
        }
    }
    let names: Vec<&str> = groups.iter().map(|(name, _)| name.node.as_str()).collect();
    let power_blocks: Vec<&crate::model::Block> = pack
        .blocks()
        .filter(|block| block.node.kind.node == crate::model::BlockKind::Power)
        .map(|block| &block.node)
        .collect();
    let powers: Vec<&str> = power_blocks.iter().map(|block| block.name.node.as_str()).collect();
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        for used in &references.powers_used {
            if !powers.iter().any(|name| used.node.matches(name)) {
                out.push(
                    Diagnostic::error(
                        "rules::check::unknown_use",
                        format!("`use {}` names no power of the pack", used.node),
                    )
                    .with_primary(used.span, "no power has this name")
                    .with_suggestion(
                        used.node.as_str(),
                        powers.iter().copied(),
                        format!("declare it: `power {}` with `Target: Self`", used.node),
                    ),
                );
            } else if let Some(target) = power_blocks
                .iter()
                .find(|block| used.node.matches(block.name.node.as_str()))
                .and_then(|block| targets_others(block))
            {
                out.push(
                    Diagnostic::error(
                        "rules::check::use_targets",
                        format!(
                            "`use {}` names no target, but {} targets `{target}`",
                            used.node, used.node
                        ),
                    )
                    .with_primary(used.span, "this power needs targets a `use` cannot name")
                    .with_help(
                        "`use` runs a power on its user alone: give that power `Target: Self`",
                    ),
                );
            } else if let Some(block) =
                power_blocks.iter().find(|block| used.node.matches(block.name.node.as_str()))
                && let Some((walk, _)) = References::of(&block.body).chosen_moves.first()
            {
                out.push(
                    Diagnostic::error(
                        "rules::check::use_moves",
                        format!(
                            "`use {}` runs a power that moves where its user chooses, but a `use` names no destination",
                            used.node
                        ),
                    )
                    .with_primary(used.span, "nobody would move")
                    .with_secondary(*walk, "this move needs a destination")
                    .with_help("a power with a chosen move is used by its user (`Ana uses Step to 2,0`); here a push or pull moves someone along a line"),
                );
            }
        }
        for used in &references.groups {
            if !names.iter().any(|name| used.node.matches(name)) {
                out.push(
                    Diagnostic::error(
                        "rules::check::unknown_group",
                        format!("unknown effects group `{}`", used.node),
                    )
                    .with_primary(used.span, "no `Effects` line has this name")
                    .with_suggestion(
                        used.node.as_str(),
                        names.iter().copied(),
                        format!(
                            "declare it in the system block: `Effects {}: gain 1 Marks`",
                            used.node
                        ),
                    ),
                );
            }
        }
        for who in &references.each_recipients {
            if !EACH_KINDS.iter().any(|kind| who.node.matches(kind)) {
                out.push(
                    Diagnostic::error(
                        "rules::check::each_kind",
                        format!("`each {}` names no kind of creature the engine selects", who.node),
                    )
                    .with_primary(who.span, "not ally, enemy or creature")
                    .with_help("write `each ally within N`, `each enemy within N` or `each creature within N`"),
                );
            }
        }
        for who in &references.near_kinds {
            if !EACH_KINDS.iter().any(|kind| who.node.matches(kind)) {
                let close = crate::diagnostics::did_you_mean(who.node.as_str(), EACH_KINDS);
                let help = match close {
                    Some(close) => format!("did you mean `{close}`? A `within` test counts allies, enemies or creatures"),
                    None => "write `an ally within N`, `an enemy within N`, `a creature within N` or `no ally within N`".into(),
                };
                out.push(
                    Diagnostic::error(
                        "rules::check::each_kind",
                        format!("`{}` names no kind of creature a `within` test counts", who.node),
                    )
                    .with_primary(who.span, "not ally, enemy or creature")
                    .with_help(help),
                );
            }
        }
        for who in &references.healed {
            // `Attacker` takes, gains, loses, gets or loses a condition; a heal names no one
            // but `Self`, `Target` or `Next Ally`.
            if who.node.matches(crate::model::effect::ATTACKER)
                || !ONE_RECIPIENTS.iter().any(|known| who.node.matches(known))
            {
                out.push(
                    Diagnostic::error(
                        "rules::check::recipient",
                        format!("`{}` names no one the engine can find to heal", who.node),
                    )
                    .with_primary(who.span, "not Self, Target or Next Ally")
                    .with_help("write `Self heals N`, `Target heals N`, or `heal N` for the line's subject"),
                );
            }
        }
        let hits = hit_rules(&block.node.body);
        for who in &references.one_recipients {
            let inside = |span: &Span| span.start <= who.span.start && who.span.end <= span.end;
            if who.node.matches(crate::model::effect::ATTACKER) && !hits.iter().any(inside) {
                out.push(attacker_outside_hit(who));
                continue;
            }
            if !ONE_RECIPIENTS.iter().any(|known| who.node.matches(known)) {
                out.push(
                    Diagnostic::error(
                        "rules::check::recipient",
                        format!("`{}` names no one the engine can find to gain or lose", who.node),
                    )
                    .with_primary(who.span, "not Self, Target or Next Ally")
                    .with_help(
                        "write `Self`, `Target`, `Next Ally`, `next in turn order`, or `each ally within N`",
                    ),
                );
            }
        }
        for (who, verb) in &references.named_subjects {
            // A push or pull moves someone along the line from the user: not the user.
            let user = crate::model::effect::names_user(&who.node);
            if user && MoveKind::parse(verb).is_some_and(MoveKind::is_forced) {
                out.push(
                    Diagnostic::error(
                        "rules::check::recipient",
                        format!(
                            "`{verb} {}` has no direction: it moves the user from itself",
                            who.node
                        ),
                    )
                    .with_primary(who.span, "the user")
                    .with_help(
                        "a push or pull moves someone along the line from the user (`push Target \
                         2`); the user moves with `walk`, `shift`, `fly` or `teleport`",
                    ),
                );
                continue;
            }
            let attacker = who.node.matches(crate::model::effect::ATTACKER);
            if attacker || !ONE_RECIPIENTS.iter().any(|known| who.node.matches(known)) {
                let shown = if attacker {
                    "only takes, gains, loses, apply and remove name the attacker"
                } else {
                    "not Self, Target or Next Ally"
                };
                out.push(
                    Diagnostic::error(
                        "rules::check::recipient",
                        format!("`{}` names no one the engine can find to {verb}", who.node),
                    )
                    .with_primary(who.span, shown)
                    .with_help("write `Self`, `Target`, `Next Ally` or `next in turn order`"),
                );
            }
        }
        if let BlockBody::Actor(lines) = &block.node.body {
            out_of_bounds(pack, lines, out);
        }
    }
    group_cycles(&groups, out);
    bounds_name_stats(pack, out);
}

/// The Target line of a power that targets others than its user (`use` names no targets).
fn targets_others(block: &crate::model::Block) -> Option<String> {
    let BlockBody::Power(lines) = &block.body else { return None };
    lines.iter().find_map(|line| match &line.node {
        crate::model::PowerLine::Target(crate::model::common::Target::User) => None,
        crate::model::PowerLine::Target(target) => Some(target.to_string()),
        _ => None,
    })
}

/// `Bounds` lines name stats (not resources or derived values: only stats are raised).
fn bounds_name_stats(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let stats: Vec<&Spanned<Name>> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Stats { stats, .. } => Some(stats.iter()),
            _ => None,
        })
        .flatten()
        .collect();
    for line in pack.system_lines() {
        let SystemLine::Bounds(bounded) = &line.node else { continue };
        for stat in bounded.iter().map(|b| &b.node.stat) {
            if !stats.iter().any(|known| known.node.matches(stat.node.as_str())) {
                out.push(
                    Diagnostic::error(
                        "rules::check::bounds_stat",
                        format!("`Bounds` names `{}`, which is not a stat", stat.node),
                    )
                    .with_primary(stat.span, "not declared on a `Stats` line")
                    .with_suggestion(
                        stat.node.as_str(),
                        stats.iter().map(|s| s.node.as_str()),
                        "bounds are for stats declared on a `Stats` line; a resource takes `max` and `min` rules",
                    ),
                );
            }
        }
    }
}

/// An actor's stat value outside its `Bounds` line.
fn out_of_bounds(pack: &Pack, lines: &[Spanned<ActorLine>], out: &mut Vec<Diagnostic>) {
    let bounds: Vec<(&Spanned<Name>, i64, i64)> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Bounds(bounds) => {
                Some(bounds.iter().map(|b| (&b.node.stat, b.node.low, b.node.high)))
            }
            _ => None,
        })
        .flatten()
        .collect();
    for line in lines {
        let ActorLine::Stats(values) = &line.node else { continue };
        for value in values {
            let assignment = &value.node;
            let crate::model::Amount::Number(number) = &assignment.value else { continue };
            let Ok(written) = number.value() else { continue };
            let written = written.round(crate::model::expr::Rounding::Floor);
            let written = if assignment.negative { -written } else { written };
            let Some((_, low, high)) =
                bounds.iter().find(|(stat, ..)| stat.node.matches(assignment.name.node.as_str()))
            else {
                continue;
            };
            if written < *low || written > *high {
                out.push(
                    Diagnostic::error(
                        "rules::check::out_of_bounds",
                        format!(
                            "{} {written} is outside its bounds ({low} to {high})",
                            assignment.name.node
                        ),
                    )
                    .with_primary(value.span, "outside the `Bounds` line")
                    .with_help(format!("give a value from {low} to {high}")),
                );
            }
        }
    }
}

/// Groups that run themselves through `do` (directly or through other groups), each
/// reported once at its declaration with the path back.
fn group_cycles(groups: &[(&Spanned<Name>, &Effects)], out: &mut Vec<Diagnostic>) {
    let mut graph: BTreeMap<String, (Span, Vec<String>)> = BTreeMap::new();
    let canonical = |used: &Name| {
        groups
            .iter()
            .find(|(name, _)| used.matches(name.node.as_str()))
            .map(|(n, _)| n.node.to_string())
    };
    for (name, effects) in groups {
        let runs = effects
            .leaves()
            .filter_map(|part| match &part.node {
                EffectPart::Effect(Effect::Do { group: used, .. }) => canonical(&used.node),
                _ => None,
            })
            .collect();
        graph.entry(name.node.to_string()).or_insert((name.span, runs));
    }
    super::cycles::report(&graph, "rules::check::group_cycle", "group", out);
}
