//! The loaded pack indexed for running: blocks by kind and name, and the system settings the
//! runtime needs on every command (resource rules, rounding, the default procedure), gathered
//! once at load so a command never scans the pack. Nothing here mutates the world.

use crate::diagnostics::Spanned;
use crate::engine::Key;
use crate::link::Shelf;
use crate::model::expr::Link;
use crate::model::system::ResourceRule;
use crate::model::{Pack, SystemLine};

/// The special names a system may define with a `Derived` line, in
/// [`Rules::special_derived`] order.
const SPECIALS: [crate::model::expr::Special; 2] =
    [crate::model::expr::Special::Tier, crate::model::expr::Special::Level];

pub(crate) use super::blocks::Blocks;

/// The pack indexed for running, with its compiled scripts: the index is shared by every
/// copy of the game, on any thread; the scripts are single-threaded (a thread that takes a
/// game compiles its own, see [`super::game::Portable`]). Reads go through to the index.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rules {
    index: std::sync::Arc<RulesIndex>,
    /// The pack's compiled scripts, shared by every clone of the game on this thread.
    pub scripts: Option<std::rc::Rc<super::host::Scripts>>,
}

impl std::ops::Deref for Rules {
    type Target = RulesIndex;

    fn deref(&self) -> &RulesIndex {
        &self.index
    }
}

