//! Semantic validation of a loaded [`Pack`]: names resolve (stats, resources, conditions,
//! procedures, script functions, blocks an actor lists), no name is declared twice, Result
//! grades stay under the system's cap, thresholds can be met, armour hardness is usable,
//! check procedures are complete, specialised stats' parents end somewhere, and narration-only
//! lines are flagged. Checking reads the model only; it never evaluates with actor values or
//! rolls dice.

mod as_written;
mod choices;
mod chosen_costs;
mod condition_n;
mod conditions;
mod creation;
mod critical_ranges;
mod cycles;
mod damage;
mod declared_names;
mod defences;
mod each_weapon;
mod effect_flow;
mod error;
mod gear;
mod gear_fields;
mod grades_reached;
mod held_choices;
mod lifecycle;
mod modifiers;
mod named_outcomes;
mod names;
mod not_run;
mod power_rules;
mod procedures_run;
mod requirements;
mod rules;
mod rulings;
mod scripts;
mod shared_rolls;
mod space;
mod spares;
mod stat_parents;
mod stops;
mod system_once;
mod tables;
mod target_ranges;
mod temporary_health;
mod thresholds;
mod traits;
mod upgrades;
mod use_names;
mod world;

pub use error::{CheckError, CheckErrorKind};
pub use scripts::{DEFINE_FUNCTION, SCRIPTED_CHECK_ARITY, hook_arity, script_calls};

use crate::diagnostics::Diagnostic;
use crate::link::Symbols;
use crate::model::references::References;
use crate::model::{BlockBody, BlockKind, Pack};
use names::Names;

/// Checks `pack` and returns every problem found, in file and line order.
pub fn check_pack(pack: &Pack) -> Vec<Diagnostic> {
    check_linked(pack, &Symbols::of(pack))
}

/// A pack's check, kept with the symbol table it was made against, so whoever installs
/// that same pack next (a session's `load` into an empty game) need not check it again.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The pack's symbol table.
    pub symbols: Symbols,
    /// What `check_linked` found, in the order it found them.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    /// Checks `pack` (as [`check_pack`] does), keeping its symbol table.
    pub fn of(pack: &Pack) -> Checked {
        let symbols = Symbols::of(pack);
        let diagnostics = check_linked(pack, &symbols);
        Checked { symbols, diagnostics }
    }
}

