//! The REPL front end: reads inputs from a terminal editor or piped stdin, runs each through
//! a [`Session`], prints what happened on stdout and diagnostics on stderr, and asks the
//! user at decision points. The session itself (the backend) knows nothing of terminals.
//! Ctrl-C cancels the line, Ctrl-D (or the end of piped input) exits; a failed command
//! prints its diagnostic and changes nothing.

pub mod complete;
pub mod editor;

use std::io::Write;

use crate::diagnostics::{RenderStyle, render_all};
use crate::engine::{Answer, Decider, DecisionPoint, DecisionTaken, PolicyDecider};
use crate::session::{Backend, Session, transcript};
use complete::CompletionNames;
use editor::{Input, LineSource};

/// How the REPL talks to its user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours on the prompt and messages (off for NO_COLOR and when not a tty).
    pub color: bool,
    /// Diagnostics rendering.
    pub diagnostics: RenderStyle,
    /// Ask at decision points (a person is at a terminal) instead of using policies.
    pub ask: bool,
}

/// Runs the REPL until the input ends. Returns the number of failed commands.
pub fn run<B: Backend>(
    session: &mut Session<B>,
    source: &mut dyn LineSource,
    style: Style,
) -> usize {
    let prompt = if style.color { "\x1b[1mmythforge>\x1b[0m " } else { "mythforge> " };
    let mut failures = 0;
    source.set_names(CompletionNames::collect(|kind| session.complete_names(kind)));
    loop {
        let text = match source.read(prompt) {
            Input::Text(text) => text,
            Input::Cancelled => continue,
            Input::End => break,
            Input::Rejected(message) => {
                failures += 1;
                eprintln!("error: {message}");
                continue;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        source.remember(&text);
        let run = if style.ask {
            let mut asker = AskDecider { source: &mut *source, shown: Vec::new() };
            session.run_input(&text, Some(&mut asker))
        } else {
            session.run_input(&text, None)
        };
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        for step in &run.steps {
            for event in &step.events {
                let _ = writeln!(out, "{}", event.text);
            }
        }
        let _ = out.flush();
        if let Some(diagnostics) = &run.failure {
            failures += 1;
            eprint!("{}", render_all(diagnostics, session.sources(), style.diagnostics));
        }
        source.set_names(CompletionNames::collect(|kind| session.complete_names(kind)));
    }
    failures
}

/// Asks the person at the terminal; an answer that is not one of the question's is asked
/// again, and an empty answer (or Ctrl-C, or the end of input) falls back to the default
/// policies. A question comes after what it is about (the dice, the failed check), which
/// the command's transcript would otherwise print only once the command is done.
struct AskDecider<'a> {
    source: &'a mut dyn LineSource,
    /// What the next question is about, printed above it.
    shown: Vec<String>,
}

impl Decider for AskDecider<'_> {
    fn show(&mut self, happened: &str) {
        self.shown.push(happened.to_string());
    }

    fn asks_person(&self) -> bool {
        true
    }

    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        let (question, amount) = Self::question(point);
        let about: String = self.shown.drain(..).map(|line| line + "\n").collect();
        let mut prompt = format!("{about}{question}");
        // An answer out of range is asked again, never clamped: 9 to "0 to 3" is not 3.
        let answer = loop {
            let Input::Text(text) = self.source.read(&prompt) else { break None };
            let text = text.trim();
            if text.is_empty() {
                break None;
            }
            match Self::read_answer(text, amount) {
                Some(answer) => break Some(answer),
                None => prompt = format!("{} {question}", Self::expected(amount)),
            }
        };
        match answer {
            Some(answer) => DecisionTaken { point: point.clone(), answer, policy: None },
            None => PolicyDecider::default().decide(point),
        }
    }
}

