//! parse -> print -> parse is the identity on the model (spans aside), and printing is
//! idempotent: checked on every fixture and golden file, and on generated rule files.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::FileId;
use mythforge::model::{RuleFile, format_file};
use proptest::prelude::*;
use serde_json::Value;

use crate::common::golden::Failures;

fn parse(text: &str) -> (RuleFile, bool) {
    let (file, diagnostics) =
        mythforge::parse::parse_file(FileId(0), Path::new("generated.rules"), text);
    let has_error = diagnostics.iter().any(|diagnostic| diagnostic.is_error());
    (file, has_error)
}

/// The model as JSON with every span removed (`{node, span}` becomes `node`).
fn without_spans(value: Value) -> Value {
    match value {
        Value::Object(map)
            if map.contains_key("node") && map.contains_key("span") && map.len() == 2 =>
        {
            without_spans(
                map.into_iter()
                    .find(|(key, _)| key == "node")
                    .map(|(_, node)| node)
                    .unwrap_or(Value::Null),
            )
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(key, _)| key != "span")
                .map(|(key, value)| (key, without_spans(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_spans).collect()),
        other => other,
    }
}

fn model(file: &RuleFile) -> Value {
    without_spans(serde_json::to_value(file).expect("the model serialises"))
}

fn assert_round_trip(text: &str, origin: &str) {
    let (first, first_error) = parse(text);
    if first_error {
        return;
    }
    let printed = format_file(&first);
    let (second, second_error) = parse(&printed);
    assert!(!second_error, "{origin}: the canonical form does not parse:\n{printed}");
    assert_eq!(model(&first), model(&second), "{origin}: model changed by printing:\n{printed}");
    assert_eq!(format_file(&second), printed, "{origin}: printing is not idempotent");
}

fn rule_files_under(folder: &str) -> Vec<PathBuf> {
    mythforge::parse::rule_files(Path::new(folder)).expect("folder exists")
}

#[test]
fn fixtures_and_golden_files_round_trip() {
    let files: Vec<PathBuf> = rule_files_under("tests/fixtures")
        .into_iter()
        .chain(rule_files_under("tests/golden/rules"))
        .collect();
    assert!(files.len() > 20);
    // Every file is checked even when one fails.
    let mut failures = Failures::default();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let origin = path.display().to_string();
        failures.check(&origin, || assert_round_trip(&text, &origin));
    }
    failures.finish();
}

const NAMES: &[&str] =
    &["Attack", "Strength", "Max HP", "Speed", "Weapon", "Weapon Reach", "Defense", "Sturdiness"];
const CONDITIONS: &[&str] = &["Dazed", "Protected", "Ongoing", "Sense Deprived", "Hasted"];
const RESOURCES: &[&str] = &["CP", "Sg", "HP", "FP"];

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(NAMES).prop_map(str::to_string)
}

fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (0u32..200).prop_map(|number| number.to_string()),
        (0u32..50, 1u32..10).prop_map(|(whole, tenth)| format!("{whole}.{tenth}")),
        name(),
        Just("Target's Defense".to_string()),
        prop::sample::select(&["Grade", "Tier", "Level", "Distance to Target"][..])
            .prop_map(str::to_string),
        (prop::sample::select(&["Allies", "Enemies", "Creatures"][..]), 0u32..30)
            .prop_map(|(who, within)| format!("{who} within {within}")),
    ];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), prop::sample::select(&["+", "-", "*", "/"][..]), inner.clone())
                .prop_map(|(left, op, right)| format!("{left} {op} {right}")),
            inner.clone().prop_map(|inner| format!("({inner})")),
            inner.clone().prop_map(|inner| format!("-{inner}")),
            (inner.clone(), inner.clone())
                .prop_map(|(left, right)| format!("min({left}, {right})")),
            inner.clone().prop_map(|inner| format!("floor({inner})")),
            // Comparisons do not chain and `not` does not follow an operator: parenthesised
            // here, and the printer decides which parentheses stay.
            (
                inner.clone(),
                prop::sample::select(&["<", "<=", ">", ">=", "==", "!="][..]),
                inner.clone()
            )
                .prop_map(|(left, op, right)| format!("(({left}) {op} ({right}))")),
            (inner.clone(), prop::sample::select(&["and", "or"][..]), inner.clone())
                .prop_map(|(left, op, right)| format!("({left} {op} {right})")),
            inner.clone().prop_map(|inner| format!("(not {inner})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| format!("if({c}, {a}, {b})")),
            (inner, prop::sample::select(&["1d8", "d20", "4d6kh3", "2d6!", "3d10cs>=8"][..]))
                .prop_map(|(inner, dice)| format!("{dice} + {inner}")),
        ]
    })
}

