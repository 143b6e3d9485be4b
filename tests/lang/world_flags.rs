//! World flags in the language (issue 19): `World: Day or Night; Warm or Cold` reads into
//! groups and prints as written, `the world is Night` is a test, `[Night]` a bracket on
//! effect lines; `check` refuses an undeclared flag (did-you-mean), a flag declared twice,
//! a group of one flag and a flag read in brackets where the runtime has no world.

use mythforge::diagnostics::{Diagnostic, SourceMap};
use mythforge::model::{Pack, SystemLine};

const FORMS: &str = "system Sky
Resource HP: max 9
World: Day or Night; Warm or Cold

condition Sunlit
While: the world is Day or not the world is Cold

power Glow
Target: Self
Result: when the world is Night: gain [Night + 1] HP
";

fn parsed(text: &str) -> (Pack, SourceMap, Vec<Diagnostic>) {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "sky.rules", text);
    (Pack { files: vec![file] }, sources, diagnostics)
}

fn refusals(text: &str) -> (Vec<Diagnostic>, SourceMap) {
    let (pack, sources, parsed) = parsed(text);
    assert!(parsed.is_empty(), "{parsed:#?}");
    (mythforge::check::check_pack(&pack), sources)
}

#[test]
fn the_forms_read_into_groups_check_clean_and_print_as_written() {
    let (pack, _, diagnostics) = parsed(FORMS);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert_eq!(mythforge::model::format_file(&pack.files[0]), FORMS);
    let groups: Vec<Vec<String>> = pack
        .system_lines()
        .find_map(|line| match &line.node {
            SystemLine::World(groups) => Some(
                groups
                    .iter()
                    .map(|group| group.iter().map(|flag| flag.node.as_str().to_string()).collect())
                    .collect(),
            ),
            _ => None,
        })
        .expect("a World line");
    assert_eq!(groups, [["Day", "Night"], ["Warm", "Cold"]]);
    assert!(mythforge::check::check_pack(&pack).is_empty());
}

#[test]
fn an_undeclared_flag_is_refused_at_the_flag_with_the_nearest_one() {
    let (found, sources) = refusals(
        "system S\nResource HP: max 9\nWorld: Day or Night\n\ncondition Dark\nWhile: the world is Nigth\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::world_flag");
    assert_eq!(found[0].message, "Nigth is not a world flag");
    assert_eq!(sources.slice(found[0].primary_span()), "Nigth");
    let at = sources.line_col(found[0].primary_span()).unwrap();
    assert_eq!((at.line, at.column), (6, 21));
    assert_eq!(found[0].help.as_deref(), Some("did you mean `Night`?"));
    // Without a `World:` line the help says how to declare one.
    let (found, _) =
        refusals("system S\nResource HP: max 9\n\ncondition Dark\nWhile: the world is Night\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        found[0].help.as_deref(),
        Some("declare flags in the system block: `World: Day or Night`")
    );
}

#[test]
fn a_flag_declared_twice_and_a_lone_flag_are_refused() {
    let (found, sources) =
        refusals("system S\nResource HP: max 9\nWorld: Day or Night; Night or Dawn\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "the world flag Night is declared twice");
    let at = sources.line_col(found[0].primary_span()).unwrap();
    assert_eq!((at.line, at.column), (3, 22));
    let (_, sources, parsed) = parsed("system S\nWorld: Day or Night; Raining\n");
    assert_eq!(parsed.len(), 1, "{parsed:#?}");
    assert_eq!(parsed[0].message, "could not read this `World` line");
    assert_eq!(sources.slice(parsed[0].primary_span()), "Raining");
    let label = parsed[0].labels.iter().find(|label| label.primary).unwrap();
    assert_eq!(label.message, "expected two or more flags of which one holds: `Day or Night`");
}

#[test]
fn a_flag_in_brackets_off_an_effect_line_is_refused_with_the_test_to_write() {
    let (found, sources) = refusals(
        "system S\nStats: Might\nResource HP: max 9\nWorld: Day or Night\n\ncondition Dark\nModifiers: +[Night] Might\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].message, "Night is a world flag: only effect lines read it in brackets");
    assert_eq!(sources.slice(found[0].primary_span()), "Night");
    assert_eq!(found[0].help.as_deref(), Some("test it as `the world is Night`"));
}

#[test]
fn the_world_has_no_keywords_and_wields_nothing() {
    let (found, _) = refusals(
        "system S\nResource HP: max 9\nWorld: Day or Night\n\ncondition Dark\nWhile: the world has keyword Night\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].help.as_deref(), Some("the world holds flags only: `the world is Night`"));
}

#[test]
fn a_flag_named_like_a_stat_is_refused_with_both_places() {
    let (found, sources) =
        refusals("system S\nStats: Night\nResource HP: max 9\nWorld: Day or Night\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].code, "rules::check::world_flag");
    assert_eq!(found[0].message, "the world flag Night has the name of a value actors hold");
    let at = sources.line_col(found[0].primary_span()).unwrap();
    assert_eq!((at.line, at.column), (4, 15));
    let stat = found[0].labels.iter().find(|label| !label.primary).unwrap();
    assert_eq!(sources.line_col(stat.span).map(|at| (at.line, at.column)), Some((2, 8)));
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "a bracket reads the actor's value first, so `[Night]` would never read the flag: rename one of them"
        )
    );
}