/// The pack, indexed: everything of [`Rules`] but its scripts, so it can be shared between
/// threads.
#[derive(Clone, Debug, Default)]
pub(crate) struct RulesIndex {
    /// `power` blocks.
    pub powers: Blocks,
    /// Trait-like blocks (traits, feats, upgrades, ...).
    pub traits: Blocks,
    /// `condition` blocks.
    pub conditions: Blocks,
    /// `actor` blocks.
    pub actors: Blocks,
    /// `weapon` blocks.
    pub weapons: Blocks,
    /// `armour` blocks.
    pub armours: Blocks,
    /// `Layered <Pool>: <Resource>` lines as (pool, innermost resource), in declaration order.
    pub layered: Vec<(String, String)>,
    /// World pools a check's `Alternative die feeds:` line names; a Cost may spend them.
    pub fed_pools: Vec<String>,
    /// `Resource X:` rules, in declaration order.
    pub resources: Vec<(String, Vec<Spanned<ResourceRule>>)>,
    /// Every system line, in order.
    pub system: Vec<Spanned<SystemLine>>,
    /// `check` blocks.
    pub checks: Blocks,
    /// The pool procedure of each of `checks`, by the check's id, gathered once so a check
    /// never re-reads its block's lines (`None`: not a pool procedure).
    pub pools: Vec<Option<super::checks::PoolProcedure>>,
    /// The `Default check:` procedure's name.
    pub default_check: Option<String>,
    /// That procedure's id among `checks`, when the pack has it.
    pub default_procedure: Option<usize>,
    /// That procedure's pool, when it is one (see [`super::checks::default_pool`]).
    pub default_pool: Option<super::checks::PoolProcedure>,
    /// The map's grid (`Grid: square`; hexes by default).
    pub grid: crate::engine::Grid,
    /// The system's rounding rule.
    pub rounding: crate::model::expr::Rounding,
    /// The `Segments:` count of a round.
    pub segments: Option<i64>,
    /// The resource a turn-order total above the last segment adds to
    /// (`Ruling initiative overflow: [CP]`).
    pub overflow_resource: Option<String>,
    /// The `Ruling grade cap:` value.
    pub grade_cap: Option<crate::model::Amount>,
    /// `Ruling X: value` lines, in declaration order, read by `[Ruling X]`.
    pub rulings: Vec<(String, crate::model::Amount)>,
    /// `Table` lines: name and rows, read by calls (`[Skill Damage(12)]`).
    pub tables: Vec<(crate::model::Name, crate::model::table::Table)>,
    /// `On <event>: function` hooks, in declaration order.
    pub hooks: Vec<(crate::model::hook::HookEvent, Spanned<crate::model::Name>)>,
    /// `On <event>: <effects>` and `When X reaches 0: <effects>` lines, in declaration order.
    pub event_rules: Vec<crate::model::hook::EventRule>,
    /// `Challenge counters: S, F`: the resources a challenge counts in.
    pub challenge_counters: Option<(String, String)>,
    /// `Derived X: [expr]` lines, in declaration order (the order of the symbol table's
    /// derived values, which linked names index). Private: only load writes it.
    derived: Vec<(String, Spanned<crate::model::Expr>)>,
    /// Where the `Derived Tier:` and `Derived Level:` lines are in `derived`, found once at
    /// load: pools read `[Tier]` on most checks (see [`Rules::special_derived`]).
    pub special_derived: [Option<usize>; 2],
    /// Specialised stats and the parent stat they fall back to (`Stats G under Parent:`).
    pub parents: Vec<(String, String)>,
    /// `Status X: [test]` lines, in declaration order.
    pub statuses: Vec<(String, Spanned<crate::model::Expr>)>,
    /// Keyword rules, `Per turn:` quotas, `Stance ends:` and whether conditions forbid.
    pub power_rules: super::power_rules::PowerRules,
    /// `Keyword X: resisted as Tag` lines as (keyword, tag): the tag a target's side of a
    /// power with the keyword carries, for its `vs Tag` relative modifiers.
    pub resisted_as: Vec<(String, String)>,
    /// `Check tags:` lines' tags: what a check nobody opposes may carry (`as Crafting`).
    pub check_tags: Vec<String>,
    /// The pack's symbol table, the one `check` validated the pack against.
    pub symbols: crate::link::Symbols,
    /// `Default X: N` lines as (name, negative, value), in declaration order: what an actor
    /// that does not list the stat reads.
    pub defaults: Vec<(String, bool, crate::model::Amount)>,
    /// The resource damage and healing go to, found once at load, or the resources with a
    /// maximum when the system does not say ([`crate::model::health`]); read through
    /// [`super::effects::health_resource`].
    pub health: Option<String>,
    /// The labels of the system's `Grades:` lines, in order (a named gate reads them after
    /// its procedure's own, [`crate::model::procedure::gate_grade`]).
    pub grade_labels: Vec<crate::model::system::GradeLabel>,
    /// The id of the resource damage reaches ([`Rules::damage_pool`]'s), when the pack
    /// declares it with a `Resource` line: a hit changes it by its slot.
    pub sink_id: Option<usize>,
    /// The resources with a maximum, any of which damage could go to, when `health` is
    /// `None` (for the error's help).
    pub health_candidates: Vec<String>,
    /// Traits that react to events (`Trigger: you fall to 0 HP`), found at load.
    pub reactions: Vec<super::traits::Reaction>,
    /// Whether a trait holds conditions under `While:` lines (settled after every command).
    pub watched_traits: bool,
    /// Whether a condition has `While:` lines (settled after every command).
    pub watched_conditions: bool,
    /// Resources whose maximum is an expression, re-read as it changes (`maxes.rs`).
    pub expr_maxes: Vec<super::maxes::ExprMax>,
    /// `Effects X:` lines as (name, effects), in declaration order.
    pub effect_groups: Vec<(String, crate::model::Effects)>,
    /// `At N Resource:` lines, in declaration order.
    pub thresholds: Vec<super::flow::Threshold>,
    /// The `Clock:` line's periods per day and ticks per period.
    pub clock: Option<(u32, u32)>,
    /// `World:` flag groups, each in declaration order (its first holds at the start).
    pub world_flags: Vec<Vec<String>>,
    /// `Resource X: world` resources, in declaration order.
    pub world_resources: Vec<super::world_resources::WorldResource>,
    /// `Bounds` lines as (stat, least, most), in declaration order.
    pub bounds: Vec<(String, i64, i64)>,
    /// Whether anything listens to engine events (hooks or trait reactions): without,
    /// damage and effects skip every event test.
    pub listens: bool,
    /// Whether anything listens for a resource reaching 0 (see `hooks::zero_listeners`).
    pub watches_zeroes: bool,
    /// The conditions whose N is temporary health (`Temporary health: N`), by name: what
    /// damage to the health resource takes from first.
    pub temporary_health: Vec<String>,
    /// Whether a power attacks with each weapon (`Weapons: each Melee`): without, a use
    /// never looks for that line.
    pub each_weapon: bool,
}

impl Rules {
    /// Indexes `pack` (tests; a game links the pack once, see [`Rules::linked`]).
    #[cfg(test)]
    pub fn of(pack: &Pack) -> Rules {
        let symbols = crate::link::Symbols::of(pack);
        crate::link::link_names(pack, &symbols);
        Rules::linked(pack, symbols)
    }

    /// Indexes `pack`, whose symbol table is `symbols` (no scripts yet).
    pub fn linked(pack: &Pack, symbols: crate::link::Symbols) -> Rules {
        Rules::indexed(std::sync::Arc::new(RulesIndex::linked(pack, symbols)))
    }

