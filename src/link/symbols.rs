//! The pack's symbol table: every name the pack declares — stats, resources, derived values,
//! health statuses, rulings, script functions, and blocks by kind — each with where it is
//! declared. It is built once per pack; `check` validates names against it and the runtime
//! resolves names through it, so both follow one matching rule: values (stats, resources,
//! derived values) match exactly as declared (`Cp` is a typo for `CP`), everything named
//! by a block or a label matches without regard to case.

use crate::diagnostics::{Span, Spanned};
use crate::model::{BlockBody, BlockKind, Name, Pack, ProcedureLine, SystemLine};

/// A declared name and where its declaration is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The name as declared.
    pub name: String,
    /// Where it is declared (its name, or the whole line when the name has no span).
    pub span: Span,
}

impl Declared {
    fn of(name: &Spanned<Name>) -> Declared {
        Declared { name: name.node.as_str().to_string(), span: name.span }
    }
}

/// The lists the runtime keeps a pack's blocks in, one per kind of block (every kind of
/// trait in one, as they share one namespace): a block's id is its place in its shelf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    /// `power` blocks.
    Power,
    /// Traits, feats, items, relationships, stances, upgrades.
    Trait,
    /// `condition` blocks.
    Condition,
    /// `actor` blocks.
    Actor,
    /// `weapon` blocks.
    Weapon,
    /// `armour` blocks.
    Armour,
    /// `check` blocks (procedures).
    Check,
}

impl Shelf {
    /// Every shelf, in [`Shelf::index`] order.
    pub const ALL: [Shelf; 7] = [
        Shelf::Power,
        Shelf::Trait,
        Shelf::Condition,
        Shelf::Actor,
        Shelf::Weapon,
        Shelf::Armour,
        Shelf::Check,
    ];

    /// The shelf blocks of `kind` go on; `None` for the system.
    pub fn of(kind: BlockKind) -> Option<Shelf> {
        Some(match kind {
            BlockKind::Power => Shelf::Power,
            BlockKind::Trait(_) => Shelf::Trait,
            BlockKind::Condition => Shelf::Condition,
            BlockKind::Actor => Shelf::Actor,
            BlockKind::Weapon => Shelf::Weapon,
            BlockKind::Armour => Shelf::Armour,
            BlockKind::Check => Shelf::Check,
            BlockKind::System => return None,
        })
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// What a value name is: the declaration it resolves to, by kind and index into that
/// kind's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueSymbol {
    /// A `Stats` line's stat.
    Stat(usize),
    /// A `Resource` line's resource, or a world pool a check feeds.
    Resource(usize),
    /// A `Derived` line.
    Derived(usize),
    /// A `Status` line.
    Status(usize),
}

/// Everything a pack declares.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    /// Whether the pack has a system block; without one, names are not checked.
    pub has_system: bool,
    /// Stats from `Stats` lines, in declaration order.
    pub stats: Vec<Declared>,
    /// Resources from `Resource` lines, then the world pools checks feed.
    pub resources: Vec<Declared>,
    /// `Derived` lines, in declaration order.
    pub derived: Vec<Declared>,
    /// `Status` lines, in declaration order.
    pub statuses: Vec<Declared>,
    /// `Ruling` lines, in declaration order.
    pub rulings: Vec<Declared>,
    /// Script functions from `Functions` lines and hooks.
    pub functions: Vec<Declared>,
    /// `Table` lines, in declaration order: called like functions (`[Skill Damage(12)]`).
    pub tables: Vec<Declared>,
    /// Every block with its kind, in file order.
    pub blocks: Vec<(BlockKind, Declared)>,
    /// Each shelf's block ids by lower-case name ([`Symbols::block_id`]).
    block_ids: [std::collections::BTreeMap<String, usize>; Shelf::ALL.len()],
    /// Whether a `Clock:` line declares the world clock (`[Clock Period]` is then a name).
    pub clock: bool,
    /// `World:` flags, every group's, in declaration order.
    pub world_flags: Vec<Declared>,
    /// `Weapon fields:`, `Armour fields:` and `Record` lines.
    pub gear: crate::model::gear::GearDecls,
    /// The stat ids: the names of [`Symbols::stats`], a stat's id being its index there.
    /// Actors bound to this table ([`crate::engine::Stats::bind`]) hold a slot per id.
    pub stat_ids: std::sync::Arc<crate::engine::Ids>,
    /// The resource ids: the names of [`Symbols::resources`], a resource's id being its
    /// index there. Actors bound to this table hold a slot per id.
    pub resource_ids: std::sync::Arc<crate::engine::Ids>,
}

