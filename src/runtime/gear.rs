//! The weapon a power use carries and what using it demands. The request may name one
//! (`with weapon Bow`): it must be a weapon of the pack that the user has equipped. Without
//! one, the user's first equipped weapon goes along. A use *uses* its weapon when the
//! request names it or a line of the power reads it (`[Weapon]`, `[Weapon Reach]`, a
//! `Keywords: [Weapon]`); then the weapon's `Requires:` lines must hold (else the use takes
//! the system's `Fallback weapon:`, if it names one) and its `Minimum range:` keeps targets
//! at a distance. Also what an actor wields (`wielding a Shield`). Nothing here changes the
//! world.

use crate::diagnostics::Span;
use crate::engine::Actor;
use crate::engine::text::same_name;
use crate::model::expr::{LineContext, Rounding};
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
            .find_map(|e| Some((Some(e.as_str()), Some(rules.weapons.find(e)?))))
            .unwrap_or_default());
    };
    let Some(weapon) = rules.weapons.find(name) else {
        return Err(unknown("weapon", name, rules.weapons.names()).at(Span::NONE));
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
        .filter(|item| rules.weapons.find(item).is_some())
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

/// What a use demands of its weapon, once [`demands`] has looked: the weapon it uses (the
/// carried one, or the system's `Fallback weapon:` when the carried one's `Requires:` does
/// not hold), the `Minimum range:` targets must respect, and the note saying a fallback
/// was taken (for the transcript).
pub(crate) struct Demanded<'r> {
    /// The weapon the use uses.
    pub weapon: Option<&'r Block>,
    /// Its `Minimum range:` (evaluated on the user) with its line.
    pub minimum: Option<(i64, Span)>,
    /// `Ana cannot use Greatsword (Requires: [Strength >= 3]): uses Fists`, at the
    /// requirement's line, when the use fell back.
    pub fallback: Option<(String, Span)>,
}

/// What using `weapon` in the power `block` demands of the request's user (`named`: the
/// request names the weapon, so the use uses it whatever the power reads): every
/// `Requires:` line must hold, else the use takes the system's `Fallback weapon:` (which
/// must meet its own), else an error at that line naming the requirement. Also the
/// weapon's `Minimum range:` (evaluated on the user) with its line, which the targets must
/// respect. A use that does not use its weapon (see the module header) demands nothing.
pub(crate) fn demands<'r>(
    game: &super::Game,
    rules: &'r Rules,
    weapon: Option<&'r Block>,
    block: &Block,
    request: &super::PowerUse,
    named: bool,
) -> Result<Demanded<'r>, RuntimeError> {
    let plain = Demanded { weapon, minimum: None, fallback: None };
    let Some(carried) = weapon else { return Ok(plain) };
    let BlockBody::Weapon(lines) = &carried.body else { return Ok(plain) };
    let gated = |line: &WeaponLine| {
        matches!(
            line,
            WeaponLine::Requires(Requirement::Tests { .. }) | WeaponLine::MinimumRange(_)
        )
    };
    // The usual weapon demands nothing: one look at its few lines.
    if !lines.iter().any(|line| gated(&line.node)) {
        return Ok(plain);
    }
    let references = crate::model::references::References::of(&block.body);
    if !(named || references.reads_weapon()) {
        return Ok(plain);
    }
    // The minimum range bounds ranged and thrown uses only: those reaching with the weapon.
    let ranged = references.reaches_with_weapon();
    let user = game.world.actor(&request.actor).map_err(super::power::engine)?;
    let demands = weapon_demands((rules, &game.world), carried, user)?;
    match demands.map(|minimum| minimum.filter(|_| ranged)) {
        Ok(minimum) => Ok(Demanded { minimum, ..plain }),
        Err(unmet) => {
            let Some(fallback) = fallback_weapon(rules).filter(|f| !std::ptr::eq(*f, carried))
            else {
                return Err(unmet);
            };
            let minimum = weapon_demands((rules, &game.world), fallback, user)?
                .map_err(|_| unmet.clone())?
                .filter(|_| ranged);
            let RuntimeErrorKind::WeaponRequirement { requirement, .. } = &unmet.kind else {
                return Err(unmet);
            };
            let note = format!(
                "{} cannot use {} (Requires: {requirement}): uses {}",
                user.name, carried.name.node, fallback.name.node
            );
            Ok(Demanded { weapon: Some(fallback), minimum, fallback: Some((note, unmet.span)) })
        }
    }
}

/// The system's `Fallback weapon:`, if it names a weapon of the pack.
fn fallback_weapon(rules: &Rules) -> Option<&Block> {
    rules.system.iter().find_map(|line| match &line.node {
        crate::model::SystemLine::FallbackWeapon(name) => rules.weapons.find(name.node.as_str()),
        _ => None,
    })
}

