//! `mythforge analyze` as a user runs it: every `console` example of the Analysis chapter
//! (docs/src/analyze.md) is run and its output compared with what the chapter prints (a
//! `...` line stands for lines left out), its SVG charts are byte-identical to the ones the
//! chapter shows, and usage errors say what is wrong.

use std::path::{Path, PathBuf};

use crate::common::cli::run;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One example of the chapter: the command's words and the output it prints.
struct Example {
    words: Vec<String>,
    output: String,
}

/// The `console` blocks of `text`: a `$ ` command (continued by a trailing `\`), then its
/// output.
fn examples(text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line != "```console" {
            continue;
        }
        let mut command = String::new();
        let mut output = String::new();
        let mut continued = true;
        for line in lines.by_ref() {
            if line == "```" {
                break;
            }
            if continued {
                let line = line.strip_prefix("$ ").unwrap_or(line);
                continued = line.ends_with('\\');
                command.push_str(line.trim_end_matches('\\'));
                command.push(' ');
            } else {
                output.push_str(line);
                output.push('\n');
            }
        }
        found.push(Example { words: shell_words(&command), output });
    }
    found
}

/// Splits a command line as a POSIX shell does for the quoting the chapter uses: single
/// quotes keep everything, double quotes keep all but `\"` and `\\`.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' => words.extend(word.take()),
            '\'' => {
                let word = word.get_or_insert_with(String::new);
                word.extend(chars.by_ref().take_while(|c| *c != '\''));
            }
            '"' => {
                let word = word.get_or_insert_with(String::new);
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        other => word.push(other),
                    }
                }
            }
            other => word.get_or_insert_with(String::new).push(other),
        }
    }
    words.extend(word);
    words
}

/// Asserts `actual` holds the pieces of `expected` between `...` lines, in order, the first
/// at the start and (when the block does not end in `...`) the last at the end.
fn assert_output(command: &str, expected: &str, actual: &str) {
    let pieces: Vec<&str> = expected.split("...\n").collect();
    let mut rest = actual;
    for (index, piece) in pieces.iter().enumerate() {
        let at = if index == 0 { rest.starts_with(piece).then_some(0) } else { rest.find(piece) };
        let Some(at) = at else {
            panic!("`{command}` printed:\n{actual}\nwhich lacks, in order:\n{piece}")
        };
        rest = &rest[at + piece.len()..];
    }
    if pieces.len() == 1 || !pieces.last().is_some_and(|p| p.is_empty()) {
        assert!(rest.is_empty(), "`{command}` printed more than the chapter shows:\n{rest}");
    }
}

#[test]
fn the_analysis_chapter_shows_what_mythforge_prints() {
    let chapter = std::fs::read_to_string(root().join("docs/src/analyze.md")).unwrap();
    let examples = examples(&chapter);
    assert!(examples.len() >= 7, "the chapter's examples: {}", examples.len());
    let charts = Path::new(env!("CARGO_TARGET_TMPDIR")).join("analyze_charts");
    std::fs::create_dir_all(&charts).unwrap();
    let mut svgs = 0;
    for example in &examples {
        assert_eq!(example.words[0], "mythforge");
        let mut words = example.words[1..].to_vec();
        // An SVG goes to a scratch folder; the chapter shows it as docs/src/analyze-NAME.
        let mut chart: Option<(PathBuf, PathBuf)> = None;
        if let Some(at) = words.iter().position(|w| w == "--svg") {
            let name = words[at + 1].clone();
            let scratch = charts.join(&name);
            words[at + 1] = scratch.display().to_string();
            chart = Some((scratch, root().join(format!("docs/src/analyze-{name}"))));
        }
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let command = example.words.join(" ");
        let (code, stdout, stderr) = run(&args, "");
        assert_eq!(code, 0, "`{command}`: {stderr}");
        assert_output(&command, &example.output, &stdout);
        if let Some((scratch, shown)) = chart {
            let drawn = std::fs::read_to_string(&scratch).unwrap();
            assert!(drawn.starts_with("<svg "), "{drawn}");
            let shown_text = std::fs::read_to_string(&shown).unwrap_or_default();
            assert!(shown_text == drawn, "{} differs from what `{command}` draws", shown.display());
            assert!(chapter.contains(&format!(
                "(analyze-{})",
                scratch.file_name().unwrap().to_string_lossy()
            )));
            svgs += 1;
        }
    }
    assert_eq!(svgs, 2, "the chapter shows a heat map and a distribution chart");
}

#[test]
fn shell_words_follow_the_quoting_the_chapter_uses() {
    assert_eq!(
        shell_words(
            r#"analyze --actors "Itzel, The Inquisitor" 'check "Mira" Blades' "say \"hi\"""#
        ),
        ["analyze", "--actors", "Itzel, The Inquisitor", "check \"Mira\" Blades", "say \"hi\""]
    );
}

#[test]
fn usage_errors_say_what_is_wrong() {
    let charge = "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl";
    let base = ["analyze", "--pack", "mestezia", "--actors", "Itzel, The Inquisitor"];
    let with = |extra: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        args.push(charge);
        run(&args, "")
    };
    let (code, _, stderr) = with(&["--measure", "damage to The Inquisiter", "--svg", "/dev/null"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "error: no measure `damage to The Inquisiter`; did you mean `damage to The Inquisitor`?\n"
    );
    let (code, _, stderr) = with(&["--set", "Itzel's CP"]);
    assert_eq!(
        (code, stderr.as_str()),
        (2, "error: --set wants \"ACTOR's NAME=N\", not `Itzel's CP`\n")
    );
    let (code, _, stderr) = with(&["--vary", "Defense", "8..16"]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("error: `Defense` names no actor"), "{stderr}");
    // A question that does not parse is a diagnostic with its place (exit code 1).
    let (code, _, stderr) = run(&["analyze", "rol 1d6"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("unknown command `rol`"), "{stderr}");
    assert!(stderr.contains("did you mean `roll`?"), "{stderr}");
}