    /// Rules on an index already built (no scripts yet).
    pub fn indexed(index: std::sync::Arc<RulesIndex>) -> Rules {
        Rules { index, scripts: None }
    }

    /// The index, to share with another thread.
    pub fn index(&self) -> &std::sync::Arc<RulesIndex> {
        &self.index
    }
}

impl RulesIndex {
    /// The blocks on `shelf`, to add to (load only).
    fn shelf_mut(&mut self, shelf: Shelf) -> &mut Blocks {
        match shelf {
            Shelf::Power => &mut self.powers,
            Shelf::Trait => &mut self.traits,
            Shelf::Condition => &mut self.conditions,
            Shelf::Actor => &mut self.actors,
            Shelf::Weapon => &mut self.weapons,
            Shelf::Armour => &mut self.armours,
            Shelf::Check => &mut self.checks,
        }
    }

    /// Indexes `pack`, whose symbol table is `symbols`.
    pub fn linked(pack: &Pack, symbols: crate::link::Symbols) -> RulesIndex {
        let mut rules = RulesIndex { symbols, ..RulesIndex::default() };
        for block in pack.blocks() {
            let block = &block.node;
            let Some(shelf) = Shelf::of(block.kind.node) else { continue };
            // Numbered once, by the link step, which linked the names rule lines give.
            if let Some(id) = rules.symbols.block_id(shelf, block.name.node.as_str()) {
                rules.shelf_mut(shelf).add_numbered(id, block);
            }
        }
        let gear = &rules.symbols.gear;
        rules.weapons.values_mut().chain(rules.armours.values_mut()).for_each(|block| {
            gear.type_stat_fields(block);
        });
        super::worn::conditions(&rules.armours, &mut rules.conditions);
        for line in pack.system_lines() {
            if let SystemLine::Resource { name, rules: lines } = &line.node {
                rules.resources.push((name.node.as_str().to_string(), lines.clone()));
            }
            if let SystemLine::Segments(crate::model::Amount::Number(number)) = &line.node {
                rules.segments = number.value().ok().map(|v| v.round(pack.rounding()));
            }
            if let SystemLine::DefaultCheck(name) = &line.node {
                rules.default_check.get_or_insert_with(|| name.node.as_str().to_string());
            }
            match &line.node {
                SystemLine::Derived { name, value } => {
                    rules.derived.push((name.node.as_str().to_string(), value.clone()));
                }
                SystemLine::Stats { parent: Some(parent), stats, .. } => {
                    let parent = parent.node.as_str();
                    rules.parents.extend(
                        stats.iter().map(|s| (s.node.as_str().to_string(), parent.to_string())),
                    );
                }
                SystemLine::Status { name, when } => {
                    rules.statuses.push((name.node.as_str().to_string(), when.clone()));
                }
                SystemLine::Layered { name, resource } => rules
                    .layered
                    .push((name.node.as_str().to_string(), resource.node.as_str().to_string())),
                SystemLine::Hook { event, function } => {
                    rules.hooks.push((event.node, function.clone()));
                }
                SystemLine::OnEvent(rule) => rules.event_rules.push((**rule).clone()),
                SystemLine::ChallengeCounters { success, failure } => {
                    rules.challenge_counters = Some((
                        success.node.as_str().to_string(),
                        failure.node.as_str().to_string(),
                    ));
                }
                SystemLine::Ruling { name, value } => {
                    rules.rulings.push((name.node.as_str().to_string(), value.clone()));
                }
                SystemLine::Default(default) => rules.defaults.push((
                    default.name.node.as_str().to_string(),
                    default.negative,
                    default.value.clone(),
                )),
                SystemLine::Table { name, table } => {
                    rules.tables.push((name.node.clone(), table.clone()));
                }
                SystemLine::Clock { periods, ticks } => rules.clock = Some((*periods, *ticks)),
                SystemLine::World(groups) => rules.world_flags.extend(groups.iter().map(|group| {
                    group.iter().map(|flag| flag.node.as_str().to_string()).collect()
                })),
                SystemLine::Grid(kind) => {
                    rules.grid = crate::engine::Grid::parse(&kind.node).unwrap_or_default();
                }
                SystemLine::Effects { name, effects } => {
                    rules.effect_groups.push((name.node.as_str().to_string(), effects.clone()));
                }
                SystemLine::At { count, resource, effects } => {
                    rules.thresholds.push(super::flow::Threshold {
                        count: *count,
                        resource: resource.node.as_str().to_string(),
                        effects: effects.clone(),
                        span: line.span,
                    });
                }
                SystemLine::Bounds(bounds) => {
                    let each = bounds
                        .iter()
                        .map(|b| (b.node.stat.node.as_str().to_string(), b.node.low, b.node.high));
                    rules.bounds.extend(each);
                }
                _ => {}
            }
            rules.system.push(line.clone());
        }
        rules.special_derived = [SPECIALS[0], SPECIALS[1]].map(|special| {
            let name = special.to_string();
            rules.derived.iter().position(|(derived, _)| derived.eq_ignore_ascii_case(&name))
        });
        rules.rounding = pack.rounding();
        match crate::model::health::health_resource(rules.system.iter().map(|l| &l.node)) {
            Ok(resource) => rules.health = Some(resource.to_string()),
            Err(candidates) => {
                rules.health_candidates = candidates.into_iter().map(str::to_string).collect();
            }
        }
        rules.grade_labels = pack.grade_labels().cloned().collect();
        let sink = rules.layered.first().map(|(_, resource)| resource).or(rules.health.as_ref());
        rules.sink_id = sink.and_then(|resource| rules.symbols.resource_id(resource));
        rules.power_rules =
            super::power_rules::PowerRules::of(&rules.system, rules.conditions.values());
        rules.resisted_as = rules
            .system
            .iter()
            .filter_map(|line| match &line.node {
                crate::model::SystemLine::ResistedAs { keyword, tag } => {
                    Some((keyword.node.as_str().to_string(), tag.node.as_str().to_string()))
                }
                _ => None,
            })
            .collect();
        rules.check_tags = rules
            .system
            .iter()
            .flat_map(|line| match &line.node {
                crate::model::SystemLine::CheckTags(tags) => tags.as_slice(),
                _ => &[],
            })
            .map(|tag| tag.node.as_str().to_string())
            .collect();
        for block in rules.checks.values() {
            let procedure = crate::model::procedure::Procedure::of(block);
            if let Some(pool) = procedure.as_ref().and_then(|p| p.alternative_die_feeds)
                && !rules.fed_pools.iter().any(|known| pool.node.matches(known))
            {
                rules.fed_pools.push(pool.node.as_str().to_string());
            }
            rules.pools.push(procedure.as_ref().and_then(super::checks::PoolProcedure::of));
        }
        rules.default_procedure = rules.default_check.as_deref().and_then(|n| rules.checks.id(n));
        rules.default_pool = super::checks::default_pool(&rules);
        (rules.reactions, rules.watched_traits) = super::traits::of(&rules);
        rules.expr_maxes = super::maxes::of(&rules);
        rules.watched_conditions = super::condition_whiles::watched(&rules);
        rules.temporary_health = super::temporary::conditions(&rules);
        rules.world_resources = super::world_resources::of(&rules.resources);
        rules.listens =
            !rules.hooks.is_empty() || !rules.reactions.is_empty() || !rules.event_rules.is_empty();
        rules.watches_zeroes = super::hooks::zero_listeners(&rules);
        rules.each_weapon = rules.powers.values().any(|block| {
            super::power::lines(block)
                .iter()
                .any(|line| matches!(line.node, crate::model::PowerLine::EachWeapon(_)))
        });
        use crate::model::system::EngineRuling;
        rules.grade_cap = pack.ruling(EngineRuling::GradeCap.name()).cloned();
        if let Some(crate::model::Amount::Expr(expr)) =
            pack.ruling(EngineRuling::InitiativeOverflow.name())
            && let crate::model::Expr::Name(name) = &expr.node
        {
            rules.overflow_resource = Some(name.as_str().to_string());
        }
        rules
    }