/// Checks `pack` against its symbol table (built once by the caller, who keeps it for
/// running the pack).
pub fn check_linked(pack: &Pack, symbols: &Symbols) -> Vec<Diagnostic> {
    let names = Names::new(symbols);
    let mut out = Vec::new();
    rules::duplicates(pack, &mut out);
    use_names::declared(symbols, &mut out);
    declared_names::declared_names(symbols, &mut out);
    declared_names::shadowed_resources(pack, symbols, &mut out);
    cycles::cycles(pack, &mut out);
    let procedures = use_names::Procedures::of(pack);
    let critical_label = use_names::critical_label(pack);
    let temporary = temporary_health::conditions(pack);
    let reading_n = condition_n::readers(pack);
    for block in pack.blocks() {
        // A power's chosen names are checked bound to the group's first stat.
        let bound = match choices::bound_for_check(pack, &block.node, &mut out) {
            choices::CheckedAs::Plain => None,
            choices::CheckedAs::Bound(body) => Some(body),
            choices::CheckedAs::Skip => continue,
        };
        let references = References::of(bound.as_ref().unwrap_or(&block.node.body));
        let parameters = names::parameters(&block.node.body);
        let in_procedure = block.node.kind.node == BlockKind::Check;
        let body = bound.as_ref().unwrap_or(&block.node.body);
        let uses = use_names::UseNames::of(&procedures, body);
        for (expr, context) in &references.expressions {
            names.check_expr(expr, *context, &parameters, in_procedure, &uses, &mut out);
        }
        // `Self` and `Target` are known as whole arguments of the call (actor handles).
        for (call, context) in &references.script_calls {
            names.check_expr(call, *context, &parameters, in_procedure, &uses, &mut out);
        }
        use_names::critical_gates(critical_label, body, &uses, &mut out);
        for condition in &references.conditions {
            names.check_condition(condition, &mut out);
        }
        for name in &references.condition_names {
            let named =
                crate::model::ConditionRef { name: (*name).clone(), amount: None, detail: None };
            names.check_condition(&named, &mut out);
        }
        for resource in &references.resources {
            names.check_resource(resource, &mut out);
        }
        temporary_health::references(pack, &temporary, &references, &mut out);
        condition_n::references(&reading_n, &references, &mut out);
        for stat in &references.stats {
            names.check_stat(stat, &mut out);
        }
        conditions::check_condition_block(&block.node.body, &names, &mut out);
        conditions::check_type_parameters(&references.type_parameters, &parameters, &mut out);
        for party in &references.against_holder {
            out.push(
                CheckErrorKind::AgainstHolder(party.node.to_string())
                    .at(party.span)
                    .to_diagnostic()
                    .with_help("name the other side: `apply Advantage to Self against Target`"),
            );
        }
        for span in &references.dealt_unbound {
            out.push(dealt_unbound(*span));
        }
        for span in &references.once_outside_test {
            out.push(
                Diagnostic::error(
                    "rules::check::once_per_test",
                    "`at most once per test` on a line that never runs inside an open test",
                )
                .with_primary(*span, "no test is open when this line runs")
                .with_help(
                    "put it on a line of a test in steps (`Chunk all successes: ...; do \
                     Group at most once per test`), or drop it",
                ),
            );
        }
        for armour in &references.armours {
            names.check_block(armour, &["armour"], "armour", &mut out);
        }
        for procedure in &references.procedures {
            names.check_procedure(procedure, &mut out);
        }
        for (span, label, text) in &references.narration {
            let help = match effect_reworded(text) {
                Some(reworded) => format!("write it subject first: `{reworded}`"),
                None => narration_help(label),
            };
            out.push(CheckErrorKind::Narration(label).at(*span).to_diagnostic().with_help(help));
        }
        if let BlockBody::Actor(lines) = &block.node.body {
            rules::actor_references(lines, &names, &mut out);
        }
    }
    temporary_health::actors(pack, &temporary, &mut out);
    condition_n::actors(pack, &reading_n, &mut out);
    condition_n::passed_on(pack, &reading_n, &mut out);
    rules::grade_caps(pack, &mut out);
    grades_reached::grades_reached(pack, &mut out);
    rules::resource_bounds(pack, &mut out);
    rules::result_gates(pack, &mut out);
    thresholds::thresholds(pack, &mut out);
    chosen_costs::chosen_costs(pack, &mut out);
    target_ranges::target_ranges(pack, &mut out);
    critical_ranges::critical_ranges(pack, symbols, &mut out);
    power_rules::power_rules(pack, &names, &mut out);
    defences::defences(pack, &names, &mut out);
    each_weapon::each_weapon(pack, &mut out);
    rules::armour(pack, &mut out);
    rules::procedures(pack, &mut out);
    upgrades::replacements(pack, &mut out);
    as_written::check(pack, &symbols.gear, &mut out);
    gear_fields::gear_fields(pack, &mut out);
    not_run::not_run(pack, symbols, &mut out);
    stat_parents::parent_cycles(pack, &mut out);
    rulings::rulings(pack, &mut out);
    tables::tables(pack, symbols, &mut out);
    lifecycle::lifecycle(pack, &mut out);
    traits::traits(pack, &mut out);
    damage::damage_pool(pack, &mut out);
    effect_flow::effect_flow(pack, &mut out);
    world::world_resources(pack, &mut out);
    world::flags_named_as_values(symbols, &mut out);
    creation::creation(pack, &mut out);
    held_choices::held_choices(pack, &mut out);
    named_outcomes::named_outcomes(pack, &mut out);
    space::space(pack, &mut out);
    system_once::system_once(pack, &mut out);
    shared_rolls::shared_rolls(pack, &mut out);
    stops::stops(pack, &mut out);
    spares::spares(pack, &mut out);
    out
}