impl Symbols {
    /// Collects the declarations of `pack`.
    pub fn of(pack: &Pack) -> Symbols {
        let mut symbols = Symbols::default();
        for block in pack.blocks() {
            let block = &block.node;
            symbols.blocks.push((block.kind.node, Declared::of(&block.name)));
            if let Some(shelf) = Shelf::of(block.kind.node) {
                let ids = &mut symbols.block_ids[shelf.index()];
                let next = ids.len();
                ids.entry(block.name.node.as_str().to_lowercase()).or_insert(next);
            }
            match &block.body {
                BlockBody::System(lines) => {
                    symbols.has_system = true;
                    for line in lines {
                        symbols.system_line(&line.node);
                    }
                }
                BlockBody::Check(lines) => {
                    // A pool a check feeds is spendable like a resource (from the world).
                    for line in lines {
                        if let ProcedureLine::AlternativeDieFeeds(pool) = &line.node {
                            symbols.resources.push(Declared::of(pool));
                        }
                    }
                }
                _ => {}
            }
        }
        let names = symbols.stats.iter().map(|stat| stat.name.clone()).collect();
        symbols.stat_ids = std::sync::Arc::new(crate::engine::Ids::new(names));
        let names = symbols.resources.iter().map(|resource| resource.name.clone()).collect();
        symbols.resource_ids = std::sync::Arc::new(crate::engine::Ids::new(names));
        symbols
    }

    fn system_line(&mut self, line: &SystemLine) {
        match line {
            SystemLine::Stats { stats, .. } => self.stats.extend(stats.iter().map(Declared::of)),
            SystemLine::Resource { name, .. } => self.resources.push(Declared::of(name)),
            SystemLine::Derived { name, .. } => self.derived.push(Declared::of(name)),
            SystemLine::Status { name, .. } => self.statuses.push(Declared::of(name)),
            SystemLine::Ruling { name, .. } => self.rulings.push(Declared::of(name)),
            SystemLine::Table { name, .. } => self.tables.push(Declared::of(name)),
            SystemLine::Functions(functions) => {
                self.functions.extend(functions.iter().map(Declared::of));
            }
            SystemLine::Hook { function, .. } => self.functions.push(Declared::of(function)),
            SystemLine::Clock { .. } => self.clock = true,
            SystemLine::World(groups) => {
                self.world_flags.extend(groups.iter().flatten().map(Declared::of));
            }
            SystemLine::GearFields { .. } | SystemLine::Record { .. } => self.gear.add(line),
            _ => {}
        }
    }

    /// The value `name` resolves to: a stat, resource, derived value or status, matched
    /// exactly as declared, in that order.
    pub fn value(&self, name: &str) -> Option<ValueSymbol> {
        let exact = |list: &[Declared]| list.iter().position(|declared| declared.name == name);
        exact(&self.stats)
            .map(ValueSymbol::Stat)
            .or_else(|| exact(&self.resources).map(ValueSymbol::Resource))
            .or_else(|| exact(&self.derived).map(ValueSymbol::Derived))
            .or_else(|| exact(&self.statuses).map(ValueSymbol::Status))
    }

    /// The id the runtime gives the block `name` on `shelf`: its place among the pack's
    /// blocks of that shelf in file order, counting one block per name (the first of a name,
    /// matched without regard to case, as every block name is).
    pub fn block_id(&self, shelf: Shelf, name: &str) -> Option<usize> {
        self.block_ids[shelf.index()].get(&name.to_lowercase()).copied()
    }

    /// The id of the stat declared exactly `name` (its first declaration).
    pub fn stat_id(&self, name: &str) -> Option<usize> {
        self.stats.iter().position(|declared| declared.name == name)
    }

    /// The index in [`Symbols::resources`] of the resource declared exactly `name` (its
    /// first declaration).
    pub fn resource_id(&self, name: &str) -> Option<usize> {
        self.resources.iter().position(|declared| declared.name == name)
    }

    /// Whether a `World:` line declares the flag `name` (without regard to case).
    pub fn is_world_flag(&self, name: &str) -> bool {
        self.world_flags.iter().any(|flag| flag.name.eq_ignore_ascii_case(name))
    }

    /// Whether a `Resource` line (or a fed world pool) declares `name`, exactly.
    pub fn is_resource(&self, name: &str) -> bool {
        self.resources.iter().any(|declared| declared.name == name)
    }

    /// Every stat, resource, derived value and status, for suggestions.
    pub fn value_names(&self) -> impl Iterator<Item = &str> + Clone {
        let lists = [&self.stats, &self.resources, &self.derived, &self.statuses];
        lists.into_iter().flatten().map(|declared| declared.name.as_str())
    }