fn amount() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..30).prop_map(|number| number.to_string()),
        expression().prop_map(|expr| format!("[{expr}]")),
        (1u32..6, prop::sample::select(&[4u32, 6, 8, 10, 12, 20][..]))
            .prop_map(|(count, faces)| format!("{count}d{faces}")),
    ]
}

/// A chosen cost's bound: a number or a bracket (never dice).
fn bound() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..30).prop_map(|number| number.to_string()),
        expression().prop_map(|expr| format!("[{expr}]")),
    ]
}

fn effect() -> impl Strategy<Value = String> {
    let condition = prop::sample::select(CONDITIONS);
    let resource = prop::sample::select(RESOURCES);
    prop_oneof![
        amount().prop_map(|amount| format!("{amount} damage")),
        amount().prop_map(|amount| format!("{amount} fire damage")),
        amount().prop_map(|amount| format!("heal {amount}")),
        (amount(), resource.clone())
            .prop_map(|(amount, resource)| format!("gain {amount} {resource}")),
        (amount(), resource).prop_map(|(amount, resource)| format!("spend {amount} {resource}")),
        condition.clone().prop_map(|condition| format!("apply {condition} until end of turn")),
        condition.clone().prop_map(|condition| format!("apply {condition} to Self against Target")),
        (condition.clone(), amount())
            .prop_map(|(condition, amount)| format!("Target is {condition} {amount} for 2 rounds")),
        condition.clone().prop_map(|condition| format!("remove {condition}")),
        condition.clone().prop_map(|condition| format!("lift {condition}")),
        condition.clone().prop_map(|condition| format!("lift {condition} at Target")),
        Just("use Cross Thorns".to_string()),
        condition.clone().prop_map(|condition| format!("every ally is {condition} for 2 turns")),
        (amount(), prop::sample::select(RESOURCES))
            .prop_map(|(amount, resource)| format!("every enemy gains {amount} {resource}")),
        amount().prop_map(|amount| format!("push Target up to {amount} hexes")),
        (amount(), condition).prop_map(|(amount, condition)| {
            format!("pull Target {amount} squares into occupied squares as {condition}")
        }),
        expression().prop_map(|expr| format!("script bonus({expr})")),
        Just("put Bar Table in front of Target".to_string()),
        Just("drop the weapon at Target".to_string()),
        Just("drop the weapon".to_string()),
        amount().prop_map(|amount| format!("pick up gear within {amount}")),
        Just("pick up gear".to_string()),
        Just("the walls shake".to_string()),
    ]
}

fn effects() -> impl Strategy<Value = String> {
    prop::collection::vec(effect(), 1..4).prop_map(|effects| effects.join("; "))
}

