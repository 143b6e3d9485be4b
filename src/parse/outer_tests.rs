//! The hand reader of a file's outer structure against the pest grammar it follows: the
//! same items on every rule file in the repository, on lines chosen for the grammar's
//! corners, and on generated lines; and it leaves to pest what it does not follow.

use proptest::prelude::*;

use super::outer::{Outer, plain_items, with_pest};

/// An item as comparable text (house items, which only pest reads, by their text).
fn key(item: &Outer<'_>) -> String {
    match item {
        Outer::Include { span, string, inner } => format!("include {span:?} {string:?} {inner}"),
        Outer::Header { span, kind, name } => format!("header {span:?} {kind:?} {name:?}"),
        Outer::Notation { span, label, text } => format!("notation {span:?} {label:?} {text:?}"),
        Outer::House(pair) => format!("house {}", pair.as_str()),
    }
}

/// The hand reader's items when it reads `text`, asserted equal to pest's.
fn same(text: &str) -> Option<Vec<String>> {
    let plain: Vec<String> = plain_items(text)?.iter().map(key).collect();
    let pest = with_pest(text).unwrap_or_else(|error| panic!("pest refuses {text:?}: {error}"));
    assert_eq!(plain, pest.iter().map(key).collect::<Vec<_>>(), "{text:?}");
    Some(plain)
}

fn rule_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rule_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rules") {
            out.push(path);
        }
    }
}

#[test]
fn every_rule_file_reads_the_same_by_hand() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["rules", "tests", "examples", "docs", "fuzz"] {
        rule_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "{}", files.len());
    let mut read = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let by_hand = same(&text);
        // Every shipped pack is plain: loading one never needs pest's outer parse.
        if path.starts_with(root.join("rules")) {
            assert!(by_hand.is_some(), "{} is not read by hand", path.display());
        }
        read += usize::from(by_hand.is_some());
    }
    assert!(read * 10 > files.len() * 9, "{read} of {}", files.len());
}

#[test]
fn corners_of_the_grammar_read_the_same_or_go_to_pest() {
    let plain = [
        "",
        "\u{FEFF}power A\n",
        "# only a comment",
        "power Shield Bash\nCost: [Weapon + 1] CP\n",
        "power A\n\nCost: 1 CP\n\nResult: 2 damage # trailing\n",
        "include \"other.rules\"\n",
        "include\t\"a \\\" b \\\\ c\" # why\n",
        "system S\nRuling grade cap: 3\r\n",
        "armor Plate\nValue: 3",
        "armour  Plate   Mail \t # x\r\nValue:",
        "power A\nResult 2: x\nResult =0: y\nResult <2: z\nResult if [Margin >= 5]: w\n",
        "power A\nResult if [a [b] c] : x\nResult  if  [x]   : y # c\nif x: y\nCost:# c\n",
        "power A\nOn hit if: x\nWhen if [x]: z\nA-b'c d_e: [x]\n  \t Label :   text  \r",
        "power A: b\nweapon Sword (long)\nconditionx: y\ncheck Foo:bar\n",
        "power Ünïcode Name\nText: ä ö ü # ë\n",
        "power A\r\rCost: 1\r\n\r\n",
        "power A\nResult if Target is Dazed: x\nResult if an ally within 1 : y\nR if [a]b [c]: z\n",
    ];
    for text in plain {
        assert!(same(text).is_some(), "{text:?} goes to pest");
    }
    let to_pest = [
        "replace power A\nCost: 1\n",
        "house rules for mypack\n",
        "includes: x\n",
        "include \"a\\nb\"\n",
        "Ärger: x\n",
        "power A\nCöst: 1\n",
        "powerä A\n",
        "Shield Bash\n",
        "power\n",
        "power A # x\nCost 1 CP\n",
        "power Foo (x): y\n",
        "include other.rules\n",
        "power A\nWhen if [x: y\n",
    ];
    for text in to_pest {
        assert!(plain_items(text).is_none(), "{text:?} read by hand");
    }
}

/// Fragments lines are made of, the grammar's corners among them.
fn fragment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "power", "armour", "armor", "check", "include", "if", "Cost", "Result", "2", "=0", "<1",
        "[a]", "[a [b]]", "[", "]", ":", " ", "\t", "  ", "#", "# c", "\"x\"", "\\", "-", "'", "_",
        "x", "Name", "(y)", "\n", "\r", "\r\n", "ä", "replace", "house",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn generated_lines_read_the_same_by_hand(parts in prop::collection::vec(fragment(), 0..16)) {
        let text: String = parts.concat();
        if plain_items(&text).is_some() {
            same(&text);
        }
    }
}

/// The words of the grammar's `kind` rule, read from grammar/rules.pest.
fn grammar_kind_words() -> Vec<String> {
    super::pest_rule_literals(include_str!("../../grammar/rules.pest"), "kind")
}

#[test]
fn the_grammars_block_kinds_are_the_tables() {
    use crate::model::BlockKind;
    let mut table: Vec<String> = BlockKind::all_words().map(str::to_string).collect();
    let mut grammar = grammar_kind_words();
    table.sort();
    grammar.sort();
    assert_eq!(grammar, table, "grammar/rules.pest `kind` and model::BLOCK_KINDS differ");
    for word in BlockKind::all_words() {
        let text = format!("{word} Shield Bash\n");
        let pairs = with_pest(&text).unwrap_or_else(|e| panic!("`{word}`: {e:?}"));
        assert!(matches!(pairs.as_slice(), [Outer::Header { .. }]), "`{word}` opens no block");
        assert_eq!(plain_items(&text).map(|items| items.len()), Some(1), "`{word}` by hand");
    }
    // Near misses open nothing, for pest and the hand reader alike.
    for word in ["powr", "Power", "systems", "armours", "condition_", "feat-"] {
        let text = format!("{word} Shield Bash\n");
        assert!(with_pest(&text).is_err(), "`{word}` opens a block for pest");
        assert!(plain_items(&text).is_none(), "`{word}` opens a block by hand");
    }
}
