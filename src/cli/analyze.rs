//! `mythforge analyze QUESTION...`: exact odds of rules. The setup (packs, rule files, a
//! setup session file, actors, `--set` inputs, policies) runs first; the question's session
//! commands are then explored over every way the dice can fall. Prints a table with a bar
//! chart per measure, or JSON, or CSV; `--vary` sweeps inputs, `--compare` and
//! `--compare-policy` put versions side by side, `--svg` draws a chart.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::analyze::{Axis, Options, Report, Scenario, StatSetting, Sweep, render, svg, sweep};
use crate::diagnostics::{Diagnostic, SourceMap};

const EXAMPLES: &str = "\
Examples:
  mythforge analyze --pack my-pack --actors 'Hero, Bandit' \\
      'Hero uses Heavy Strike on Bandit with weapon Longsword'
  mythforge analyze --pack my-pack --actors 'Hero, Bandit' --set \"Hero's CP=8\" \\
      --times 2 'Hero uses Heavy Strike on Bandit with weapon Longsword'
  mythforge analyze --pack my-pack --actors 'Hero, Bandit' \\
      --vary \"Bandit's Defense\" 8..16 --vary \"Hero's Strength\" 0..5 --svg heat.svg \\
      'Hero uses Heavy Strike on Bandit with weapon Longsword'
  mythforge analyze --setup fight.session --compare house.rules 'Ana uses Jab on Bo' --json

The question is session commands (one per argument, or one per line of --question FILE),
run with the pack's own rules. Every way the dice can fall is explored (exact within
1e-12); past --budget runs the question is sampled instead (--samples, --seed), and the
report says so. Measures: each check's outcome, damage per target, every resource and
condition that can change, P(a damaged resource at 0 or less), refusals.";

/// Arguments of `mythforge analyze`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub(crate) struct AnalyzeArgs {
    /// The question: session commands, one per argument.
    question: Vec<String>,
    /// A file of question commands, one per line (added after the arguments).
    #[arg(long, value_name = "FILE")]
    question_file: Option<PathBuf>,
    /// Load a pack (built-in, or `rules/NAME` here) before the setup.
    #[arg(long, value_name = "NAME")]
    pack: Vec<String>,
    /// Load a rule file or folder before the setup.
    #[arg(long, value_name = "PATH")]
    rules: Vec<PathBuf>,
    /// A session file run before the question (actors, positions, conditions, policies).
    #[arg(long, value_name = "FILE")]
    setup: Option<PathBuf>,
    /// A setup command, such as `-e 'place Ana at 0,0'` (after --setup).
    #[arg(short = 'e', long = "do", value_name = "COMMAND")]
    commands: Vec<String>,
    /// Actors from the stat blocks of the same names: `--actors "Hero, Bandit"`.
    #[arg(long, value_name = "NAMES")]
    actors: Vec<String>,
    /// Set a stat or resource after the setup: `--set "Hero's CP=8"`.
    #[arg(long, value_name = "ACTOR's NAME=N")]
    set: Vec<String>,
    /// Run the question this many times in a row.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    times: u32,
    /// Sweep an input over a range (up to twice): `--vary "Bo's Defense" 8..16`.
    #[arg(long, num_args = 2, value_names = ["INPUT", "RANGE"])]
    vary: Vec<String>,
    /// A second rule version: a house-rule file or folder loaded on top of the rules.
    #[arg(long, value_name = "PATH")]
    compare: Option<PathBuf>,
    /// A second rule version: this pack instead of the first --pack.
    #[arg(long, value_name = "NAME")]
    compare_pack: Option<String>,
    /// Compare decision policies: `--compare-policy second-die=always,never,if-better`.
    #[arg(long, value_name = "KIND=NAMES")]
    compare_policy: Option<String>,
    /// A decision policy, `KIND=NAME` (`second-die=always`).
    #[arg(long, value_name = "KIND=NAME")]
    policy: Vec<String>,
    /// The measure sweeps, comparisons and charts show (default: the first one).
    #[arg(long, value_name = "NAME")]
    measure: Option<String>,
    /// Print the report as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the report as CSV (one row per outcome).
    #[arg(long)]
    csv: bool,
    /// Also write an SVG chart to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Most command runs spent exploring before sampling instead.
    #[arg(long, default_value_t = Options::default().budget)]
    budget: u64,
    /// Samples when the question is not explored.
    #[arg(long, default_value_t = Options::default().samples)]
    samples: u64,
    /// Seed of the samples and of the setup's dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sample even when exploring fits the budget.
    #[arg(long)]
    sample: bool,
    /// Most bytes each sampling thread's dice-path memo holds (0: off); for measuring.
    #[arg(long, hide = true)]
    memo_bytes: Option<usize>,
    /// Threads for sampling and sweeps (default: every core); results never depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs `mythforge analyze`.
