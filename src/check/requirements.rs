//! Requirement tests as the runtime evaluates them (`runtime/requirement.rs`). A power's
//! `While:`, `Prereq:` and `Trigger:` lines, a trait's (an upgrade's, a stance's) and a
//! weapon's `Requires:` and a condition's `While:` test what holds now: a comparison, a
//! condition someone holds (`you are Dazed`, `Target has Prone`, `not you are Hidden`) or a
//! keyword of the power (`this power has keyword Melee`). Refused here: a subject the runtime
//! does not know, the target where there is none (a trait or weapon line), the power where
//! there is none, an actor's keyword no actor block gives, and an event (`an enemy moves
//! adjacent`), which is something that happens, not something that holds — except on a
//! power's `Trigger:` line, whose events the use's request vouches for while its other tests
//! are evaluated. An effect line's `when <test>:` and a `Result if <test>:` line are checked
//! the same way: the target is the line's, and no power is in use there. A system's event
//! rule (`On hit: if ...:`) is too; only a hit's rule (`On hit`, `On damage taken`) has a
//! power, the attack that struck.

use super::as_written::RefusalKind;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::common::Subject;
use crate::model::common::Test;
use crate::model::expr::Name;
use crate::model::gear::GearDecls;
use crate::model::hook::HookEvent;
use crate::model::keywords;
use crate::model::{
    ActorLine, BlockBody, ConditionLine, Pack, PowerLine, Requirement, SystemLine, TraitLine,
    WeaponLine,
};

/// Where a requirement is, and so who its tests may be about.
#[derive(Clone, Copy)]
struct Place {
    /// The line's label.
    label: &'static str,
    /// Whether there is a target (a power's line).
    target: bool,
    /// Whether there is a power in use (a power's line, an upgrade's).
    power: bool,
    /// Whether a use may name a cell (`to q,r`): a power's own While and Prereq lines.
    cell: bool,
    /// Whether the power's weapon is known (`the weapon has keyword Bow`): a power's own
    /// lines and an upgrade's.
    weapon: bool,
}

