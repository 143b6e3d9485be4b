//! (in progress)

use crate::diagnostics::Diagnostic;
use crate::model::Pack;

/// (in progress)
pub fn requirements(_pack: &Pack, _out: &mut Vec<Diagnostic>) {}
