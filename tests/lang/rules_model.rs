//! The typed model and the evaluator: canonical printing, the rulebook's Berserker Charge
//! worked example (weapon cost 3, damage 12: costs 4 CP, a High does 15), context-sensitive
//! names, decimals with rounding, and checked arithmetic.

use std::path::Path;

use mythforge::diagnostics::{FileId, Span, Spanned};
use mythforge::model::expr::{
    EvalErrorKind, LineContext, Reference, Rounding, Scope, Value, evaluate,
};
use mythforge::model::{
    Amount, BlockBody, Cost, Effect, EffectPart, Expr, Name, PowerLine, RuleFile, Target,
    weapon_property,
};

fn parse(text: &str) -> RuleFile {
    let (file, diagnostics) =
        mythforge::parse::parse_file(FileId(0), Path::new("test.rules"), text);
    assert!(diagnostics.is_empty(), "unexpected diagnostics: {diagnostics:?}");
    file
}

fn power_lines(file: &RuleFile) -> Vec<PowerLine> {
    let block = file.blocks().next().expect("one block");
    let BlockBody::Power(lines) = &block.node.body else { panic!("not a power") };
    lines.iter().map(|line| line.node.clone()).collect()
}

/// An actor with a weapon of cost 3, damage 12, reach 1, and a few stats.
struct Table {
    grade: i64,
}

impl Scope for Table {
    fn lookup(
        &self,
        reference: Reference<'_>,
        context: LineContext,
    ) -> Result<Value, EvalErrorKind> {
        match reference {
            Reference::Special(special) => Ok(Value::integer(match special.to_string().as_str() {
                "Grade" => self.grade,
                "Tier" => 1,
                _ => 2,
            })),
            Reference::Name(name) => match weapon_property(name, context) {
                Some("Cost") => Ok(Value::integer(3)),
                Some("Damage") => Ok(Value::integer(12)),
                Some("Reach") => Ok(Value::integer(1)),
                _ => match name.as_str() {
                    "Speed" => Ok(Value::integer(3)),
                    "Max HP" => Ok(Value::integer(22)),
                    "Sturdiness" => Ok(Value::integer(1)),
                    other => Err(EvalErrorKind::UnknownName(other.to_string())),
                },
            },
            Reference::Possessive { name, .. } if name.as_str() == "Defense" => {
                Ok(Value::integer(12))
            }
            Reference::Possessive { name, .. } => Err(EvalErrorKind::UnknownName(name.to_string())),
            Reference::Ruling(name) => Err(EvalErrorKind::UnknownName(name.to_string())),
        }
    }

    fn call(&self, function: &Name, arguments: &[Value]) -> Result<Value, EvalErrorKind> {
        match function.as_str() {
            "double" => {
                Ok(Value::integer(arguments.first().and_then(Value::as_integer).unwrap_or(0) * 2))
            }
            other => Err(EvalErrorKind::Script(format!("no function {other}"))),
        }
    }
}

fn expr(text: &str) -> Spanned<Expr> {
    let file = parse(&format!("power P\nThreshold: [{text}]\n"));
    match power_lines(&file).remove(0) {
        PowerLine::Threshold(expr) => expr,
        other => panic!("unexpected {other:?}"),
    }
}

fn eval(text: &str) -> Result<Value, EvalErrorKind> {
    evaluate(&expr(text), &Table { grade: 2 }, LineContext::Result).map_err(|error| error.kind)
}

const BERSERKER: &str = "power Berserker Charge\n\nCost: [Weapon + 1] CP\n\nBefore: Walk up to [Speed + 1] hexes\n\n\
Target: Enemy in [Weapon Reach]\n\nThreshold: Target's Defense\n\nCheck: [Attack + Strength]\n\n\
Result: [Weapon + Grade] damage\n\nKeywords: *Berserker Melee [Weapon] Charge*\n";

#[test]
fn berserker_charge_lowers_to_typed_lines() {
    let lines = power_lines(&parse(BERSERKER));
    let labels: Vec<&str> = lines.iter().map(PowerLine::label).collect();
    assert_eq!(labels, ["Cost", "Before", "Target", "Threshold", "Check", "Result", "Keywords"]);
    let PowerLine::Cost(Cost::Resources(parts)) = &lines[0] else { panic!("cost") };
    assert_eq!(parts[0].resource.node.as_str(), "CP");
    let PowerLine::Before(before) = &lines[1] else { panic!("before") };
    assert!(matches!(before.parts[0].node, EffectPart::Effect(Effect::Move { up_to: true, .. })));
    assert!(matches!(&lines[2], PowerLine::Target(Target::Creatures { range: Some(_), .. })));
    assert!(matches!(
        &lines[3],
        PowerLine::Threshold(Spanned { node: Expr::Possessive { .. }, .. })
    ));
}

