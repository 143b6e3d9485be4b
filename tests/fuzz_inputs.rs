//! The fuzz targets' bodies (fuzz/src/lib.rs) run in `cargo test` on seeded random inputs:
//! shipped packs, scripts, sessions and dice lines, mutated byte-wise and token-wise by one
//! ChaCha stream. It keeps the targets compiling and catches regressions on every CI run
//! without libFuzzer, which needs a nightly-flagged build (see fuzz/README.md). A failure
//! prints the target, the seed file and the iteration so the input can be rebuilt.

#[allow(dead_code, reason = "the fuzz crate's helpers are not all used here")]
#[path = "../fuzz/src/lib.rs"]
mod targets;

use std::path::Path;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Words the mutator splices in: the notation's keywords and the inputs that broke things.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "-",
    "--",
    "+",
    "*",
    "/",
    "d",
    "!",
    "kh",
    "cs>=",
    "\"",
    ":",
    "\n",
    "\n\n",
    "\r\n",
    "\u{feff}",
    "\u{1b}[31m",
    "\0",
    "9223372036854775807",
    "-1",
    "0",
    "power ",
    "condition ",
    "system ",
    "Cost: ",
    "Check: ",
    "Result: ",
    "Derived ",
    "include ",
    "fn f(x) { f(x) }",
    "loop {}",
    "x.pad(100000, \"a\")",
    "actor ",
    " uses ",
    "check ",
    "encounter ",
    "next",
    "undo",
    "roll ",
    "dist ",
    "load mestezia\n",
    "1d1!",
    "99999d9999",
];

fn mutate(rng: &mut ChaCha8Rng, input: &mut Vec<u8>) {
    for _ in 0..rng.random_range(1..6) {
        let at = if input.is_empty() { 0 } else { rng.random_range(0..=input.len()) };
        match rng.random_range(0..5) {
            0 if !input.is_empty() => {
                let at = at.min(input.len() - 1);
                input[at] = rng.random();
            }
            1 if !input.is_empty() => {
                let end = (at + rng.random_range(1..64)).min(input.len());
                input.drain(at.min(end)..end);
            }
            2 if !input.is_empty() => {
                let start = rng.random_range(0..input.len());
                let end = (start + rng.random_range(1..256)).min(input.len());
                let copy = input[start..end].to_vec();
                input.splice(at..at, copy);
            }
            _ => {
                let token = TOKENS[rng.random_range(0..TOKENS.len())];
                input.splice(at..at, token.bytes());
            }
        }
    }
}

fn files(roots: &[&str], extension: &str) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    let mut pending: Vec<_> =
        roots.iter().map(|r| Path::new(env!("CARGO_MANIFEST_DIR")).join(r)).collect();
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).unwrap() {
                pending.push(entry.unwrap().path());
            }
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push((path.display().to_string(), std::fs::read(&path).unwrap()));
        }
    }
    found.sort();
    found
}

/// Runs `target` on `rounds` mutations of each seed (and the seed itself).
fn drive(name: &str, seeds: &[(String, Vec<u8>)], rounds: usize, target: fn(&[u8])) {
    assert!(!seeds.is_empty(), "{name}: no seeds");
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    for (file, seed) in seeds {
        target(seed);
        for round in 0..rounds {
            let mut input = seed.clone();
            mutate(&mut rng, &mut input);
            let outcome = std::panic::catch_unwind(|| target(&input));
            assert!(
                outcome.is_ok(),
                "{name}: seed {file}, round {round}: {:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }
}

#[test]
fn rule_files_survive_mutation() {
    drive("rules", &files(&["rules", "tests/fixtures"], "rules"), 12, targets::rules);
}

#[test]
fn dice_lines_survive_mutation() {
    let lines = [
        "4d6kh3",
        "3d10cs>=6",
        "1d20+5",
        "8d6!",
        "4dF",
        "(2d6+3)*2",
        "3d6!!",
        "5d6x",
        "d%",
        "{3d10+3}cs>=9",
        "4d10ro<3",
        "2d20kl1",
        "10d10cs>=8cf=1",
    ];
    let seeds: Vec<_> = lines.iter().map(|l| (l.to_string(), l.as_bytes().to_vec())).collect();
    drive("dice", &seeds, 200, targets::dice);
}

#[test]
fn scripts_survive_mutation() {
    drive("script", &files(&["scripts", "tests/fixtures"], "rhai"), 40, targets::script);
}

#[test]
fn sessions_survive_mutation() {
    drive("session", &files(&["examples"], "session"), 8, targets::session);
}

#[test]
fn saves_survive_mutation() {
    let mut session = mythforge::session::Session::new(mythforge::runtime::Game::new(7), 7);
    assert!(session.run_text("base", targets::SAVE_BASE, None).failure.is_none());
    let text = session.backend().save_text().unwrap();
    drive("save", &[("base save".to_string(), text.into_bytes())], 150, targets::save);
}

/// Inputs the fuzzer flagged, run again on every test run. None crashed: the session input
/// loads the first pack twice (every block a duplicate) and was slow under `nice 19` on a
/// busy machine (3.3 s unniced in the instrumented build), the rule file ~1 s.
#[test]
fn inputs_the_fuzzer_flagged_finish() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fuzz");
    let started = std::time::Instant::now();
    targets::session(&std::fs::read(dir.join("session-slow-double-load")).unwrap());
    targets::rules(&std::fs::read(dir.join("rules-slow-unit")).unwrap());
    assert!(started.elapsed().as_secs() < 120, "took {:?}", started.elapsed());
}
