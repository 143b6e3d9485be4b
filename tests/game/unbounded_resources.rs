//! `Resource Stamina: max 10; no min`: a resource with no least value runs below 0 as far as
//! costs and losses take it (a cost never stops for want of it), prints as written, and
//! `check` refuses it beside a `min` (or on a world resource, which keeps one).

use crate::common::sessions::run;

const RULES: &str = "system Debts
Resource Stamina: max 10; no min
Resource Cap: max 3

power Push
Target: Self
Cost: 4 Stamina
Result: lose 30 Stamina

actor Body
Resources: Stamina 10, Cap 3
Powers: Push
";

fn stamina(session: &mythforge::session::Session<mythforge::runtime::Game>) -> i64 {
    session.backend().world().actor("Ana").unwrap().resources["Stamina"].current
}

#[test]
fn costs_and_losses_run_below_zero_without_bound() {
    let mut game = mythforge::runtime::Game::new(1);
    game.load_source("debts.rules", RULES).unwrap();
    let mut session = mythforge::session::Session::new(game, 1);
    run(&mut session, "actor Ana from Body\n");
    let out = run(&mut session, "Ana uses Push\n");
    assert!(out.contains("Ana pays 4 Stamina (6 left)"), "{out}");
    assert_eq!(stamina(&session), -24);
    // At -24 the cost is still paid: nothing bounds it below.
    let out = run(&mut session, "Ana uses Push\n");
    assert!(out.contains("Ana pays 4 Stamina (-28 left)"), "{out}");
    assert_eq!(stamina(&session), -58);
    let out = run(&mut session, "set Ana Stamina to -1000\nshow Ana\n");
    assert!(out.contains("Stamina -1000/10"), "{out}");
}

#[test]
fn the_rule_prints_as_written_and_contradictions_are_refused() {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "d.rules", RULES);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert!(mythforge::model::format_file(&file).contains("Resource Stamina: max 10; no min\n"));
    let both = RULES.replace("max 10; no min", "min -5; max 10; no min");
    let errors = mythforge::runtime::Game::new(1).load_source("d.rules", &both).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].code, "rules::check::resource_bounds");
    assert_eq!(errors[0].message, "Stamina has both `min -5` and `no min`");
    let at = errors[0].primary_span().range();
    assert_eq!(&both[at], "no min");
    let world =
        RULES.replace("Resource Cap: max 3", "Resource Cap: max 3\nResource Dread: world; no min");
    let errors = mythforge::runtime::Game::new(1).load_source("d.rules", &world).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(
        errors[0].message,
        "`no min` on the world resource Dread: the world's resource keeps a least value: write `min -N`"
    );
}
