//! `mythforge analyze` as a user runs it: the SVG charts the Analysis chapter
//! (docs/src/analyze.md) shows are byte for byte what its commands draw (its console
//! examples themselves are run by `guide.rs`), and usage errors say what is wrong.

use std::path::Path;

use crate::common::cli::run;

const CHARGE: &str = "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl";

#[test]
fn the_charts_of_the_analysis_chapter_are_what_its_commands_draw() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let chapter = std::fs::read_to_string(root.join("docs/src/analyze.md")).unwrap();
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("analyze_charts");
    std::fs::create_dir_all(&scratch).unwrap();
    let charts: [(&str, &[&str]); 2] = [
        (
            "heat.svg",
            &["--vary", "The Inquisitor's Defense", "8..16", "--vary", "Itzel's Strength", "0..5"],
        ),
        ("two-charges.svg", &["--set", "Itzel's CP=8", "--times", "2"]),
    ];
    for (name, extra) in charts {
        let measure = if name == "heat.svg" {
            "damage to The Inquisitor"
        } else {
            "The Inquisitor's HP at 0 or less"
        };
        let path = scratch.join(name);
        let path_text = path.display().to_string();
        let mut args = vec!["analyze", "--pack", "mestezia", "--actors", "Itzel, The Inquisitor"];
        args.extend_from_slice(extra);
        args.extend(["--measure", measure, "--svg", &path_text, CHARGE]);
        let (code, _, stderr) = run(&args, "");
        assert_eq!(code, 0, "{stderr}");
        let drawn = std::fs::read_to_string(&path).unwrap();
        assert!(drawn.starts_with("<svg "), "{drawn}");
        let shown = root.join(format!("docs/src/analyze-{name}"));
        let shown_text = std::fs::read_to_string(&shown).unwrap_or_default();
        assert!(shown_text == drawn, "{} is not what {args:?} draws", shown.display());
        // The chapter runs the same command and shows the chart.
        assert!(chapter.contains(&format!("--svg {name} ")), "{name}");
        assert!(chapter.contains(&format!("(analyze-{name})")), "{name}");
        // The same chart twice: no clock, no randomness in the file.
        run(&args, "");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), drawn);
    }
}

#[test]
fn usage_errors_say_what_is_wrong() {
    let base = ["analyze", "--pack", "mestezia", "--actors", "Itzel, The Inquisitor"];
    let with = |extra: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        args.push(CHARGE);
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
