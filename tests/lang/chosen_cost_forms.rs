//! `Cost: choose 1-5 Vigor` as written: it parses to a chosen part, prints back canonically
//! (`mythforge fmt`), and `check` refuses what the runtime could not pay — dice or reversed
//! bounds, a bound reading the pick, a stance's chosen cost, two in one power, and `Chosen`
//! read where nothing is chosen — each at its line.

use std::path::Path;

use mythforge::diagnostics::{Diagnostic, FileId};
use mythforge::model::{BlockBody, Cost, Item, PowerLine, format_file};
use mythforge::runtime::Game;

const SYSTEM: &str = "\
system Chosen
Stats: Level
Resource Vigor: no max
Resource Focus: no max
";

fn parsed(text: &str) -> (String, Vec<Diagnostic>) {
    let (file, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    (format_file(&file), diagnostics)
}

#[test]
fn a_chosen_cost_parses_and_prints_back_canonically() {
    let text = "power Surge\nCost: choose 1-[Level + 1] Vigor + 2 Focus\n";
    let (file, diagnostics) = mythforge::parse::parse_file(FileId(0), Path::new("t.rules"), text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let Some(Item::Block(block)) = file.items.first() else { panic!("a block") };
    let BlockBody::Power(lines) = &block.node.body else { panic!("a power") };
    let PowerLine::Cost(Cost::Resources(parts)) = &lines[0].node else { panic!("a cost") };
    assert_eq!(parts[0].amount.to_string(), "1");
    assert_eq!(parts[0].up_to.as_ref().map(ToString::to_string).as_deref(), Some("[Level + 1]"));
    assert_eq!(parts[0].resource.node.as_str(), "Vigor");
    assert_eq!(parts[1].up_to, None);
    assert_eq!(format_file(&file), text);
    // Any case and spacing reads as the canonical form, which reads back the same.
    let (printed, _) = parsed("power Surge\nCost: Choose  2 - [Level]   Vigor\n");
    assert_eq!(printed, "power Surge\nCost: choose 2-[Level] Vigor\n");
    assert_eq!(parsed(&printed).0, printed);
}

#[test]
fn dice_bounds_are_a_parse_error_at_the_cost_text() {
    let text = "power Surge\nCost: choose 1d4-6 Vigor\n";
    let (_, diagnostics) = parsed(text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].code, "rules::parse::unexpected");
    assert_eq!(&text[diagnostics[0].primary_span().range()], "choose 1d4-6 Vigor");
    assert!(diagnostics[0].labels[0].message.contains("not dice"), "{:?}", diagnostics[0]);
    // Narration that merely says `choose` stays narration.
    let (_, diagnostics) = parsed("power Surge\nCost: choose a foe to owe you a favour\n");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
}

/// The errors `check` finds in `rules`, with the text each primary label points at.
fn refused(rules: &str) -> Vec<(Diagnostic, String)> {
    let errors = Game::new(1).load_source("t.rules", rules).expect_err("check refuses the pack");
    errors
        .into_iter()
        .filter(Diagnostic::is_error)
        .map(|d| {
            let at = rules[d.primary_span().range()].to_string();
            (d, at)
        })
        .collect()
}

fn one<'a>(errors: &'a [(Diagnostic, String)], code: &str, at: &str) -> &'a Diagnostic {
    let found: Vec<_> = errors.iter().filter(|(d, s)| d.code == code && s == at).collect();
    assert_eq!(found.len(), 1, "one `{code}` at `{at}` among {errors:#?}");
    &found[0].0
}

#[test]
fn reversed_bounds_and_a_bound_reading_the_pick_are_refused() {
    let rules = format!(
        "{SYSTEM}\npower Surge\nCost: choose 5-1 Vigor\nResult: narrate\n\n\
         power Flare\nCost: choose 1-[Chosen + 1] Vigor\nResult: narrate\n"
    );
    let errors = refused(&rules);
    let reversed = one(&errors, "rules::check::chosen_cost", "Cost: choose 5-1 Vigor");
    assert_eq!(reversed.message, "the chosen cost's least (5) is above its most (1)");
    assert_eq!(reversed.help.as_deref(), Some("write the least first: `choose 1-5 Vigor`"));
    let reads = one(&errors, "rules::check::chosen_cost", "Chosen");
    assert_eq!(reads.message, "a chosen cost's bound cannot read `Chosen`");
}

#[test]
fn a_stance_and_a_second_chosen_cost_are_refused() {
    let rules = format!(
        "{SYSTEM}\nstance Guard\nCost: choose 1-3 Vigor\n\n\
         power Surge\nCost: choose 1-3 Vigor\nCost: choose 1-2 Focus\nResult: narrate\n"
    );
    let errors = refused(&rules);
    let stance = one(&errors, "rules::check::chosen_cost", "Cost: choose 1-3 Vigor");
    assert_eq!(
        stance.message,
        "`Guard` cannot choose its cost: only a power's use picks an amount"
    );
    let second = one(&errors, "rules::check::chosen_cost", "Cost: choose 1-2 Focus");
    assert_eq!(second.message, "a power picks one chosen cost per use");
}

#[test]
fn chosen_read_where_nothing_is_chosen_is_refused_at_the_name() {
    let rules = format!("{SYSTEM}\npower Jab\nCost: 1 Vigor\nResult: [Chosen] damage\n");
    let errors = refused(&rules);
    let unbound = one(&errors, "rules::check::use_name_unbound", "Chosen");
    assert_eq!(unbound.message, "`Chosen` is not known here: this power's cost chooses no amount");
    // With a chosen cost it checks clean.
    let rules = format!(
        "{SYSTEM}Resource HP: max [Max HP]\nResource Max HP: no max\n\n\
         power Surge\nTarget: Self\nCost: choose 1-[Level] Vigor\nResult: [Chosen] damage\n"
    );
    let errors = Game::new(1).load_source("t.rules", &rules).err().unwrap_or_default();
    assert!(errors.iter().all(|d| !d.is_error()), "{errors:#?}");
}
