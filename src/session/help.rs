//! `help`: every command with what it does and an example, or one command in full (its
//! syntax and every example), all read from the command table in `commands.rs`. Text only;
//! no game names.

use super::commands::{COMMANDS, CommandSpec};

/// The help text: every command, or one (`None` when `topic` is no command word).
pub fn help_text(topic: Option<&str>) -> Option<String> {
    let width = COMMANDS.iter().map(|spec| spec.word.len()).max().unwrap_or(0);
    let Some(topic) = topic else {
        let mut text = String::new();
        for spec in COMMANDS {
            let example = first_line(spec);
            text.push_str(&format!(
                "{:<width$}  {}\n{:<width$}  e.g. {example}\n",
                spec.word, spec.help, ""
            ));
        }
        text.push_str("# starts a comment. Block definitions end at a blank line.\n");
        text.push_str("`help COMMAND` shows how a command is written.\n");
        return Some(text);
    };
    let spec = COMMANDS.iter().find(|spec| spec.word == topic)?;
    let mut text = format!("{}  {}\n  written: {}\n", spec.word, spec.help, spec.syntax);
    for example in spec.examples {
        let example = example.trim_end().replace('\n', "\n       ");
        text.push_str(&format!("  e.g. {example}\n"));
    }
    Some(text)
}

/// An entry's first example, first line only (a definition's header).
fn first_line(spec: &CommandSpec) -> &'static str {
    spec.examples[0].lines().next().unwrap_or_default()
}
