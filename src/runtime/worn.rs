//! What an armour does to its wearer besides being a layer: its `Modifiers:` line holds
//! while it is worn (as a condition named after the armour, sourced from it, so sheets,
//! maximums and every reading of a stat see it like any condition), and its `Requires:`
//! line must hold when it is put on. An armour is put on when the actor listing it on its
//! `Equipment:` line joins, after the conditions its traits hold apply (a class's bonuses
//! count towards a requirement).

use crate::diagnostics::Spanned;
use crate::engine::{ActiveCondition, Expiry, StackRule};
use crate::model::{ArmourLine, Block, BlockBody, BlockKind, ConditionLine};

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::rules::{Blocks, Rules};

/// The condition blocks the armours with `Modifiers:` lines hold on their wearers: one per
/// armour, named after it, with its modifiers. A condition block of the same name wins
/// (`check` refuses the pair).
pub(crate) fn conditions(armours: &Blocks, conditions: &mut Blocks) {
    for block in armours.values() {
        let BlockBody::Armour(lines) = &block.body else { continue };
        let modifiers: Vec<Spanned<ConditionLine>> = lines
            .iter()
            .filter_map(|line| match &line.node {
                ArmourLine::Modifiers(m) => {
                    Some(Spanned::new(ConditionLine::Modifiers(m.clone()), line.span))
                }
                _ => None,
            })
            .collect();
        if modifiers.is_empty() {
            continue;
        }
        let kind = Spanned::new(BlockKind::Condition, block.kind.span);
        let condition =
            Block { kind, name: block.name.clone(), body: BlockBody::Condition(modifiers) };
        conditions.add(&condition);
    }
}

/// `actor` (who has just joined) puts on each armour of its `Equipment:` line: a
/// requirement that does not hold refuses the join; modifiers start holding.
pub(crate) fn put_on_all(game: &mut Game, actor: &str) -> Result<(), RuntimeError> {
    let rules = std::sync::Arc::clone(&game.rules);
    let equipment = game.world.actor(actor).map_err(super::power::engine)?.equipment.clone();
    for item in equipment {
        if let Some(block) = rules.armours.find(&item) {
            put_on(game, &rules, actor, block)?;
        }
    }
    Ok(())
}

fn put_on(game: &mut Game, rules: &Rules, actor: &str, block: &Block) -> Result<(), RuntimeError> {
    let BlockBody::Armour(lines) = &block.body else { return Ok(()) };
    let name = block.name.node.as_str();
    for line in lines {
        let ArmourLine::Requires(requirement) = &line.node else { continue };
        let wearer = game.world.actor(actor).map_err(super::power::engine)?;
        if !super::power::holds((rules, &game.world), requirement, wearer, None)
            .map_err(|e| e.or_at(line.span))?
        {
            let message = format!("{actor} cannot wear {name}: it requires {requirement}");
            let hint = format!(
                "take {name} off {actor}'s `Equipment:` line, or give {actor} what it requires"
            );
            return Err(RuntimeErrorKind::ActorValue { message, hint }.at(line.span));
        }
    }
    if !lines.iter().any(|line| matches!(line.node, ArmourLine::Modifiers(_))) {
        return Ok(());
    }
    let Some(condition) = rules.conditions.find(name) else { return Ok(()) };
    let active =
        ActiveCondition::new(condition.name.node.as_str(), Expiry::UntilRemoved).with_source(name);
    game.world.apply_condition(actor, active, StackRule::Never, block.name.span)?;
    Ok(())
}
