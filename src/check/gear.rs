//! Gear lines and dice as the runtime reads them. A weapon's `Damage` and `Crit damage`
//! may be dice; every other weapon line and every armour line is a number. Dice roll only in
//! the amount of an effect (`Result: [2 * Weapon Damage + 1d4] damage`), evaluated when the
//! line is used; a dice term or a dice weapon line read anywhere else (a cost, a stat, a
//! maximum, a modifier) is refused, as is a gear field the system declares as dice
//! (`[Weapon's Fast Damage]`, see [`super::gear_fields`]) read there. An armour layer's value
//! is its `Value` or its `Protection` (which never wears), never both.

use std::collections::BTreeSet;

use super::as_written::RefusalKind;
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::expr::weapon_line;
use crate::model::references::References;
use crate::model::{
    Amount, ArmourLine, BlockBody, ConditionLine, Effect, EffectPart, Effects, Expr, Pack,
    PowerLine, TraitLine, WeaponLine,
};

/// An armour's `Modifiers:` are held as a condition named after it: a condition block of
/// that name would be read instead, so the pair is refused at the condition.
fn worn_names(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Armour(lines) = &block.node.body else { continue };
        if !lines.iter().any(|line| matches!(line.node, ArmourLine::Modifiers(_))) {
            continue;
        }
        let name = &block.node.name.node;
        let taken = pack.blocks().find(|other| {
            matches!(other.node.body, BlockBody::Condition(_))
                && other.node.name.node.matches(name.as_str())
        });
        if let Some(condition) = taken {
            out.push(
                RefusalKind::WornNameTaken(name.as_str().to_string())
                    .at(condition.node.name.span)
                    .to_diagnostic()
                    .with_help(
                        "rename the condition: the armour holds its modifiers under its own name",
                    ),
            );
        }
    }
}

/// Where `Damage` and `Crit damage` are in [`crate::model::expr::NUMERIC_WEAPON_LINES`]: the
/// weapon lines that may be dice.
const DICE_LINES: [(u8, &str); 2] = [(2, "Damage"), (6, "Crit damage")];

/// Checks every weapon and armour block, and every expression that reads a weapon line
/// some weapon writes as dice.
pub fn gear(pack: &Pack, declared: &crate::model::gear::GearDecls, out: &mut Vec<Diagnostic>) {
    // The first weapon writing each dice line as dice, with its dice.
    let mut dice_weapons: [Option<(&str, &str)>; 2] = [None, None];
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::Weapon(lines) => {
                for line in lines {
                    let Some((index, Amount::Dice(dice))) = line.node.numeric() else { continue };
                    match DICE_LINES.iter().position(|(at, _)| *at == index) {
                        Some(slot) => {
                            let weapon = block.node.name.node.as_str();
                            dice_weapons[slot].get_or_insert((weapon, dice.text.as_str()));
                        }
                        None => out.push(dice_as_number(&line.node, line.span)),
                    }
                }
            }
            BlockBody::Armour(lines) => armour(block.node.name.node.as_str(), lines, out),
            _ => {}
        }
    }
    worn_names(pack, out);
    for block in pack.blocks() {
        let body = &block.node.body;
        let rolled = rolled_amounts(body);
        for (expr, context) in References::of(body).expressions {
            if rolled.contains(&std::ptr::from_ref(expr)) {
                continue;
            }
            expr.node.visit(
                &mut |node, span| match node {
                    Expr::Dice(dice) => out.push(dice_not_rolled(&dice.text, span)),
                    Expr::Name(name) if dice_field(declared, None, name.as_str()) => {
                        out.push(field_dice(name.as_str(), span));
                    }
                    Expr::Possessive { owner, name }
                        if dice_field(declared, Some(owner.node.as_str()), name.node.as_str()) =>
                    {
                        let read = format!("{}'s {}", owner.node, name.node);
                        out.push(field_dice(&read, span));
                    }
                    Expr::Name(name) => {
                        let Some(Some(index)) = weapon_line(name, context) else { return };
                        let Some(slot) = DICE_LINES.iter().position(|(at, _)| *at == index) else {
                            return;
                        };
                        if let Some((weapon, dice)) = dice_weapons[slot] {
                            out.push(weapon_dice(DICE_LINES[slot].1, weapon, dice, span));
                        }
                    }
                    _ => {}
                },
                expr.span,
            );
        }
    }
}