#[test]
fn berserker_charge_evaluates_with_the_line_context() {
    let lines = power_lines(&parse(BERSERKER));
    let table = Table { grade: 3 };
    let PowerLine::Cost(Cost::Resources(parts)) = &lines[0] else { panic!("cost") };
    let Amount::Expr(cost) = &parts[0].amount else { panic!("bracket") };
    assert_eq!(evaluate(cost, &table, LineContext::Cost).map(|v| v.as_integer()), Ok(Some(4)));
    let PowerLine::Result { effects, .. } = &lines[5] else { panic!("result") };
    let EffectPart::Effect(Effect::Damage { amount: Amount::Expr(damage), .. }) =
        &effects.parts[0].node
    else {
        panic!("damage")
    };
    assert_eq!(evaluate(damage, &table, LineContext::Result).map(|v| v.as_integer()), Ok(Some(15)));
    let PowerLine::Threshold(threshold) = &lines[3] else { panic!("threshold") };
    assert_eq!(
        evaluate(threshold, &table, LineContext::Threshold).map(|v| v.as_integer()),
        Ok(Some(12))
    );
}

#[test]
fn canonical_printing_is_stable() {
    let file = parse(BERSERKER);
    let printed = mythforge::model::format_file(&file);
    assert_eq!(
        printed,
        "power Berserker Charge\nCost: [Weapon + 1] CP\nBefore: walk up to [Speed + 1] hexes\n\
Target: Enemy in [Weapon Reach]\nThreshold: Target's Defense\nCheck: [Attack + Strength]\n\
Result: [Weapon + Grade] damage\nKeywords: Berserker Melee [Weapon] Charge\n"
    );
    assert_eq!(
        expr("(Weapon + 1) * 2 - (3 - Grade)").node.to_string(),
        "(Weapon + 1) * 2 - (3 - Grade)"
    );
    assert_eq!(expr("Weapon + (1 + 2)").node.to_string(), "Weapon + (1 + 2)");
    assert_eq!(expr("--Grade").node.to_string(), "-(-Grade)");
    assert_eq!(expr("floor( Max   HP/4 )").node.to_string(), "floor(Max HP / 4)");
}

#[test]
fn arithmetic_is_exact_and_checked() {
    // Division is exact; a rounding (a builtin, or the system's) makes it whole.
    assert_eq!(eval("7 / 2"), Value::ratio(7, 2));
    assert_eq!(eval("-7 / 2").map(|v| v.round(Rounding::Floor)), Ok(-4));
    assert_eq!(eval("ceil(2 / 3)"), Ok(Value::integer(1)));
    assert_eq!(eval("6 / 3"), Ok(Value::integer(2)));
    assert_eq!(eval("floor(Max HP / 4) + Sturdiness"), Ok(Value::integer(6)));
    assert_eq!(eval("Weapon * 2.5").map(|v| v.round(Rounding::Floor)), Ok(30));
    assert_eq!(eval("Speed * 2.5").map(|v| v.round(Rounding::Floor)), Ok(7));
    assert_eq!(eval("Speed * 2.5").map(|v| v.round(Rounding::Ceiling)), Ok(8));
    assert_eq!(eval("Speed * 0.5").map(|v| v.round(Rounding::Nearest)), Ok(2));
    assert_eq!(eval("min(Grade, 1, 5)"), Ok(Value::integer(1)));
    assert_eq!(eval("max(Grade, 1, 5)"), Ok(Value::integer(5)));
    assert_eq!(eval("abs(0 - 4)"), Ok(Value::integer(4)));
    assert_eq!(eval("round(2.5)"), Ok(Value::integer(3)));
    assert_eq!(eval("ceil(2.1)"), Ok(Value::integer(3)));
    assert_eq!(eval("Grade >= 2"), Ok(Value::integer(1)));
    assert_eq!(eval("Grade != 2"), Ok(Value::integer(0)));
    assert_eq!(eval("double(Grade)"), Ok(Value::integer(4)));
    assert_eq!(eval("Grade / 0"), Err(EvalErrorKind::DivisionByZero));
    assert_eq!(eval("Grade / (1 - 1.0)"), Err(EvalErrorKind::DivisionByZero));
    assert_eq!(eval("9223372036854775807 + 1"), Err(EvalErrorKind::Overflow));
    assert_eq!(eval("9223372036854775807 * 9223372036854775807"), Err(EvalErrorKind::Overflow));
    assert!(matches!(eval("floor(1, 2)"), Err(EvalErrorKind::Arity { .. })));
    assert!(matches!(eval("Nonsense"), Err(EvalErrorKind::UnknownName(_))));
    assert!(matches!(eval("nothing(1)"), Err(EvalErrorKind::Script(_))));
}

