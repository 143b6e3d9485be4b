//! Saves: truncated at every offset, corrupt, another version or pack, hand-edited into a
//! state no command reaches, too large, and targets that are not plain files. A refused
//! restore or save leaves the game byte-identical.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::support::{fails_unchanged, playing, scratch, state};

/// A real save of the playing session, as text.
fn real_save() -> String {
    let mut session = playing();
    assert!(session.run_text("turn", "next\n", None).failure.is_none());
    state(&session)
}

/// Restores `text` written to a scratch file; must fail and change nothing.
fn restore_fails(case: &str, text: &[u8]) -> String {
    let dir = scratch(case);
    let path = dir.join("save.json");
    std::fs::write(&path, text).unwrap();
    let mut session = playing();
    fails_unchanged(&mut session, case, &format!("restore \"{}\"\n", path.display()))
}

fn edited(case: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    let mut value: serde_json::Value = serde_json::from_str(&real_save()).unwrap();
    edit(&mut value["save"]["world"]);
    restore_fails(case, value.to_string().as_bytes())
}

#[test]
fn a_save_truncated_at_every_offset_is_refused_cleanly() {
    let save = real_save();
    let dir = scratch("truncated");
    let path = dir.join("save.json");
    let mut session = playing();
    let before = state(&session);
    // Every offset near the ends, every 97th in between (all of them take minutes).
    let offsets: Vec<usize> =
        (0..save.len()).filter(|&n| n < 300 || n + 300 > save.len() || n % 97 == 0).collect();
    for offset in offsets {
        std::fs::write(&path, &save.as_bytes()[..offset]).unwrap();
        let run = session.run_text("t.session", &format!("restore \"{}\"\n", path.display()), None);
        let diagnostics = run.failure.unwrap_or_else(|| panic!("offset {offset} restored"));
        assert!(
            diagnostics[0].code == "engine::save::corrupt",
            "offset {offset}: {}",
            diagnostics[0].code
        );
        assert_eq!(state(&session), before, "offset {offset} changed the state");
    }
}

#[test]
fn corrupt_bytes_are_refused() {
    let mut save = real_save().into_bytes();
    let middle = save.len() / 2;
    save[middle..middle + 8].copy_from_slice(b"\0\0\xff\xfe}}]]");
    insta::assert_snapshot!(restore_fails("corrupt", &save), @"engine::save::corrupt @ corrupt.session:1:9 +help");
}

#[test]
fn another_format_version_is_refused() {
    let text = real_save().replacen("\"format_version\": 1", "\"format_version\": 99", 1);
    insta::assert_snapshot!(restore_fails("version2", text.as_bytes()), @"engine::save::version @ version2.session:1:9 +help");
}

#[test]
fn a_save_of_another_pack_is_refused() {
    let mut session = Session::new(Game::new(7), 7);
    assert!(session.run_text("m", "load mystika\n", None).failure.is_none());
    let other = state(&session);
    insta::assert_snapshot!(restore_fails("other_pack", other.as_bytes()), @"runtime::pack_mismatch @ other_pack.session:1:9 +help");
}

#[test]
fn hp_far_above_its_maximum_is_refused() {
    let found = edited("hp_above_max", |world| {
        let resources = &mut world["actors"][0]["resources"];
        let hp =
            resources.as_object_mut().unwrap().values_mut().find(|r| r["max"].is_i64()).unwrap();
        hp["current"] = serde_json::json!(1_000_000);
    });
    insta::assert_snapshot!(found, @"engine::save::corrupt @ hp_above_max.session:1:9 +help");
}

#[test]
fn two_actors_of_one_name_are_refused() {
    let found = edited("duplicate_actor", |world| {
        let first = world["actors"][0].clone();
        world["actors"].as_array_mut().unwrap().push(first);
    });
    insta::assert_snapshot!(found, @"engine::save::corrupt @ duplicate_actor.session:1:9 +help");
}

#[test]
fn an_encounter_naming_a_missing_actor_is_refused() {
    let found = edited("missing_participant", |world| {
        world["encounter"]["participants"][0]["name"] = serde_json::json!("Nobody");
    });
    insta::assert_snapshot!(found, @"engine::save::corrupt @ missing_participant.session:1:9 +help");
}

#[test]
fn a_turn_index_past_the_end_is_refused() {
    let found = edited("turn_past_end", |world| {
        world["encounter"]["current"] = serde_json::json!(7);
    });
    insta::assert_snapshot!(found, @"engine::save::corrupt @ turn_past_end.session:1:9 +help");
}