/// `[Damage Dealt]` read at `span`, where no damage came before it on its effect line.
fn dealt_unbound(span: crate::diagnostics::Span) -> Diagnostic {
    Diagnostic::error(
        "rules::check::damage_dealt_unbound",
        "`Damage Dealt` is read where nothing was dealt",
    )
    .with_primary(span, "no damage before this on its effect line")
    .with_help(
        "read it on an effect line after its damage: `[Weapon Damage] damage; if [Damage Dealt \
         > 0]: apply Dazed to Target`",
    )
}

/// Orders diagnostics by file and position of their primary label (stable, so problems at
/// one place keep the order they were found in); diagnostics without a location come first.
pub fn sort_diagnostics(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|diagnostic| {
        let span = diagnostic.primary_span();
        (span.file, span.start)
    });
}

/// An effect written with its subject at the end, as the engine's word order has it:
/// `[Attack] damage to Self` is `Self takes [Attack] damage`, `heal 2 to Ana` is `Ana heals
/// 2`. `None` for any other text.
fn effect_reworded(text: &str) -> Option<String> {
    let (effect, subject) = text.rsplit_once(" to ")?;
    let subject = subject.trim();
    if subject.is_empty() || subject.contains(' ') && !subject.starts_with("the ") {
        return None;
    }
    // One amount only (`2`, `[Strength]`, `1d6`), so the rewrite is a line the engine runs.
    let amount = |text: &str| {
        let text = text.trim();
        let bracket =
            text.starts_with('[') && text.ends_with(']') && text.matches('[').count() == 1;
        let one = !text.is_empty() && (bracket || !text.contains(' '));
        one.then(|| text.to_string())
    };
    let effect = effect.trim();
    if let Some(healed) = effect.get(..5).filter(|head| head.eq_ignore_ascii_case("heal ")) {
        return Some(format!("{subject} heals {}", amount(&effect[healed.len()..])?));
    }
    let damage = effect.strip_suffix(" damage")?;
    Some(format!("{subject} takes {} damage", amount(damage)?))
}

/// What the engine would understand on a line with this label.
fn narration_help(label: &str) -> String {
    let help = match label {
        "Target" => {
            "targets the engine understands: `Self`, `Enemy in N`, `Up to N allies in N`, `you or an ally in N`, `Burst N within N excluding Self`, `Burst N excluding allies`, `Cone N`, `Ray N`, `Path N`"
        }
        "Cost" => "costs the engine understands: `N Resource`, `N Resource + N Resource`",
        "Result" | "Effect" | "Before" | "After" | "Add" => {
            return format!(
                "effects the engine runs: {}",
                crate::model::verbs::EffectVerb::shapes()
            );
        }
        _ => {
            "tests the engine evaluates: `[expression]`, `Subject has Condition`, `Subject moves/attacks/hits ...`, joined by `and`/`or`"
        }
    };
    help.to_string()
}

#[cfg(test)]
mod tests {
    use super::effect_reworded;

    #[test]
    fn only_a_subject_last_effect_of_one_amount_is_reworded() {
        let reworded = |text: &str| effect_reworded(text);
        assert_eq!(
            reworded("[Strength] damage to Self").as_deref(),
            Some("Self takes [Strength] damage")
        );
        assert_eq!(reworded("Heal 2 to Ana").as_deref(), Some("Ana heals 2"));
        assert_eq!(
            reworded("1d6 damage to the target").as_deref(),
            Some("the target takes 1d6 damage")
        );
        assert_eq!(reworded("deal 2 damage to Target"), None);
        assert_eq!(reworded("Shove him, dealing 2 damage to Target"), None);
        assert_eq!(reworded("[Strength] + 2 damage to Self"), None);
        assert_eq!(reworded("give the lamp to Ana"), None);
    }
}
