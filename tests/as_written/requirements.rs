//! Rows 7 and 10 of the issue: `not` in a requirement test negates it, tests about the
//! target (`Target has X`, `[f(Target)]`, `[Target's HP]`) hold per target, and tests the
//! runtime cannot evaluate are refused by `check`.

use mythforge::runtime::PowerUse;

use super::{failure, game, one, refused, spanned};

const HIDE: &str = "\
condition Hidden

power Sneak
Target: Self
While: not you are Hidden
Result: gain 1 CP

power Hide
Target: Self
Result: apply Hidden

power Pick
Target: Enemy in 5
Prereq: Target has Hidden and [Target's HP < 15]
Result: 1 damage

power Unseen Strike
Target: Enemy in 5
Prereq: not Target has Hidden
Result: 2 damage

actor Ana
Stats: Attack 4
Resources: HP 20, Max HP 20, CP 0
Powers: Sneak, Hide, Pick, Unseen Strike
";

fn cp(game: &mythforge::runtime::Game) -> i64 {
    game.world().actor("Ana").unwrap().resources["CP"].current
}

fn hp(game: &mythforge::runtime::Game, actor: &str) -> i64 {
    game.world().actor(actor).unwrap().resources["HP"].current
}

#[test]
fn not_negates_a_requirement_test() {
    let mut game = game(HIDE);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Sneak")).unwrap();
    assert_eq!(cp(&game), 1);
    game.use_power(&PowerUse::new("Ana", "Hide")).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Sneak")).unwrap_err();
    let (diagnostic, at) = failure(&game, &error);
    assert_eq!(diagnostic.code, "runtime::requirement");
    assert_eq!(
        diagnostic.message,
        "Ana cannot use Sneak: requirement `not you are Hidden` does not hold"
    );
    assert_eq!(at, "While: not you are Hidden");
    assert_eq!(cp(&game), 1);
}

#[test]
fn a_requirement_about_the_target_holds_per_target() {
    let mut game = game(HIDE);
    for name in ["Ana", "Bo", "Cy"] {
        game.add_actor(name, Some("Ana"), &[]).unwrap();
    }
    game.use_power(&PowerUse::new("Bo", "Hide")).unwrap();
    // Bo is hidden but unhurt; Cy is not hidden.
    let error = game.use_power(&PowerUse::new("Ana", "Pick").at(["Bo"])).unwrap_err();
    let (diagnostic, at) = failure(&game, &error);
    assert_eq!(
        diagnostic.message,
        "Ana cannot use Pick on Bo: requirement `Target has Hidden and [Target's HP < 15]` does \
         not hold"
    );
    assert_eq!(at, "Prereq: Target has Hidden and [Target's HP < 15]");
    game.world_mut().actor_mut("Bo").unwrap().resources.get_mut("HP").unwrap().current = 10;
    game.use_power(&PowerUse::new("Ana", "Pick").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 9);
    // `not Target has Hidden`: Cy may be struck, Bo may not.
    game.use_power(&PowerUse::new("Ana", "Unseen Strike").at(["Cy"])).unwrap();
    assert_eq!(hp(&game, "Cy"), 18);
    let error = game.use_power(&PowerUse::new("Ana", "Unseen Strike").at(["Bo"])).unwrap_err();
    assert_eq!(failure(&game, &error).0.code, "runtime::requirement");
    assert_eq!(hp(&game, "Bo"), 9);
}

#[test]
fn a_script_reading_the_target_in_a_prereq_gets_the_target() {
    let system = super::SYSTEM.replace("Rounding: floor", "Rounding: floor\nFunctions: is_hurt");
    let mark = "power Mark\nTarget: Enemy in 5\nPrereq: [is_hurt(Target) == 1]\nResult: 1 damage\n";
    let text =
        format!("{system}\n{}\n{mark}", HIDE.replace("Powers: Sneak", "Powers: Mark, Sneak"));
    let script = "fn is_hurt(actor) { if actor.resource(\"HP\") < 20 { 1 } else { 0 } }";
    let mut game = mythforge::runtime::Game::new(7);
    game.load_source_with_scripts("t.rules", &text, &[("t.rhai", script)]).unwrap();
    for name in ["Ana", "Bo"] {
        game.add_actor(name, Some("Ana"), &[]).unwrap();
    }
    let error = game.use_power(&PowerUse::new("Ana", "Mark").at(["Bo"])).unwrap_err();
    assert_eq!(failure(&game, &error).0.code, "runtime::requirement");
    game.world_mut().actor_mut("Bo").unwrap().resources.get_mut("HP").unwrap().current = 12;
    game.use_power(&PowerUse::new("Ana", "Mark").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 11);
}

#[test]
fn requirement_tests_the_runtime_cannot_evaluate_are_refused() {
    let cases = [
        (
            "power P\nTarget: Self\nWhile: the grabber is Hidden\n",
            "rules::check::unknown_subject",
            "the grabber",
        ),
        (
            "power P\nTarget: Self\nPrereq: Target has keyword Construct\n",
            "rules::check::actor_keywords",
            "Construct",
        ),
        (
            "power P\nTarget: Self\nPrereq: an enemy moves adjacent to you\n",
            "rules::check::event_as_state",
            "an enemy moves adjacent to you",
        ),
        ("stance Guard\nWhile: Target has Hidden\n", "rules::check::no_target_here", "Target"),
        (
            "weapon Club\nDamage: 2\nRequires: this power has keyword Melee\n",
            "rules::check::no_power_here",
            "this power",
        ),
    ];
    for (rules, code, at) in cases {
        let (errors, text) = refused(&format!("condition Hidden\n\n{rules}"));
        let error = one(&errors, code);
        assert_eq!(spanned(error, &text).0, at, "{rules}");
        assert!(error.help.as_deref().unwrap().contains("test"), "{rules}: {error:?}");
    }
}