    /// The ruling called `name` (without regard to case).
    pub fn ruling(&self, name: &str) -> Option<&Declared> {
        find(&self.rulings, name)
    }

    /// The script function called `name` (without regard to case).
    pub fn function(&self, name: &str) -> Option<&Declared> {
        find(&self.functions, name)
    }

    /// The table called `name` (without regard to case).
    pub fn table(&self, name: &str) -> Option<&Declared> {
        find(&self.tables, name)
    }

    /// The block of one of `kinds` called `name` (without regard to case).
    pub fn block(&self, kinds: &[BlockKind], name: &str) -> Option<&Declared> {
        let found = self.blocks.iter().find(|(kind, declared)| {
            same_namespace(kinds, *kind) && declared.name.eq_ignore_ascii_case(name)
        });
        found.map(|(_, declared)| declared)
    }

    /// The blocks of one of `kinds`, in file order.
    pub fn blocks_of<'a>(
        &'a self,
        kinds: &'a [BlockKind],
    ) -> impl Iterator<Item = &'a Declared> + Clone + use<'a> {
        let blocks = self.blocks.iter();
        blocks.filter(|(kind, _)| same_namespace(kinds, *kind)).map(|(_, declared)| declared)
    }

    /// The condition block `name` names, or whose name is a leading part of it
    /// (`Resistant Fire 5` is the condition `Resistant`).
    pub fn condition(&self, name: &str) -> Option<&Declared> {
        let words: Vec<&str> = name.split(' ').collect();
        (1..=words.len())
            .rev()
            .find_map(|count| self.block(&[BlockKind::Condition], &words[..count].join(" ")))
    }
}

/// Whether a block of `kind` is one of `kinds` (every trait kind shares one namespace).
fn same_namespace(kinds: &[BlockKind], kind: BlockKind) -> bool {
    kinds.iter().any(|wanted| match (wanted, kind) {
        (BlockKind::Trait(_), BlockKind::Trait(_)) => true,
        _ => *wanted == kind,
    })
}

fn find<'a>(list: &'a [Declared], name: &str) -> Option<&'a Declared> {
    list.iter().find(|declared| declared.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbols(text: &str) -> Symbols {
        let mut sources = crate::diagnostics::SourceMap::new();
        let (file, problems) = crate::parse::parse_source(&mut sources, "t.rules", text);
        assert!(problems.is_empty(), "{problems:?}");
        Symbols::of(&Pack { files: vec![file] })
    }

    #[test]
    fn stats_get_ids_in_declaration_order_across_lines() {
        let symbols =
            symbols("system T\nStats: Might, Agility\nResource HP: start 3\nStats: Wits, Might\n");
        let ids: Vec<_> =
            ["Might", "Agility", "Wits", "HP"].iter().map(|name| symbols.stat_id(name)).collect();
        // A stat declared twice keeps its first id; a resource has no stat id.
        assert_eq!(ids, [Some(0), Some(1), Some(2), None]);
        let names: Vec<_> = (0..5).map(|id| symbols.stat_ids.name(id)).collect();
        assert_eq!(names, [Some("Might"), Some("Agility"), Some("Wits"), Some("Might"), None]);
    }

    #[test]
    fn values_match_exactly_and_blocks_without_regard_to_case() {
        let symbols = symbols(
            "system T\nStats: Speed\nResource CP: start 0; no max\nDerived Fast: [Speed]\n\
             Status Down: [CP <= 0]\nRuling bonus: 1\n\ncondition Resistant\nParameters: N\n\n\
             feat Tough\nDetails: hard\n",
        );
        assert_eq!(symbols.value("Speed"), Some(ValueSymbol::Stat(0)));
        assert_eq!(symbols.value("CP"), Some(ValueSymbol::Resource(0)));
        assert_eq!(symbols.value("Cp"), None);
        assert_eq!(symbols.value("Fast"), Some(ValueSymbol::Derived(0)));
        assert_eq!(symbols.value("Down"), Some(ValueSymbol::Status(0)));
        assert_eq!(symbols.stat_id("Speed"), Some(0));
        assert_eq!(symbols.stat_id("speed"), None);
        assert_eq!(symbols.stat_ids.name(0), Some("Speed"));
        assert_eq!(symbols.ruling("Bonus").map(|d| d.name.as_str()), Some("bonus"));
        assert_eq!(
            symbols.condition("resistant Fire 5").map(|d| d.name.as_str()),
            Some("Resistant")
        );
        let trait_kind = BlockKind::Trait(crate::model::TraitKind::Trait);
        assert_eq!(symbols.block(&[trait_kind], "tough").map(|d| d.name.as_str()), Some("Tough"));
        assert!(symbols.block(&[BlockKind::Power], "Tough").is_none());
    }
}