fn power_line() -> impl Strategy<Value = String> {
    prop_oneof![
        (amount(), prop::sample::select(RESOURCES))
            .prop_map(|(amount, resource)| format!("Cost: {amount} {resource}")),
        (bound(), bound(), prop::sample::select(RESOURCES)).prop_map(|(least, most, resource)| {
            format!("Cost: choose {least}-{most} {resource} + [Chosen] {resource}")
        }),
        effects().prop_map(|effects| format!("Result: {effects}")),
        (1u32..4, effects()).prop_map(|(grade, effects)| format!("Result {grade}: {effects}")),
        effects().prop_map(|effects| format!("Result Critical: {effects}")),
        (amount(), effects(), effects()).prop_map(|(amount, success, failure)| {
            format!("Result: check Might + Grit vs {amount} with Save; on success: {success}; on failure: {failure}")
        }),
        (amount(), effects()).prop_map(|(amount, failure)| {
            format!("Result: Target checks Grit vs {amount}; on failure: {failure}")
        }),
        (expression(), effects())
            .prop_map(|(expr, effects)| format!("Result if [{expr}]: {effects}")),
        (1u32..6, expression(), effects()).prop_map(|(within, expr, effects)| {
            format!("Result if Target is Dazed or an ally within {within} and [{expr}]: {effects}")
        }),
        (1u32..4, effects()).prop_map(|(grade, effects)| format!("Effect {grade}: {effects}")),
        effects().prop_map(|effects| format!("Before: {effects}")),
        expression().prop_map(|expr| format!("Check: [{expr}]")),
        (expression(), expression())
            .prop_map(|(a, b)| format!("Check: [{a}] versus [{b}] using Duel")),
        expression().prop_map(|expr| format!("Threshold: [{expr}]")),
        amount().prop_map(|amount| format!("Target: Up to {amount} allies in 5")),
        Just("Target: Burst 2 within 10".to_string()),
        Just("Target: Burst 2 within 8 excluding Self".to_string()),
        Just("Target: Cone 3 including Self".to_string()),
        Just("Target: Arc 1".to_string()),
        Just("Target: Enemy in 2-[Reach]".to_string()),
        Just("Target: Ray 15 within 2-3 excluding allies, first 4".to_string()),
        Just("Target: Burst 2 within 8 excluding allies".to_string()),
        Just("Target: Burst 1 excluding enemies including Self".to_string()),
        Just("Target: you or an ally in 3".to_string()),
        Just("Trigger: an enemy moves adjacent to you".to_string()),
        Just("Prereq: no ally is Dazed and an enemy is Dazed".to_string()),
        prop::sample::select(vec!["in front of", "beside", "behind"]).prop_map(|quarter| {
            format!("Prereq: you are {quarter} Target and not Target is {quarter} you")
        }),
        Just("Check: [Agility] using Lucky Roll by Target".to_string()),
        expression().prop_map(|expr| format!("While: [{expr} >= 3] or you are Dazed")),
        Just("Keywords: *Melee [Weapon] Charge*".to_string()),
        amount().prop_map(|amount| format!("Invest: {amount}")),
        (1u32..5, prop::sample::select(&["turn", "round", "encounter"][..]))
            .prop_map(|(n, clock)| format!("Limit: {n} times per {clock}, shared by Fate")),
        (0u32..3, 1u32..3, prop::bool::ANY).prop_map(|(low, extra, two_groups)| {
            let count = match low {
                0 => String::new(),
                low => format!("{low}-{} ", low + extra),
            };
            let groups = if two_groups { "Skill Lines or Specialised Skills" } else { "Skills" };
            format!("Choose: {count}Skill from {groups}")
        }),
        (prop::option::of(bound()), prop::option::of(1u32..4)).prop_map(|(arc, limit)| {
            let arc = arc.map(|arc| format!(", within {arc} degrees of facing"));
            let limit = limit.map(|n| format!(", {n} per weapon per round"));
            format!(
                "Defence: unless vs Melee{}{}",
                arc.unwrap_or_default(),
                limit.unwrap_or_default()
            )
        }),
        expression().prop_map(|expr| format!("Threshold: set by GM, default [{expr}]")),
        Just("Threshold: set by GM".to_string()),
    ]
}