    /// The table called `name` (without regard to case): by its link when the pack's link
    /// step resolved it, else by its text.
    pub fn table(&self, name: &crate::model::Name) -> Option<&crate::model::table::Table> {
        match name.link() {
            Link::At(at) => self.tables.get(at).map(|(_, table)| table),
            Link::Absent | Link::Stat(_) | Link::Resource(_) | Link::Block(_) => None,
            Link::Unlinked => {
                let found = self.tables.iter().find(|(table, _)| table.matches(name.as_str()));
                found.map(|(_, table)| table)
            }
        }
    }

    /// The value of the ruling called `name` (case-insensitive), if the system has one.
    pub fn ruling(&self, name: &str) -> Option<&crate::model::Amount> {
        let found = self.rulings.iter().find(|(ruling, _)| ruling.eq_ignore_ascii_case(name));
        found.map(|(_, value)| value)
    }

    /// [`Rules::ruling`] of a name read in a bracket: by its link when it has one.
    pub fn ruling_of(&self, name: &crate::model::Name) -> Option<&crate::model::Amount> {
        match name.link() {
            Link::At(at) => self.rulings.get(at).map(|(_, value)| value),
            Link::Absent | Link::Stat(_) | Link::Resource(_) | Link::Block(_) => None,
            Link::Unlinked => self.ruling(name.as_str()),
        }
    }