#[test]
fn a_position_off_the_map_is_refused() {
    let found = edited("off_map", |world| {
        world["actors"][0]["position"] = serde_json::json!({"q": i64::MAX, "r": 0});
    });
    insta::assert_snapshot!(found, @"engine::save::corrupt @ off_map.session:1:9 +help");
}

#[test]
fn a_save_over_sixteen_mebibytes_is_refused() {
    let mut text = real_save();
    text.push_str(&" ".repeat(17 << 20));
    insta::assert_snapshot!(restore_fails("huge_save", text.as_bytes()), @"engine::save::too_large @ huge_save.session:1:9 +help");
}

#[test]
fn a_directory_is_not_a_save() {
    let dir = scratch("dir_save");
    let mut session = playing();
    let found =
        fails_unchanged(&mut session, "dir_save", &format!("restore \"{}\"\n", dir.display()));
    insta::assert_snapshot!(found, @"engine::save::corrupt @ dir_save.session:1:9 +help");
    let found =
        fails_unchanged(&mut session, "dir_target", &format!("save \"{}\"\n", dir.display()));
    insta::assert_snapshot!(found, @"engine::save::io @ dir_target.session:1:6 +help");
}

#[test]
fn a_missing_save_is_refused() {
    let dir = scratch("missing_save");
    let mut session = playing();
    let line = format!("restore \"{}\"\n", dir.join("none.json").display());
    insta::assert_snapshot!(fails_unchanged(&mut session, "missing_save", &line), @"session::no_save @ missing_save.session:1:9 +help");
}

#[cfg(unix)]
#[test]
fn a_device_is_never_replaced_by_a_save() {
    let mut session = playing();
    let found = fails_unchanged(&mut session, "device", "save \"/dev/null\"\n");
    insta::assert_snapshot!(found, @"engine::save::io @ device.session:1:6 +help");
    assert!(!std::fs::metadata("/dev/null").unwrap().file_type().is_file());
}

#[cfg(unix)]
#[test]
fn a_planted_temp_symlink_is_never_followed() {
    let dir = scratch("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    // Every name the old fixed temp scheme used, and this process's.
    for name in ["save.json.tmp".to_string(), format!("save.json.{}.tmp", std::process::id())] {
        std::os::unix::fs::symlink(&victim, dir.join(name)).unwrap();
    }
    let mut session = playing();
    let run =
        session.run_text("s", &format!("save \"{}\"\n", dir.join("save.json").display()), None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let restored =
        session.run_text("r", &format!("restore \"{}\"\n", dir.join("save.json").display()), None);
    assert!(restored.failure.is_none());
}

#[cfg(unix)]
#[test]
fn a_symlinked_save_target_is_refused() {
    let dir = scratch("symlink_target");
    std::fs::write(dir.join("elsewhere.json"), "x").unwrap();
    std::os::unix::fs::symlink(dir.join("elsewhere.json"), dir.join("save.json")).unwrap();
    let mut session = playing();
    let line = format!("save \"{}\"\n", dir.join("save.json").display());
    insta::assert_snapshot!(fails_unchanged(&mut session, "symlink_target", &line), @"engine::save::io @ symlink_target.session:1:6 +help");
    assert_eq!(std::fs::read_to_string(dir.join("elsewhere.json")).unwrap(), "x");
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_refuses_the_save_and_keeps_the_old_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read_only");
    let mut session = playing();
    let path = dir.join("save.json");
    assert!(
        session.run_text("s", &format!("save \"{}\"\n", path.display()), None).failure.is_none()
    );
    let old = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permissions: then the save succeeds, which is fine; otherwise it fails.
    let run = session.run_text("s2", &format!("next\nsave \"{}\"\n", path.display()), None);
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    if let Some(diagnostics) = run.failure {
        assert_eq!(diagnostics[0].code, "engine::save::io");
        assert_eq!(std::fs::read(&path).unwrap(), old);
    }
}

#[test]
fn a_save_made_after_other_lines_restores_in_a_fresh_session() {
    // The pack's identity is its content: lines before `load` do not change it.
    let dir = scratch("travels");
    let path = dir.join("save.json");
    let mut batch = Session::new(Game::new(7), 7);
    let text = format!(
        "roll 1d6\nroll 2d6\nload mestezia\nactor Itzel from Itzel\nsave \"{}\"\n",
        path.display()
    );
    assert!(batch.run_text("batch.session", &text, None).failure.is_none());
    let mut repl = Session::new(Game::new(7), 7);
    let text = format!("load mestezia\nrestore \"{}\"\n", path.display());
    let run = repl.run_text("repl.session", &text, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(state(&repl), state(&batch));
}