/// Checks every While, Prereq and Requires line the runtime evaluates.
pub fn requirements(pack: &Pack, declared: &GearDecls, out: &mut Vec<Diagnostic>) {
    let owned = wieldable(pack, declared, true);
    let gear: Vec<&str> = owned.iter().map(String::as_str).collect();
    let weapon_words = wieldable(pack, declared, false);
    let weapons: Vec<&str> = weapon_words.iter().map(String::as_str).collect();
    let kinds = actor_keywords(pack);
    let known = Known { gear: &gear, weapons: &weapons, actor_keywords: &kinds };
    for block in pack.blocks() {
        for (label, gate) in crate::model::references::References::of(&block.node.body).effect_gates
        {
            let place = Place { label, target: true, power: false, cell: false, weapon: false };
            tests(&gate.node, place, &known, out);
        }
        match &block.node.body {
            BlockBody::Power(lines) => {
                for line in lines {
                    let (label, requirement) = match &line.node {
                        PowerLine::While(requirement) => ("While", requirement),
                        PowerLine::Prereq(requirement) => ("Prereq", requirement),
                        PowerLine::Trigger(requirement) => ("Trigger", requirement),
                        _ => continue,
                    };
                    let place =
                        Place { label, target: true, power: true, cell: true, weapon: true };
                    tests(requirement, place, &known, out);
                }
            }
            BlockBody::Trait(lines) => {
                // An upgrade (a trait with a `To:` line) tests the power it modifies.
                let power = lines.iter().any(|line| matches!(line.node, TraitLine::To(_)));
                for line in lines {
                    let (label, requirement) = match &line.node {
                        TraitLine::While(requirement) => ("While", requirement),
                        TraitLine::Prereq(requirement) => ("Prereq", requirement),
                        _ => continue,
                    };
                    let place = Place { label, target: false, power, cell: false, weapon: power };
                    tests(requirement, place, &known, out);
                }
            }
            BlockBody::Condition(lines) => {
                for line in lines {
                    if let ConditionLine::While(requirement) = &line.node {
                        let place = Place {
                            label: "While",
                            target: false,
                            power: false,
                            cell: false,
                            weapon: false,
                        };
                        tests(requirement, place, &known, out);
                    }
                }
            }
            BlockBody::System(lines) => {
                // A hit's rule tests the attack that struck (`the attack has keyword Melee`).
                for line in lines {
                    let SystemLine::OnEvent(rule) = &line.node else { continue };
                    let Some(gate) = &rule.gate else { continue };
                    let power = matches!(rule.event.node, HookEvent::Hit | HookEvent::DamageTaken);
                    let place =
                        Place { label: "On", target: true, power, cell: false, weapon: false };
                    tests(&gate.node, place, &known, out);
                }
            }
            BlockBody::Weapon(lines) => {
                for line in lines {
                    if let WeaponLine::Requires(requirement) = &line.node {
                        let place = Place {
                            label: "Requires",
                            target: false,
                            power: false,
                            cell: false,
                            weapon: false,
                        };
                        tests(requirement, place, &known, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The tests of one requirement at `place`.
/// What the pack's tests may name: gear (and its keywords), and the keywords of its actors.
struct Known<'a> {
    gear: &'a [&'a str],
    /// The weapons' names and keywords only (`the weapon has keyword Bow`).
    weapons: &'a [&'a str],
    actor_keywords: &'a [&'a str],
}

/// The keywords the pack's actor blocks give their actors (`Keywords: Construct`).
fn actor_keywords(pack: &Pack) -> Vec<&str> {
    let mut words = Vec::new();
    for block in pack.blocks() {
        let BlockBody::Actor(lines) = &block.node.body else { continue };
        for line in lines {
            let ActorLine::Keywords(keywords) = &line.node else { continue };
            words.extend(keywords.iter().filter_map(|keyword| match &keyword.node {
                crate::model::Keyword::Word(word) => Some(word.as_str()),
                crate::model::Keyword::Expr(_) => None,
            }));
        }
    }
    words
}

fn tests(requirement: &Requirement, place: Place, known: &Known<'_>, out: &mut Vec<Diagnostic>) {
    let Requirement::Tests { first, rest } = requirement else { return };
    let gear = known.gear;
    for test in std::iter::once(first).chain(rest.iter().map(|(_, test)| test)) {
        if let Test::Keyword { subject, keyword, .. } = &test.node
            && matches!(Subject::of(&subject.node).1, Some(Subject::User | Subject::Target))
            && !known.actor_keywords.iter().any(|k| keywords::names(keyword.node.as_str(), k))
        {
            let kind = RefusalKind::ActorKeywords(keyword.node.as_str().to_string());
            out.push(kind.at(keyword.span).to_diagnostic().with_suggestion(
                keyword.node.as_str(),
                known.actor_keywords.iter().copied(),
                "give an actor block the keyword the test reads: `Keywords: Construct`",
            ));
        }
        let gear_word = match &test.node {
            Test::Wielding { gear: word, .. } => Some((word, gear, "weapon or armour")),
            Test::Keyword { subject, keyword, .. }
                if Subject::of(&subject.node).1 == Some(Subject::Weapon) =>
            {
                Some((keyword, known.weapons, "weapon"))
            }
            _ => None,
        };
        if let Some((word, words, what)) = gear_word
            && !words.iter().any(|known| keywords::names(word.node.as_str(), known))
        {
            let kind = RefusalKind::UnknownGear {
                gear: word.node.as_str().to_string(),
                label: place.label,
            };
            out.push(kind.at(word.span).to_diagnostic().with_suggestion(
                word.node.as_str(),
                words.iter().copied(),
                format!("name a {what} of the pack, or a keyword one of them has"),
            ));
        }
        if let Some(refusal) = refused(test, place) {
            out.push(refusal);
        }
    }
}

/// Why the runtime could not evaluate `test` at `place`, if it could not.
fn refused(test: &Spanned<Test>, place: Place) -> Option<Diagnostic> {
    let label = place.label;
    let (who, keyword) = match &test.node {
        Test::Compare(_) | Test::Near { .. } | Test::Party { .. } => return None,
        // A power's trigger names the events its use answers (the request vouches for them).
        Test::Event { .. } if label == "Trigger" => return None,
        Test::Cell { cell, .. } if !place.cell => {
            let kind = RefusalKind::NoCellHere { cell: cell.clone(), label };
            let help = "a cell test belongs on a power's `Prereq:` or `While:` line, whose use \
                        names the cell (`Ana uses Place Trap to 2,1`)";
            return Some(kind.at(test.span).to_diagnostic().with_help(help));
        }
        Test::Cell { .. } => return None,
        Test::Event { .. } => {
            let kind = RefusalKind::EventAsState(label);
            let help = "test what holds now (`you are Dazed`, `[HP > 0]`); an event belongs \
                        on a `Trigger:` line";
            return Some(kind.at(test.span).to_diagnostic().with_help(help));
        }
        Test::Wielding { subject: None, .. } => return None,
        // `the world is Night` is checked against the `World:` line (`check::world`);
        // nothing else is about the world.
        Test::Wielding { subject: Some((who, _)), .. } | Test::Keyword { subject: who, .. }
            if Subject::of(&who.node).1 == Some(Subject::World) =>
        {
            let written = who.node.as_str().to_string();
            let kind = RefusalKind::UnknownSubject { subject: written, label };
            let help = "the world holds flags only: `the world is Night`";
            return Some(kind.at(who.span).to_diagnostic().with_help(help));
        }
        Test::Wielding { subject: Some((who, _)), .. } => (who, false),
        Test::Has { subject: who, .. } => (who, false),
        Test::Keyword { subject: who, .. } => (who, true),
        Test::Facing { subject, of, .. } => {
            if Subject::of(&subject.node).1.is_some()
                && Subject::of(&subject.node).1 == Subject::of(&of.node).1
            {
                let kind = RefusalKind::FacingItself(subject.node.to_string());
                let help = "write `you are behind Target` (or `Target is behind you`)";
                return Some(kind.at(test.span).to_diagnostic().with_help(help));
            }
            return about_actor(subject, false, place).or_else(|| about_actor(of, false, place));
        }
    };
    about_actor(who, keyword, place)
}

/// Why a test about `who` (a keyword test when `keyword`) cannot be evaluated at `place`.
fn about_actor(who: &Spanned<Name>, keyword: bool, place: Place) -> Option<Diagnostic> {
    let label = place.label;
    let written = who.node.as_str().to_string();
    let allowed = match (keyword, place.target, place.power) {
        (true, _, true) if place.weapon => {
            "`this power has keyword Melee` or `the weapon has keyword Bow`"
        }
        (true, _, true) => "`this power has keyword Melee`",
        (true, _, false) => "a comparison (`[Strength >= 3]`) or a condition (`you are Dazed`)",
        (false, true, _) => "`you` or `Target`, optionally after `not`",
        (false, false, _) => "`you`, optionally after `not`",
    };
    let refuse = |kind: RefusalKind| {
        let help = format!("a `{label}` test here is about {allowed}");
        Some(kind.at(who.span).to_diagnostic().with_help(help))
    };
    match (Subject::of(&who.node).1, keyword) {
        (Some(Subject::World), _) => None,
        (None, _) => refuse(RefusalKind::UnknownSubject { subject: written, label }),
        (Some(Subject::Target), false) if !place.target => {
            refuse(RefusalKind::NoTargetHere { subject: written, label })
        }
        (Some(Subject::Power), false) => {
            refuse(RefusalKind::UnknownSubject { subject: written, label })
        }
        // An actor's keyword is checked against the pack's actors in `tests`.
        (Some(Subject::User | Subject::Target), true) => None,
        (Some(Subject::Power), true) if !place.power => {
            refuse(RefusalKind::NoPowerHere { subject: written, label })
        }
        (Some(Subject::Weapon), false) => {
            refuse(RefusalKind::UnknownSubject { subject: written, label })
        }
        (Some(Subject::Weapon), true) if !place.weapon => {
            refuse(RefusalKind::NoWeaponHere { subject: written, label })
        }
        _ => None,
    }
}

/// What a `wielding` test may name: the pack's weapons and armours and their keywords — the
/// words `runtime::gear::wields` matches an actor's equipment against.
/// With `armour` false, the weapons' only: what `the weapon has keyword X` may name.
fn wieldable(pack: &Pack, declared: &GearDecls, armour: bool) -> Vec<String> {
    let mut words = Vec::new();
    for block in pack.blocks() {
        let gear = match block.node.body {
            BlockBody::Weapon(_) => true,
            BlockBody::Armour(_) => armour,
            _ => false,
        };
        if gear {
            // Typed as the runtime types it: a `stat` field's words are no keywords.
            let mut typed = block.node.clone();
            declared.type_stat_fields(&mut typed);
            words.push(typed.name.node.to_string());
            words.extend(keywords::weapon_words(&typed).map(str::to_string));
        }
    }
    words
}
