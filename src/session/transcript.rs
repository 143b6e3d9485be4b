//! Turning steps into text: the human transcript (`> command` then what happened) and one
//! JSON event per line for `--json`. Deterministic: no clock, no hash-map order (serde_json
//! objects here are sorted maps).

use super::session::Step;
use crate::dice::{DiceExpr, DieRoll, Distribution, Roll};

/// The first line of every transcript: the seed that replays it.
pub fn header(seed: u64) -> String {
    format!("# mythforge session, seed {seed}\n")
}

/// The JSON header line: `{"kind":"session","seed":N}`.
pub fn json_header(seed: u64) -> String {
    format!("{}\n", serde_json::json!({ "kind": "session", "seed": seed }))
}

/// `> roll 2d6` followed by the text of every event.
pub fn step_text(step: &Step) -> String {
    let mut text = format!("> {}\n", crate::diagnostics::escape_text(step.source.trim()));
    for event in &step.events {
        text.push_str(&event.text);
        text.push('\n');
    }
    text
}

/// One JSON document per event: `{"line", "command", "kind", "text", "data"}`.
pub fn step_json(step: &Step) -> String {
    let mut text = String::new();
    for event in &step.events {
        let document = serde_json::json!({
            "line": step.line,
            "command": step.source.trim(),
            "kind": event.kind,
            "text": event.text,
            "data": event.data,
        });
        text.push_str(&document.to_string());
        text.push('\n');
    }
    text
}

/// `14  4d6kh3 [6 5 3 2d]`: the total, then each term's dice with their marks
/// (`!` exploded, `r` rerolled, `d` dropped, `f` forced).
pub fn describe_roll(expression: &DiceExpr, roll: &Roll) -> String {
    let mut text = roll.total.to_string();
    for term in expression.terms() {
        let dice: Vec<String> =
            roll.dice.iter().filter(|die| die.term == term.index).map(mark_die).collect();
        text.push_str(&format!("  {term} [{}]", dice.join(" ")));
    }
    text
}

/// One die with its marks: `6!`, `2d`, `3r`, `8f`.
pub fn mark_die(die: &DieRoll) -> String {
    let mut text = die.value.to_string();
    if die.exploded {
        text.push('!');
    }
    if die.rerolled {
        text.push('r');
    } else if !die.kept {
        text.push('d');
    }
    if die.forced {
        text.push('f');
    }
    text
}

/// A compact distribution: mean and deviation, then `value  p  at least` per outcome.
pub fn describe_distribution(text: &str, dist: &Distribution) -> String {
    let kind = match dist.samples {
        None => "exact".to_string(),
        Some(samples) => format!("estimate from {samples} seeded samples"),
    };
    let mut out = format!("{text}  ({kind})  mean {:.4}  sd {:.4}", dist.mean(), dist.std_dev());
    let mass = dist.mass();
    let mut below = 0.0;
    for (value, p) in &dist.outcomes {
        let at_least = mass - below;
        below += p;
        out.push_str(&format!(
            "\n{value:>6}  {:>9.4}%  at least {:>9.4}%",
            p * 100.0,
            at_least * 100.0
        ));
    }
    out
}
