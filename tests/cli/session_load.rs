//! A session's `load` checks the pack once and keeps what that check found: a pack loaded
//! into an empty game carries its warnings, each once, exactly as `check` reports them; a
//! second pack loaded on top is checked with the first (its warnings are the merged pack's).

use mythforge::runtime::Game;
use mythforge::session::Session;

/// `(code, message, line start)` of each diagnostic, for comparing lists.
fn summary(diagnostics: &[mythforge::diagnostics::Diagnostic]) -> Vec<(String, String, u32)> {
    diagnostics
        .iter()
        .map(|d| (d.code.clone(), d.message.clone(), d.primary_span().start))
        .collect()
}

#[test]
fn a_session_load_keeps_the_packs_warnings_once() {
    let mut session = Session::new(Game::new(7), 7);
    let run = session.run_text("load.session", "load mestezia\n", None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let kept = summary(session.backend().load_warnings());
    let messages: Vec<&str> = kept.iter().map(|(_, message, _)| message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "narrative only: the engine will not execute this Before text",
            "narrative only: the engine will not execute this Result text",
            "narrative only: the engine will not execute this Add text",
        ]
    );
    assert!(kept.iter().all(|(code, _, _)| code == "rules::check::narration"), "{kept:?}");
    // The same list the whole check of the pack's files gives, in the same order.
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (pack, parsed) = mythforge::parse::load_pack(&["rules/mestezia".into()], &mut sources);
    assert!(parsed.is_empty(), "{parsed:?}");
    assert_eq!(kept, summary(&mythforge::check::check_pack(&pack)));
}

#[test]
fn a_second_load_is_checked_with_the_first() {
    let mut session = Session::new(Game::new(7), 7);
    let run = session.run_text("load.session", "load mestezia\nload mythsdice\n", None);
    // The second pack checks clean alone; with the first it declares `Strength` again.
    let failure = run.failure.expect("the merged pack does not check");
    assert_eq!(failure[0].code, "rules::check::duplicate");
    assert_eq!(failure[0].message, "name `Strength` is defined twice");
    // Refused: the game keeps the first pack and its warnings.
    assert_eq!(session.backend().load_warnings().len(), 3);
    assert_eq!(session.backend().pack().blocks().count(), 107);
}
