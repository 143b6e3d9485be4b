//! Reports as text: the table with a terminal bar chart for every measure, CSV (one row per
//! outcome), sweep tables with a terminal heat map, and two reports side by side with the
//! shift of every mean and probability. Strings only: the caller prints them.

use std::fmt::Write;

use super::report::{Measure, Report};
use super::sweep::Sweep;

/// A bar of `width` cells filled to `fraction`, with eighth-cell precision.
///
/// ```
/// use mythforge::analyze::render::bar;
/// assert_eq!(bar(0.5, 4), "██");
/// assert_eq!(bar(1.0 / 16.0, 2), "▏");
/// ```
pub fn bar(fraction: f64, width: usize) -> String {
    const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (fraction.clamp(0.0, 1.0) * (width * 8) as f64).round() as usize;
    let mut text = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        text.push(EIGHTHS[eighths % 8]);
    }
    text
}

/// `12.5000%`, or scientific notation for tiny probabilities.
pub fn percent(p: f64) -> String {
    if p != 0.0 && p.abs() < 1e-6 { format!("{p:.2e}") } else { format!("{:.4}%", p * 100.0) }
}

/// How the report was computed, in one line.
pub fn method(report: &Report) -> String {
    match report.samples {
        None => format!("exact ({} runs, {} leaves)", report.runs, report.leaves.unwrap_or(0)),
        Some(samples) => format!(
            "estimate from {samples} seeded samples (seed {}), 95% intervals",
            report.seed.unwrap_or(0)
        ),
    }
}

/// The whole report as text: per command its measures, then the state after the question,
/// each with mean, deviation and one bar per outcome.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", method(report));
    for note in &report.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let mut current: Option<Option<usize>> = None;
    for measure in &report.measures {
        if current != Some(measure.command) {
            current = Some(measure.command);
            let _ = writeln!(out);
            match measure.command {
                Some(command) => {
                    let written = report.question.get(command - 1).map_or("", String::as_str);
                    let _ = writeln!(out, "command {command}: {written}");
                }
                None => {
                    let _ = writeln!(out, "after the question");
                }
            }
        }
        out.push_str(&measure_text(measure));
    }
    out
}

/// One measure: a heading with mean and deviation, then `value  p  at least  at most  bar`.
pub fn measure_text(measure: &Measure) -> String {
    let mut out = String::new();
    let _ = write!(out, "  {}  mean {:.4}  sd {:.4}", measure.name, measure.mean, measure.sd);
    if let Some((low, high)) = measure.mean_interval {
        let _ = write!(out, "  (mean {low:.4} .. {high:.4})");
    }
    if let Some(before) = measure.before {
        let _ = write!(out, "  (was {before})");
    }
    let _ = writeln!(out);
    let tallest = measure.outcomes.iter().map(|o| o.p).fold(0.0, f64::max);
    let width =
        measure.outcomes.iter().map(|o| o.label.as_deref().map_or(0, str::len)).max().unwrap_or(0);
    let mut below = 0.0;
    let mass: f64 = measure.outcomes.iter().map(|o| o.p).sum();
    for outcome in &measure.outcomes {
        let at_least = mass - below;
        below += outcome.p;
        let label = outcome.label.as_deref().unwrap_or("");
        let interval = outcome
            .interval
            .map(|(low, high)| format!("  [{} .. {}]", percent(low), percent(high)))
            .unwrap_or_default();
        let fraction = if tallest > 0.0 { outcome.p / tallest } else { 0.0 };
        let _ = writeln!(
            out,
            "    {:>6} {label:<width$}  {:>10}  at least {:>10}  at most {:>10}  {}{interval}",
            outcome.value,
            percent(outcome.p),
            percent(at_least),
            percent(below),
            bar(fraction, 30),
        );
    }
    if measure.none > 0.0 {
        let _ = writeln!(out, "    {:>6} {:<width$}  {:>10}", "none", "", percent(measure.none));
    }
    out
}

/// Escapes a CSV field when it needs quotes.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The CSV header of [`csv_rows`], after `prefix` columns.
pub fn csv_header(prefix: &[String]) -> String {
    let mut columns: Vec<String> = prefix.iter().map(|c| field(c)).collect();
    columns.extend(
        ["command", "measure", "kind", "value", "label", "p", "p_low", "p_high", "mean", "sd"]
            .map(String::from),
    );
    columns.join(",") + "\n"
}

