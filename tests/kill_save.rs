//! The kill-during-save loop: a child process saves a changing game over and over and is
//! killed with SIGKILL at a seeded random instant, 200 times. After every kill the save (or,
//! failing that, its backup) must restore to a complete state equal to one the child
//! wrote — never a torn file. The child is this test binary run again with
//! `MYTHFORGE_KILL_CHILD` set (see `child_entry`).

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use mythforge::engine::backup_path;
use mythforge::runtime::Game;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 11;
const KILLS: usize = 200;

/// The game after `draws` dice: each save the child writes is one of these.
fn state_after(draws: u64) -> Game {
    let mut game = Game::new(SEED);
    for _ in 0..draws {
        let _ = game.world_mut().roller.roll_die(6);
    }
    game
}

/// In the child: draw a die and save, forever (until killed). Returns at once in a
/// normal test run.
#[test]
fn child_entry() {
    let Some(path) = std::env::var_os("MYTHFORGE_KILL_CHILD") else { return };
    let path = PathBuf::from(path);
    let mut game = state_after(0);
    loop {
        game.save(&path).expect("the child saves");
        let _ = game.world_mut().roller.roll_die(6);
    }
}

/// Which state (number of draws) `text` is, if it is one the child writes.
fn which_state(text: &str, known: &mut Vec<String>) -> Option<u64> {
    for draws in 0..100_000u64 {
        if draws as usize == known.len() {
            known.push(state_after(draws).save_text().unwrap());
        }
        if known[draws as usize] == text {
            return Some(draws);
        }
    }
    None
}

/// Restores `path` into a fresh game and returns its save text.
fn restored(path: &Path) -> Option<String> {
    let mut game = Game::new(0);
    game.restore(path).ok()?;
    Some(game.save_text().unwrap())
}

#[test]
fn saves_survive_sigkill_at_any_instant() {
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("mythforge-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("campaign.json");
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut known = Vec::new();
    let (mut from_backup, mut with_a_save, mut newest) = (0, 0, 0u64);
    for kill in 0..KILLS {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "child_entry", "--test-threads=1"])
            .env("MYTHFORGE_KILL_CHILD", &save)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.random_range(2_000..60_000)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if !save.exists() && !backup_path(&save).exists() {
            assert_eq!(with_a_save, 0, "kill {kill}: a save existed before and is gone");
            continue;
        }
        with_a_save += 1;
        let text = match restored(&save) {
            Some(text) => text,
            None => {
                from_backup += 1;
                restored(&backup_path(&save)).unwrap_or_else(|| {
                    panic!("kill {kill}: neither the save nor its backup restores")
                })
            }
        };
        let draws = which_state(&text, &mut known)
            .unwrap_or_else(|| panic!("kill {kill}: the restored state is none the child wrote"));
        newest = newest.max(draws);
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{KILLS} kills in {:?}: {with_a_save} with a save on disk, {from_backup} restored from the \
         backup, newest state {newest} draws",
        started.elapsed()
    );
    assert!(with_a_save > KILLS / 2, "the child rarely got to save: {with_a_save}");
    assert!(started.elapsed() < Duration::from_secs(60), "took {:?}", started.elapsed());
}
