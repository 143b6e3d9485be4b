//! Where damage and healing go: the innermost resource of the system's first `Layered`
//! line (`Layered Body: HP`), else the one resource the system declares with a `max` (`Resource
//! HP: max [Max HP]`; a world resource never counts). A system with several resources with a
//! maximum and no `Layered` line (or with none) does not say, and the engine never guesses:
//! `check` refuses such a pack when it deals damage or heals, and the runtime refuses damage
//! a script deals.

use super::SystemLine;
use super::system::ResourceRule;

/// The resource damage and healing go to, or (when the system does not say) the resources
/// declared with a maximum, any of which it could be.
pub fn health_resource<'a>(
    lines: impl IntoIterator<Item = &'a SystemLine>,
) -> Result<&'a str, Vec<&'a str>> {
    let mut with_max = Vec::new();
    for line in lines {
        match line {
            SystemLine::Layered { resource, .. } => return Ok(resource.node.as_str()),
            // A world resource (`Resource Tension: world; max 6`) is no actor's health.
            SystemLine::Resource { name, rules }
                if rules.iter().any(|rule| matches!(rule.node, ResourceRule::Max(_)))
                    && !rules.iter().any(|rule| rule.node == ResourceRule::World) =>
            {
                with_max.push(name.node.as_str());
            }
            _ => {}
        }
    }
    match with_max.as_slice() {
        [one] => Ok(one),
        _ => Err(with_max),
    }
}

/// What to write when the system does not say where damage goes, given the resources with
/// a maximum.
pub fn help(candidates: &[&str]) -> String {
    match candidates {
        [] => "declare the health resource with a maximum (`Resource HP: max [Max HP]`), or a \
               layered pool in front of it (`Layered Body: HP`)"
            .to_string(),
        [first, ..] => format!(
            "several resources have a maximum ({}): say which one damage and healing go to \
             with a layered pool in front of it, `Layered Body: {first}`",
            candidates.join(", ")
        ),
    }
}