fn block() -> impl Strategy<Value = String> {
    let power = ("[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?", prop::collection::vec(power_line(), 0..8))
        .prop_map(|(name, lines)| format!("power {name}\n{}", lines.join("\n")));
    let condition = (prop::sample::select(CONDITIONS), amount()).prop_map(|(name, amount)| {
        format!("condition {name}\nParameters: N\nModifiers: +{amount} Defense, Speed = 1\nStacking: per damage type\nDuration: for 2 rounds")
    });
    let relating = (prop::sample::select(CONDITIONS), amount(), amount()).prop_map(|(name, a, b)| {
        format!("condition {name}\nParameters: N, Type\nModifiers: damage taken of [Type] - {a} min 0, damage dealt * 0.5 round up, healing received + {b} min 1, -1 Attack unless Target is Source, +2 Defense vs Ranged\nGrants: Advantage, +{a} Attack to Melee attackers\nIncludes: Dazed, Resistant 2 Fire\nTrigger: you end your turn\nEffect: [N] [Type] damage, heal {b}")
    });
    let table_row = (
        prop::sample::select(&["<", ">", "", "-"][..]),
        -30i64..30,
        0i64..5,
        -200i64..200,
        any::<bool>(),
    )
        .prop_map(|(form, key, width, value, plus)| {
            let keys = match form {
                "-" => format!("{key}-{}", key + width),
                form => format!("{form}{key}"),
            };
            let value = if plus && value >= 0 { format!("+{value}") } else { value.to_string() };
            format!("{keys}  {value}")
        });
    let system = (expression(), any::<bool>(), prop::collection::vec(table_row, 1..6)).prop_map(|(expr, under, rows)| {
        let specialised = if under { "\nStats Combat Specialities under Attack: Aim, Feint" } else { "" };
        let table = rows.join(" ,");
        format!("system S\nStats Combat: Attack, Defense{specialised}\nResource CP: reset to 6 at turn start; no max\nDerived Jolt: [{expr}]\nTable Skill  Damage: {table}\nRuling grade cap: 3\nTurn order: 1d10+[Speed]")
    });
    let keyword = prop::sample::select(&["Attack", "Ritual", "Reaction", "Task"][..]);
    let rule =
        prop::sample::select(&["only on own turn", "not in encounters", "needs a trigger"][..]);
    let power_rules = (keyword.clone(), rule, 1u32..4, any::<bool>(), prop::sample::select(CONDITIONS))
        .prop_map(|(keyword, rule, n, challenge, condition)| {
            let per = if challenge { "Per challenge turn" } else { "Per turn" };
            format!("system S\nKeyword {keyword}: {rule}\n{per}: {n} {keyword}, 1 other\nStance ends: {condition}\n\ncondition {condition}\nForbids: {keyword} powers, powers\n\nstance Guard\nCost: {n} CP\nEffect: apply {condition} to Self")
        });
    let gear = (amount(), amount()).prop_map(|(cost, damage)| {
        format!("weapon Axe\nCost: {cost}\nDamage: {damage}\n\narmour Coat\nValue: 20\nHardness: 7\n\nactor Grunt\nSide: foes\nStats: Attack 2, Defense -1\nPowers: Axe Swing")
    });
    let upgrade = (expression(), effects(), effects()).prop_map(|(expr, added, old)| {
        format!("upgrade Boost\nTo: Sound or Electricity Attacks\nAdd: +[{expr}] damage\nAdd: {added}\nReplace: Result 2: {old}\nWith: {added}\nLimit: once per turn")
    });
    let critical = prop_oneof![
        (1u32..21, 0u32..4).prop_map(|(low, width)| format!("natural in {low}-{}", low + width)),
        Just("natural in [Weapon Crit range]".to_string()),
        amount().prop_map(|amount| format!("natural >= {amount}")),
    ];
    let procedure = critical.prop_map(|critical| {
        format!(
            "check Roll\nMethod: total\nDice: d20\nSuccess: >= [Threshold]\nCritical: {critical}"
        )
    });
    let flags = prop::sample::select(&["Day or Night", "Warm or Cold", "Calm or Storm or Fog"][..]);
    let world = (prop::collection::vec(flags, 1..3), 0i64..12, -2i64..2, 0i64..5, -3i64..4, any::<bool>())
        .prop_map(|(groups, points, low, width, raise, negated)| {
            let first = groups[0].split(" or ").nth(1).unwrap_or("Night");
            let not = if negated { "not " } else { "" };
            format!(
                "system S\nStats Attributes: Attack, Defense\nWorld: {}\nCreation: {points} points among Attributes, {} each\n\ncondition Dazed\nWhile: {not}the world is {first}\n\nfeat Gifted\nCreation: {raise:+} points",
                groups.join("; "),
                if low < 0 { format!("{low} to {}", low + width) } else { format!("{low}-{}", low + width) },
            )
        });
    prop_oneof![4 => power, 1 => condition, 1 => relating, 1 => system, 1 => gear, 1 => upgrade, 1 => power_rules, 1 => procedure, 1 => world]
}

fn rule_file() -> impl Strategy<Value = String> {
    (prop::collection::vec((block(), any::<bool>(), any::<bool>()), 1..6)).prop_map(|blocks| {
        blocks
            .into_iter()
            .map(|(block, comment, blank)| {
                let block = if blank { block.replace('\n', "\n\n") } else { block };
                if comment { format!("# a comment\n{block}  # trailing") } else { block }
            })
            .collect::<Vec<_>>()
            .join("\n\n")
    })
}

