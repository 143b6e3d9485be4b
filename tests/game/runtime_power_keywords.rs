//! One meaning of "this power has keyword X" everywhere: `Attack` is also any power with a
//! Threshold (for power-use rules), `Area` any power targeting an area (for `Forbids:`), and
//! `check` knows the keywords only weapons carry.

use mythforge::diagnostics::{Diagnostic, Span};
use mythforge::engine::{ActiveCondition, Expiry, StackRule};
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Keywords
Stats: Defense
Resource HP: max 20
Keyword Attack: only on own turn
Default check: Pool

check Pool
Method: pool
Dice: 1d10
Modifier: each die
Success: >= [Threshold]

condition Smothered
Forbids: Area powers

power Stab
Target: Enemy
Threshold: [Target's Defense]
Check: [Defense]
Result: 2 damage

power Fireball
Target: Burst 1
Result: 1 damage

power Rest
Target: Self
Result: 1 damage
";

fn game() -> Game {
    let mut game = Game::new(3);
    game.load_source("keywords.rules", PACK).expect("the pack loads");
    for name in ["Ana", "Bo"] {
        game.add_actor(name, None, &[("HP", 20), ("Defense", 1)]).unwrap();
        let powers = &mut game.world_mut().actor_mut(name).unwrap().powers;
        powers.extend(["Stab", "Fireball", "Rest"].map(String::from));
    }
    game
}

fn line(game: &Game, span: Span) -> usize {
    game.sources().line_col(span).unwrap().line
}

fn pack_line(text: &str) -> usize {
    PACK.lines().position(|line| line.starts_with(text)).unwrap() + 1
}

#[test]
fn an_attack_rule_restricts_a_threshold_power_without_an_attack_keyword() {
    let mut game = game();
    game.start_encounter(&["Ana", "Bo"]).unwrap();
    let on_turn = game.world().encounter.as_ref().unwrap().acting().unwrap().name.clone();
    let off_turn = if on_turn == "Ana" { "Bo" } else { "Ana" };
    let error = game.use_power(&PowerUse::new(off_turn, "Stab").at([on_turn.as_str()]));
    let error = error.unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{off_turn} cannot use Stab now: Attack powers only on own turn, and it is \
             {on_turn}'s turn"
        )
    );
    assert_eq!(line(&game, error.span), pack_line("Keyword Attack"));
    // A power without a Threshold is no attack.
    game.use_power(&PowerUse::new(off_turn, "Rest")).unwrap();
}

#[test]
fn forbids_area_powers_matches_a_power_targeting_an_area() {
    let mut game = game();
    let smothered = ActiveCondition::new("Smothered", Expiry::UntilRemoved);
    game.world_mut().apply_condition("Ana", smothered, StackRule::Never, Span::NONE).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Fireball").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "Ana cannot use Fireball: Smothered forbids Area powers");
    assert_eq!(line(&game, error.span), pack_line("Forbids: Area"));
    game.use_power(&PowerUse::new("Ana", "Rest")).unwrap();
}

fn warnings(extra: &str) -> Vec<Diagnostic> {
    let mut game = Game::new(1);
    let warnings = game.load_source("keywords.rules", &format!("{PACK}\n{extra}")).unwrap();
    warnings.into_iter().filter(|d| d.code == "rules::check::unknown_keyword").collect()
}

#[test]
fn check_knows_weapon_only_keywords_and_still_warns_about_unknown_ones() {
    let weapon = "weapon Axe\nKeywords: Heavy\n\ncondition Tired\nForbids: Heavy powers\n";
    assert_eq!(warnings(weapon), []);
    let unknown = warnings("condition Tired\nForbids: Heavy powers\n");
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].message, "no power has the keyword `Heavy`");
}
