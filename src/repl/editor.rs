//! Reading REPL input. [`TerminalEditor`] owns rustyline: history in the user's data
//! folder, tab completion, and a Validator that keeps reading while a block definition is
//! incomplete. [`PipedLines`] reads piped stdin without rustyline, with the 64 KiB line cap
//! enforced while reading (rustyline has none) and invalid UTF-8 reported per line.

use std::borrow::Cow;
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Config, Context, Editor, Helper};

use super::complete::{CompletionNames, complete};
use crate::session::{MAX_LINE_BYTES, is_incomplete};

/// What one read produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line, or a whole block definition (lines joined by `\n`).
    Text(String),
    /// Ctrl-C: the line was cancelled.
    Cancelled,
    /// Ctrl-D or the end of piped input.
    End,
    /// A line that could not be used (too long, not UTF-8); reading may go on.
    Rejected(String),
}

/// A source of REPL input.
pub trait LineSource {
    /// Reads the next input, showing `prompt` where there is a terminal.
    fn read(&mut self, prompt: &str) -> Input;
    /// Tells completion which names exist now.
    fn set_names(&mut self, names: CompletionNames);
    /// Records an input in the history.
    fn remember(&mut self, text: &str);
}

/// The rustyline helper: completion and multi-line validation.
struct SessionHelper {
    names: Arc<Mutex<CompletionNames>>,
}

impl Completer for SessionHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let names = self.names.lock().map(|names| names.clone()).unwrap_or_default();
        Ok(complete(&names, line, pos))
    }
}

impl Hinter for SessionHelper {
    type Hint = String;
}

impl Highlighter for SessionHelper {
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(&'s self, prompt: &'p str, _: bool) -> Cow<'b, str> {
        Cow::Borrowed(prompt)
    }
}

