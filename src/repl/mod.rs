//! The REPL front end.
