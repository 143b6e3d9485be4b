//! The REPL on a pseudo-terminal (rexpect): the prompt, a roll, Ctrl-C cancelling a line, a
//! multi-line block definition kept open by the validator, a diagnostic, tab completion,
//! Ctrl-D exiting, and a decision point asked as a question. History goes to a temporary
//! XDG_DATA_HOME.
#![cfg(unix)]

use std::process::Command;

use rexpect::session::spawn_command;

#[test]
fn repl_on_a_pseudo_terminal() -> Result<(), rexpect::error::Error> {
    let data = std::env::temp_dir().join(format!("mythforge-pty-{}", std::process::id()));
    let mut command = Command::new(env!("CARGO_BIN_EXE_mythforge"));
    command
        .args(["repl", "--seed", "1"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut repl = spawn_command(command, Some(10_000))?;
    repl.exp_string("seed 1")?;
    repl.exp_string("mythforge> ")?;
    repl.send_line("roll 2d6")?;
    repl.exp_string("7  2d6 [4 3]")?;
    repl.exp_string("mythforge> ")?;
    // Ctrl-C drops the half-typed line; nothing runs.
    repl.send("roll 1d6")?;
    repl.send_control('c')?;
    repl.exp_string("mythforge> ")?;
    // A block definition stays open until a blank line.
    repl.send_line("power Quick Jab")?;
    repl.send_line("Cost: 1 CP")?;
    repl.send_line("")?;
    repl.exp_string("defined power Quick Jab")?;
    repl.send_line("sed 3")?;
    repl.exp_string("did you mean `seed`?")?;
    // Tab completes the power name.
    repl.send("show power Qu\t")?;
    repl.send_line("")?;
    repl.exp_string("Cost: 1 CP")?;
    repl.send_control('d')?;
    repl.exp_eof()?;
    let history = std::fs::read_to_string(data.join("mythforge/history")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&data);
    assert!(history.contains("roll 2d6"), "{history}");
    Ok(())
}

/// A defence inside an attack is a question at the terminal: the options are numbered, an
/// answer out of range is asked again (never clamped), and the chosen defence is rolled.
#[test]
fn the_repl_asks_the_target_which_defence() -> Result<(), rexpect::error::Error> {
    let data = std::env::temp_dir().join(format!("mythforge-pty-ask-{}", std::process::id()));
    let mut command = Command::new(env!("CARGO_BIN_EXE_mythforge"));
    command
        .args(["repl", "--seed", "1"])
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &data)
        .env("TERM", "xterm");
    let mut repl = spawn_command(command, Some(10_000))?;
    repl.exp_string("mythforge> ")?;
    repl.send_line("load \"tests/fixtures/defences/duel.rules\"")?;
    repl.exp_string("mythforge> ")?;
    repl.send_line("actor Ana from Fighter")?;
    repl.exp_string("mythforge> ")?;
    repl.send_line("actor Bo from Guard")?;
    repl.exp_string("mythforge> ")?;
    // Ana's d20, Bo's defence d20, Ana's damage die.
    repl.send_line("force 12, 10, 4")?;
    repl.exp_string("mythforge> ")?;
    repl.send_line("Ana uses Strike on Bo with weapon Sword")?;
    repl.exp_string("which defence against Ana? [0 Block, 1 Shield Block, 2 Dodge, 3 none]")?;
    repl.send_line("7")?;
    repl.exp_string("(answer a number from 0 to 3, or nothing for the default)")?;
    repl.send_line("2")?;
    repl.exp_string("another defence against Ana? [0 no more, 1 Block, 2 Shield Block]")?;
    repl.send_line("0")?;
    repl.exp_string("Bo decides which defence against Ana? Dodge; asked")?;
    repl.exp_string("Bo defends with Dodge")?;
    // 12 + 5 against Dodge's 10 + 3.
    repl.exp_string("Ana: 17 vs 13: attacker wins by 4")?;
    repl.exp_string("mythforge> ")?;
    repl.send_control('d')?;
    repl.exp_eof()?;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