impl Validator for SessionHelper {
    fn validate(&self, context: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(if is_incomplete(context.input()) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Helper for SessionHelper {}

/// The interactive editor on a terminal.
pub struct TerminalEditor {
    editor: Editor<SessionHelper, DefaultHistory>,
    names: Arc<Mutex<CompletionNames>>,
    history: Option<PathBuf>,
}

impl TerminalEditor {
    /// An editor with history loaded from [`history_path`] (never fails for lack of one).
    pub fn new() -> rustyline::Result<Self> {
        let config = Config::builder().auto_add_history(false).history_ignore_space(true).build();
        let mut editor = Editor::with_config(config)?;
        let names = Arc::new(Mutex::new(CompletionNames::default()));
        editor.set_helper(Some(SessionHelper { names: Arc::clone(&names) }));
        let history = history_path();
        if let Some(path) = &history {
            // A missing or unreadable history is normal on a first run.
            let _ = editor.load_history(path);
        }
        Ok(TerminalEditor { editor, names, history })
    }
}

impl LineSource for TerminalEditor {
    fn read(&mut self, prompt: &str) -> Input {
        match self.editor.readline(prompt) {
            Ok(text)
                if text.len() > MAX_LINE_BYTES * 16
                    || text.lines().any(|line| line.len() > MAX_LINE_BYTES) =>
            {
                Input::Rejected(format!("input line longer than {MAX_LINE_BYTES} bytes ignored"))
            }
            Ok(text) => Input::Text(text),
            Err(ReadlineError::Interrupted) => Input::Cancelled,
            Err(ReadlineError::Eof) => Input::End,
            Err(error) => Input::Rejected(format!("could not read the line: {error}")),
        }
    }

    fn set_names(&mut self, names: CompletionNames) {
        if let Ok(mut shared) = self.names.lock() {
            *shared = names;
        }
    }

    fn remember(&mut self, text: &str) {
        let _ = self.editor.add_history_entry(text);
        if let Some(path) = &self.history {
            if let Some(folder) = path.parent() {
                let _ = std::fs::create_dir_all(folder);
            }
            // An unwritable history must never stop the REPL.
            let _ = self.editor.save_history(path);
        }
    }
}

/// `$XDG_DATA_HOME/mythforge/history`, else `~/.local/share/mythforge/history`.
pub fn history_path() -> Option<PathBuf> {
    let non_empty = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    let data = non_empty("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| non_empty("HOME").map(|home| PathBuf::from(home).join(".local/share")))?;
    Some(data.join("mythforge").join("history"))
}

/// Piped input: lines up to [`MAX_LINE_BYTES`], a block definition gathered up to its blank
/// line.
pub struct PipedLines<R: BufRead> {
    reader: R,
    finished: bool,
}

impl<R: BufRead> PipedLines<R> {
    /// Reads from `reader`.
    pub fn new(reader: R) -> Self {
        PipedLines { reader, finished: false }
    }

    /// One line without its line break; `Err` for a line that cannot be used.
    fn line(&mut self) -> Option<Result<String, String>> {
        if self.finished {
            return None;
        }
        let mut bytes = Vec::new();
        let mut too_long = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => return Some(Err(format!("could not read input: {error}"))),
            };
            if buffer.is_empty() {
                self.finished = true;
                if bytes.is_empty() && !too_long {
                    return None;
                }
                break;
            }
            let (taken, done) = match buffer.iter().position(|&byte| byte == b'\n') {
                Some(end) => (end + 1, true),
                None => (buffer.len(), false),
            };
            // Keep at most the cap (plus one byte to know it was exceeded); skip the rest.
            let room = (MAX_LINE_BYTES + 1).saturating_sub(bytes.len());
            bytes.extend_from_slice(&buffer[..taken.min(room)]);
            too_long |= bytes.len() > MAX_LINE_BYTES;
            self.reader.consume(taken);
            if done {
                break;
            }
        }
        if too_long {
            return Some(Err(format!("input line longer than {MAX_LINE_BYTES} bytes ignored")));
        }
        while bytes.last().is_some_and(|&byte| byte == b'\n' || byte == b'\r') {
            bytes.pop();
        }
        Some(
            String::from_utf8(bytes)
                .map_err(|_| "input line is not valid UTF-8; ignored".to_string()),
        )
    }
}

impl<R: BufRead> LineSource for PipedLines<R> {
    fn read(&mut self, _: &str) -> Input {
        let mut text = match self.line() {
            None => return Input::End,
            Some(Err(message)) => return Input::Rejected(message),
            Some(Ok(line)) => line,
        };
        while is_incomplete(&text) {
            match self.line() {
                Some(Ok(line)) => {
                    text.push('\n');
                    text.push_str(&line);
                }
                Some(Err(message)) => return Input::Rejected(message),
                None => break,
            }
        }
        Input::Text(text)
    }

    fn set_names(&mut self, _: CompletionNames) {}

    fn remember(&mut self, _: &str) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piped_lines_gather_blocks_and_reject_bad_lines() {
        let mut input = b"roll 2d6\npower Quick Jab\nCost: 1 CP\n\nbad \xff\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
        input.extend(b"\nnext\n");
        let mut lines = PipedLines::new(&input[..]);
        assert_eq!(lines.read(""), Input::Text("roll 2d6".into()));
        assert_eq!(lines.read(""), Input::Text("power Quick Jab\nCost: 1 CP\n".into()));
        assert!(matches!(lines.read(""), Input::Rejected(message) if message.contains("UTF-8")));
        assert!(matches!(lines.read(""), Input::Rejected(message) if message.contains("longer")));
        assert_eq!(lines.read(""), Input::Text("next".into()));
        assert_eq!(lines.read(""), Input::End);
    }

    #[test]
    fn history_path_prefers_xdg_data_home() {
        // Only checks the shape: the environment is the test runner's.
        if let Some(path) = history_path() {
            assert!(path.ends_with("mythforge/history"));
        }
    }
}
