//! Walking the model: every expression (with the context of its line), every condition,
//! resource and procedure a line refers to, and every narration-only part, collected into
//! flat lists. `check` runs its checks over them, `link` links their names, and the runtime
//! asks what a block reads; keeping the one walk in the model keeps each of them short.

use crate::diagnostics::{Span, Spanned};
use crate::model::common::{Assignment, Keyword, Requirement, Target, TargetCount, Test};
use crate::model::entity::{Change, Grant, GrantItem};
use crate::model::expr::LineContext;
use crate::model::system::CriticalRange;
use crate::model::system::{DiceTemplate, ResourceRule, TemplatePart};
use crate::model::{
    ActorLine, Amount, ArmourLine, BlockBody, ConditionLine, ConditionRef, Cost, Duration, Effect,
    EffectPart, Effects, Expr, Modifier, Name, Narration, PowerLine, ProcedureLine, SystemLine,
    TraitLine, WeaponLine,
};

/// Everything a block refers to.
#[derive(Default)]
pub struct References<'a> {
    /// Expressions with the kind of line they are on.
    pub expressions: Vec<(&'a Spanned<Expr>, LineContext)>,
    /// `script f(Target, Grade)` effect calls, whose `Self` and `Target` arguments are actor
    /// handles rather than values.
    pub script_calls: Vec<(&'a Spanned<Expr>, LineContext)>,
    /// Conditions applied, removed or tested.
    pub conditions: Vec<&'a ConditionRef>,
    /// The conditions `apply` and `lay` effects (and `Target is X`) give.
    pub applied: Vec<&'a ConditionRef>,
    /// The `over its maximum as X` parts of heals: X must hold temporary health.
    pub over_maximum: Vec<&'a crate::model::effect::OverMaximum>,
    /// Conditions named bare (`When Spikes is applied:`).
    pub condition_names: Vec<&'a Spanned<Name>>,
    /// Resources spent, gained, lost or paid.
    pub resources: Vec<&'a Spanned<Name>>,
    /// Stats named outside expressions (actor stat values, condition modifiers).
    pub stats: Vec<&'a Spanned<Name>>,
    /// Armour blocks named by effects (`put Bar Table in front of Target`).
    pub armours: Vec<&'a Spanned<Name>>,
    /// Check procedures named.
    pub procedures: Vec<&'a Spanned<Name>>,
    /// Lines the engine will not execute: the span of the narration, the line label and
    /// the text as written.
    pub narration: Vec<(Span, &'static str, &'a str)>,
    /// Damage types naming a parameter (`[Type] damage`).
    pub type_parameters: Vec<&'a Spanned<Name>>,
    /// `against` parties that are the condition's own holder (`apply Dazed against Target`).
    pub against_holder: Vec<&'a Spanned<Name>>,
    /// Effects groups run by `do Carry`.
    pub groups: Vec<&'a Spanned<Name>>,
    /// Powers an effect line runs (`use Cross Thorns`).
    pub powers_used: Vec<&'a Spanned<Name>>,
    /// Conditions an effect line lays as terrain (`lay Snare`).
    pub laid: Vec<&'a Spanned<Name>>,
    /// The kinds of `each ... within N` recipients (`ally`, `enemy`, `creature`).
    pub each_recipients: Vec<&'a Spanned<Name>>,
    /// The kinds of `an ally within N` tests (`ally`, `enemy`, `creature`).
    pub near_kinds: Vec<&'a Spanned<Name>>,
    /// Moves whose destination the request names (`walk up to 3 hexes`: not a push or pull),
    /// by the span of their effect, with their line's label.
    pub chosen_moves: Vec<(Span, &'static str)>,
    /// Who a `heals` phrase names (`Self heals [Roll]`).
    pub healed: Vec<&'a Spanned<Name>>,
    /// Where `stop before this square` is written (the span of the effect).
    pub stops_before: Vec<Span>,
    /// One-actor recipients of `gains`/`loses` (`Target`, `Self`, `Next Ally`).
    pub one_recipients: Vec<&'a Spanned<Name>>,
    /// The one actor other effects name (`apply Dazed to Target`, `push Target 2`, `lay
    /// Snare at Self`), with the effect's verb: each must be one the engine can find.
    pub named_subjects: Vec<(&'a Spanned<Name>, &'static str)>,
    /// The expressions of effect lines (a subset of `expressions`): the lines whose
    /// brackets read world resources.
    pub effect_expressions: Vec<&'a Spanned<Expr>>,
    /// Resources a cost or `spend` takes, or a gain or loss names a subject for: an actor's
    /// own resources, never the world's.
    pub actor_resources: Vec<&'a Spanned<Name>>,
    /// Where effects move the world clock (`advance the clock by 1 tick`).
    pub clock_uses: Vec<Span>,
    /// The flags of `the world is Night` tests.
    pub world_flags: Vec<&'a Spanned<Name>>,
    /// The tests of effect lines' `when`s and of `Result if` lines, each with the word the
    /// line writes (checked by [`super::requirements`]).
    pub effect_gates: Vec<(&'static str, &'a Spanned<Requirement>)>,
    /// `do Group at most once per test` on a line that never runs inside an open test (the
    /// span of the group's name).
    pub once_outside_test: Vec<Span>,
    /// Where a bracket reads `Damage Dealt` with no damage before it on its effect line (or
    /// outside an effect line): nothing was dealt there.
    pub dealt_unbound: Vec<Span>,
    /// Whether the walk is inside an effect line.
    in_effects: bool,
    /// Whether the walk has passed a damage effect on the current effect line.
    dealt_seen: bool,
    /// Whether the walk is inside a line that runs inside an open test (a chunk's
    /// judgement).
    in_test_step: bool,
}

impl<'a> References<'a> {
    /// Whether a line reads the weapon the use carries: a `Weapon` or `Weapon <Label>` name
    /// in any expression, keyword lines included.
    pub fn reads_weapon(&self) -> bool {
        self.reads_weapon_where(|_| true)
    }

    /// Whether the Target line reaches with the weapon (`Target: Enemy in [Weapon Range]`):
    /// a ranged or thrown use, which the weapon's `Minimum range:` bounds.
    pub fn reaches_with_weapon(&self) -> bool {
        self.reads_weapon_where(|context| context == LineContext::Target)
    }

    fn reads_weapon_where(&self, on: impl Fn(LineContext) -> bool) -> bool {
        use crate::model::expr::{Expr, NameKind};
        self.expressions.iter().filter(|(_, context)| on(*context)).any(|(expr, _)| {
            let mut found = false;
            expr.node.visit(
                &mut |node, _| {
                    if let Expr::Name(name) = node {
                        found |= matches!(name.kind(), NameKind::Weapon | NameKind::WeaponLine(_));
                    }
                },
                expr.span,
            );
            found
        })
    }

    /// Collects the references of one block body.
    pub fn of(body: &'a BlockBody) -> Self {
        let mut references = References::default();
        match body {
            BlockBody::Power(lines) => {
                lines.iter().for_each(|line| references.power_line(&line.node, line.span))
            }
            BlockBody::Trait(lines) => {
                lines.iter().for_each(|line| references.trait_line(&line.node, line.span))
            }
            BlockBody::System(lines) => {
                lines.iter().for_each(|line| references.system_line(&line.node, line.span))
            }
            BlockBody::Condition(lines) => {
                lines.iter().for_each(|line| references.condition_line(&line.node, line.span))
            }
            BlockBody::Actor(lines) => {
                lines.iter().for_each(|line| references.actor_line(&line.node, line.span))
            }
            BlockBody::Weapon(lines) => {
                lines.iter().for_each(|line| references.weapon_line(&line.node, line.span))
            }
            BlockBody::Armour(lines) => {
                lines.iter().for_each(|line| references.armour_line(&line.node, line.span))
            }
            BlockBody::Check(lines) => {
                lines.iter().for_each(|line| references.procedure_line(&line.node, line.span))
            }
        }
        references
    }

    fn expr(&mut self, expr: &'a Spanned<Expr>, context: LineContext) {
        self.expressions.push((expr, context));
        if !(self.in_effects && self.dealt_seen) {
            let dealt = crate::model::effect::DAMAGE_DEALT;
            expr.node.visit(
                &mut |node, span| {
                    if matches!(node, Expr::Name(name) if name.matches(dealt)) {
                        self.dealt_unbound.push(span);
                    }
                },
                expr.span,
            );
        }
        if self.in_effects {
            self.effect_expressions.push(expr);
        }
    }

    fn amount(&mut self, amount: &'a Amount, context: LineContext) {
        if let Amount::Expr(expr) = amount {
            self.expr(expr, context);
        }
    }

    fn holes(&mut self, narration: &'a Narration, context: LineContext) {
        narration.holes.iter().for_each(|hole| self.expr(hole, context));
    }

    fn narrative(
        &mut self,
        narration: &'a Narration,
        context: LineContext,
        label: &'static str,
        span: Span,
    ) {
        self.holes(narration, context);
        self.narration.push((span, label, narration.text.as_str()));
    }

    fn condition(&mut self, condition: &'a ConditionRef, context: LineContext) {
        self.conditions.push(condition);
        if let Some(amount) = &condition.amount {
            self.amount(amount, context);
        }
    }

    fn effects(&mut self, effects: &'a Effects, context: LineContext, label: &'static str) {
        let outer = std::mem::replace(&mut self.in_effects, true);
        // A new line counts from nothing; a `when`'s rest of the line goes on counting.
        let seen = self.dealt_seen && outer;
        let seen = std::mem::replace(&mut self.dealt_seen, seen);
        self.effect_parts(effects, context, label);
        self.in_effects = outer;
        self.dealt_seen = seen;
    }

    fn effect_parts(&mut self, effects: &'a Effects, context: LineContext, label: &'static str) {
        for part in &effects.parts {
            match &part.node {
                EffectPart::Narration(narration) => {
                    self.narrative(narration, context, label, part.span)
                }
                EffectPart::Effect(effect) => {
                    if let Effect::Move { kind, .. } = effect
                        && !kind.is_forced()
                    {
                        self.chosen_moves.push((part.span, label));
                    }
                    if let Effect::StopBefore { .. } = effect {
                        self.stops_before.push(part.span);
                    }
                    self.effect(effect, context)
                }
                EffectPart::When { test, then } => {
                    self.effect_gates.push(("when", test));
                    self.gate(&test.node, context);
                    self.effects(then, context, label);
                }
                EffectPart::Check { check, on_success, on_failure } => {
                    self.stats.extend(&check.stats);
                    self.procedures.extend(&check.procedure);
                    self.amount(&check.threshold, context);
                    for branch in [on_success, on_failure].into_iter().flatten() {
                        self.effects(branch, context, label);
                    }
                }
            }
        }
    }

    /// Who a `gains`/`loses`/`takes` phrase names, for the kind and subject checks.
    fn recipient(&mut self, recipient: Option<&'a crate::model::Recipient>, context: LineContext) {
        match recipient {
            Some(crate::model::Recipient::Each { who, within }) => {
                self.amount(within, context);
                self.each_recipients.push(who);
            }
            Some(crate::model::Recipient::Every { who }) => self.each_recipients.push(who),
            Some(crate::model::Recipient::One(who)) => self.one_recipients.push(who),
            None => {}
        }
    }

    fn effect(&mut self, effect: &'a Effect, context: LineContext) {
        match effect {
            Effect::Damage { amount, damage_type, recipient, .. } => {
                self.amount(amount, context);
                // `[Damage Dealt]` counts what the line's own subject lost, not what a named
                // recipient took.
                self.dealt_seen |= recipient.is_none();
                if let Some(kind) = damage_type.as_ref().filter(|k| k.node.as_str().contains('[')) {
                    self.type_parameters.push(kind);
                }
                self.recipient(recipient.as_ref(), context);
            }
            Effect::Heal { amount, subject, over } => {
                self.amount(amount, context);
                self.healed.extend(subject);
                if let Some(over) = over {
                    self.over_maximum.push(over);
                    self.condition_names.push(&over.condition);
                }
            }
            Effect::Gain { amount, resource, recipient }
            | Effect::Lose { amount, resource, recipient } => {
                self.amount(amount, context);
                self.resources.push(resource);
                if recipient.is_some() {
                    self.actor_resources.push(resource);
                }
                self.recipient(recipient.as_ref(), context);
            }
            Effect::Spend { amount, resource } => {
                self.amount(amount, context);
                self.resources.push(resource);
                self.actor_resources.push(resource);
            }
            Effect::Set { resource, amount, .. } => {
                self.amount(amount, context);
                self.resources.push(resource);
            }
            Effect::Do { group, once_per_test } => {
                self.groups.push(group);
                if *once_per_test && !self.in_test_step {
                    self.once_outside_test.push(group.span);
                }
            }
            Effect::Advance { amount, unit } => {
                self.amount(amount, context);
                self.clock_uses.push(unit.span);
            }
            Effect::Apply { condition, duration, subject, against, within, every } => {
                self.condition(condition, context);
                // `apply X to Attacker` names the hit's attacker, only in a hit's rule.
                if let Some(who) = subject.as_ref().filter(|who| is_attacker(who) && !*every) {
                    self.one_recipients.push(who);
                } else if let Some(who) = subject.as_ref().filter(|_| !*every && within.is_none()) {
                    self.named_subjects.push((who, "apply"));
                }
                self.applied.push(condition);
                if let (Some(within), Some(who)) = (within, subject) {
                    self.amount(within, context);
                    self.each_recipients.push(who);
                }
                if let (true, Some(who)) = (every, subject) {
                    self.each_recipients.push(who);
                }
                let party = |name: Option<&Spanned<Name>>| match name.map(|n| &n.node) {
                    None => "target".to_string(),
                    Some(name) if crate::model::effect::names_user(name) => "self".to_string(),
                    Some(other) => other.as_str().to_lowercase(),
                };
                if let Some(other) = against
                    && party(Some(other)) == party(subject.as_ref())
                {
                    self.against_holder.push(other);
                }
                if let Some(Duration::For { amount, .. }) = duration {
                    self.amount(amount, context);
                }
            }
            Effect::Remove { condition, subject, every } => {
                if let Some(who) = subject.as_ref().filter(|_| *every) {
                    self.each_recipients.push(who);
                }
                if let Some(who) = subject.as_ref().filter(|who| is_attacker(who) && !*every) {
                    self.one_recipients.push(who);
                } else if let Some(who) = subject.as_ref().filter(|_| !*every) {
                    self.named_subjects.push((who, "remove"));
                }
                self.condition(condition, context)
            }
            Effect::Move { distance, crowd, subject, kind, .. } => {
                self.named_subjects.extend(subject.iter().map(|who| (who, kind.as_str())));
                self.amount(distance, context);
                if let Some(crowd) = crowd {
                    self.condition_names.push(&crowd.condition);
                    self.condition_names.extend(&crowd.occupant);
                }
            }
            Effect::Script(call) => self.script_calls.push((call, context)),
            Effect::InFront { layer, subject } => {
                self.named_subjects.push((subject, "put in front of"));
                self.armours.push(layer)
            }
            Effect::Raise { stat, amount, .. } => {
                self.amount(amount, context);
                self.stats.push(stat);
            }
            Effect::SkipTurn { subject } => {
                self.named_subjects.extend(subject.iter().map(|who| (who, "skip")));
            }
            Effect::Drop { at } => self.named_subjects.extend(at.iter().map(|who| (who, "drop"))),
            Effect::EndTurn | Effect::StopBefore { .. } => {}
            Effect::PickUp { within } => {
                if let Some(within) = within {
                    self.amount(within, context);
                }
            }
            Effect::Lay { condition, at } => {
                self.named_subjects.extend(at.iter().map(|who| (who, "lay")));
                self.laid.push(&condition.name);
                // Whoever stands there gains it, with the N it is laid with.
                self.applied.push(condition);
                self.condition(condition, context)
            }
            Effect::Lift { condition, at } => {
                self.named_subjects.extend(at.iter().map(|who| (who, "lift")));
                self.condition_names.push(condition)
            }
            Effect::Use { power } => self.powers_used.push(power),
        }
    }

    /// A `Has` test: a world flag (`the world is Night`) or a condition someone holds.
    fn has(
        &mut self,
        subject: &'a Spanned<Name>,
        condition: &'a crate::model::ConditionRef,
        context: LineContext,
    ) {
        match crate::model::common::Subject::of(&subject.node).1 {
            Some(crate::model::common::Subject::World) => self.world_flags.push(&condition.name),
            _ => self.condition(condition, context),
        }
    }

    /// The tests of an effect line's `when`: its brackets read the line's values (`Margin`
    /// on a Result line), its state tests what holds now.
    fn gate(&mut self, gate: &'a Requirement, context: LineContext) {
        let Requirement::Tests { first, rest } = gate else { return };
        for test in std::iter::once(first).chain(rest.iter().map(|(_, test)| test)) {
            self.test(test, context);
        }
    }

    /// The names one test reads.
    fn test(&mut self, test: &'a Spanned<Test>, context: LineContext) {
        match &test.node {
            Test::Compare(expr) => self.expr(expr, context),
            Test::Has { subject, condition, .. } => self.has(subject, condition, context),
            Test::Near { who, within, .. } => {
                self.amount(within, context);
                self.near_kinds.push(who);
            }
            Test::Party { who, condition, .. } => {
                self.near_kinds.push(who);
                self.condition_names.push(condition);
            }
            Test::Cell { terrain: Some(terrain), .. } => self.condition_names.push(terrain),
            Test::Event { .. }
            | Test::Keyword { .. }
            | Test::Wielding { .. }
            | Test::Facing { .. }
            | Test::Cell { terrain: None, .. } => {}
        }
    }

    fn requirement(
        &mut self,
        requirement: &'a Requirement,
        label: &'static str,
        span: Option<Span>,
    ) {
        let context = LineContext::Condition;
        match requirement {
            Requirement::Narration(narration) => match span {
                Some(span) => self.narrative(narration, context, label, span),
                None => self.holes(narration, context),
            },
            Requirement::Tests { first, rest } => {
                for test in std::iter::once(first).chain(rest.iter().map(|(_, test)| test)) {
                    self.test(test, context);
                }
            }
        }
    }

    fn cost(&mut self, cost: &'a Cost, span: Span) {
        match cost {
            Cost::Resources(parts) => {
                for part in parts {
                    self.amount(&part.amount, LineContext::Cost);
                    if let Some(most) = &part.up_to {
                        self.amount(most, LineContext::Cost);
                    }
                    self.resources.push(&part.resource);
                    self.actor_resources.push(&part.resource);
                }
            }
            Cost::Narration(narration) => {
                self.narrative(narration, LineContext::Cost, "Cost", span)
            }
        }
    }

    fn keywords(&mut self, keywords: &'a [Spanned<Keyword>]) {
        for keyword in keywords {
            if let Keyword::Expr(expr) = &keyword.node {
                self.expr(expr, LineContext::Keywords);
            }
        }
    }

    fn template(&mut self, template: &'a DiceTemplate) {
        for part in template.parts() {
            if let TemplatePart::Hole(expr) = part {
                self.expr(expr, LineContext::Declaration);
            }
        }
    }

    fn power_line(&mut self, line: &'a PowerLine, span: Span) {
        match line {
            PowerLine::After(effects) => self.effects(effects, LineContext::Movement, "After"),
            PowerLine::Before(effects) => self.effects(effects, LineContext::Movement, "Before"),
            PowerLine::Check(check) => {
                self.expr(&check.modifier, LineContext::Check);
                if let Some(defence) = &check.defence {
                    self.expr(defence, LineContext::Check);
                }
                self.procedures.extend(check.procedure.as_ref());
            }
            PowerLine::Cost(cost) => self.cost(cost, span),
            PowerLine::Effect { effects, .. } => {
                self.effects(effects, LineContext::Result, "Effect")
            }
            PowerLine::Result { effects, gate, .. } => {
                if let crate::model::power::GradeGate::If(when) = gate {
                    self.effect_gates.push(("Result if", when));
                    self.gate(&when.node, LineContext::Result);
                }
                self.effects(effects, LineContext::Result, "Result")
            }
            PowerLine::Halt(requirement) => self.requirement(requirement, "Halt", Some(span)),
            PowerLine::Sustain(requirement) => self.requirement(requirement, "Sustain", Some(span)),
            PowerLine::Prereq(requirement) => self.requirement(requirement, "Prereq", Some(span)),
            PowerLine::Trigger(requirement) => self.requirement(requirement, "Trigger", Some(span)),
            PowerLine::While(requirement) => self.requirement(requirement, "While", Some(span)),
            PowerLine::Invest(amount) | PowerLine::Ticks(amount) => {
                self.amount(amount, LineContext::Declaration)
            }
            // Rolled once for the use, before any target's Result: read like a Before line.
            PowerLine::Roll(amount) => self.amount(amount, LineContext::Movement),
            PowerLine::Keywords(keywords) => self.keywords(keywords),
            PowerLine::Defence(defence) => {
                if let Some(arc) = &defence.arc {
                    self.amount(arc, LineContext::Check)
                }
            }
            // Checked by `defences`, with the defence counts known on the Penalty line.
            PowerLine::Limit(_)
            | PowerLine::Penalty(_)
            | PowerLine::Modifiers(_)
            | PowerLine::EachWeapon(_) => {}
            PowerLine::Target(target) => self.target(target, span),
            PowerLine::Threshold(threshold) | PowerLine::GmThreshold(Some(threshold)) => {
                self.expr(threshold, LineContext::Threshold)
            }
            PowerLine::GmThreshold(None) | PowerLine::Choose(_) => {}
        }
    }

    fn target(&mut self, target: &'a Target, span: Span) {
        let context = LineContext::Target;
        match target {
            Target::User => {}
            Target::Creatures { count, range, least, .. } => {
                if let Some(TargetCount::UpTo(amount) | TargetCount::Exactly(amount)) = count {
                    self.amount(amount, context);
                }
                for amount in [range.as_ref(), least.as_deref()].into_iter().flatten() {
                    self.amount(amount, context);
                }
            }
            Target::Area { size, range, least, first, .. } => {
                self.amount(size, context);
                for amount in
                    [range.as_ref(), least.as_deref(), first.as_deref()].into_iter().flatten()
                {
                    self.amount(amount, context);
                }
            }
            Target::Narration(narration) => self.narrative(narration, context, "Target", span),
        }
    }

    fn trait_line(&mut self, line: &'a TraitLine, span: Span) {
        match line {
            TraitLine::Add(effects) | TraitLine::Bonus(effects) => {
                self.effects(effects, LineContext::Result, "Add")
            }
            TraitLine::Effect(effects) => self.effects(effects, LineContext::Result, "Effect"),
            TraitLine::Cost(cost) => self.cost(cost, span),
            TraitLine::Details(text) => self.holes(text, LineContext::Result),
            // The With line runs: its names are checked like the power line it becomes.
            TraitLine::With(swap) => match &swap.line {
                Some(line) => self.power_line(&line.node, line.span),
                None => self.holes(&swap.text, LineContext::Result),
            },
            TraitLine::Replace(swap) => self.holes(&swap.text, LineContext::Result),
            TraitLine::Limit(_) => {}
            // A trigger of the trait-trigger table runs (`your Focus reaches 0`), even when
            // it does not read as a test: it is not narration (check/traits.rs refuses the rest).
            TraitLine::Trigger(requirement)
                if crate::model::timing::TraitTrigger::parse(&requirement.to_string())
                    .is_some() =>
            {
                self.requirement(requirement, "Condition", None);
            }
            TraitLine::Prereq(requirement)
            | TraitLine::Trigger(requirement)
            | TraitLine::While(requirement) => {
                self.requirement(requirement, "Condition", Some(span));
            }
            TraitLine::Slots(amount) => self.amount(amount, LineContext::Declaration),
            // Read by `check::creation` and `check::choices_held` only.
            TraitLine::Creation(_) | TraitLine::Choices(_) => {}
            TraitLine::Keywords(keywords) => self.keywords(keywords),
            TraitLine::Group(_) | TraitLine::To(_) => {}
        }
    }

    fn system_line(&mut self, line: &'a SystemLine, _span: Span) {
        let context = LineContext::Declaration;
        match line {
            SystemLine::Resource { rules, .. } => {
                for rule in rules {
                    match &rule.node {
                        ResourceRule::Max(amount)
                        | ResourceRule::Start(amount)
                        | ResourceRule::ResetTo { amount, .. }
                        | ResourceRule::Gain { amount, .. }
                        | ResourceRule::Min { amount, .. } => self.amount(amount, context),
                        ResourceRule::NoMax
                        | ResourceRule::NoMin
                        | ResourceRule::Lost(_)
                        | ResourceRule::World => {}
                    }
                }
            }
            SystemLine::Derived { value: expr, .. } | SystemLine::Status { when: expr, .. } => {
                self.expr(expr, context)
            }
            SystemLine::Ruling { value, .. }
            | SystemLine::Segments(value)
            | SystemLine::ActionTicks(value) => self.amount(value, context),
            SystemLine::TurnOrder(template) => self.template(&template.node),
            SystemLine::DefaultCheck(name) => self.procedures.push(name),
            SystemLine::Layered { resource, .. } => self.resources.push(resource),
            SystemLine::Default(Assignment { value, .. }) => self.amount(value, context),
            SystemLine::Details(text) => self.holes(text, context),
            SystemLine::Stats { parent: Some(parent), .. } => self.stats.push(parent),
            SystemLine::Stats { .. }
            | SystemLine::Grades(_)
            | SystemLine::Rounding(_)
            | SystemLine::Phases(_)
            | SystemLine::Initiative(_) => {}
            SystemLine::Functions(_) | SystemLine::Hook { .. } => {}
            SystemLine::Effects { effects, .. } => {
                self.effects(effects, LineContext::Result, "Effects")
            }
            SystemLine::At { resource, effects, .. } => {
                self.resources.push(resource);
                self.effects(effects, LineContext::Result, "At");
            }
            // Checked by `check::effect_flow` (only declared stats take bounds).
            SystemLine::Bounds(_)
            | SystemLine::Clock { .. }
            | SystemLine::Grid(_)
            | SystemLine::World(_)
            | SystemLine::Creation(_) => {}
            SystemLine::OnEvent(rule) => {
                match (&rule.named, rule.event.node) {
                    (Some(resource), crate::model::hook::HookEvent::ResourceZero) => {
                        self.resources.push(resource)
                    }
                    (Some(condition), _) => self.condition_names.push(condition),
                    (None, _) => {}
                }
                if let Some(gate) = &rule.gate {
                    self.requirement(&gate.node, "On", Some(gate.span));
                }
                self.effects(&rule.effects, LineContext::Result, "On");
            }
            // Sides are words actors and sessions name; any word is a side.
            SystemLine::SideOrder(_) => {}
            SystemLine::ChallengeCounters { success, failure } => {
                self.resources.push(success);
                self.resources.push(failure);
            }
            // Checked by `check::tables` (gaps and overlaps).
            SystemLine::Table { .. } => {}
            SystemLine::PerTurn { purchases, .. } => {
                for purchase in purchases {
                    self.resources.push(&purchase.node.resource);
                }
            }
            // Checked by `check::power_rules` (keywords and condition names).
            SystemLine::KeywordRule { .. }
            | SystemLine::ResistedAs { .. }
            | SystemLine::StanceEnds(_)
            | SystemLine::CheckTags(_) => {}
            // Checked by `check::gear_fields` (types, records, the fallback weapon).
            SystemLine::GearFields { .. }
            | SystemLine::Record { .. }
            | SystemLine::FallbackWeapon(_) => {}
        }
    }

    /// The amounts and stats of a `Modifiers:` line (a condition's, an armour's).
    fn modifiers(&mut self, modifiers: &'a [Spanned<Modifier>], context: LineContext) {
        for modifier in modifiers {
            match &modifier.node {
                Modifier::Add { amount, stat, .. } | Modifier::Set { value: amount, stat, .. } => {
                    self.amount(amount, context);
                    self.stats.push(stat);
                }
                Modifier::Scale { factor, stat, .. } => {
                    self.amount(factor, context);
                    self.stats.push(stat);
                }
                Modifier::Quantity(_) | Modifier::Relative { .. } => {
                    self.relative_modifier(&modifier.node, context)
                }
            }
        }
    }

    fn condition_line(&mut self, line: &'a ConditionLine, span: Span) {
        let context = LineContext::Result;
        match line {
            ConditionLine::Modifiers(modifiers) => self.modifiers(modifiers, context),
            ConditionLine::Grants(grant) => self.grant(grant, context),
            ConditionLine::Includes(conditions) => {
                self.conditions.extend(conditions.iter().map(|c| &c.node))
            }
            ConditionLine::Duration(Duration::For { amount, .. }) => self.amount(amount, context),
            ConditionLine::Effect(effects) => self.effects(effects, context, "Effect"),
            ConditionLine::Halt(requirement)
            | ConditionLine::Trigger(requirement)
            | ConditionLine::While(requirement) => {
                self.requirement(requirement, "Condition", Some(span));
            }
            ConditionLine::Details(text) => self.holes(text, context),
            ConditionLine::Keywords(keywords) => self.keywords(keywords),
            ConditionLine::Forbids(_) | ConditionLine::PerTurn(_) | ConditionLine::Converts(_) => {}
            ConditionLine::Parameters(_)
            | ConditionLine::Stacking(_)
            | ConditionLine::Duration(_)
            | ConditionLine::TurnSkipped
            | ConditionLine::TemporaryHealth
            | ConditionLine::SparesLayer => {}
        }
    }

    fn actor_line(&mut self, line: &'a ActorLine, _span: Span) {
        let context = LineContext::Declaration;
        match line {
            ActorLine::Stats(values) => {
                for value in values {
                    self.stats.push(&value.node.name);
                    self.amount(&value.node.value, context);
                }
            }
            ActorLine::Resources(values) => {
                for value in values {
                    self.resources.push(&value.node.name);
                    self.amount(&value.node.value, context);
                }
            }
            ActorLine::Tier(amount) | ActorLine::Level(amount) => self.amount(amount, context),
            ActorLine::Details(text) => self.holes(text, context),
            ActorLine::Keywords(keywords) => self.keywords(keywords),
            ActorLine::Powers(_)
            | ActorLine::Side(_)
            | ActorLine::Traits(_)
            | ActorLine::Equipment(_)
            | ActorLine::Conditions(_) => {}
        }
    }

    fn weapon_line(&mut self, line: &'a WeaponLine, span: Span) {
        if let Some(amount) = line.amount() {
            return self.amount(amount, LineContext::Declaration);
        }
        match line {
            WeaponLine::Requires(requirement) => {
                self.requirement(requirement, "Requires", Some(span))
            }
            WeaponLine::Keywords(keywords) => self.keywords(keywords),
            WeaponLine::Details(text) => self.holes(text, LineContext::Declaration),
            WeaponLine::Field(field) => self.field(field),
            _ => {}
        }
    }

    /// The amounts and keywords of a gear field's value.
    fn field(&mut self, field: &'a crate::model::gear::Field) {
        use crate::model::gear::FieldValue;
        match &field.value {
            FieldValue::Amount(amount) => self.amount(amount, LineContext::Declaration),
            FieldValue::Record(entries) => {
                for entry in entries {
                    self.amount(&entry.node.value, LineContext::Declaration);
                }
            }
            FieldValue::Keywords(keywords) => self.keywords(keywords),
            FieldValue::Range(..) | FieldValue::Multiplier(_) | FieldValue::Stat(_) => {}
        }
    }

    fn armour_line(&mut self, line: &'a ArmourLine, span: Span) {
        match (line.amount(), line) {
            (Some(amount), _) => self.amount(amount, LineContext::Declaration),
            (None, ArmourLine::Modifiers(modifiers)) => {
                self.modifiers(modifiers, LineContext::Result)
            }
            (None, ArmourLine::Requires(requirement)) => {
                self.requirement(requirement, "Requires", Some(span))
            }
            (None, ArmourLine::Keywords(keywords)) => self.keywords(keywords),
            (None, ArmourLine::Details(text)) => self.holes(text, LineContext::Declaration),
            (None, ArmourLine::Field(field)) => self.field(field),
            (None, _) => {}
        }
    }

    fn procedure_line(&mut self, line: &'a ProcedureLine, _span: Span) {
        let context = LineContext::Declaration;
        match line {
            ProcedureLine::Dice(template) | ProcedureLine::Roll(template) => {
                self.template(&template.node)
            }
            ProcedureLine::Success { against: amount, .. }
            | ProcedureLine::Difficulty(amount)
            | ProcedureLine::Explode(amount)
            | ProcedureLine::GradeCap(amount)
            | ProcedureLine::Boost(amount)
            | ProcedureLine::Ease(amount)
            | ProcedureLine::Critical(CriticalRange::AtLeast(amount)) => {
                self.amount(amount, context)
            }
            ProcedureLine::Critical(CriticalRange::Faces(low, high)) => {
                self.amount(low, context);
                self.amount(high, context);
            }
            ProcedureLine::Critical(CriticalRange::Field(expr)) => self.expr(expr, context),
            ProcedureLine::AlternativeDie(template) => self.template(&template.node),
            ProcedureLine::Always(expr) => self.expr(expr, context),
            ProcedureLine::Details(text) => self.holes(text, context),
            ProcedureLine::OnOutcome(action) => {
                self.amount(&action.amount, context);
                if !action.per_skill {
                    self.resources.push(&action.resource);
                }
                if let Some(when) = &action.when {
                    self.expr(when, context);
                }
            }
            ProcedureLine::Reroll(payment) | ProcedureLine::IgnorePenalties(payment) => {
                self.amount(&payment.amount, context);
                self.resources.push(&payment.resource);
            }
            ProcedureLine::ExtraDice(pool) => self.resources.push(pool),
            ProcedureLine::Chunk(rule) => {
                self.amount(&rule.most, context);
                self.resources.push(&rule.resource);
            }
            ProcedureLine::PerChunk(cost) => {
                self.amount(&cost.change.amount, context);
                self.resources.push(&cost.change.resource);
            }
            ProcedureLine::ChunkJudgement(judgement) => {
                match &judgement.change {
                    crate::model::steps::SuccessChange::Gain(amount) => {
                        self.amount(amount, context)
                    }
                    crate::model::steps::SuccessChange::Lose { amount, otherwise } => {
                        self.amount(amount, context);
                        if let Some(rise) = otherwise {
                            self.amount(rise, context);
                        }
                    }
                }
                let outer = std::mem::replace(&mut self.in_test_step, true);
                self.effects(&judgement.effects, context, judgement.class.label());
                self.in_test_step = outer;
            }
            ProcedureLine::OpposingDice(_) => {}
            // Their tests read the settled test only (`check::named_outcomes`).
            ProcedureLine::Outcomes(_) => {}
            ProcedureLine::Method(_)
            | ProcedureLine::Script(_)
            | ProcedureLine::Modifier(_)
            | ProcedureLine::Grades(_)
            | ProcedureLine::Tie(_)
            | ProcedureLine::AlternativeDieFeeds(_)
            | ProcedureLine::Policy { .. }
            | ProcedureLine::ZeroWins(_) => {}
        }
    }
}

/// Whether `who` is `Attacker`, the actor whose attack set off a hit's rule.
fn is_attacker(who: &Spanned<Name>) -> bool {
    who.node.matches(crate::model::effect::ATTACKER)
}

impl<'a> References<'a> {
    /// The amounts and stats of a quantity or relative modifier.
    fn relative_modifier(&mut self, modifier: &'a Modifier, context: LineContext) {
        match modifier {
            Modifier::Add { amount, stat, .. } | Modifier::Set { value: amount, stat, .. } => {
                self.amount_of(amount, context);
                self.stats.push(stat);
            }
            Modifier::Scale { factor, stat, .. } => {
                self.amount_of(factor, context);
                self.stats.push(stat);
            }
            Modifier::Quantity(quantity) => {
                match &quantity.change {
                    Change::Add { amount, .. } => self.amount_of(amount, context),
                    Change::Scale { factor, .. } => self.amount_of(factor, context),
                    Change::Leaves { amount } => self.amount_of(amount, context),
                }
                if let Some(min) = &quantity.min {
                    self.amount_of(min, context);
                }
            }
            Modifier::Relative { modifier, .. } => self.relative_modifier(modifier, context),
        }
    }

    /// The conditions and modifiers a `Grants:` line names.
    fn grant(&mut self, grant: &'a Grant, context: LineContext) {
        for item in &grant.items {
            match &item.node {
                GrantItem::Condition(condition) => self.conditions.push(condition),
                GrantItem::Modifier(modifier) => self.relative_modifier(modifier, context),
            }
        }
    }

    fn amount_of(&mut self, amount: &'a Amount, context: LineContext) {
        if let Amount::Expr(expr) = amount {
            self.expressions.push((expr, context));
        }
    }
}

/// The conditions an `Includes:` or `Grants:` line of a condition's `body` gives, each with
/// whether it is included (an included one may take the including condition's own `[N]`).
pub fn passed_conditions(body: &BlockBody) -> Vec<(&ConditionRef, bool)> {
    use crate::model::entity::ConditionLine;
    let BlockBody::Condition(lines) = body else { return Vec::new() };
    lines
        .iter()
        .flat_map(|line| match &line.node {
            ConditionLine::Includes(included) => included.iter().map(|c| (&c.node, true)).collect(),
            ConditionLine::Grants(grant) => grant
                .items
                .iter()
                .filter_map(|item| match &item.node {
                    GrantItem::Condition(condition) => Some((condition, false)),
                    GrantItem::Modifier(_) => None,
                })
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// Where a condition's lines first read its `N`, if they do (passing it on to an included
/// one, `Includes: Marked [N]`, reads it too).
pub fn condition_reads_n(body: &BlockBody) -> Option<Span> {
    let passes =
        passed_conditions(body).into_iter().find_map(|(condition, _)| match &condition.amount {
            Some(crate::model::Amount::Expr(expr)) => Some(expr.span),
            _ => None,
        });
    passes.or_else(|| reads_n_in_lines(body))
}

/// Where an expression of `body` first names `N`.
fn reads_n_in_lines(body: &BlockBody) -> Option<Span> {
    References::of(body).expressions.iter().find_map(|(expr, _)| {
        let mut found = None;
        expr.node.visit(
            &mut |node, span| {
                if matches!(node, Expr::Name(name) if name.matches("N")) {
                    found.get_or_insert(span);
                }
            },
            expr.span,
        );
        found
    })
}
