//! The acting fixture shared by the effect-script and hook tests: a small system with
//! Stability, Focus, Bleeding and Dazed, one power (Jab) whose Result the test chooses, the
//! fixture's scripts, and two fighters, Ana and Bo.

use mythforge::runtime::{Game, PowerUse, RuntimeError};
use mythforge::script::ScriptLimits;

const RULES: &str = include_str!("../fixtures/scripted/acting.rules");
const SCRIPT: &str = include_str!("../fixtures/scripted/acting.rhai");

/// The fixture with `system_lines` added to the system and the power's Result as `result`.
pub fn game(system_lines: &str, result: &str) -> Game {
    load(system_lines, result).expect("the fixture loads")
}

/// Loading the fixture with `system_lines` and `result`; the pack's errors on failure.
pub fn load(
    system_lines: &str,
    result: &str,
) -> Result<Game, Vec<mythforge::diagnostics::Diagnostic>> {
    load_with_limits(system_lines, result, ScriptLimits::default())
}

/// Loading the fixture with its scripts running under `limits` (a host setting).
pub fn load_with_limits(
    system_lines: &str,
    result: &str,
    limits: ScriptLimits,
) -> Result<Game, Vec<mythforge::diagnostics::Diagnostic>> {
    let mut rules = RULES.replace("script knockback(Target, Grade)", result);
    if !system_lines.is_empty() {
        rules =
            rules.replace("Default check: Roll", &format!("Default check: Roll\n{system_lines}"));
    }
    let mut game = Game::new(7);
    game.set_script_limits(limits);
    game.load_source_with_scripts("acting.rules", &rules, &[("acting.rhai", SCRIPT)])?;
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    Ok(game)
}

/// Uses Jab from Ana on Bo with the dice forced to `faces` (the check's two dice first).
pub fn jab(game: &mut Game, faces: &[u32]) -> Result<(), RuntimeError> {
    game.world_mut().roller.force(faces.iter().copied());
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).map(|_| ())
}
