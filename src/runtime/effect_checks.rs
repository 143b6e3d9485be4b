//! The check of an effect line (`check Stability vs 21 with Challenge; on failure: apply
//! Bleeding`): the roller rolls through the named procedure (the system's default without
//! one) as a `check` command would — forced dice, condition modifiers and the log included —
//! and the branch its grade picks runs with the line's user, target and grade.

use crate::diagnostics::Span;
use crate::model::{EffectCheck, Effects};

use super::Game;
use super::checks::CheckRequest;
use super::effects::Context;
use super::error::RuntimeError;

/// Rolls `check` for the line (`target`, `grade`, at `span`) and runs `on_success` or
/// `on_failure`; a missing branch narrates that nothing follows.
pub(crate) fn run(
    game: &mut Game,
    context: &Context<'_>,
    check: &EffectCheck,
    (on_success, on_failure): (Option<&Effects>, Option<&Effects>),
    (target, grade): (Option<&str>, Option<i64>),
    span: Span,
) -> Result<(), RuntimeError> {
    let roller = match &check.roller {
        Some(name) => super::effects::subject(game, Some(name), context.user, target),
        None => context.user.to_string(),
    };
    let threshold = super::effects::amount(game, context, &check.threshold, target, grade)?;
    let request = CheckRequest {
        actor: roller,
        stats: check.stats.iter().map(|stat| stat.node.as_str().to_string()).collect(),
        threshold,
        procedure: check.procedure.as_ref().map(|p| p.node.as_str().to_string()),
        ..CheckRequest::default()
    };
    let rules = std::sync::Arc::clone(&game.rules);
    let outcome = super::checks::run_check(&rules, &mut game.world, &request, None)
        .map_err(|e| e.or_at(span))?;
    // The check's own `On failure:` lines may have brought a counter to an `At` line.
    super::flow::threshold_checkpoint(game)?;
    let branch = if outcome.grade > 0 { on_success } else { on_failure };
    match branch {
        Some(effects) => super::effects::execute(game, context, effects, target, grade, span),
        None => Ok(()),
    }
}