/// `weapon`'s demands of `user`: `Ok(Ok(minimum range))` when every `Requires:` holds,
/// `Ok(Err(the unmet requirement's error))` when one does not.
fn weapon_demands(
    (rules, world): (&Rules, &crate::engine::World),
    weapon: &Block,
    user: &Actor,
) -> Result<Result<Option<(i64, Span)>, RuntimeError>, RuntimeError> {
    let BlockBody::Weapon(lines) = &weapon.body else { return Ok(Ok(None)) };
    let mut minimum = None;
    for line in lines {
        match &line.node {
            WeaponLine::Requires(requirement)
                if !super::requirement::holds((rules, world), requirement, user, None)? =>
            {
                let kind = RuntimeErrorKind::WeaponRequirement {
                    actor: user.name.clone(),
                    weapon: weapon.name.node.as_str().to_string(),
                    requirement: requirement.to_string(),
                };
                return Ok(Err(kind.at(line.span)));
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
    Ok(Ok(minimum))
}

/// The weapons one use of the power `request` names attacks with, in equipment order, with
/// the span of its `Weapons: each` line: every weapon the user has equipped (that has the
/// line's keyword, if it names one). `None` when the power has no such line or the request
/// names its weapon (`with weapon Dagger`: that one alone); an error when no weapon fits.
pub(crate) fn each_weapon(
    rules: &Rules,
    world: &crate::engine::World,
    request: &super::PowerUse,
) -> Result<Option<(Vec<String>, Span)>, RuntimeError> {
    if !rules.each_weapon || request.options.weapon.is_some() {
        return Ok(None);
    }
    let Some(block) = rules.powers.find(&request.power) else { return Ok(None) };
    let Some((keyword, span)) =
        crate::model::keywords::power_lines(block).iter().find_map(|line| match &line.node {
            crate::model::PowerLine::EachWeapon(keyword) => Some((keyword, line.span)),
            _ => None,
        })
    else {
        return Ok(None);
    };
    let user = world.actor(&request.actor).map_err(super::power::engine)?;
    let weapons: Vec<String> = user
        .equipment
        .iter()
        .filter(|item| {
            rules.weapons.find(item).is_some_and(|weapon| {
                keyword.as_ref().is_none_or(|keyword| {
                    crate::model::keywords::weapon_words(weapon)
                        .any(|word| crate::model::keywords::names(keyword.node.as_str(), word))
                })
            })
        })
        .cloned()
        .collect();
    if weapons.is_empty() {
        let which = keyword.as_ref().map_or(String::new(), |keyword| format!("{} ", keyword.node));
        let message = format!(
            "{} has no {which}weapon equipped to use {} with",
            request.actor, request.power
        );
        let hint = format!(
            "give {} one (an actor block's `Equipment:` line, `grant weapon NAME to {}`)",
            request.actor, request.actor
        );
        return Err(RuntimeErrorKind::Flow { message, hint }.at(span));
    }
    Ok(Some((weapons, span)))
}

/// Whether `actor` has equipped gear named `gear`, or a weapon or armour with the keyword
/// `gear` (its `Keywords:` line or a keyword field): `wielding a Shield`.
pub(crate) fn wields(rules: &Rules, actor: &Actor, gear: &str) -> bool {
    actor.equipment.iter().any(|item| {
        let block = || rules.weapons.find(item).or_else(|| rules.armours.find(item));
        is_gear(item, block, gear)
    })
}

/// Whether the piece of gear `item` (its block found by `block` when the pack declares it)
/// is `gear`: named so, or a weapon or armour with that keyword.
pub(crate) fn is_gear<'a>(
    item: &str,
    block: impl FnOnce() -> Option<&'a Block>,
    gear: &str,
) -> bool {
    if same_name(item, gear) || item.eq_ignore_ascii_case(gear) {
        return true;
    }
    block().is_some_and(|block| {
        crate::model::keywords::weapon_words(block)
            .any(|word| crate::model::keywords::names(gear, word))
    })
}

/// A target `distance` cells away (on `grid`) from a user whose weapon keeps targets at
/// least `minimum.0` away: refused at the weapon's `Minimum range:` line (`minimum.1`).
pub(crate) fn too_close(
    who: &str,
    (distance, grid): (i64, crate::engine::Grid),
    weapon: Option<&Block>,
    minimum: Option<(i64, Span)>,
) -> Result<(), RuntimeError> {
    let Some((least, span)) = minimum else { return Ok(()) };
    if distance >= least {
        return Ok(());
    }
    let weapon = weapon.map_or("the weapon", |w| w.name.node.as_str());
    let message =
        format!("{who} is {} away; {weapon} has a minimum range of {least}", grid.count(distance));
    Err(super::targets::space(message, "step back first, or pick a farther target", span))
}