/// Whether `name` (after `owner's`, if any) reads a gear field declared as dice
/// (`Weapon's Fast Damage` with `Record Attack: Damage dice`).
fn dice_field(declared: &crate::model::gear::GearDecls, owner: Option<&str>, name: &str) -> bool {
    use crate::model::gear::{FieldType, GearKind, gear_name};
    let read = match owner {
        Some(owner) if owner.eq_ignore_ascii_case("Weapon") => Some((GearKind::Weapon, name)),
        _ => gear_name(name),
    };
    let Some((kind, path)) = read else { return false };
    declared
        .resolve(kind, path)
        .is_some_and(|(field, entry)| entry.unwrap_or(field).allows(&FieldType::Dice))
}

/// A gear field declared as dice read on a line that does not roll.
fn field_dice(read: &str, span: Span) -> Diagnostic {
    RefusalKind::DiceNotRolled { dice: read.to_string() }.at(span).to_diagnostic().with_help(
        format!(
            "{WHERE_DICE_ROLL}; `{read}` is declared as dice, so here read a field declared \
             as a number"
        ),
    )
}

/// Where dice roll, for the help texts.
const WHERE_DICE_ROLL: &str = "dice roll in the amount of an effect, where the line is used: \
     the damage, healing, gain, loss or condition of a Result, Effect, Before or After line \
     (`Result: [1d8 + Strength] damage`), and on a power's `Roll:` line";

/// `Cost: [1d4] CP`: a dice term on a line that never rolls.
fn dice_not_rolled(dice: &str, span: Span) -> Diagnostic {
    RefusalKind::DiceNotRolled { dice: dice.to_string() }
        .at(span)
        .to_diagnostic()
        .with_help(format!("{WHERE_DICE_ROLL}; here write a number"))
}

/// `Reach: 1d4`: a weapon line that is read as a number.
fn dice_as_number(line: &WeaponLine, span: Span) -> Diagnostic {
    let label = line.label();
    RefusalKind::DiceAsNumber { label }.at(span).to_diagnostic().with_help(format!(
        "write a number or a bracket expression (`{label}: 1`); only `Damage` and `Crit damage` \
         may be dice, rolled when `[Weapon]` is the whole amount of an effect"
    ))
}

/// A bracket expression reading a weapon line that `weapon` writes as `dice`, on a line
/// that does not roll.
fn weapon_dice(property: &'static str, weapon: &str, dice: &str, span: Span) -> Diagnostic {
    let help = format!(
        "{WHERE_DICE_ROLL}; here give `{weapon}` a number (`{property}: 5`) or read another \
         line"
    );
    let kind =
        RefusalKind::WeaponDiceInExpression { property, weapon: weapon.into(), dice: dice.into() };
    kind.at(span).to_diagnostic().with_help(help)
}

/// Armour: no dice, one value.
fn armour(name: &str, lines: &[Spanned<ArmourLine>], out: &mut Vec<Diagnostic>) {
    let mut value = None;
    let mut protection = None;
    let mut hardness = None;
    for line in lines {
        if let Some(Amount::Dice(_)) = line.node.amount() {
            let label = line.node.label();
            out.push(
                RefusalKind::DiceAsNumber { label }
                    .at(line.span)
                    .to_diagnostic()
                    .with_help(format!("write a number (`{label}: 3`) or a bracket expression")),
            );
        }
        match &line.node {
            ArmourLine::Value(_) => value = value.or(Some(line.span)),
            ArmourLine::Protection(_) => protection = protection.or(Some(line.span)),
            ArmourLine::Hardness(_) => hardness = hardness.or(Some(line.span)),
            _ => {}
        }
    }
    if let (Some(value), Some(protection)) = (value, protection) {
        let second = if value.start > protection.start { value } else { protection };
        out.push(
            RefusalKind::TwoArmourValues(name.to_string()).at(second).to_diagnostic().with_help(
                "keep one: `Protection: N` absorbs up to N of every hit and never wears; \
                 `Value: N` (with `Hardness:`) wears down",
            ),
        );
    }
    if let (Some(_), Some(hardness)) = (protection, hardness) {
        out.push(
            RefusalKind::WearingProtection(name.to_string())
                .at(hardness)
                .to_diagnostic()
                .with_help(
                    "write `Value: N` with the `Hardness` line for a layer that wears down, or \
                     remove the `Hardness` line",
                ),
        );
    }
}

