//! The weapon a power use carries and what using it demands. The request may name one
//! (`with weapon Bow`): it must be a weapon of the pack that the user has equipped. Without
//! one, the user's first equipped weapon goes along. A use *uses* its weapon when the
//! request names it or a line of the power reads it (`[Weapon]`, `[Weapon Reach]`, a
//! `Keywords: [Weapon]`); then the weapon's `Requires:` lines must hold and its `Minimum
//! range:` keeps targets at a distance. Nothing here changes the world.

use crate::diagnostics::Span;
use crate::engine::Actor;
use crate::engine::text::same_name;
use crate::model::expr::{Expr, LineContext, NameKind, Rounding};
use crate::model::{Block, BlockBody, Requirement, WeaponLine};

use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::rules::Rules;
use super::scope::LineScope;

/// The weapon a use carries, by the name the request or the equipment writes: the one the
/// request names (a weapon of the pack the user has equipped), else the user's first
/// equipped weapon, else none.
pub(crate) fn carried<'r, 'n>(
    rules: &'r Rules,
    user: &'n Actor,
    named: Option<&'n str>,
) -> Result<(Option<&'n str>, Option<&'r Block>), RuntimeError> {
    let Some(name) = named else {
        return Ok(user
            .equipment
            .iter()
            .find_map(|e| Some((Some(e.as_str()), Some(Rules::find(&rules.weapons, e)?))))
            .unwrap_or_default());
    };
    let Some(weapon) = Rules::find(&rules.weapons, name) else {
        return Err(unknown("weapon", name, Rules::names(&rules.weapons)).at(Span::NONE));
    };
    let written = weapon.name.node.as_str();
    let equipped = |item: &&String| same_name(item, written) || item.eq_ignore_ascii_case(written);
    if !user.equipment.iter().any(|item| equipped(&item)) {
        return Err(not_equipped(rules, user, written));
    }
    Ok((Some(name), Some(weapon)))
}

/// `with weapon Bow` when the user has no Bow equipped: names the weapons the user has
/// (with a did-you-mean when one is close).
#[cold]
fn not_equipped(rules: &Rules, user: &Actor, weapon: &str) -> RuntimeError {
    let weapons: Vec<&str> = user
        .equipment
        .iter()
        .filter(|item| Rules::find(&rules.weapons, item).is_some())
        .map(String::as_str)
        .collect();
    let close = crate::diagnostics::did_you_mean(weapon, weapons.iter().copied());
    let hint = match (close, weapons.as_slice()) {
        (Some(close), _) => format!("did you mean `{close}`?"),
        (None, []) => format!("{} has no weapon equipped; leave `with weapon` out", user.name),
        (None, list) => format!("{}'s equipped weapons: {}", user.name, list.join(", ")),
    };
    let kind =
        RuntimeErrorKind::NotEquipped { actor: user.name.clone(), weapon: weapon.into(), hint };
    kind.at(Span::NONE)
}

/// What using `weapon` in the power `block` demands of the request's user (`named`: the
/// request names the weapon, so the use uses it whatever the power reads): every
/// `Requires:` line must hold (else an error at that line naming the requirement). Returns
/// the weapon's `Minimum range:` (evaluated on the user) with its line, which the targets
/// must respect. A use that does not use its weapon (see the module header) demands nothing.
// Where an unmet requirement could fall back to another weapon (Fists), that choice goes
// here, before the error.
pub(crate) fn demands(
    game: &super::Game,
    rules: &Rules,
    weapon: Option<&Block>,
    block: &Block,
    request: &super::PowerUse,
    named: bool,
) -> Result<Option<(i64, Span)>, RuntimeError> {
    let Some(weapon) = weapon else { return Ok(None) };
    let BlockBody::Weapon(lines) = &weapon.body else { return Ok(None) };
    let gated = |line: &WeaponLine| {
        matches!(
            line,
            WeaponLine::Requires(Requirement::Tests { .. }) | WeaponLine::MinimumRange(_)
        )
    };
    // The usual weapon demands nothing: one look at its few lines.
    if !lines.iter().any(|line| gated(&line.node)) || !(named || reads_weapon(block)) {
        return Ok(None);
    }
    let user = game.world.actor(&request.actor).map_err(super::power::engine)?;
    let mut minimum = None;
    for line in lines {
        match &line.node {
            WeaponLine::Requires(requirement)
                if !super::requirement::holds(rules, requirement, user, None)? =>
            {
                let kind = RuntimeErrorKind::WeaponRequirement {
                    actor: user.name.clone(),
                    weapon: weapon.name.node.as_str().to_string(),
                    requirement: requirement.to_string(),
                };
                return Err(kind.at(line.span));
            }
            WeaponLine::MinimumRange(amount) => {
                let scope = LineScope::of(rules, user);
                let value = scope
                    .amount(amount, LineContext::Target, Rounding::Floor)
                    .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
                minimum = Some((value, line.span));
            }
            _ => {}
        }
    }
    Ok(minimum)
}

/// Whether a line of the power reads its weapon: a `Weapon` or `Weapon <Label>` name in any
/// of its expressions, keyword lines included.
fn reads_weapon(block: &Block) -> bool {
    let references = crate::check::References::of(&block.body);
    references.expressions.iter().any(|(expr, _)| {
        let mut found = false;
        expr.node.visit(
            &mut |node, _| {
                if let Expr::Name(name) = node {
                    found |= matches!(name.kind(), NameKind::Weapon | NameKind::WeaponLine(_));
                }
            },
            expr.span,
        );
        found
    })
}

/// A target `distance` hexes away from a user whose weapon keeps targets at least
/// `minimum.0` away: refused at the weapon's `Minimum range:` line (`minimum.1`).
pub(crate) fn too_close(
    who: &str,
    distance: i64,
    weapon: Option<&Block>,
    minimum: Option<(i64, Span)>,
) -> Result<(), RuntimeError> {
    let Some((least, span)) = minimum else { return Ok(()) };
    if distance >= least {
        return Ok(());
    }
    let weapon = weapon.map_or("the weapon", |w| w.name.node.as_str());
    let message =
        format!("{who} is {distance} hex(es) away; {weapon} has a minimum range of {least}");
    Err(super::targets::space(message, "step back first, or pick a farther target", span))
}
