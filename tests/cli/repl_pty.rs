//! The REPL on a pseudo-terminal (rexpect): the prompt, a roll, Ctrl-C cancelling a line, a
//! multi-line block definition kept open by the validator, a diagnostic, tab completion,
//! and Ctrl-D exiting. History goes to a temporary XDG_DATA_HOME.
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
