//! `Weapons: each Melee` — one use of a power attacking with each equipped weapon that has
//! the keyword (`runtime::gear::each_weapon`). Refused where the runtime could not run it as
//! written: a power whose lines read no weapon (each attack would be the same), one that
//! invests or sustains (its later resolutions carry one weapon) or is a defence (offered
//! inside an attack, with one weapon), a second such line, a keyword no weapon of the
//! pack has (with the nearest one), and a `While:`/`Prereq:` test of the weapon (tested
//! once, before the first weapon's attack).

use crate::diagnostics::Diagnostic;
use crate::model::common::{Requirement, Subject, Test};
use crate::model::keywords;
use crate::model::{BlockBody, Pack, PowerLine};

use crate::model::references::References;

/// Checks every `Weapons:` line of `pack`.
pub(super) fn each_weapon(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let words: Vec<&str> = pack
        .blocks()
        .filter(|block| matches!(block.node.body, BlockBody::Weapon(_)))
        .flat_map(|block| keywords::weapon_words(&block.node))
        .collect();
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        let mut each = lines.iter().filter_map(|line| match &line.node {
            PowerLine::EachWeapon(keyword) => Some((keyword, line.span)),
            _ => None,
        });
        let Some((keyword, span)) = each.next() else { continue };
        let refuse = |message: String, label: &str, help: String| {
            Diagnostic::error("rules::check::each_weapon", message)
                .with_primary(span, label.to_string())
                .with_help(help)
        };
        let power = &block.node.name.node;
        for (_, again) in each {
            out.push(
                Diagnostic::error(
                    "rules::check::each_weapon",
                    format!("{power} has a second `Weapons:` line"),
                )
                .with_primary(again, "a second line")
                .with_secondary(span, "the first")
                .with_help("a power attacks with each weapon of one kind: keep one line"),
            );
        }
        if !References::of(&block.node.body).reads_weapon() {
            out.push(refuse(
                format!("{power} reads no weapon, so each weapon's attack would be the same"),
                "attacks with each weapon",
                "read the weapon on its lines (`Keywords: Combat [Weapon]`, `[Weapon Damage] damage`)"
                    .into(),
            ));
        }
        let one_weapon = lines.iter().find_map(|line| match &line.node {
            PowerLine::Invest(_) => {
                Some(("an `Invest:`", "its later resolutions carry one weapon"))
            }
            PowerLine::Sustain(_) => {
                Some(("a `Sustain:`", "its later resolutions carry one weapon"))
            }
            PowerLine::Defence(_) => {
                Some(("a `Defence:`", "a defence answers an attack with one weapon"))
            }
            _ => None,
        });
        if let Some((label, why)) = one_weapon {
            out.push(refuse(
                format!("{power} attacks with each weapon and has {label} line"),
                "each weapon's attack resolves now",
                format!("{why}: drop {label} line or the `Weapons:` line"),
            ));
        }
        // Requirements are tested once, before the first weapon's attack.
        for line in lines {
            let (PowerLine::While(requirement) | PowerLine::Prereq(requirement)) = &line.node
            else {
                continue;
            };
            let Requirement::Tests { first, rest } = requirement else { continue };
            for test in std::iter::once(first).chain(rest.iter().map(|(_, test)| test)) {
                let Test::Keyword { subject, keyword: asked, .. } = &test.node else { continue };
                if Subject::of(&subject.node).1 != Some(Subject::Weapon) {
                    continue;
                }
                out.push(
                    Diagnostic::error(
                        "rules::check::each_weapon",
                        format!(
                            "{power} attacks with each weapon, and `{}` is tested once, with the first",
                            test.node
                        ),
                    )
                    .with_primary(test.span, "tested before the first attack only")
                    .with_secondary(span, "each weapon attacks")
                    .with_help(format!(
                        "choose the weapons on the `Weapons:` line: `Weapons: each {}`",
                        asked.node
                    )),
                );
            }
        }
        let Some(keyword) = keyword else { continue };
        if words.iter().any(|word| keywords::names(keyword.node.as_str(), word)) {
            continue;
        }
        out.push(
            Diagnostic::error(
                "rules::check::each_weapon",
                format!("no weapon has the keyword `{}`", keyword.node),
            )
            .with_primary(keyword.span, "no weapon has it")
            .with_suggestion(
                keyword.node.as_str(),
                words.iter().copied(),
                "name a keyword of a weapon (its `Keywords:` line or keyword field), or write `Weapons: each`",
            ),
        );
    }
}
