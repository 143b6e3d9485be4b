//! World resources (`Resource Tension: world`): one value the world holds, so only what
//! the runtime does with it checks clean. Its `start`, `max` and `min` are plain numbers;
//! no turn moment resets it (those are an actor's turns); no actor pays it, lists it or
//! counts it on an `At` line; and only effect lines read it in brackets.

use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::expr::{Expr, Special};
use crate::model::system::{CLOCK_NAMES, ResourceRule};
use crate::model::{ActorLine, Amount, BlockBody, Name, Pack, SystemLine};

use crate::model::references::References;

/// `advance the clock` needs a `Clock:` line, and `[Clock Period]` is read on effect lines
/// only (where the runtime lends the clock).
fn clock(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let declared = pack.system_lines().any(|line| matches!(line.node, SystemLine::Clock { .. }));
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        if !declared {
            for span in &references.clock_uses {
                out.push(
                    Diagnostic::error(
                        "rules::check::no_clock",
                        "the system has no world clock to advance",
                    )
                    .with_primary(*span, "no `Clock:` line")
                    .with_help("declare one in the system block: `Clock: 6 periods of 4 ticks`"),
                );
            }
            continue;
        }
        let clock_read = |name: &Name| CLOCK_NAMES.iter().any(|clock| name.matches(clock));
        for name in read_off_effect_lines(&references, clock_read) {
            out.push(
                    Diagnostic::error(
                        "rules::check::world_resource",
                        format!("{} is the world clock: only effect lines read it", name.node),
                    )
                    .with_primary(name.span, "read where the runtime has no world")
                    .with_help("read it on a Result, Effect, Before or After line (`when [Clock Period >= 4]: ...`)"),
                );
        }
    }
}

/// `World:` flags: a flag declared twice, a test naming no declared flag (with the nearest
/// one), and a bracket reading a flag off an effect line (only effect lines are lent the
/// world; a `While:` line tests `the world is Night`).
fn flags(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut declared: Vec<&Spanned<Name>> = Vec::new();
    for line in pack.system_lines() {
        let SystemLine::World(groups) = &line.node else { continue };
        for flag in groups.iter().flatten() {
            if let Some(first) = declared.iter().find(|seen| seen.node.matches(flag.node.as_str()))
            {
                out.push(
                    Diagnostic::error(
                        "rules::check::world_flag",
                        format!("the world flag {} is declared twice", flag.node),
                    )
                    .with_primary(flag.span, "declared again here")
                    .with_secondary(first.span, "first declared here")
                    .with_help("a flag belongs to one group: `World: Day or Night; Warm or Cold`"),
                );
                continue;
            }
            declared.push(flag);
        }
    }
    let is_flag = |name: &Name| declared.iter().any(|flag| flag.node.matches(name.as_str()));
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        for tested in &references.world_flags {
            if is_flag(&tested.node) {
                continue;
            }
            let names = declared.iter().map(|flag| flag.node.as_str());
            let mut diagnostic = Diagnostic::error(
                "rules::check::world_flag",
                format!("{} is not a world flag", tested.node),
            )
            .with_primary(tested.span, "no `World:` line declares it");
            diagnostic = match crate::diagnostics::did_you_mean(tested.node.as_str(), names) {
                Some(near) => diagnostic.with_help(format!("did you mean `{near}`?")),
                None if declared.is_empty() => {
                    diagnostic.with_help("declare flags in the system block: `World: Day or Night`")
                }
                None => {
                    let names: Vec<&str> = declared.iter().map(|f| f.node.as_str()).collect();
                    diagnostic.with_help(format!("world flags: {}", names.join(", ")))
                }
            };
            out.push(diagnostic);
        }
        for name in read_off_effect_lines(&references, is_flag) {
            out.push(
                Diagnostic::error(
                    "rules::check::world_flag",
                    format!("{} is a world flag: only effect lines read it in brackets", name.node),
                )
                .with_primary(name.span, "read where the runtime has no world")
                .with_help(format!("test it as `the world is {}`", name.node)),
            );
        }
    }
}

/// `[Allies within 5]` is counted on effect lines only (where the runtime lends the map).
fn counts(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let counted = |node: &Expr| match node {
        Expr::Special(special @ Special::CountWithin { .. }) => Some(*special),
        _ => None,
    };
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        for count in first_off_effect_lines(&references, counted) {
            out.push(
                Diagnostic::error(
                    "rules::check::count_within",
                    format!("`{}` counts creatures on the map: only effect lines read it", count.node),
                )
                .with_primary(count.span, "read where the runtime has no map")
                .with_help("count on a Result, Effect, Before or After line (`Result: [Weapon + Allies within 1] damage`); a While or Prereq line tests `an ally within 1`"),
            );
        }
    }
}

