//! Issue 17 items 1 and 2 in the language: `when [test]:`, `Effects X:` with `do X`,
//! recipients (`Target gains`, `each ally within N loses`), `set R to N`, `Resource X: min
//! -4`, `Bounds:` and `At N Resource:` read into the model, print canonically (parse, print,
//! parse is the identity), and misuse is refused by `check` with its own code.

use mythforge::diagnostics::SourceMap;
use mythforge::model::system::ResourceRule;
use mythforge::model::{BlockBody, Effect, EffectPart, Pack, PowerLine, Recipient, SystemLine};

const FORMS: &str = "system Flow
Stats: Might, Grace
Bounds: Might 1-6, Grace -3 to 3
Resource Marks: start 0; no max
Resource Stamina: max 4; min -4
Effects Carry: gain 1 Marks; when [Marks >= 6]: raise Might by 1; set Marks to 0
At 6 Marks: raise Might by 1; set Marks to -1
Resource Tension: world; start 0; max 6
Clock: 6 periods of 4 ticks

power Haul
Target: Enemy
Result: when [Target's Marks > 2 and Grade >= 1]: Target gains 2 Marks; do Carry
Result: each ally within [Grace + 2] loses 1 Stamina; Self gains 1 Marks
After: when [Clock Period >= 4]: advance the clock by 1 tick; gain 1 Tension
";

fn parse(text: &str) -> Pack {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "flow.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    Pack { files: vec![file] }
}

#[test]
fn the_new_forms_print_canonically_and_read_back_the_same() {
    let pack = parse(FORMS);
    let printed = mythforge::model::format_file(&pack.files[0]);
    assert_eq!(printed, FORMS, "the canonical form is the one written");
    let again = parse(&printed);
    assert_eq!(mythforge::model::format_file(&again.files[0]), printed);
    let messy = FORMS
        .replace(
            "when [Target's Marks > 2 and Grade >= 1]:",
            "WHEN  [Target's Marks>2 and Grade>=1] :",
        )
        .replace("Bounds: Might 1-6", "Bounds:  Might   1-6");
    assert_eq!(mythforge::model::format_file(&parse(&messy).files[0]), printed);
}

#[test]
fn the_forms_read_into_their_model() {
    let pack = parse(FORMS);
    let system: Vec<&SystemLine> = pack.system_lines().map(|line| &line.node).collect();
    let SystemLine::Bounds(bounds) = system[1] else { panic!("bounds: {:?}", system[1]) };
    let read: Vec<(String, i64, i64)> =
        bounds.iter().map(|b| (b.node.stat.node.to_string(), b.node.low, b.node.high)).collect();
    assert_eq!(read, [("Might".into(), 1, 6), ("Grace".into(), -3, 3)]);
    let SystemLine::Resource { rules, .. } = system[3] else { panic!("resource") };
    assert!(matches!(rules[1].node, ResourceRule::Min { negative: true, .. }));
    let SystemLine::Effects { name, effects } = system[4] else { panic!("effects") };
    assert_eq!(name.node.as_str(), "Carry");
    assert_eq!(effects.parts.len(), 2, "gain, then a when holding the rest of the line");
    let EffectPart::When { then, .. } = &effects.parts[1].node else { panic!("when") };
    assert_eq!(then.parts.len(), 2);
    let SystemLine::At { count, resource, effects } = system[5] else { panic!("at") };
    assert_eq!((*count, resource.node.as_str(), effects.parts.len()), (6, "Marks", 2));
    let power = pack.blocks().nth(1).unwrap();
    let BlockBody::Power(lines) = &power.node.body else { panic!("power") };
    let PowerLine::Result { effects, .. } = &lines[2].node else { panic!("result") };
    let EffectPart::Effect(Effect::Lose { recipient: Some(Recipient::Each { who, .. }), .. }) =
        &effects.parts[0].node
    else {
        panic!("each: {:?}", effects.parts[0].node)
    };
    assert_eq!(who.node.as_str(), "ally");
    let EffectPart::Effect(Effect::Gain { recipient: Some(Recipient::One(me)), .. }) =
        &effects.parts[1].node
    else {
        panic!("self")
    };
    assert_eq!(me.node.as_str(), "Self");
}

#[test]
fn check_refuses_each_misuse_with_its_own_code() {
    let path = std::path::PathBuf::from("tests/golden/rules/effect_flow_misuse.rules");
    let mut sources = SourceMap::new();
    let (pack, mut diagnostics) = mythforge::parse::load_pack(&[path], &mut sources);
    diagnostics.extend(mythforge::check::check_pack(&pack));
    let codes: Vec<(&str, String)> =
        diagnostics.iter().map(|d| (d.code.as_str(), d.message.clone())).collect();
    let expected = [
        ("rules::check::unknown_resource", "unknown resource `Markz`"),
        ("rules::check::unknown_group", "unknown effects group `Cary`"),
        ("rules::check::each_kind", "`each friend` names no kind of creature the engine selects"),
        ("rules::check::recipient", "`Bob` names no one the engine can find to gain or lose"),
        ("rules::check::duplicate_group", "the effects group `carry` is declared twice"),
        (
            "rules::check::group_cycle",
            "group `Carry` depends on itself: `Carry` → `Lift` → `Carry`",
        ),
        ("rules::check::group_cycle", "group `Lift` depends on itself: `Lift` → `Carry` → `Lift`"),
        ("rules::check::bounds_stat", "`Bounds` names `Marks`, which is not a stat"),
        ("rules::check::out_of_bounds", "Might 7 is outside its bounds (1 to 6)"),
    ];
    for (code, message) in expected {
        assert!(
            codes.iter().any(|(c, m)| *c == code && m == message),
            "missing {code}: {message}\n{codes:#?}"
        );
    }
    assert_eq!(codes.len(), expected.len(), "{codes:#?}");
}

#[test]
fn check_refuses_world_resources_where_the_runtime_has_no_world_value() {
    let path = std::path::PathBuf::from("tests/golden/rules/world_resource_misuse.rules");
    let mut sources = SourceMap::new();
    let (pack, mut diagnostics) = mythforge::parse::load_pack(&[path], &mut sources);
    diagnostics.extend(mythforge::check::check_pack(&pack));
    mythforge::check::sort_diagnostics(&mut diagnostics);
    let messages: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.code == "rules::check::world_resource")
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(
        messages,
        [
            "`start [Might]` on the world resource Tension: a world resource's start and bounds are plain numbers",
            "`reset to 0 at turn start` on the world resource Tension: turn moments are an actor's; the world's resource changes by effects",
            "Tension is a world resource: an `At` line counts an actor's resource",
            "Tension is a world resource: no actor pays it or gains it alone",
            "Tension is a world resource: only effect lines read it",
            "Clock Period is the world clock: only effect lines read it",
            "Tension is a world resource: no actor pays it or gains it alone",
            "Tension is a world resource: an actor does not hold it",
        ]
    );
}