/// One CSV row per outcome of every measure, after the `prefix` values.
pub fn csv_rows(report: &Report, prefix: &[String]) -> String {
    let mut out = String::new();
    for measure in &report.measures {
        let kind = serde_json::to_value(measure.kind).ok();
        let kind = kind.as_ref().and_then(|k| k.as_str()).unwrap_or("");
        for outcome in &measure.outcomes {
            let mut row: Vec<String> = prefix.to_vec();
            row.push(measure.command.map_or_else(|| "end".to_string(), |c| c.to_string()));
            row.push(field(&measure.name));
            row.push(kind.to_string());
            row.push(outcome.value.to_string());
            row.push(field(outcome.label.as_deref().unwrap_or("")));
            row.push(format!("{}", outcome.p));
            let (low, high) = outcome
                .interval
                .map_or((String::new(), String::new()), |(l, h)| (l.to_string(), h.to_string()));
            row.push(low);
            row.push(high);
            row.push(format!("{}", measure.mean));
            row.push(format!("{}", measure.sd));
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    out
}

/// The report as CSV with its header.
pub fn csv(report: &Report) -> String {
    let mut out = csv_header(&[]);
    out.push_str(&csv_rows(report, &[]));
    out
}

/// A sweep as CSV: the axes' values, then the rows of each point's report.
pub fn sweep_csv(sweep: &Sweep) -> String {
    let names: Vec<String> = sweep.axes.iter().map(|axis| axis.label()).collect();
    let mut out = csv_header(&names);
    for point in &sweep.points {
        let prefix: Vec<String> = point.values.iter().map(i64::to_string).collect();
        out.push_str(&csv_rows(&point.report, &prefix));
    }
    out
}

/// The measures a sweep shows: every name that occurs at some point, in first-seen order.
pub fn sweep_measures(sweep: &Sweep) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for point in &sweep.points {
        for measure in &point.report.measures {
            if !names.contains(&measure.name) {
                names.push(measure.name.clone());
            }
        }
    }
    names
}

/// The value a sweep table shows for `name` at a point (P(yes) or the mean), if measured.
fn headline(report: &Report, name: &str) -> Option<f64> {
    report.measure(name).map(Measure::headline)
}

fn number(value: Option<f64>, probability: bool) -> String {
    match value {
        None => "-".to_string(),
        Some(p) if probability => percent(p),
        Some(mean) => format!("{mean:.4}"),
    }
}

fn is_probability(sweep: &Sweep, name: &str) -> bool {
    use super::report::MeasureKind;
    sweep.points.iter().filter_map(|p| p.report.measure(name)).any(|m| {
        matches!(m.kind, MeasureKind::AtZero | MeasureKind::Condition | MeasureKind::Refused)
    })
}

/// A sweep as a table: one row per point, one column per measure (P(yes) for yes/no
/// measures, else the mean), and a bar for `focus` (a measure name).
pub fn sweep_text(sweep: &Sweep, focus: &str) -> String {
    let mut out = String::new();
    let names = sweep_measures(sweep);
    let exact = sweep.points.iter().all(|p| p.report.exact);
    let _ = writeln!(
        out,
        "{} points, {}",
        sweep.points.len(),
        if exact {
            "every one exact".to_string()
        } else {
            "some estimated (see --json)".to_string()
        }
    );
    let _ = writeln!(out);
    for (index, name) in names.iter().enumerate() {
        let _ = writeln!(
            out,
            "  [{}] {}{}",
            index + 1,
            name,
            if is_probability(sweep, name) { " (P yes)" } else { " (mean)" }
        );
    }
    let _ = writeln!(out);
    let axes: Vec<String> = sweep.axes.iter().map(|a| a.label()).collect();
    // An axis column is as wide as its label (and a space), at least 12.
    let widths: Vec<usize> = axes.iter().map(|label| (label.chars().count() + 1).max(12)).collect();
    let mut header: String =
        axes.iter().zip(&widths).map(|(label, width)| format!("{label:>width$}")).collect();
    header.extend((1..=names.len()).map(|i| format!("{:>12}", format!("[{i}]"))));
    let _ = writeln!(out, "{header}");
    let values: Vec<Option<f64>> =
        sweep.points.iter().map(|p| headline(&p.report, focus)).collect();
    let top = values.iter().flatten().fold(0.0f64, |a, b| a.max(b.abs()));
    for (point, value) in sweep.points.iter().zip(&values) {
        let mut row: String =
            point.values.iter().zip(&widths).map(|(v, width)| format!("{v:>width$}")).collect();
        for name in &names {
            row.push_str(&format!(
                "{:>12}",
                number(headline(&point.report, name), is_probability(sweep, name))
            ));
        }
        let fraction = value.map_or(0.0, |v| if top > 0.0 { v.abs() / top } else { 0.0 });
        let _ = writeln!(out, "{row}  {}", bar(fraction, 24));
    }
    if sweep.axes.len() == 2 {
        out.push('\n');
        out.push_str(&heat_map(sweep, focus));
    }
    out
}

/// A two-axis sweep's `focus` measure as a terminal heat map: rows are the first axis,
/// columns the second, shades from light (lowest) to dark (highest).
pub fn heat_map(sweep: &Sweep, focus: &str) -> String {
    const SHADES: [char; 5] = [' ', '░', '▒', '▓', '█'];
    let mut out = String::new();
    let (Some(rows), Some(columns)) = (sweep.axes.first(), sweep.axes.get(1)) else { return out };
    let values: Vec<Option<f64>> =
        sweep.points.iter().map(|p| headline(&p.report, focus)).collect();
    let low = values.iter().flatten().fold(f64::INFINITY, |a, b| a.min(*b));
    let high = values.iter().flatten().fold(f64::NEG_INFINITY, |a, b| a.max(*b));
    let _ = writeln!(
        out,
        "{focus}: rows {}, columns {}; {} = {low:.4} .. {} = {high:.4}",
        rows.label(),
        columns.label(),
        SHADES[1],
        SHADES[4]
    );
    let _ = writeln!(
        out,
        "{:>8} {}",
        "",
        columns.values.iter().map(|v| format!("{v:>4}")).collect::<String>()
    );
    for (r, row_value) in rows.values.iter().enumerate() {
        let mut line = format!("{row_value:>8} ");
        for c in 0..columns.values.len() {
            let cell = values.get(r * columns.values.len() + c).copied().flatten();
            let shade = match cell {
                None => ' ',
                Some(v) if high > low => {
                    SHADES[1 + (((v - low) / (high - low)) * 3.0).round() as usize]
                }
                Some(_) => SHADES[2],
            };
            line.push_str(&format!("  {shade}{shade}"));
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Several reports side by side (each with its name), the first being the reference:
/// each measure's mean in every version and its shift from the first, then each outcome's
/// probability in every version and its shift (in percentage points).
pub fn comparison_text(versions: &[(&str, &Report)]) -> String {
    let mut out = String::new();
    let letter = |index: usize| char::from(b'A' + (index % 26) as u8);
    for (index, (name, report)) in versions.iter().enumerate() {
        let _ = writeln!(out, "{}: {name}  ({})", letter(index), method(report));
    }
    let mut names: Vec<(Option<usize>, String)> = Vec::new();
    for (_, report) in versions {
        for m in &report.measures {
            if !names.iter().any(|(_, n)| *n == m.name) {
                names.push((m.command, m.name.clone()));
            }
        }
    }
    for (command, name) in names {
        let measures: Vec<Option<&Measure>> =
            versions.iter().map(|(_, r)| r.measure(&name)).collect();
        let place =
            command.map_or_else(|| "after the question".to_string(), |c| format!("command {c}"));
        let _ = write!(out, "\n{name} ({place})  mean");
        let reference = measures[0];
        for (index, measure) in measures.iter().enumerate() {
            let mean = measure.map_or("-".to_string(), |m| format!("{:.4}", m.mean));
            let _ = write!(out, "  {} {mean}", letter(index));
            if index > 0
                && let (Some(a), Some(b)) = (reference, measure)
            {
                let _ = write!(out, " ({:+.4})", b.mean - a.mean);
            }
        }
        let _ = writeln!(out);
        let mut values: Vec<(i64, Option<String>)> = Vec::new();
        for m in measures.iter().flatten() {
            for o in &m.outcomes {
                if !values.iter().any(|(v, _)| *v == o.value) {
                    values.push((o.value, o.label.clone()));
                }
            }
        }
        values.sort_by_key(|(v, _)| *v);
        for (value, label) in values {
            let p = |m: Option<&Measure>| m.map_or(0.0, |m| m.p(value));
            let _ = write!(out, "    {value:>6} {:<8}", label.unwrap_or_default());
            for (index, measure) in measures.iter().enumerate() {
                let _ = write!(out, "  {} {:>10}", letter(index), percent(p(*measure)));
                if index > 0 {
                    let _ = write!(out, " ({:>+8.4} pp)", (p(*measure) - p(reference)) * 100.0);
                }
            }
            let _ = writeln!(out);
        }
    }
    out
}
