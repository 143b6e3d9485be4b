//! The fuzz targets' bodies, one function per target, shared by the libFuzzer binaries in
//! `fuzz_targets/` and by the seeded random-input test `tests/fuzz_inputs.rs` (which
//! includes this file), so the in-`cargo test` run and the fuzzer drive the same code.
//!
//! Each function takes arbitrary bytes and must return normally: a panic, an abort, a hang
//! or an allocation over the fuzzer's limit is a bug. Every diagnostic produced is rendered
//! too, since rendering (miette, spans) is where out-of-range positions would panic.

use std::cell::RefCell;
use std::rc::Rc;

use mythforge::diagnostics::{Diagnostic, RenderStyle, SourceMap, render_all};
use mythforge::dice::{DiceExpr, Roller, distribution};
use mythforge::model::Pack;
use mythforge::runtime::Game;
use mythforge::script::{DiceHost, Sandbox, ScriptLimits};
use mythforge::session::{Session, transcript};

/// The seed of every target's dice stream.
const SEED: u64 = 7;

/// The fuzzer's text: the bytes as UTF-8, invalid sequences replaced.
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Renders diagnostics the way the command line does; the text itself is not checked.
fn render(diagnostics: &[Diagnostic], sources: &SourceMap) {
    let rendered = render_all(diagnostics, sources, RenderStyle::Plain);
    assert!(diagnostics.is_empty() || !rendered.is_empty());
}

/// Rule files: parse, check, and load into a game (compile the indexed rules).
pub fn rules(data: &[u8]) {
    let text = text(data);
    let mut sources = SourceMap::new();
    let (file, mut diagnostics) = mythforge::parse::parse_source(&mut sources, "fuzz.rules", &text);
    let pack = Pack { files: vec![file] };
    diagnostics.extend(mythforge::check::check_pack(&pack));
    render(&diagnostics, &sources);
    let mut game = Game::new(SEED);
    match game.load_source("fuzz.rules", &text) {
        Ok(warnings) => render(&warnings, game.sources()),
        Err(errors) => {
            assert!(!errors.is_empty(), "a refused pack says why");
            render(&errors, game.sources());
        }
    }
}

/// Dice notation: parse, roll on a seeded stream, and compute the exact distribution.
pub fn dice(data: &[u8]) {
    let text = text(data);
    let Ok(expression) = DiceExpr::parse(&text) else { return };
    let mut roller = Roller::new(SEED);
    let _ = roller.roll(&expression);
    let _ = distribution(&expression);
}

/// Rhai scripts under the project's own sandbox (the REPL limits): compile the text as a
/// script file and call each public function it defines with small integer arguments.
pub fn script(data: &[u8]) {
    let text = text(data);
    let roller = Rc::new(RefCell::new(Roller::new(SEED)));
    let host = Rc::new(RefCell::new(DiceHost::new(roller)));
    let sandbox = Sandbox::new(ScriptLimits::repl(), host.clone());
    let mut sources = SourceMap::new();
    let file = sources.add("scripts/fuzz.rhai", text.as_str());
    let script = match sandbox.compile(&sources, file) {
        Ok(script) => script,
        Err(diagnostic) => return render(&[diagnostic], &sources),
    };
    for function in script.functions().iter().take(8) {
        let args = (0..function.arity).map(|i| (i as i64 + 1).into()).collect();
        if let Err(diagnostic) = sandbox.call(&script, &function.name, args, None) {
            render(&[diagnostic], &sources);
        }
    }
}

/// The game every save is restored into: the built-in first pack with two actors in an
/// encounter, so a save can name actors, pools and turns.
/// A session on the built-in packs only: a `rules/` folder in the working directory (the
/// repository's own, possibly newer than the binary) must not replace them.
fn built_in_session(game: Game) -> Session<Game> {
    let nowhere = std::path::PathBuf::from("/nonexistent/mythforge-fuzz");
    Session::new(game, SEED).with_packs(mythforge::session::embedded::packs(), nowhere)
}

fn save_base() -> Game {
    let mut session = built_in_session(Game::new(SEED));
    let run = session.run_text("fuzz-base.session", SAVE_BASE, None);
    assert!(run.failure.is_none(), "the save target's base session runs: {:?}", run.failure);
    session.backend().clone()
}

/// The commands that build [`save_base`]; `fuzz/README.md` seeds the corpus from its save.
pub const SAVE_BASE: &str =
    "load mestezia\nactor Itzel from Itzel\nactor Enrique from Enrique\nencounter Itzel, Enrique\n";

thread_local! {
    static SAVE_BASE_GAME: Game = save_base();
}

/// Save files: restore the bytes as a save into a game with a pack loaded. A restored save
/// must save again, restore again to the same text, and keep playing (show, next turn).
pub fn save(data: &[u8]) {
    let text = text(data);
    let mut game = SAVE_BASE_GAME.with(Game::clone);
    if game.restore_text(&text, "fuzz.json").is_err() {
        return;
    }
    let again = game.save_text().expect("a restored world saves");
    let mut copy = SAVE_BASE_GAME.with(Game::clone);
    copy.restore_text(&again, "again.json").expect("a save written restores");
    assert_eq!(copy.save_text().expect("saves"), again, "save/restore is a fixed point");
    let mut session = built_in_session(game);
    let run = session.run_text("after.session", "show state\nnext\nnext\nshow state\nundo\n", None);
    if let Some(diagnostics) = &run.failure {
        render(diagnostics, session.sources());
    }
    for step in &run.steps {
        let _ = transcript::step_text(step);
    }
}

/// True when the input could name a file to write: such inputs are skipped, since a session
/// may `save` anywhere the process can write.
fn could_write(text: &str) -> bool {
    text.to_ascii_lowercase().contains("save")
}

/// Session lines: a REPL fed arbitrary input, as batch text (inline blocks, every command,
/// the built-in packs), with the REPL's script limits. Inputs that mention `save` are skipped.
pub fn session(data: &[u8]) {
    let text = text(data);
    if could_write(&text) {
        return;
    }
    let mut game = Game::new(SEED);
    game.set_script_limits(ScriptLimits::repl());
    let mut session = built_in_session(game);
    for line in text.split_inclusive('\n').take(64) {
        let run = session.run_text("fuzz.session", line, None);
        if let Some(diagnostics) = &run.failure {
            render(diagnostics, session.sources());
        }
        for step in &run.steps {
            let _ = transcript::step_text(step);
            let _ = transcript::step_json(step);
        }
    }
}
