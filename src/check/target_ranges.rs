//! Target lines whose distances no use could meet: a range's least above its most (`Enemy in
//! 3-2`, `Burst 1 within 4-2`) and an area that strikes its first 0 (`Ray 15, first 0`).
//! Only whole numbers are judged here; bracket amounts are read at the use.

use crate::diagnostics::Diagnostic;
use crate::model::common::Target;
use crate::model::{Amount, BlockBody, Pack, PowerLine};

/// Every Target line of `pack` no use could meet.
pub fn target_ranges(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        for line in lines {
            let PowerLine::Target(target) = &line.node else { continue };
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
