//! `stop before this square` reads into its effect, prints as written (the cell word kept),
//! and `check` accepts it only where a walk can be under way: a `When <condition> is
//! applied` rule, a power or effects group such a rule runs, directly or through each
//! other. Everywhere else it is refused at the phrase, with the way to write it as the hint.

use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

const CODE: &str = "rules::check::stop_without_walk";

fn checked(text: &str) -> (SourceMap, Vec<mythforge::diagnostics::Diagnostic>, Pack) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "s.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let pack = Pack { files: vec![file] };
    let found = mythforge::check::check_pack(&pack);
    (sources, found, pack)
}

#[test]
fn the_phrase_prints_as_written_with_its_cell_word() {
    let text = "system S\nGrid: hex\nResource HP: max 9\nWhen Mire is applied: 2 damage; stop before this hex\n\n\
                condition Mire\n";
    let (_, found, pack) = checked(text);
    assert!(found.is_empty(), "{found:#?}");
    assert_eq!(mythforge::model::format_file(&pack.files[0]), text);
}

#[test]
fn where_entering_a_cell_runs_it_the_phrase_checks_clean() {
    let text = "system S\nGrid: square\nResource HP: max 9\nWhen Mire is applied: use Wade\n\
                When Bog is applied: do Sink; stop before this square\n\
                Effects Sink: use Flounder\n\n\
                condition Mire\n\ncondition Bog\n\n\
                power Wade\nTarget: Self\nResult: use Slip\n\n\
                power Slip\nTarget: Self\nResult: 1 damage; stop before this square\n\n\
                power Flounder\nTarget: Self\nResult: check HP vs 5; on failure: stop before this square\n";
    let (_, found, _) = checked(text);
    let refused: Vec<_> = found.iter().filter(|d| d.code == CODE).collect();
    assert!(refused.is_empty(), "{refused:#?}");
}

#[test]
fn where_no_walk_can_be_under_way_check_refuses_it_at_the_phrase() {
    let text = "system S\nGrid: square\nResource HP: max 9\n\
                On turn start: stop before this square\nWhen Mire ends: stop before this square\n\
                Effects Sink: stop before this square\nAt 3 HP: stop before this square\n\n\
                condition Mire\nEffect: stop before this square\n\n\
                power Leap\nTarget: Self\nResult: walk up to 2 squares; stop before this square\n";
    let (sources, found, _) = checked(text);
    let refused: Vec<(&str, &str)> = found
        .iter()
        .filter(|d| d.code == CODE)
        .map(|d| (d.message.as_str(), sources.slice(d.primary_span())))
        .collect();
    let phrase = "stop before this square";
    let lead = "`stop before this square` can never stop a walk here: ";
    let expected: Vec<(String, &str)> = [
        "this system rule does not run on entering a cell",
        "this system rule does not run on entering a cell",
        "no rule run by entering a cell runs this effects group",
        "an `At` line runs when a resource is reached, not on entering a cell",
        "a condition's effect runs with no walk under way",
        "no `When ... is applied` rule uses this power, so it runs with no walk under way",
    ]
    .into_iter()
    .map(|why| (format!("{lead}{why}"), phrase))
    .collect();
    let expected: Vec<(&str, &str)> = expected.iter().map(|(m, p)| (m.as_str(), *p)).collect();
    assert_eq!(refused, expected);
    let help = found.iter().find(|d| d.code == CODE).and_then(|d| d.help.clone());
    assert_eq!(
        help.as_deref(),
        Some(
            "stop a walk from a rule run by entering a cell: `When Mire is applied: use Wade` \
             in the system, and `Result Fail: stop before this square` on power Wade"
        )
    );
}