/// The expressions of `body` whose dice may roll: the amounts of its effects (evaluated
/// when the line is used, with the roller lent), and the holes of narration (never
/// evaluated; the narration has its own warning).
fn rolled_amounts(body: &BlockBody) -> BTreeSet<*const Spanned<Expr>> {
    let mut found = BTreeSet::new();
    match body {
        BlockBody::Power(lines) => {
            lines.iter().for_each(|line| power_line(&line.node, &mut found));
        }
        BlockBody::Trait(lines) => {
            for line in lines {
                match &line.node {
                    TraitLine::Add(e) | TraitLine::Bonus(e) | TraitLine::Effect(e) => {
                        effects(e, &mut found)
                    }
                    TraitLine::With(swap) => {
                        if let Some(line) = &swap.line {
                            power_line(&line.node, &mut found);
                        }
                    }
                    _ => {}
                }
            }
        }
        BlockBody::Condition(lines) => {
            for line in lines {
                if let ConditionLine::Effect(e) = &line.node {
                    effects(e, &mut found);
                }
            }
        }
        _ => {}
    }
    found
}

/// [`rolled_amounts`] of one power line.
fn power_line(line: &PowerLine, found: &mut BTreeSet<*const Spanned<Expr>>) {
    match line {
        PowerLine::After(e) | PowerLine::Before(e) => effects(e, found),
        PowerLine::Result { effects: e, .. } | PowerLine::Effect { effects: e, .. } => {
            effects(e, found)
        }
        PowerLine::Roll(Amount::Expr(expr)) => {
            found.insert(std::ptr::from_ref(expr));
        }
        _ => {}
    }
}

/// [`rolled_amounts`] of one line's effects.
fn effects(effects: &Effects, found: &mut BTreeSet<*const Spanned<Expr>>) {
    for part in &effects.parts {
        match &part.node {
            EffectPart::Effect(effect) => {
                // An effect's amounts are evaluated when the line is used: their dice roll.
                for amount in amounts(effect) {
                    if let Amount::Expr(expr) = amount {
                        found.insert(expr as *const Spanned<Expr>);
                    }
                }
            }
            EffectPart::Narration(text) => {
                found.extend(text.holes.iter().map(|hole| hole as *const Spanned<Expr>));
            }
            EffectPart::When { test, then } => {
                if let crate::model::Requirement::Tests { first, rest } = &test.node {
                    for test in std::iter::once(first).chain(rest.iter().map(|(_, test)| test)) {
                        match &test.node {
                            crate::model::Test::Compare(expr) => {
                                found.insert(expr as *const Spanned<Expr>);
                            }
                            crate::model::Test::Near { within: Amount::Expr(expr), .. } => {
                                found.insert(expr as *const Spanned<Expr>);
                            }
                            _ => {}
                        }
                    }
                }
                self::effects(then, found);
            }
            EffectPart::Check { check, on_success, on_failure } => {
                if let Amount::Expr(expr) = &check.threshold {
                    found.insert(expr as *const Spanned<Expr>);
                }
                for branch in [on_success, on_failure].into_iter().flatten() {
                    self::effects(branch, found);
                }
            }
        }
    }
}

/// The amounts of an effect that [`crate::runtime`] evaluates as one whole amount.
fn amounts(effect: &Effect) -> Vec<&Amount> {
    match effect {
        Effect::Damage { amount, .. }
        | Effect::Heal { amount, .. }
        | Effect::Gain { amount, .. }
        | Effect::Lose { amount, .. }
        | Effect::Spend { amount, .. }
        | Effect::Move { distance: amount, .. }
        | Effect::PickUp { within: Some(amount) }
        | Effect::Set { amount, .. }
        | Effect::Advance { amount, .. }
        | Effect::Raise { amount, .. } => vec![amount],
        Effect::Lay { condition, .. } => condition.amount.iter().collect(),
        Effect::Apply { condition, duration, .. } => {
            let mut found: Vec<&Amount> = condition.amount.iter().collect();
            if let Some(crate::model::Duration::For { amount, .. }) = duration {
                found.push(amount);
            }
            found
        }
        Effect::Remove { .. }
        | Effect::Script(_)
        | Effect::InFront { .. }
        | Effect::Do { .. }
        | Effect::EndTurn
        | Effect::StopBefore { .. }
        | Effect::Drop { .. }
        | Effect::PickUp { within: None }
        | Effect::Lift { .. }
        | Effect::Use { .. }
        | Effect::SkipTurn { .. } => Vec::new(),
    }
}