#[test]
fn evaluation_errors_point_at_the_innermost_expression() {
    let expression = expr("1 + Grade / 0");
    let error = evaluate(&expression, &Table { grade: 1 }, LineContext::Result)
        .expect_err("division by zero");
    let span = error.span;
    assert_eq!(span, Span::new(FileId(0), 24..33), "the `Grade / 0` part");
    assert_eq!(error.to_diagnostic().code, "rules::eval::division_by_zero");
}

#[test]
fn weapon_names_follow_the_line() {
    let weapon = Name::new("Weapon");
    assert_eq!(weapon_property(&weapon, LineContext::Cost), Some("Cost"));
    assert_eq!(weapon_property(&weapon, LineContext::Result), Some("Damage"));
    assert_eq!(weapon_property(&weapon, LineContext::Keywords), Some("Keywords"));
    assert_eq!(weapon_property(&Name::new("Weapon Reach"), LineContext::Cost), Some("Reach"));
    assert_eq!(weapon_property(&Name::new("Weaponry"), LineContext::Cost), None);
}

#[test]
fn oversized_files_are_rejected_before_parsing() {
    let text = "# padding\n".repeat(110_000);
    let (_, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("big.rules"), &text);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code, "rules::parse::too_large");
}

#[test]
fn keywords_with_unicode_spaces_terminate() {
    // Found by the round-trip fuzz test: a non-ASCII space used to loop forever.
    let file = parse("power P\nKeywords: Melee\u{3000}Charge\u{a0}*Heavy*\n");
    let PowerLine::Keywords(keywords) = &power_lines(&file)[0] else { panic!("keywords") };
    let words: Vec<String> = keywords.iter().map(|keyword| keyword.node.to_string()).collect();
    assert_eq!(words, ["Melee", "Charge", "Heavy"]);
}

#[test]
fn requirements_are_typed_tests() {
    let file = parse(
        "power P\nTrigger: an enemy moves adjacent to you and Target has keyword Construct or [Grade >= 2]\n",
    );
    let PowerLine::Trigger(requirement) = &power_lines(&file)[0] else { panic!("trigger") };
    let mythforge::model::Requirement::Tests { first, rest } = requirement else {
        panic!("typed tests")
    };
    assert!(matches!(&first.node, mythforge::model::Test::Event { verb, .. } if verb == "moves"));
    assert!(
        matches!(&rest[0].1.node, mythforge::model::Test::Keyword { keyword, .. } if keyword.node.as_str() == "Construct")
    );
    assert!(matches!(&rest[1].1.node, mythforge::model::Test::Compare(_)));
    assert_eq!(
        requirement.to_string(),
        "an enemy moves adjacent to you and Target has keyword Construct or [Grade >= 2]"
    );
}

#[test]
fn procedures_are_consumable_by_the_engine() {
    use mythforge::model::system::ModifierMode;
    use mythforge::model::{Method, Procedure};
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (pack, diagnostics) =
        mythforge::parse::load_pack(&["tests/fixtures/procedures".into()], &mut sources);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let default: Procedure<'_> = pack.default_procedure().expect("a default check");
    assert_eq!((default.name, default.method), ("Attribute Test", Some(Method::RollUnder)));
    assert!(default.always.is_some() && default.difficulty.is_some());
    let pool = pack.procedure("aspect pool").expect("case-insensitive lookup");
    assert_eq!(pool.method, Some(Method::Successes));
    assert_eq!(pool.modifier, ModifierMode::None);
    assert_eq!(pool.explode.map(ToString::to_string).as_deref(), Some("6"));
    let dice = pool.dice.expect("dice");
    assert_eq!(dice.node.faces(), Some(6));
    assert_eq!(dice.node.fill(&[4]), "4d6");
    assert_eq!(pool.roll.map(|roll| roll.node.fill(&[3])).as_deref(), Some("3d6xcs>=4"));
    let versus = pack.procedure("Versus Challenge").expect("versus");
    assert_eq!(versus.tie, Some(mythforge::model::system::TieRule::Defender));
    assert_eq!(pack.rounding(), Rounding::Floor);
    assert_eq!(pack.ruling("always succeed at").map(ToString::to_string).as_deref(), Some("12"));
}

#[test]
fn unclosed_keyword_brackets_are_errors_not_panics() {
    let (_, diagnostics) = mythforge::parse::parse_file(
        FileId(0),
        Path::new("k.rules"),
        "power P\nKeywords: Melee [é\n",
    );
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code, "rules::parse::expression");
}