/// A world flag named like a stat, resource, derived value or status: brackets read the
/// actor's value first, so `[Night]` would never read the flag.
pub fn flags_named_as_values(symbols: &crate::link::Symbols, out: &mut Vec<Diagnostic>) {
    let values = [&symbols.stats, &symbols.resources, &symbols.derived, &symbols.statuses];
    for flag in &symbols.world_flags {
        let Some(value) = values
            .iter()
            .flat_map(|list| list.iter())
            .find(|value| value.name.eq_ignore_ascii_case(&flag.name))
        else {
            continue;
        };
        out.push(
            Diagnostic::error(
                "rules::check::world_flag",
                format!("the world flag {} has the name of a value actors hold", flag.name),
            )
            .with_primary(flag.span, "this flag")
            .with_secondary(value.span, "declared here too")
            .with_help(format!(
                "a bracket reads the actor's value first, so `[{}]` would never read the flag: rename one of them",
                flag.name
            )),
        );
    }
}

/// Every misuse of a world resource, the world clock, a world flag or a count of creatures
/// in `pack`.
pub fn world_resources(pack: &Pack, out: &mut Vec<Diagnostic>) {
    clock(pack, out);
    flags(pack, out);
    counts(pack, out);
    let mut world: Vec<&str> = Vec::new();
    for line in pack.system_lines() {
        let SystemLine::Resource { name, rules } = &line.node else { continue };
        if !rules.iter().any(|rule| rule.node == ResourceRule::World) {
            continue;
        }
        world.push(name.node.as_str());
        for rule in rules {
            let problem = match &rule.node {
                ResourceRule::Start(amount)
                | ResourceRule::Max(amount)
                | ResourceRule::Min { amount, .. } => (!matches!(amount, Amount::Number(_)))
                    .then_some("a world resource's start and bounds are plain numbers"),
                ResourceRule::ResetTo { .. }
                | ResourceRule::Gain { .. }
                | ResourceRule::Lost(_) => {
                    Some("turn moments are an actor's; the world's resource changes by effects")
                }
                ResourceRule::NoMin => {
                    Some("the world's resource keeps a least value: write `min -N`")
                }
                ResourceRule::NoMax | ResourceRule::World => None,
            };
            if let Some(why) = problem {
                out.push(
                    Diagnostic::error(
                        "rules::check::world_resource",
                        format!("`{}` on the world resource {}: {why}", rule.node, name.node),
                    )
                    .with_primary(rule.span, "not for a world resource")
                    .with_help("write `start N`, `max N`, `min N`; change it with effects (`set Tension to 0`)"),
                );
            }
        }
    }
    if world.is_empty() {
        return;
    }
    let is_world = |name: &Name| world.iter().any(|held| name.matches(held));
    let refuse = |out: &mut Vec<Diagnostic>, name: &Spanned<Name>, why: &str| {
        out.push(
            Diagnostic::error(
                "rules::check::world_resource",
                format!("{} is a world resource: {why}", name.node),
            )
            .with_primary(name.span, "held by the world, not an actor")
            .with_help("effect lines read it (`[Tension]`) and change it (`gain 1 Tension`, `set Tension to 0`)"),
        );
    };
    for line in pack.system_lines() {
        if let SystemLine::At { resource, .. } = &line.node
            && is_world(&resource.node)
        {
            refuse(out, resource, "an `At` line counts an actor's resource");
        }
    }
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        for resource in &references.actor_resources {
            if is_world(&resource.node) {
                refuse(out, resource, "no actor pays it or gains it alone");
            }
        }
        for name in read_off_effect_lines(&references, is_world) {
            refuse(out, &name, "only effect lines read it");
        }
        if let BlockBody::Actor(lines) = &block.node.body {
            for line in lines {
                let ActorLine::Resources(values) = &line.node else { continue };
                for value in values.iter().filter(|v| is_world(&v.node.name.node)) {
                    refuse(out, &value.node.name, "an actor does not hold it");
                }
            }
        }
    }
}

/// The first name `reads` picks in each bracket of `references` outside its effect lines.
fn read_off_effect_lines(
    references: &References<'_>,
    reads: impl Fn(&Name) -> bool,
) -> Vec<Spanned<Name>> {
    first_off_effect_lines(references, |node| match node {
        Expr::Name(name) if reads(name) => Some(name.clone()),
        _ => None,
    })
}

/// What `picks` finds first in each bracket of `references` outside its effect lines (the
/// only lines the runtime lends the world), named as written.
fn first_off_effect_lines<T>(
    references: &References<'_>,
    picks: impl Fn(&Expr) -> Option<T>,
) -> Vec<Spanned<T>> {
    let mut found = Vec::new();
    for (expr, _) in &references.expressions {
        if references.effect_expressions.iter().any(|effect| std::ptr::eq(*effect, *expr)) {
            continue;
        }
        let mut read = None;
        expr.node.visit(
            &mut |node, span| {
                if read.is_none()
                    && let Some(name) = picks(node)
                {
                    read = Some(Spanned::new(name, span));
                }
            },
            expr.span,
        );
        found.extend(read);
    }
    found
}
