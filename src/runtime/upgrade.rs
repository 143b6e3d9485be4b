//! The effective power: before the pipeline runs, the user's traits whose `To:` selects the
//! power (by name, or by keywords including those of the weapon used) and whose While and
//! Prereq hold modify a copy of its lines. A signed `Add: +[N] damage` increases each
//! damage the power deals; an unsigned `Add:` appends its effects to the first Result line;
//! `Replace:`/`With:` swaps one line. A power nothing modifies is borrowed, never copied.

use std::borrow::Cow;

use crate::diagnostics::{Span, Spanned};
use crate::model::expr::BinaryOp;

use crate::model::power::{GradeGate, LineSwap};
use crate::model::{
    Amount, Block, BlockBody, Effect, EffectPart, Effects, Expr, PowerLine, TraitLine,
};

use super::Game;
use super::error::RuntimeError;
use super::rules::Rules;

/// Whether a trait's lines change a power's lines (narrated Adds do not).
fn modifies(lines: &[Spanned<TraitLine>]) -> bool {
    lines.iter().any(|line| match &line.node {
        TraitLine::Add(effects) => !effects.is_narration_only(),
        TraitLine::Bonus(_) | TraitLine::Replace(_) => true,
        _ => false,
    })
}

/// The power as the user's upgrades make it. `counted`: a resolution, so upgrades with a
/// `Limit:` count it and the log names what they change; otherwise (a halting test) they
/// only check their count. Either way a used-up upgrade is skipped.
pub(crate) fn effective<'r>(
    game: &mut Game,
    rules: &'r Rules,
    block: &'r Block,
    weapon: Option<&'r Block>,
    actor: &str,
    counted: bool,
) -> Result<Cow<'r, Block>, RuntimeError> {
    let user = game
        .world
        .actor(actor)
        .map_err(|k| super::error::RuntimeErrorKind::Engine(k).at(Span::NONE))?;
    let mut applied: Vec<(&'r Block, &'r [Spanned<TraitLine>])> = Vec::new();
    for name in &user.traits {
        let Some(upgrade) = rules.traits.find(name) else { continue };
        let BlockBody::Trait(trait_lines) = &upgrade.body else { continue };
        let chosen = trait_lines.iter().any(|line| match &line.node {
            TraitLine::To(selector) => selector.selects(block, weapon),
            _ => false,
        });
        if !chosen || !modifies(trait_lines) {
            continue;
        }
        let mut holds = true;
        for line in trait_lines {
            if let TraitLine::While(requirement) | TraitLine::Prereq(requirement) = &line.node {
                let power = Some((block, weapon));
                holds &= super::power::holds((rules, &game.world), requirement, user, power)?;
            }
        }
        if holds {
            applied.push((upgrade, trait_lines));
        }
    }
    if applied.is_empty() {
        return Ok(Cow::Borrowed(block));
    }
    let mut owned = block.clone();
    let power = block.name.node.as_str();
    for (upgrade, trait_lines) in applied {
        let limit = trait_lines.iter().find_map(|line| match &line.node {
            TraitLine::Limit(limit) => Some((limit, line)),
            _ => None,
        });
        if let Some((limit, line)) = limit {
            let name = upgrade.name.node.as_str();
            let usable = if counted {
                super::limits::count_use(game, actor, name, limit, line)
            } else {
                !super::limits::used_up(game, actor, name, limit)
            };
            if !usable {
                continue;
            }
        }
        let BlockBody::Power(power_lines) = &mut owned.body else { continue };
        let changes = modify(power_lines, trait_lines);
        if counted && !changes.is_empty() {
            let text =
                format!("{actor}'s {} modifies {power}: {}", upgrade.name.node, changes.join("; "));
            game.world.narrate(text, upgrade.name.span);
        }
    }
    Ok(Cow::Owned(owned))
}

/// Applies one trait's Add, signed Add and Replace/With lines to `power`; returns what
/// changed, for the log.
fn modify(power: &mut Vec<Spanned<PowerLine>>, trait_lines: &[Spanned<TraitLine>]) -> Vec<String> {
    let mut changes = Vec::new();
    let mut replacing: Option<&LineSwap> = None;
    for line in trait_lines {
        match &line.node {
            TraitLine::Bonus(bonus) => {
                for power_line in power.iter_mut() {
                    if let Some(effects) = power_line.node.effects_mut() {
                        increase(effects, bonus);
                    }
                }
                changes.push(format!("+{bonus}"));
            }
            TraitLine::Add(added) if !added.is_narration_only() => {
                let parts = added.parts.iter().filter(|p| {
                    matches!(
                        p.node,
                        EffectPart::Effect(_) | EffectPart::When { .. } | EffectPart::Check { .. }
                    )
                });
                let first = power.iter_mut().find_map(|l| match &mut l.node {
                    PowerLine::Result { effects, .. } => Some(effects),
                    _ => None,
                });
                match first {
                    Some(effects) => effects.parts.extend(parts.cloned()),
                    None => power.push(Spanned::new(
                        PowerLine::Result {
                            grade: None,
                            gate: GradeGate::AtLeast,
                            effects: Effects { parts: parts.cloned().collect() },
                        },
                        line.span,
                    )),
                }
                changes.push(format!("adds `{added}`"));
            }
            TraitLine::Replace(swap) => replacing = Some(swap),
            TraitLine::With(with) => {
                let Some(replace) = replacing.take() else { continue };
                if let Some(index) = replace.find_in(power)
                    && let Some(new) = with.replacing(&power[index].node)
                {
                    changes.push(format!("`{}` becomes `{new}`", power[index].node));
                    power[index] = Spanned::new(new, line.span);
                }
            }
            _ => {}
        }
    }
    changes
}

/// Adds each damage of `bonus` to every (non-negative) damage of `effects` of the same type
/// (an untyped bonus adds to every type). Dice cannot join an expression, so a dice damage
/// gets the bonus as a damage of its own.
fn increase(effects: &mut Effects, bonus: &Effects) {
    let mut extra = Vec::new();
    for part in &mut effects.parts {
        let EffectPart::Effect(Effect::Damage { negative: false, amount, damage_type, recipient }) =
            &mut part.node
        else {
            continue;
        };
        for added in &bonus.parts {
            let EffectPart::Effect(Effect::Damage {
                negative,
                amount: more,
                damage_type: kind,
                ..
            }) = &added.node
            else {
                continue;
            };
            let same = match (kind, &*damage_type) {
                (None, _) => true,
                (Some(kind), Some(own)) => kind.node.matches(own.node.as_str()),
                (Some(_), None) => false,
            };
            if !same {
                continue;
            }
            match (as_expr(amount, part.span), as_expr(more, added.span)) {
                (Some(left), Some(right)) => {
                    let op = if *negative { BinaryOp::Subtract } else { BinaryOp::Add };
                    let expr = Expr::Binary { op, left: Box::new(left), right: Box::new(right) };
                    *amount = Amount::Expr(Spanned::new(expr, part.span));
                }
                _ => extra.push(Spanned::new(
                    EffectPart::Effect(Effect::Damage {
                        negative: *negative,
                        amount: more.clone(),
                        damage_type: damage_type.clone(),
                        recipient: recipient.clone(),
                    }),
                    added.span,
                )),
            }
        }
    }
    effects.parts.extend(extra);
}

fn as_expr(amount: &Amount, span: Span) -> Option<Spanned<Expr>> {
    match amount {
        Amount::Number(number) => Some(Spanned::new(Expr::Number(*number), span)),
        Amount::Expr(expr) => Some(expr.clone()),
        Amount::Dice(_) => None,
    }
}