    /// The system's `Derived X: [expr]` lines, in declaration order.
    pub fn derived_lines(&self) -> &[(String, Spanned<crate::model::Expr>)] {
        &self.derived
    }

    /// The value of the `Derived` line called `name` (without regard to case), if the
    /// system has one.
    pub fn derived(&self, name: &str) -> Option<&Spanned<crate::model::Expr>> {
        let found = self.derived.iter().find(|(derived, _)| derived.eq_ignore_ascii_case(name));
        found.map(|(_, expr)| expr)
    }

    /// [`Rules::derived`] of a name read in a bracket: by its link (no search) when the
    /// pack's link step resolved it, else by its text.
    pub fn derived_of(&self, name: &crate::model::Name) -> Option<&Spanned<crate::model::Expr>> {
        match name.link() {
            Link::At(at) => self.derived.get(at).map(|(_, expr)| expr),
            Link::Absent | Link::Stat(_) | Link::Resource(_) | Link::Block(_) => None,
            Link::Unlinked => self.derived(name.as_str()),
        }
    }

    /// The `Derived` line for `Tier` or `Level` ([`Rules::derived`] of its name, found at
    /// load); `None` for `Grade` and when the system has none.
    pub fn special_derived(
        &self,
        special: crate::model::expr::Special,
    ) -> Option<&Spanned<crate::model::Expr>> {
        let slot = SPECIALS.iter().position(|known| *known == special)?;
        let index = self.special_derived[slot]?;
        self.derived.get(index).map(|(_, expr)| expr)
    }

    /// The layered pool plain damage goes through and its innermost resource: the first
    /// `Layered` line, else the armour layers in front of the health resource (empty when
    /// the system names none: [`super::effects::health_resource`] refuses damage first).
    pub fn damage_pool(&self) -> (&str, Key<'_>) {
        let (pool, resource) = match self.layered.first() {
            Some((pool, resource)) => (pool.as_str(), resource.as_str()),
            None => (super::actors::ARMOUR_LAYERS, self.health.as_deref().unwrap_or_default()),
        };
        // `sink_id` is that resource's id, found at load.
        let key = match self.sink_id {
            Some(id) => Key::linked(resource, &self.symbols.resource_ids, id),
            None => Key::from(resource),
        };
        (pool, key)
    }

    /// The key an effect's or a cost's resource name changes the resource by: its id when
    /// the link step resolved it to a declared resource, else its text.
    pub fn resource_key<'a>(&'a self, name: &'a crate::model::Name) -> Key<'a> {
        match name.link() {
            Link::Resource(id) => Key::linked(name.as_str(), &self.symbols.resource_ids, id),
            _ => Key::from(name.as_str()),
        }
    }

    /// The layered pool whose innermost resource is `resource`, if any.
    pub fn pool_of(&self, resource: &str) -> Option<&str> {
        let found = self.layered.iter().find(|(_, inner)| inner.eq_ignore_ascii_case(resource));
        found.map(|(pool, _)| pool.as_str())
    }

    /// The parent stat a specialised stat `name` falls back to, if it has one.
    pub fn parent_of(&self, name: &str) -> Option<&str> {
        let found = self.parents.iter().find(|(stat, _)| stat.eq_ignore_ascii_case(name));
        found.map(|(_, parent)| parent.as_str())
    }

    /// The first `Default name:` line's sign and value (the name matched without case, like
    /// [`Rules::declares_stat`]).
    pub fn default_line(&self, name: &str) -> Option<(bool, &crate::model::Amount)> {
        self.defaults
            .iter()
            .find(|(default, _, _)| default.eq_ignore_ascii_case(name))
            .map(|(_, negative, value)| (*negative, value))
    }

    /// Whether a system `Stats` line declares `name` (without regard to case: names typed
    /// in a session reach here too).
    pub fn declares_stat(&self, name: &str) -> bool {
        self.symbols.stats.iter().any(|stat| stat.name.eq_ignore_ascii_case(name))
    }
}
