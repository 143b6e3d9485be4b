//! The one answer to "does this power have keyword X", shared by upgrades' `To:`, keyword
//! tests, power-use rules, relative modifiers and `check`.

use crate::diagnostics::Spanned;
use crate::model::{Block, BlockBody, Expr, Keyword, PowerLine, Target, WeaponLine};

/// The lines of a power block (none for another kind of block).
pub fn power_lines(block: &Block) -> &[Spanned<PowerLine>] {
    match &block.body {
        BlockBody::Power(lines) => lines,
        _ => &[],
    }
}

/// The keyword a power whose `Keywords:` line reads `[Weapon]` has when its use carries a
/// weapon: `Modifiers: -4 vs Weapon` on a defence counts against armed attacks only.
pub const WEAPON: &str = "Weapon";

/// Whether a power with these lines takes its weapon's keywords (`Keywords: [Weapon]`).
pub fn reads_weapon_keywords(lines: &[Spanned<PowerLine>]) -> bool {
    lines.iter().any(|line| match &line.node {
        PowerLine::Keywords(keywords) => keywords.iter().any(|keyword| {
            matches!(&keyword.node, Keyword::Expr(expr) if matches!(&expr.node, Expr::Name(n) if n.matches("Weapon")))
        }),
        _ => false,
    })
}

/// Every keyword of a power with these lines, used with `weapon`: the words of its
/// `Keywords:` lines, with `[Weapon]` replaced by `Weapon` and the words of the weapon's own
/// `Keywords:` line (`Melee [Weapon] Charge` with a `Heavy Blade` weapon is Melee, Weapon,
/// Heavy, Blade, Charge; with no weapon, Melee and Charge);
/// `Power` (every power); `Attack` when it has a `Threshold:` line and targets others (a
/// rolled power with `Target: Self` is a task, not an attack); `Directed` when it
/// targets creatures and `Area` when it targets an area.
pub fn of<'a>(
    lines: &'a [Spanned<PowerLine>],
    weapon: Option<&'a Block>,
) -> impl Iterator<Item = &'a str> + 'a {
    let words = lines.iter().flat_map(move |line| {
        let keywords: &[Spanned<Keyword>] = match &line.node {
            PowerLine::Keywords(keywords) => keywords,
            _ => &[],
        };
        keywords.iter().flat_map(move |keyword| {
            let (own, from_weapon) = match &keyword.node {
                Keyword::Word(word) => (Some(word.as_str()), None),
                Keyword::Expr(expr) if matches!(&expr.node, Expr::Name(n) if n.matches("Weapon")) => {
                    (None, weapon)
                }
                Keyword::Expr(_) => (None, None),
            };
            // A use that carries a weapon is a `Weapon` attack (an unarmed one is not).
            let armed = from_weapon.map(|_| WEAPON);
            own.into_iter().chain(armed).chain(from_weapon.into_iter().flat_map(weapon_words))
        })
    });
    let rolled = lines
        .iter()
        .any(|line| matches!(line.node, PowerLine::Threshold(_) | PowerLine::GmThreshold(_)));
    let implied = lines.iter().filter_map(|line| match &line.node {
        PowerLine::Target(Target::Creatures { .. }) => Some("Directed"),
        PowerLine::Target(Target::Area { .. }) => Some("Area"),
        _ => None,
    });
    let attack = lines.iter().find_map(|line| match &line.node {
        PowerLine::Target(Target::User) => None,
        PowerLine::Target(_) if rolled => Some("Attack"),
        _ => None,
    });
    std::iter::once("Power").chain(words).chain(implied).chain(attack)
}

/// The keywords [`of`] yields, in the same order, pushed onto `out` with plain loops: a
/// power use that asks several rules of its keywords gathers them once, and the nested
/// iterator chain of [`of`] costs several times more per word than a loop.
pub fn gather<'a>(
    lines: &'a [Spanned<PowerLine>],
    weapon: Option<&'a Block>,
    out: &mut Vec<&'a str>,
) {
    out.push("Power");
    for line in lines {
        let PowerLine::Keywords(keywords) = &line.node else { continue };
        for keyword in keywords {
            match &keyword.node {
                Keyword::Word(word) => out.push(word.as_str()),
                Keyword::Expr(expr) if matches!(&expr.node, Expr::Name(n) if n.matches("Weapon")) => {
                    if let Some(weapon) = weapon {
                        out.push(WEAPON);
                        out.extend(weapon_words(weapon));
                    }
                }
                Keyword::Expr(_) => {}
            }
        }
    }
    let mut rolled = false;
    for line in lines {
        match &line.node {
            PowerLine::Threshold(_) | PowerLine::GmThreshold(_) => rolled = true,
            PowerLine::Target(Target::Creatures { .. }) => out.push("Directed"),
            PowerLine::Target(Target::Area { .. }) => out.push("Area"),
            _ => {}
        }
    }
    // As [`of`]: a rolled power with any target line other than `Self` is an attack.
    if rolled
        && lines.iter().any(|line| {
            matches!(&line.node, PowerLine::Target(target) if !matches!(target, Target::User))
        })
    {
        out.push("Attack");
    }
}

/// The words of a weapon's (or an armour's) `Keywords:` lines and of its keyword fields
/// (`Type: Melee Heavy` where the system declares `Type keyword`), allocating nothing.
pub fn weapon_words(weapon: &Block) -> impl Iterator<Item = &str> {
    use crate::model::ArmourLine;
    let (weapons, armours) = match &weapon.body {
        BlockBody::Weapon(lines) => (lines.as_slice(), &[][..]),
        BlockBody::Armour(lines) => (&[][..], lines.as_slice()),
        _ => (&[][..], &[][..]),
    };
    let from_weapon = weapons.iter().filter_map(move |line| match &line.node {
        WeaponLine::Keywords(keywords) => Some(keywords.as_slice()),
        WeaponLine::Field(field) => keyword_field(&field.value),
        _ => None,
    });
    let from_armour = armours.iter().filter_map(move |line| match &line.node {
        ArmourLine::Keywords(keywords) => Some(keywords.as_slice()),
        ArmourLine::Field(field) => keyword_field(&field.value),
        _ => None,
    });
    from_weapon.chain(from_armour).flatten().filter_map(|keyword| match &keyword.node {
        Keyword::Word(word) => Some(word.as_str()),
        Keyword::Expr(_) => None,
    })
}

/// The keywords of a gear field declared as keywords (`Type: Melee Heavy`).
fn keyword_field(value: &crate::model::gear::FieldValue) -> Option<&[Spanned<Keyword>]> {
    match value {
        crate::model::gear::FieldValue::Keywords(keywords) => Some(keywords.as_slice()),
        _ => None,
    }
}

/// Whether `asked` names `keyword`, ignoring case; a plural (`Attacks`) names its singular.
pub fn names(asked: &str, keyword: &str) -> bool {
    let singular = asked.strip_suffix('s').unwrap_or(asked);
    asked.eq_ignore_ascii_case(keyword) || singular.eq_ignore_ascii_case(keyword)
}

/// Whether a power with these lines, used with `weapon`, has the keyword `asked` (see
/// [`of`] and [`names`]).
pub fn has(lines: &[Spanned<PowerLine>], weapon: Option<&Block>, asked: &str) -> bool {
    of(lines, weapon).any(|keyword| names(asked, keyword))
}
