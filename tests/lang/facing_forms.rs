//! The defence gate `within N degrees of facing` in the language: it reads into the model
//! (any amount, between the keyword gate and the count), prints back as written, and `check`
//! refuses what cannot be an arc (dice, a number outside 0 to 360, an unknown name) and a
//! line it cannot read, each at the words with a hint.

use mythforge::diagnostics::{Diagnostic, SourceMap};
use mythforge::model::effect::Amount;
use mythforge::model::{BlockBody, Pack, PowerLine};

const HEAD: &str = "system Shields
Stats: Melee, Shield Skill
Resource Health: max 30
Default check: Versus
Armour fields: Facing number

check Versus
Method: versus
Dice: d20
Tie: defender

armour Buckler
Protection: 0
Facing: 60

power Strike
Target: Enemy in 1
Check: [Melee] versus a defence
Result: 1 damage
Keywords: Melee

power Shield Block
";

fn read(defence: &str) -> (Pack, SourceMap, Vec<Diagnostic>) {
    let text = format!("{HEAD}Defence: {defence}\nCheck: [Shield Skill]\n");
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "shields.rules", &text);
    (Pack { files: vec![file] }, sources, diagnostics)
}

fn spec(pack: &Pack) -> mythforge::model::defence::DefenceSpec {
    let block = pack.blocks().last().unwrap();
    let BlockBody::Power(lines) = &block.node.body else { panic!() };
    let PowerLine::Defence(spec) = &lines[0].node else { panic!("{:?}", lines[0]) };
    spec.clone()
}

#[test]
fn the_arc_reads_any_amount_and_prints_back_as_written() {
    for line in [
        "any, within [Armour Facing] degrees of facing",
        "unless vs Melee, within 120 degrees of facing, 2 per weapon per round",
        "any, within [max(Armour Facing, 60)] degrees of facing, 1 per turn",
    ] {
        let (pack, _, diagnostics) = read(line);
        assert!(diagnostics.is_empty(), "{line}: {diagnostics:#?}");
        assert!(mythforge::check::check_pack(&pack).is_empty(), "{line}");
        let spec = spec(&pack);
        assert!(spec.arc.is_some(), "{line}");
        assert_eq!(spec.to_string(), line);
        let printed = mythforge::model::format_file(&pack.files[0]);
        assert!(printed.contains(&format!("Defence: {line}\n")), "{printed}");
    }
    let (pack, _, _) = read("unless vs Melee, within 120 degrees of facing, 2 per turn");
    let spec = spec(&pack);
    assert!(matches!(spec.arc, Some(Amount::Number(_))));
    assert_eq!(spec.limit.map(|limit| limit.node), Some(2));
    assert!(spec.gate.is_some_and(|gate| gate.negated));
}

#[test]
fn check_refuses_dice_and_numbers_outside_a_circle_at_the_arc() {
    let (pack, sources, diagnostics) = read("any, within 2d6 degrees of facing");
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::defence");
    assert_eq!(found[0].message, "a facing arc of `2d6` is a roll, not degrees");
    assert_eq!(sources.slice(found[0].primary_span()), "2d6");
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "an arc is 0 to 360 degrees wide, centred on the holder's facing: `within 120 \
             degrees of facing`, `within [Armour Facing] degrees of facing`"
        )
    );
    let (pack, sources, _) = read("any, within 400 degrees of facing");
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "a facing arc of 400 degrees is not 0 to 360");
    assert!(sources.slice(found[0].primary_span()).starts_with("Defence: any, within 400"));
}

#[test]
fn check_refuses_an_unknown_name_in_the_arc_naming_the_fields() {
    let (pack, sources, diagnostics) = read("any, within [Armour Facng] degrees of facing");
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let found = mythforge::check::check_pack(&pack);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(sources.slice(found[0].primary_span()), "Armour Facng");
    assert_eq!(found[0].message, "unknown stat `Armour Facng`");
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "the system declares these armour fields: Facing (a record's entry follows its \
             field: `Fast Damage`)"
        )
    );
}

#[test]
fn an_arc_that_is_no_amount_or_out_of_place_is_unreadable() {
    let (_, sources, diagnostics) = read("any, within wide open degrees of facing");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0].message, "could not read this `Defence` line");
    assert_eq!(sources.slice(diagnostics[0].primary_span()), "wide open");
    let (_, sources, diagnostics) = read("any, 2 per turn, within 60 degrees of facing");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0].message, "could not read this `Defence` line");
    assert_eq!(
        sources.slice(diagnostics[0].primary_span()),
        "any, 2 per turn, within 60 degrees of facing"
    );
}
