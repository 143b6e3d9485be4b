//! `mythforge roll EXPR`: rolls a dice expression with a seeded roller and prints every
//! die (kept, dropped, exploded, rerolled and forced marked) and the total, as text or one
//! JSON document per roll; `--stats` streams many rolls into summary statistics without
//! storing them. Without `--seed`, a seed is drawn from entropy and printed for replay.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use crate::dice::{DiceExpr, DieRoll, Roll, Roller};
use crate::session::transcript::describe_roll;

const EXAMPLES: &str = "\
Examples:
  mythforge roll 4d6kh3                  roll four d6 and keep the highest three
  mythforge roll '{3d10+3}cs>=9'         count dice that reach 9 after adding 3 to each
  mythforge roll 5d6xcs>=4 --seed 7      exploding sixes, count 4+; replayable with the seed
  mythforge roll 1d20+5 --dice 14        use the die you rolled at the table
  mythforge roll 3d10 --times 1000000 --stats
                                         summary statistics of a million rolls

Marks: `!` exploded, `d` dropped, `r` rerolled (replaced by the next die), `f` forced.";

/// Arguments of `mythforge roll`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub(crate) struct RollArgs {
    /// The dice expression, such as `2d6+3`, `4d6kh3` or `{3d10+3}cs>=9`.
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Seed of the random stream (the same seed gives the same rolls); drawn from entropy
    /// and printed when not given.
    #[arg(long)]
    seed: Option<u64>,
    /// How many times to roll.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    times: u64,
    /// Print count, mean, standard deviation, minimum, maximum and a histogram instead of
    /// each roll.
    #[arg(long)]
    stats: bool,
    /// Print one JSON document per line.
    #[arg(long)]
    json: bool,
    /// Faces to use for the first dice instead of random ones, such as `8,6,1`.
    #[arg(long, value_delimiter = ',')]
    dice: Vec<u32>,
}

/// One roll as JSON: `{"expr": ..., "seed": ..., "total": ..., "dice": [...]}`.
#[derive(Serialize)]
struct RollJson<'a> {
    expr: &'a str,
    seed: u64,
    total: i64,
    dice: &'a [DieRoll],
}

/// `--stats --json`: `{"expr", "seed", "count", "mean", "std_dev", "min", "max"}`.
#[derive(Serialize)]
struct StatsJson<'a> {
    expr: &'a str,
    seed: u64,
    count: u64,
    mean: f64,
    std_dev: f64,
    min: i64,
    max: i64,
}

/// Runs `mythforge roll`.
pub(crate) fn run(args: RollArgs) -> ExitCode {
    let expression = match DiceExpr::parse(&args.expression) {
        Ok(expression) => expression,
        Err(error) => return super::report_dice_error(&args.expression, &error),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut roller = Roller::new(seed);
    roller.force(args.dice.iter().copied());
    let mut session = Session { args: &args, expression, roller, seed };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = if args.stats { session.stats(&mut out) } else { session.each_roll(&mut out) };
    // A closed pipe (`| head`) is not an error worth reporting.
    let _ = out.flush();
    if let Err(code) = result {
        return code;
    }
    let unused = session.roller.forced().len();
    if unused > 0 {
        eprintln!("note: {unused} forced dice were not used");
    }
    ExitCode::SUCCESS
}

/// One invocation: the parsed expression and the seeded roller it rolls with.
struct Session<'a> {
    args: &'a RollArgs,
    expression: DiceExpr,
    roller: Roller,
    seed: u64,
}

impl Session<'_> {
    /// Rolls `--times` times, printing each roll.
    fn each_roll(&mut self, out: &mut impl Write) -> Result<(), ExitCode> {
        let (args, seed) = (self.args, self.seed);
        if !args.json {
            let _ = writeln!(out, "seed {seed}");
        }
        let mut roll = Roll::default();
        for _ in 0..args.times {
            if let Err(error) = self.roller.roll_into(&self.expression, &mut roll) {
                let _ = out.flush();
                return Err(super::report_dice_error(&args.expression, &error));
            }
            let written = if args.json {
                let document =
                    RollJson { expr: &args.expression, seed, total: roll.total, dice: &roll.dice };
                serde_json::to_string(&document).map(|line| writeln!(out, "{line}"))
            } else {
                Ok(writeln!(out, "{}", self.describe(&roll)))
            };
            if !matches!(written, Ok(Ok(()))) {
                break;
            }
        }
        Ok(())
    }

    /// Rolls `--times` times into a [`Summary`] (nothing stored per roll) and prints it.
    fn stats(&mut self, out: &mut impl Write) -> Result<(), ExitCode> {
        let mut summary = Summary::new();
        let mut roll = Roll::default();
        for _ in 0..self.args.times {
            if let Err(error) = self.roller.roll_into(&self.expression, &mut roll) {
                return Err(super::report_dice_error(&self.args.expression, &error));
            }
            summary.add(roll.total);
        }
        summary.print(self.args, self.seed, out);
        Ok(())
    }
}

