//! `[Damage Dealt]` (what an effect line's earlier damage took from its subject), a power's
//! `Roll:` line (one roll for the whole use, read as `[Roll]`) and `Self heals N`: they read
//! into the model, print canonically, and `check` refuses each where the runtime would have
//! nothing to give, at the name, with its own code.

use mythforge::diagnostics::SourceMap;
use mythforge::model::{BlockBody, Effect, EffectPart, Pack, PowerLine};

const SYSTEM: &str = "system Drain
Stats: Might, Level
Resource HP: max 20
Default check: Roll

check Roll
Method: total
Roll: 1d20+[Modifier]
";

const FORMS: &str = "power Drain
Target: Enemy
Threshold: 10
Check: [Might]
Roll: [1d6 + Level]
Result: [Roll] damage; Self heals [Roll]; when [Damage Dealt > 0]: Target is Dazed
Keywords: Spell

condition Dazed
";

/// The problems `check` finds in `SYSTEM` and `rules`, as (code, message, text at the
/// primary span).
fn check(rules: &str) -> Vec<(String, String, String)> {
    let text = format!("{SYSTEM}\n{rules}");
    let mut sources = SourceMap::new();
    let (file, mut diagnostics) =
        mythforge::parse::parse_source(&mut sources, "drain.rules", &text);
    let pack = Pack { files: vec![file] };
    diagnostics.extend(mythforge::check::check_pack(&pack));
    diagnostics
        .iter()
        .map(|d| {
            let span = d.primary_span();
            let at = text.get(span.start as usize..span.end as usize).unwrap_or("").to_string();
            (d.code.to_string(), d.message.clone(), at)
        })
        .collect()
}

fn parse(text: &str) -> Pack {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "drain.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    Pack { files: vec![file] }
}

#[test]
fn the_forms_read_into_their_model_and_print_canonically() {
    let pack = parse(FORMS);
    let printed = mythforge::model::format_file(&pack.files[0]);
    assert_eq!(printed, FORMS);
    let messy = FORMS.replace("Self heals [Roll]", "Self  HEALS [Roll]").replace(
        "when [Damage Dealt > 0]: Target is Dazed",
        "if [Damage Dealt>0]: apply Dazed to Target",
    );
    assert_eq!(mythforge::model::format_file(&parse(&messy).files[0]), printed);
    let power = pack.blocks().next().unwrap();
    let BlockBody::Power(lines) = &power.node.body else { panic!("power") };
    assert!(matches!(&lines[3].node, PowerLine::Roll(_)), "{:?}", lines[3].node);
    let PowerLine::Result { effects, .. } = &lines[4].node else { panic!("result") };
    let EffectPart::Effect(Effect::Heal { subject: Some(who), .. }) = &effects.parts[1].node else {
        panic!("heal: {:?}", effects.parts[1].node)
    };
    assert_eq!(who.node.as_str(), "Self");
    assert!(matches!(effects.parts[2].node, EffectPart::When { .. }));
}

#[test]
fn the_forms_check_clean_where_they_are_bound() {
    assert_eq!(check(FORMS), []);
}

#[test]
fn damage_dealt_is_refused_where_nothing_was_dealt_before_it_on_the_line() {
    let code = "rules::check::damage_dealt_unbound";
    let message = "`Damage Dealt` is read where nothing was dealt";
    // Before the damage on its line, in a Result gate, and on the next line.
    let found = check(
        "power Drain\nTarget: Enemy\nThreshold: 10\nCheck: [Might]\n\
         Result: gain [Damage Dealt] HP; 2 damage\n\
         Result if [Damage Dealt > 0]: 1 damage\nAfter: heal [Damage Dealt]\n",
    );
    let expected: Vec<(String, String, String)> = (0..3)
        .map(|_| (code.to_string(), message.to_string(), "Damage Dealt".to_string()))
        .collect();
    assert_eq!(found, expected);
    // A stat may not take the name.
    let renamed = SYSTEM.replace("Stats: Might, Level", "Stats: Might, Level, Damage Dealt");
    let mut sources = SourceMap::new();
    let (file, _) = mythforge::parse::parse_source(&mut sources, "x.rules", &renamed);
    let codes: Vec<String> = mythforge::check::check_pack(&Pack { files: vec![file] })
        .iter()
        .map(|d| d.code.to_string())
        .collect();
    assert_eq!(codes, ["rules::check::use_name_declared"]);
}

#[test]
fn roll_is_refused_without_a_roll_line_off_the_result_lines_and_twice() {
    let found = check(
        "power Jab\nTarget: Enemy\nResult: [Roll] damage\n\n\
         power Drain\nTarget: Enemy\nThreshold: [10 + Target's Might]\nCheck: [Might]\n\
         Roll: [1d6 + Target's Level]\nRoll: 1d4\nResult: [Roll] damage\nAfter: heal [Roll]\n",
    );
    let unbound = |why: &str| {
        (
            "rules::check::use_name_unbound".to_string(),
            format!("`Roll` is not known here: {why}"),
            "Roll".to_string(),
        )
    };
    let mut found = found;
    found.sort();
    let mut expected = vec![
        unbound("this has no `Roll:` line"),
        unbound("a power's `Roll:` is read on its Result and Effect lines only"),
        (
            "rules::check::roll_reads_target".to_string(),
            "a `Roll:` line reads `Target's Level`, which differs per target".to_string(),
            "Target's Level".to_string(),
        ),
        (
            "rules::check::second_roll".to_string(),
            "`Drain` has a second `Roll:` line".to_string(),
            "Roll: 1d4".to_string(),
        ),
    ];
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn a_roll_line_reads_nothing_that_differs_per_target() {
    let found = check(
        "power Zap\nTarget: Enemy\nThreshold: 10\nCheck: [Might]\n\
         Roll: [1d4 + Distance to Target + Grade + Level]\nResult: [Roll] damage\n",
    );
    let refused = |read: &str| {
        (
            "rules::check::roll_reads_target".to_string(),
            format!("a `Roll:` line reads `{read}`, which differs per target"),
            read.to_string(),
        )
    };
    assert_eq!(found, [refused("Distance to Target"), refused("Grade")]);
}

#[test]
fn heals_names_someone_the_engine_can_find() {
    let found = check("power Mend\nTarget: Enemy\nResult: Bob heals 2\n");
    assert_eq!(
        found,
        [(
            "rules::check::recipient".to_string(),
            "`Bob` names no one the engine can find to heal".to_string(),
            "Bob".to_string(),
        )]
    );
}