pub(crate) fn run(args: AnalyzeArgs) -> ExitCode {
    match analyze(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Diagnostics(diagnostics, sources)) => super::report(&diagnostics, &sources),
        Err(Failure::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

enum Failure {
    Diagnostics(Vec<Diagnostic>, SourceMap),
    Usage(String),
}

impl From<crate::analyze::Refused> for Failure {
    fn from(refused: crate::analyze::Refused) -> Self {
        Failure::Diagnostics(refused.diagnostics, refused.sources)
    }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The setup text: packs, rule files, the setup file, actors, commands; `extra` goes after
/// the rules (a house-rule file), `pack` replaces the first --pack.
fn setup(
    args: &AnalyzeArgs,
    pack: Option<&str>,
    extra: Option<&PathBuf>,
) -> Result<String, Failure> {
    let mut text = String::new();
    for (index, name) in args.pack.iter().enumerate() {
        let name = if index == 0 { pack.unwrap_or(name) } else { name };
        text.push_str(&format!("load {name}\n"));
    }
    if args.pack.is_empty()
        && let Some(pack) = pack
    {
        text.push_str(&format!("load {pack}\n"));
    }
    for path in args.rules.iter().chain(extra) {
        text.push_str(&format!("load {}\n", quoted(&path.display().to_string())));
    }
    if let Some(path) = &args.setup {
        let file = std::fs::read_to_string(path).map_err(|error| {
            Failure::Usage(format!("cannot read `{}`: {error}", path.display()))
        })?;
        text.push_str(&file);
        if !file.ends_with('\n') {
            text.push('\n');
        }
    }
    for list in &args.actors {
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            text.push_str(&format!("actor {} from {}\n", quoted(name), quoted(name)));
        }
    }
    for command in &args.commands {
        text.push_str(command);
        text.push('\n');
    }
    for policy in &args.policy {
        let (kind, name) = policy
            .split_once('=')
            .ok_or_else(|| Failure::Usage(format!("--policy wants KIND=NAME, not `{policy}`")))?;
        text.push_str(&format!("policy {kind} {name}\n"));
    }
    Ok(text)
}

fn question(args: &AnalyzeArgs) -> Result<String, Failure> {
    let mut text = args.question.join("\n");
    if let Some(path) = &args.question_file {
        let file = std::fs::read_to_string(path).map_err(|error| {
            Failure::Usage(format!("cannot read `{}`: {error}", path.display()))
        })?;
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&file);
    }
    if text.trim().is_empty() {
        return Err(Failure::Usage(
            "no question: give session commands, such as 'Ana uses Jab on Bo'".into(),
        ));
    }
    Ok(text)
}

fn inputs(args: &AnalyzeArgs) -> Result<Vec<StatSetting>, Failure> {
    args.set
        .iter()
        .map(|text| {
            let (target, value) = text.rsplit_once('=').ok_or_else(|| {
                Failure::Usage(format!("--set wants \"ACTOR's NAME=N\", not `{text}`"))
            })?;
            let value: i64 = value
                .trim()
                .parse()
                .map_err(|_| Failure::Usage(format!("--set: `{value}` is not a whole number")))?;
            StatSetting::parse(target.trim(), value).map_err(Failure::Usage)
        })
        .collect()
}

fn analyze(args: &AnalyzeArgs) -> Result<(), Failure> {
    let threads = args.threads.unwrap_or_else(|| Options::all_cores().threads);
    let options = Options {
        budget: args.budget,
        samples: args.samples.max(1),
        seed: args.seed,
        threads,
        sample: args.sample,
        memo: args.memo_bytes.unwrap_or(Options::default().memo),
    };
    let set = inputs(args)?;
    let base = Scenario {
        setup: setup(args, None, None)?,
        question: question(args)?,
        repeat: args.times,
        working_directory: Some(PathBuf::from(".")),
    };
    // Versions to compare: the rules as given, then each alternative.
    let mut versions: Vec<(String, Scenario)> = vec![("as loaded".to_string(), base.clone())];
    if let Some(path) = &args.compare {
        let setup = setup(args, None, Some(path))?;
        versions.push((format!("with {}", path.display()), Scenario { setup, ..base.clone() }));
    }
    if let Some(pack) = &args.compare_pack {
        let setup = setup(args, Some(pack), None)?;
        versions.push((format!("pack {pack}"), Scenario { setup, ..base.clone() }));
    }
    if let Some(spec) = &args.compare_policy {
        let (kind, names) = spec.split_once('=').ok_or_else(|| {
            Failure::Usage(format!("--compare-policy wants KIND=A,B, not `{spec}`"))
        })?;
        versions = names
            .split(',')
            .map(|name| {
                let setup = format!("{}policy {kind} {}\n", base.setup, name.trim());
                (format!("{kind} {}", name.trim()), Scenario { setup, ..base.clone() })
            })
            .collect();
    }
    let axes = axes(args)?;
    if !axes.is_empty() {
        if versions.len() > 1 {
            return Err(Failure::Usage(
                "sweep one version at a time (drop --compare or --vary)".into(),
            ));
        }
        return print_sweep(args, &base, &set, &axes, &options);
    }
    let mut reports: Vec<(String, Report)> = Vec::new();
    let mut games = Vec::new();
    for (name, scenario) in &versions {
        let prepared = scenario.prepare(options.seed)?.with_inputs(&set)?;
        let again = || scenario.prepare(options.seed)?.with_inputs(&set);
        reports
            .push((name.clone(), crate::analyze::analyze_prepared(&prepared, &again, &options)?));
        games.push(prepared.game);
    }
    // What one version changes and another leaves as it was is shown for both.
    let every: Vec<crate::analyze::Measure> =
        reports.iter().flat_map(|(_, report)| report.measures.clone()).collect();
    if reports.len() > 1 {
        for ((_, report), game) in reports.iter_mut().zip(&games) {
            report.fill_unchanged(game, &every);
        }
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let text = if reports.len() == 1 {
        let report = &reports[0].1;
        if args.json {
            serde_json::to_string(report).unwrap_or_default() + "\n"
        } else if args.csv {
            render::csv(report)
        } else {
            render::text(report)
        }
    } else if args.json {
        let variants: Vec<serde_json::Value> = reports
            .iter()
            .map(|(name, report)| serde_json::json!({ "version": name, "report": report }))
            .collect();
        serde_json::json!({ "versions": variants }).to_string() + "\n"
    } else if args.csv {
        let mut text = render::csv_header(&["version".to_string()]);
        for (name, report) in &reports {
            text.push_str(&render::csv_rows(report, std::slice::from_ref(name)));
        }
        text
    } else {
        let named: Vec<(&str, &Report)> = reports.iter().map(|(n, r)| (n.as_str(), r)).collect();
        render::comparison_text(&named)
    };
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    if let Some(path) = &args.svg {
        let focus = focus(args, reports.iter().map(|(_, r)| r))?;
        let chart = if reports.len() == 1 {
            let measure = reports[0].1.measure(&focus).expect("the focus is a measure");
            svg::distribution(measure, &focus)
        } else {
            let named: Vec<(String, &Report)> =
                reports.iter().map(|(n, r)| (n.clone(), r)).collect();
            svg::versions(&named, &focus)
        };
        write_svg(path, chart)?;
    }
    Ok(())
}

fn axes(args: &AnalyzeArgs) -> Result<Vec<Axis>, Failure> {
    let axes: Vec<Axis> = args
        .vary
        .chunks(2)
        .map(|pair| {
            Axis::parse(&pair[0], pair.get(1).map_or("", String::as_str)).map_err(Failure::Usage)
        })
        .collect::<Result<_, _>>()?;
    if axes.len() > 2 {
        return Err(Failure::Usage("vary at most two inputs at once".into()));
    }
    Ok(axes)
}

/// The measure to chart: `--measure`, else the first one that is not a refusal.
fn focus<'a>(
    args: &AnalyzeArgs,
    reports: impl Iterator<Item = &'a Report> + Clone,
) -> Result<String, Failure> {
    let names: Vec<String> = reports
        .flat_map(|r| r.measures.iter().map(|m| (m.kind, m.name.clone())))
        .filter(|(kind, _)| *kind != crate::analyze::MeasureKind::Refused)
        .map(|(_, name)| name)
        .collect();
    match &args.measure {
        Some(name) if names.contains(name) => Ok(name.clone()),
        Some(name) => {
            let close = crate::diagnostics::did_you_mean(name, names.iter().map(String::as_str));
            let hint = close.map_or_else(
                || format!("measures: {}", names.join(", ")),
                |c| format!("did you mean `{c}`?"),
            );
            Err(Failure::Usage(format!("no measure `{name}`; {hint}")))
        }
        None => names
            .into_iter()
            .next()
            .ok_or_else(|| Failure::Usage("the question changes nothing to chart".into())),
    }
}

fn print_sweep(
    args: &AnalyzeArgs,
    base: &Scenario,
    set: &[StatSetting],
    axes: &[Axis],
    options: &Options,
) -> Result<(), Failure> {
    // `--set` inputs hold at every point; the axes vary on top of them.
    let result: Sweep = sweep(base, set, axes, options)?;
    let focus = focus(args, result.points.iter().map(|p| &p.report))?;
    let text = if args.json {
        serde_json::to_string(&result).unwrap_or_default() + "\n"
    } else if args.csv {
        render::sweep_csv(&result)
    } else {
        render::sweep_text(&result, &focus)
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    if let Some(path) = &args.svg {
        write_svg(path, svg::sweep(&result, &focus))?;
    }
    Ok(())
}

fn write_svg(path: &PathBuf, chart: Result<String, String>) -> Result<(), Failure> {
    let chart = chart.map_err(Failure::Usage)?;
    std::fs::write(path, chart)
        .map_err(|error| Failure::Usage(format!("cannot write `{}`: {error}", path.display())))
}
