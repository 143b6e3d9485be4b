//! `mythforge dist EXPR...`: exact probability distributions of several dice expressions in
//! one process, as a table with at-least / at-most columns, mean, standard deviation and a
//! bar chart, or as one JSON document per expression (`--json`). Estimates (expressions
//! beyond exact computation) are labelled with their sample size and 95% interval.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use crate::dice::{DiceExpr, Distribution, distribution};

const EXAMPLES: &str = "\
Examples:
  mythforge dist 2d6                     the classic triangle
  mythforge dist 4d6kh3 3d6              compare two ways to roll a stat
  mythforge dist '{3d10+3}cs>=9' 5d6xcs>=4
  mythforge dist '1d20+5 >= 15' --json   chance to hit, as {\"value\": 1, \"p\": ...}
  mythforge dist --json -- -1d4 2d6      expressions starting with `-` go after `--`

Probabilities are exact (within 1e-12). Explosions are followed until the remaining chance is
below 1e-15; what is cut off is reported as `truncated`. An expression beyond exact
computation is estimated from a seeded sample and marked `estimate`.";

/// Arguments of `mythforge dist`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub(crate) struct DistArgs {
    /// One or more dice expressions, such as `2d6` or `{3d10+3}cs>=9`.
    #[arg(required = true)]
    expressions: Vec<String>,
    /// Print one JSON document per expression, one per line.
    #[arg(long)]
    json: bool,
}

/// Runs `mythforge dist`.
pub(crate) fn run(args: DistArgs) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut code = ExitCode::SUCCESS;
    for (position, text) in args.expressions.iter().enumerate() {
        let computed = DiceExpr::parse(text).and_then(|expression| distribution(&expression));
        let dist = match computed {
            Ok(dist) => dist,
            Err(error) => {
                let _ = out.flush();
                code = super::report_dice_error(text, &error);
                continue;
            }
        };
        let written = if args.json {
            writeln!(out, "{}", to_json(text, &dist))
        } else {
            if position > 0 {
                let _ = writeln!(out);
            }
            table(&mut out, text, &dist)
        };
        if written.is_err() {
            break;
        }
    }
    let _ = out.flush();
    code
}

/// The DESIGN.md schema: `{"expr", "exact", "outcomes": [{"value", "p"}], "mean", ...}`,
/// keys in this order.
#[derive(Serialize)]
struct DistributionJson<'a> {
    expr: &'a str,
    exact: bool,
    outcomes: Vec<OutcomeJson>,
    mean: f64,
    std_dev: f64,
    truncated: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    samples: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    interval: Option<[f64; 2]>,
}

#[derive(Serialize)]
struct OutcomeJson {
    value: i64,
    p: f64,
}

fn to_json(text: &str, dist: &Distribution) -> String {
    let document = DistributionJson {
        expr: text,
        exact: dist.exact,
        outcomes: dist.outcomes.iter().map(|&(value, p)| OutcomeJson { value, p }).collect(),
        mean: dist.mean(),
        std_dev: dist.std_dev(),
        truncated: dist.truncated,
        samples: dist.samples,
        interval: dist.mean_interval().map(|(low, high)| [low, high]),
    };
    serde_json::to_string(&document).unwrap_or_default()
}

fn table(out: &mut impl Write, text: &str, dist: &Distribution) -> std::io::Result<()> {
    let kind = match dist.samples {
        None => "exact".to_string(),
        Some(samples) => format!("estimate from {samples} seeded samples"),
    };
    writeln!(out, "{text}  ({kind})")?;
    write!(out, "mean {:.4}  sd {:.4}", dist.mean(), dist.std_dev())?;
    if let Some((low, high)) = dist.mean_interval() {
        write!(out, "  95% interval of the mean {low:.4} .. {high:.4}")?;
    }
    if dist.truncated > 0.0 {
        write!(out, "  truncated {:.3e}", dist.truncated)?;
    }
    writeln!(out)?;
    writeln!(out, "{:>8}  {:>10}  {:>10}  {:>10}", "value", "p", "at least", "at most")?;
    let tallest = dist.outcomes.iter().map(|(_, p)| *p).fold(0.0, f64::max);
    let mass = dist.mass();
    let mut below = 0.0;
    for (value, p) in &dist.outcomes {
        let at_least = mass - below;
        below += p;
        let bar = bar(if tallest > 0.0 { p / tallest } else { 0.0 }, 40);
        writeln!(
            out,
            "{value:>8}  {:>10}  {:>10}  {:>10}  {bar}",
            percent(*p),
            percent(at_least),
            percent(below)
        )?;
    }
    Ok(())
}

/// `12.5000%`, or scientific notation for tiny probabilities.
fn percent(p: f64) -> String {
    if p != 0.0 && p < 1e-6 { format!("{p:.2e}") } else { format!("{:.4}%", p * 100.0) }
}

/// A bar of `width` cells filled to `fraction`, with eighth-cell precision.
pub(crate) fn bar(fraction: f64, width: usize) -> String {
    const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (fraction.clamp(0.0, 1.0) * (width * 8) as f64).round() as usize;
    let mut text = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        text.push(EIGHTHS[eighths % 8]);
    }
    text
}
