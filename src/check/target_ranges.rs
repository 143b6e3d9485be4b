//! Target lines whose distances no use could meet: a range's least above its most (`Enemy in
//! 3-2`, `Burst 1 within 4-2`) and an area that strikes its first 0 (`Ray 15, first 0`).
//! Only whole numbers are judged here; bracket amounts are read at the use. A Target line
//! reading a weapon line none of the pack's weapons writes (`Enemy in [Weapon Reach]` with
//! no `Reach:` line, `Up to [Weapon Rate] enemies`) is a warning: a use with those weapons
//! would be refused there, but a pack (or a file checked alone) without weapons may be
//! loaded on top of one that has them, so it is not judged.

use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::common::{Target, TargetCount};
use crate::model::expr::{Expr, LineContext, NUMERIC_WEAPON_LINES, weapon_line};
use crate::model::{Amount, BlockBody, Pack, PowerLine, WeaponLine};

/// Every Target line of `pack` no use could meet.
pub fn target_ranges(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let weapons: Vec<&[Spanned<WeaponLine>]> = pack
        .blocks()
        .filter_map(|block| match &block.node.body {
            BlockBody::Weapon(lines) => Some(lines.as_slice()),
            _ => None,
        })
        .collect();
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        for line in lines {
            let PowerLine::Target(target) = &line.node else { continue };
            if !weapons.is_empty() {
                unwritten_weapon_lines(target, &weapons, out);
            }
            let (range, least, first) = match target {
                Target::Creatures { range, least, .. } => (range, least, &None::<Box<Amount>>),
                Target::Area { range, least, first, .. } => (range, least, first),
                Target::User | Target::Narration(_) => continue,
            };
            if let (Some(least), Some(most)) = (
                least.as_deref().and_then(Amount::whole_number),
                range.as_ref().and_then(Amount::whole_number),
            ) && least > most
            {
                out.push(
                    Diagnostic::error(
                        "rules::check::target_range",
                        format!("the range's least ({least}) is above its most ({most})"),
                    )
                    .with_primary(line.span, "no target is ever this far and this near")
                    .with_help(format!("write the least first: `{most}-{least}`")),
                );
            }
            if first.as_deref().and_then(Amount::whole_number) == Some(0) {
                out.push(
                    Diagnostic::error(
                        "rules::check::target_range",
                        "`first 0` strikes nobody in the area".to_string(),
                    )
                    .with_primary(line.span, "no creature would be struck")
                    .with_help("strike at least one: `, first 1`, or leave `first` out"),
                );
            }
        }
    }
}

/// Each weapon line `target`'s amounts read (`[Weapon Reach]`, the bare `[Weapon]`) that no
/// weapon of `weapons` writes, as its own line or as a field: the runtime refuses such a
/// reading on a Target line (`rules::eval::weapon_line_missing`), so no use with one of
/// them could pass it.
fn unwritten_weapon_lines(
    target: &Target,
    weapons: &[&[Spanned<WeaponLine>]],
    out: &mut Vec<Diagnostic>,
) {
    let amounts: Vec<&Amount> = match target {
        Target::Creatures { count, range, least, .. } => {
            let count = match count {
                Some(TargetCount::UpTo(amount) | TargetCount::Exactly(amount)) => Some(amount),
                Some(TargetCount::All) | None => None,
            };
            count.into_iter().chain(range).chain(least.as_deref()).collect()
        }
        Target::Area { size, range, least, first, .. } => std::iter::once(size)
            .chain(range)
            .chain(least.as_deref())
            .chain(first.as_deref())
            .collect(),
        Target::User | Target::Narration(_) => return,
    };
    let mut read: Vec<(u8, Span)> = Vec::new();
    for amount in amounts {
        let Amount::Expr(expr) = amount else { continue };
        expr.node.visit(
            &mut |node, span| {
                if let Expr::Name(name) = node
                    && let Some(Some(index)) = weapon_line(name, LineContext::Target)
                {
                    read.push((index, span));
                }
            },
            expr.span,
        );
    }
    for (index, span) in read {
        let Some(label) = NUMERIC_WEAPON_LINES.get(usize::from(index)) else { continue };
        let writes = |lines: &&[Spanned<WeaponLine>]| {
            lines.iter().any(|line| match &line.node {
                WeaponLine::Field(field) => field.label.node.matches(label),
                other => other.numeric().is_some_and(|(at, _)| at == index),
            })
        };
        if weapons.iter().any(writes) {
            continue;
        }
        out.push(
            Diagnostic::warning(
                "rules::check::weapon_line_unwritten",
                format!(
                    "no weapon of the pack has a `{label}:` line, which this Target line reads"
                ),
            )
            .with_primary(span, "a use with any of them would be refused here")
            .with_help(format!(
                "write `{label}: 1` (or its own value) on the weapons this power is used with, or \
                 give the Target line a number (`Enemy in 1`)"
            )),
        );
    }
}
