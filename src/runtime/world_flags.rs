//! World flags: `World: Day or Night; Warm or Cold` declares groups of flags of which exactly
//! one holds (the group's first at the start). The GM sets one (`world is Night`, which
//! unsets the rest of its group); `While:` lines, effect gates and `Requires:` lines test one
//! (`the world is Night`, `not the world is Warm`) and effect lines read one in brackets
//! (`[Night]`: 1 or 0). The world keeps only the groups set away from their start, so it is
//! saved, undone and shown with the rest of the world.

use std::collections::BTreeMap;

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::rules::Rules;
use crate::diagnostics::Span;

impl Rules {
    /// The group holding the flag `name` (without regard to case) and the flag as declared.
    pub(crate) fn world_flag(&self, name: &str) -> Option<(&[String], &str)> {
        self.world_flags.iter().find_map(|group| {
            let flag = group.iter().find(|flag| flag.eq_ignore_ascii_case(name))?;
            Some((group.as_slice(), flag.as_str()))
        })
    }
}

/// Whether the flag `name` holds in a world whose set flags are `flags`; `None` when no
/// `World:` line declares it.
pub(crate) fn holds(rules: &Rules, flags: &BTreeMap<String, String>, name: &str) -> Option<bool> {
    let (group, flag) = rules.world_flag(name)?;
    let first = group.first()?;
    let now = flags.get(first).map_or(first.as_str(), String::as_str);
    Some(now == flag)
}

/// The flag that holds in each group, in declaration order.
pub(crate) fn current(rules: &Rules, flags: &BTreeMap<String, String>) -> Vec<String> {
    rules
        .world_flags
        .iter()
        .filter_map(|group| {
            let first = group.first()?;
            Some(flags.get(first).cloned().unwrap_or_else(|| first.clone()))
        })
        .collect()
}

impl Game {
    /// `world is Night`: the flag holds from now on and the others of its group do not;
    /// logged. An undeclared flag is refused (with the declared ones) and nothing changes.
    pub fn set_world_flag(&mut self, name: &str) -> Result<(), RuntimeError> {
        self.command(|game| {
            let rules = std::sync::Arc::clone(&game.rules);
            let Some((group, flag)) = rules.world_flag(name) else {
                let declared: Vec<&str> =
                    rules.world_flags.iter().flatten().map(String::as_str).collect();
                let hint = match declared.is_empty() {
                    true => "declare flags in the system block: `World: Day or Night`".to_string(),
                    false => format!("world flags: {}", declared.join(", ")),
                };
                let message = format!("{name} is not a world flag");
                return Err(RuntimeErrorKind::Fiat { message, hint }.at(Span::NONE));
            };
            let first = group.first().cloned().unwrap_or_default();
            if holds(&rules, &game.world.flags, flag) == Some(true) {
                game.narrate(&format!("the world is already {flag}"));
                return Ok(());
            }
            if flag == first {
                game.world.flags.remove(&first);
            } else {
                game.world.flags.insert(first, flag.to_string());
            }
            game.narrate(&format!("the world is now {flag}"));
            Ok(())
        })
    }

    /// The flag that holds in each `World:` group, in declaration order.
    pub fn world_flags(&self) -> Vec<String> {
        current(&self.rules, &self.world.flags)
    }
}