#[test]
fn check_refuses_advancing_a_clock_the_system_does_not_declare() {
    let path = std::path::PathBuf::from("tests/golden/rules/no_clock.rules");
    let mut sources = SourceMap::new();
    let (pack, mut diagnostics) = mythforge::parse::load_pack(&[path], &mut sources);
    diagnostics.extend(mythforge::check::check_pack(&pack));
    let found: Vec<(&str, &str)> =
        diagnostics.iter().map(|d| (d.code.as_str(), d.message.as_str())).collect();
    assert_eq!(found, [("rules::check::no_clock", "the system has no world clock to advance")]);
}

#[test]
fn check_refuses_a_chosen_move_where_no_request_names_a_destination() {
    let text = "system S\nResource HP: max 9\nEffects Stride: walk up to 2 hexes\n\
                On turn start: walk 1 hexes\n\ncondition Crowded\nEffect: walk 1 hexes\n\n\
                condition Shoved\nEffect: push Self 1 hexes\n\npower Step\nTarget: Self\nResult: do Stride\n";
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "m.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let found = mythforge::check::check_pack(&Pack { files: vec![file] });
    let refusals: Vec<_> =
        found.iter().filter(|d| d.code == "rules::check::move_without_destination").collect();
    // The system rule's and the condition's walks: a push moves along a line, and an
    // effects group run by a power's use walks where the use names.
    let found: Vec<(&str, &str)> =
        refusals.iter().map(|d| (d.message.as_str(), sources.slice(d.primary_span()))).collect();
    assert_eq!(
        found,
        [
            (
                "a system rule's effect runs with no request, so this move has no destination",
                "walk 1 hexes"
            ),
            (
                "a condition's effect runs with no request, so this move has no destination",
                "walk 1 hexes"
            ),
        ]
    );
}

#[test]
fn check_refuses_an_effects_group_that_walks_where_no_request_names_a_destination() {
    // Drift walks through Sway; a condition runs Drift, a power runs Sway (fine: its use
    // names where), and a system rule runs Shove, which only pushes (fine).
    let text = "system S\nResource HP: max 9\nEffects Sway: walk 1 hexes\nEffects Drift: do Sway\n\
                Effects Shove: push Target 1 hexes\nOn turn start: do Shove\n\n\
                condition Dizzy\nEffect: do Drift\n\npower Step\nTarget: Self\nResult: do Sway\n";
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "m.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let found = mythforge::check::check_pack(&Pack { files: vec![file] });
    let found: Vec<(&str, &str, &str, &str)> = found
        .iter()
        .map(|d| {
            let help = d.help.as_deref().unwrap_or_default();
            (d.code.as_str(), d.message.as_str(), sources.slice(d.primary_span()), help)
        })
        .collect();
    assert_eq!(
        found,
        [(
            "rules::check::move_without_destination",
            "`do Drift` walks where a request names, and a condition's effect runs with no request",
            "Drift",
            "run the group from a power (`Result: do Drift`, used `to q,r`); here a push or pull \
             moves someone along a line"
        )]
    );
}

#[test]
fn check_refuses_an_effect_subject_the_engine_cannot_find() {
    // `apply ... to Bob` and `push Attacker` fell back to the target in silence.
    let text = "system S\nResource HP: max 9\n\ncondition Dazed\n\npower Zap\nTarget: Enemy\n\
                Result: apply Dazed to Bob; push Attacker 1 hexes; lay Dazed at Target\n";
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "m.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let found = mythforge::check::check_pack(&Pack { files: vec![file] });
    let found: Vec<(&str, &str, &str)> = found
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str(), sources.slice(d.primary_span())))
        .collect();
    assert_eq!(
        found,
        [
            ("rules::check::recipient", "`Bob` names no one the engine can find to apply", "Bob"),
            (
                "rules::check::recipient",
                "`Attacker` names no one the engine can find to push",
                "Attacker"
            ),
        ]
    );
}