impl AskDecider<'_> {
    /// `text` as an answer to a question taking amounts up to `amount` (`None`: yes or no).
    fn read_answer(text: &str, amount: Option<i64>) -> Option<Answer> {
        match amount {
            None => match text {
                "y" | "yes" => Some(Answer::Choice(true)),
                "n" | "no" => Some(Answer::Choice(false)),
                _ => None,
            },
            Some(max) => {
                text.parse::<i64>().ok().filter(|n| (0..=max).contains(n)).map(Answer::Amount)
            }
        }
    }

    /// What a question taking `amount` accepts, said when an answer is not one of them.
    fn expected(amount: Option<i64>) -> String {
        match amount {
            None => "(answer y or n, or nothing for the default)".to_string(),
            Some(max) => format!("(answer a number from 0 to {max}, or nothing for the default)"),
        }
    }

    /// The question `point` asks, and the largest amount it takes (`None`: yes or no).
    fn question(point: &DecisionPoint) -> (String, Option<i64>) {
        match point {
            DecisionPoint::UseSecondDie { first, second } => {
                (format!("use the second die (score {second} instead of {first})? [y/n] "), None)
            }
            DecisionPoint::ChooseBoost { roll, target, max } => (
                format!("boost the roll of {roll} (target {target}) by how much, 0 to {max}? "),
                Some(*max),
            ),
            DecisionPoint::SpendExtra { resource, max } => {
                (format!("spend how much {resource}, 0 to {max}? "), Some(*max))
            }
            DecisionPoint::Choose { question, options } => {
                let listed: Vec<String> =
                    options.iter().enumerate().map(|(i, o)| format!("{i} {o}")).collect();
                let last = i64::try_from(options.len()).unwrap_or(1).saturating_sub(1);
                (format!("{question} [{}] ", listed.join(", ")), Some(last))
            }
            DecisionPoint::Reroll { cost, resource, .. } => {
                let question = format!("pay {cost} {resource} to reroll the failed check? [y/n] ");
                (question, None)
            }
            DecisionPoint::IgnorePenalties { penalty, cost, resource } => {
                (format!("pay {cost} {resource} to ignore the penalty of {penalty}? [y/n] "), None)
            }
        }
    }
}

/// Prints the REPL's greeting and the seed to stderr (stdout stays the transcript).
pub fn greet(seed: u64, color: bool) {
    let text = format!(
        "mythforge {} — `help` lists the commands, Ctrl-D exits",
        env!("CARGO_PKG_VERSION")
    );
    if color {
        eprintln!("\x1b[2m{text}\x1b[0m");
    } else {
        eprintln!("{text}");
    }
    eprint!("{}", transcript::header(seed));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers with scripted inputs.
    struct Scripted(Vec<Input>);

    impl LineSource for Scripted {
        fn read(&mut self, _: &str) -> Input {
            if self.0.is_empty() { Input::End } else { self.0.remove(0) }
        }
        fn set_names(&mut self, _: CompletionNames) {}
        fn remember(&mut self, _: &str) {}
    }

    #[test]
    fn ask_decider_takes_answers_and_falls_back_to_policies() {
        let mut source = Scripted(vec![
            Input::Text("y".into()),
            Input::Text("9".into()),
            Input::Text("-1".into()),
            Input::Text("2".into()),
            Input::Text("maybe".into()),
            Input::Cancelled,
            Input::Text(String::new()),
        ]);
        let mut asker = AskDecider { source: &mut source, shown: Vec::new() };
        let second = DecisionPoint::UseSecondDie { first: 3, second: 1 };
        let boost = DecisionPoint::ChooseBoost { roll: 8, target: 10, max: 3 };
        let taken = asker.decide(&second);
        assert_eq!((taken.answer, taken.policy), (Answer::Choice(true), None));
        // 9 and -1 are out of 0 to 3: asked again, never clamped.
        let taken = asker.decide(&boost);
        assert_eq!((taken.answer, taken.policy), (Answer::Amount(2), None));
        // "maybe" is asked again; Ctrl-C then gives the default policy (if-better: the
        // second die is worse).
        let taken = asker.decide(&second);
        assert_eq!(taken.answer, Answer::Choice(false));
        assert!(taken.policy.is_some());
        // An empty answer: the default policy too.
        let taken = asker.decide(&boost);
        assert_eq!(taken.answer, Answer::Amount(2));
        assert!(taken.policy.is_some());
    }

    #[test]
    fn ask_decider_answers_a_scripts_choice_by_number() {
        let mut source = Scripted(vec![Input::Text("1".into()), Input::Text("pull".into())]);
        let mut asker = AskDecider { source: &mut source, shown: Vec::new() };
        let options = vec!["push".to_string(), "pull".to_string()];
        let choose = DecisionPoint::Choose { question: "push or pull?".into(), options };
        let taken = asker.decide(&choose);
        assert_eq!((taken.answer, taken.policy), (Answer::Amount(1), None));
        assert_eq!(taken.describe(), "decides push or pull? pull; asked");
        // Not a number: asked again; the input then ends, and the default policy takes the
        // first option.
        let taken = asker.decide(&choose);
        assert_eq!(taken.answer, Answer::Amount(0));
        assert_eq!(taken.describe(), "decides push or pull? push; the first option");
    }
}