/// Fragments that collide in interesting ways: headers, labels, brackets, multi-byte text.
const TOKENS: &[&str] = &[
    "power X\n",
    "system S\nStats: A\n",
    "check C\n",
    "condition D\n",
    "actor Z\n",
    "armour Q\n",
    "Cost: ",
    "choose 1-",
    "Result 2: ",
    "Target: ",
    "Keywords: ",
    "Trigger: ",
    "Stats: ",
    "Modifiers: ",
    "Dice: ",
    "Critical: natural in ",
    "18-20",
    "Success: ",
    "Resource R: ",
    "Hardness: ",
    "Duration: ",
    "Stacking: ",
    "Grants: ",
    "Includes: ",
    "Forbids: ",
    "Keyword A: ",
    "Per turn: ",
    "Stance ends: ",
    " vs Source",
    "damage taken of [Type] - ",
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "\u{e9}",
    "\u{3000}",
    " ",
    "\n",
    "\r\n",
    "'s ",
    "d6",
    "1",
    "0",
    "99999999999999999999",
    "2.5",
    "+",
    "-",
    "*",
    "/",
    ">=",
    "#",
    "\"",
    "include \"",
    ";",
    ",",
    "and ",
    "or ",
    "Target is ",
    "up to ",
    "apply ",
    "for ",
    "until ",
    "Grade",
    "Weapon",
    "Max HP",
    "min(",
    "script ",
    "has keyword ",
    "moves ",
    "never; ",
    "per ",
    "reset to ",
    "at ",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn generated_rule_files_round_trip(text in rule_file()) {
        let (_, has_error) = parse(&text);
        prop_assert!(!has_error, "generated text should parse:\n{}", text);
        assert_round_trip(&text, "generated");
    }

    #[test]
    fn arbitrary_text_never_panics(text in "[ -~\n\\[\\]]{0,300}") {
        let (file, _) = parse(&text);
        let _ = format_file(&file);
        let pack = mythforge::model::Pack { files: vec![file] };
        let _ = mythforge::check::check_pack(&pack);
    }

    #[test]
    fn arbitrary_unicode_after_a_header_never_panics(body in "[^\n\r]{0,80}", kind in prop::sample::select(&["power", "system", "check", "condition", "actor", "armour"][..])) {
        let labels = ["Cost", "Result 2", "Target", "Threshold", "Check", "Trigger", "Stats", "Resource HP", "Modifiers", "Stacking", "Dice", "Success", "Hardness", "Duration", "Keywords"];
        let lines: Vec<String> = labels.iter().map(|label| format!("{label}: {body}")).collect();
        let text = format!("system S\nStats: A\n\n{kind} X\n{body}\n{}", lines.join("\n"));
        let (file, _) = parse(&text);
        let _ = format_file(&file);
        let pack = mythforge::model::Pack { files: vec![file] };
        let _ = mythforge::check::check_pack(&pack);
    }

    #[test]
    fn token_soup_never_panics_and_clean_files_round_trip(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..40)) {
        let text: String = tokens.concat();
        let (file, has_error) = parse(&text);
        let printed = format_file(&file);
        let _ = mythforge::check::check_pack(&mythforge::model::Pack { files: vec![file] });
        if !has_error {
            let (again, again_error) = parse(&printed);
            prop_assert!(!again_error, "the canonical form does not parse:\n{}", printed);
            prop_assert_eq!(format_file(&again), printed);
        }
    }
}

#[test]
fn names_with_reserved_words_print_quoted_where_bare_words_would_not_read_back() {
    let text = "power Bastion of Defense\nTarget: Self\nResult: apply \"Guard of Stone\" to Self\n\nactor Ragweed\nPowers: Bastion of Defense, \"Learning from Failure\", Interpose\n";
    let (file, has_error) = parse(text);
    assert!(!has_error);
    let printed = format_file(&file);
    assert_eq!(
        printed,
        "power Bastion of Defense\nTarget: Self\nResult: Self is \"Guard of Stone\"\n\nactor Ragweed\nPowers: \"Bastion of Defense\", \"Learning from Failure\", Interpose\n"
    );
    assert_round_trip(text, "reserved-word names");
    let text = "power Spore Burst\nThreshold: 10\nCheck: Defense + Health by Target\n";
    let (file, _) = parse(text);
    assert_eq!(
        format_file(&file),
        "power Spore Burst\nThreshold: 10\nCheck: [Defense + Health] by Target\n"
    );
    assert_round_trip(text, "check by Target");
}

#[test]
fn a_threshold_with_a_wide_character_where_set_by_gm_would_end_is_no_panic() {
    // "set by G" is 8 bytes; the next character spans bytes 8..12, across the 9-byte prefix.
    let text = "system S\nStats: A\n\npower X\nThreshold: set by G\u{52ef9}M\n";
    let (file, has_error) = parse(text);
    // Not a GM-set threshold: an ordinary one, whose text is not an expression.
    assert!(has_error);
    assert!(format_file(&file).contains("power X"));
}