impl Session<'_> {
    /// One roll as a line. Unlike a session transcript, nothing above the line echoes the
    /// expression, so it is shown unless it is just its one term: `4d6kh3` reads
    /// `9  4d6kh3 [1d 4 4 1]` while `1d20+3>=10` keeps its comparison visible.
    fn describe(&self, roll: &Roll) -> String {
        let line = describe_roll(&self.expression, roll);
        let whole = self.expression.to_string();
        match self.expression.terms().as_slice() {
            [only] if only.to_string() == whole => line,
            _ => match line.split_once("  ") {
                Some((total, dice)) => format!("{total}  {whole}  {dice}"),
                None => format!("{line}  {whole}"),
            },
        }
    }
}

/// Most histogram slots kept; wider results get no histogram (and no memory blow-up).
const HISTOGRAM_LIMIT: usize = 1 << 20;

/// Running count, mean and variance (Welford), extremes, and a dense histogram while the
/// range stays small.
struct Summary {
    count: u64,
    mean: f64,
    squares: f64,
    min: i64,
    max: i64,
    histogram: Option<Vec<u64>>,
}

impl Summary {
    fn new() -> Summary {
        Summary {
            count: 0,
            mean: 0.0,
            squares: 0.0,
            min: i64::MAX,
            max: i64::MIN,
            histogram: Some(Vec::new()),
        }
    }

    fn add(&mut self, value: i64) {
        self.count += 1;
        let delta = value as f64 - self.mean;
        self.mean += delta / self.count as f64;
        self.squares += delta * (value as f64 - self.mean);
        let previous_min = if self.count == 1 { value } else { self.min };
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        let Some(histogram) = &mut self.histogram else { return };
        if i128::from(self.max) - i128::from(self.min) >= HISTOGRAM_LIMIT as i128 {
            self.histogram = None;
            return;
        }
        if value < previous_min {
            histogram.splice(0..0, std::iter::repeat_n(0, (previous_min - value) as usize));
        }
        let slot = (value - self.min) as usize;
        if slot >= histogram.len() {
            histogram.resize(slot + 1, 0);
        }
        histogram[slot] += 1;
    }

    fn std_dev(&self) -> f64 {
        if self.count < 2 { 0.0 } else { (self.squares / (self.count - 1) as f64).sqrt() }
    }
}

impl Summary {
    /// Prints the summary as text (with a histogram when it is narrow) or as JSON.
    fn print(&self, args: &RollArgs, seed: u64, out: &mut impl Write) {
        let std_dev = self.std_dev();
        if args.json {
            let document = StatsJson {
                expr: &args.expression,
                seed,
                count: self.count,
                mean: self.mean,
                std_dev,
                min: self.min,
                max: self.max,
            };
            let _ = writeln!(out, "{}", serde_json::to_string(&document).unwrap_or_default());
            return;
        }
        let _ = writeln!(out, "seed {seed}");
        let _ = writeln!(
            out,
            "count {}  mean {:.4}  sd {std_dev:.4}  min {}  max {}",
            self.count, self.mean, self.min, self.max
        );
        let histogram = self.histogram.as_deref().filter(|h| h.len() <= 200).unwrap_or(&[]);
        let tallest = histogram.iter().copied().max().unwrap_or(1).max(1);
        for (offset, &hits) in histogram.iter().enumerate() {
            let share = hits as f64 / self.count as f64;
            let bar = super::dist::bar(hits as f64 / tallest as f64, 40);
            let value = self.min + offset as i64;
            let _ = writeln!(out, "{value:>6}  {:>8.4}%  {bar}", share * 100.0);
        }
    }
}
