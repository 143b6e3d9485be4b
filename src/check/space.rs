//! Space: the system's `Grid:` line names a grid the engine has (`hex` or `square`, with a
//! did-you-mean); that it is written once is `system_once`'s.

use crate::diagnostics::Diagnostic;
use crate::engine::Grid;
use crate::model::{Pack, SystemLine};

/// The code of an unknown grid.
const GRID: &str = "rules::check::grid";

/// Checks the `Grid:` lines of `pack`.
pub(super) fn space(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for line in pack.system_lines() {
        let SystemLine::Grid(kind) = &line.node else { continue };
        if Grid::parse(&kind.node).is_some() {
            continue;
        }
        let suggestion = crate::diagnostics::did_you_mean(&kind.node, Grid::NAMES);
        let help = match suggestion {
            Some(name) => format!("did you mean `{name}`? The grids are `hex` and `square`"),
            None => "the grids are `hex` (six neighbours) and `square` (four, no diagonals)".into(),
        };
        out.push(
            Diagnostic::error(GRID, format!("unknown grid `{}`", kind.node))
                .with_primary(kind.span, "not a grid the engine has")
                .with_help(help),
        );
    }
}
