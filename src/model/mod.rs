//! The typed rule model: what a rule file means, as plain data. Every node keeps its
//! [`Spanned`] source location; `Display` prints the canonical form that `mythforge fmt`
//! writes. The model never reads files, rolls dice or runs scripts; the engine consumes a
//! [`Pack`] and evaluates expressions through [`expr::Scope`].

pub mod bind;
pub mod common;
pub mod condition_lines;
pub mod defence;
pub mod effect;
pub mod entity;
pub mod expr;
pub mod gear;
pub mod health;
pub mod hook;
pub mod house;
pub mod house_apply;
pub mod keywords;
pub mod labels;
pub mod outcome;
pub mod power;
pub mod power_rules;
pub mod print;
pub mod procedure;
pub mod references;
pub mod steps;
pub mod system;
pub mod table;
pub mod timing;
mod value;
pub mod verbs;

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

pub use common::{Assignment, CheckSpec, Cost, CostPart, Keyword, Requirement, Target, Test};
pub use effect::{
    Amount, ConditionRef, DiceText, Duration, Effect, EffectCheck, EffectPart, Effects, Narration,
    Recipient,
};
pub use entity::{ActorLine, ArmourLine, ConditionLine, Modifier, Stacking, WeaponLine};
pub use expr::{Expr, Name, Number};
pub use power::{Choice, PowerLine, Selector, TraitKind, TraitLine};
pub use print::format_file;
pub use procedure::Procedure;
pub use system::{DiceTemplate, Method, ProcedureLine, SystemLine};
pub use value::{MAX_DEPTH, weapon_property};

use crate::diagnostics::{FileId, Span, Spanned};

/// The kind of a block, from its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum BlockKind {
    /// `system`
    System,
    /// `power`
    Power,
    /// `trait`, `feat`, `item`, `relationship`, `stance`, `upgrade`
    Trait(TraitKind),
    /// `condition`
    Condition,
    /// `actor`
    Actor,
    /// `weapon`
    Weapon,
    /// `armour` (or `armor`)
    Armour,
    /// `check`: a check procedure
    Check,
}

/// One entry of [`BLOCK_KINDS`]: a header word, the kind it opens and what such a block
/// is for.
#[derive(Clone, Copy, Debug)]
pub struct KindWord {
    /// The header word: `power`.
    pub word: &'static str,
    /// Other spellings of it: `armor`.
    pub also: &'static [&'static str],
    /// The kind it opens.
    pub kind: BlockKind,
    /// What such a block is for, in one line (the help and the docs' table).
    pub summary: &'static str,
}

/// Every block kind with its header word, in the order the docs list them: the one table
/// [`BlockKind::parse`], its `Display`, `check`'s lists of kinds, the parser's did-you-mean
/// for a misspelt header and the docs read. The grammar's `kind` rule lists the same words
/// (a unit test in `parse` holds them together).
pub const BLOCK_KINDS: [KindWord; 13] = [
    KindWord {
        word: "system",
        also: &[],
        kind: BlockKind::System,
        summary: "the game: stats, resources, derived values, turn structure, rulings",
    },
    KindWord {
        word: "check",
        also: &[],
        kind: BlockKind::Check,
        summary: "a check procedure: how a check is rolled and graded",
    },
    KindWord {
        word: "power",
        also: &[],
        kind: BlockKind::Power,
        summary: "something an actor uses: cost, target, check, results",
    },
    KindWord {
        word: "trait",
        also: &[],
        kind: BlockKind::Trait(TraitKind::Trait),
        summary: "a lasting property of an actor",
    },
    KindWord {
        word: "feat",
        also: &[],
        kind: BlockKind::Trait(TraitKind::Feat),
        summary: "a trait (a feat)",
    },
    KindWord {
        word: "item",
        also: &[],
        kind: BlockKind::Trait(TraitKind::Item),
        summary: "a trait (an item that takes slots)",
    },
    KindWord {
        word: "relationship",
        also: &[],
        kind: BlockKind::Trait(TraitKind::Relationship),
        summary: "a trait (a relationship with a group)",
    },
    KindWord {
        word: "stance",
        also: &[],
        kind: BlockKind::Trait(TraitKind::Stance),
        summary: "a trait adopted with `adopts`, one at a time",
    },
    KindWord {
        word: "upgrade",
        also: &[],
        kind: BlockKind::Trait(TraitKind::Upgrade),
        summary: "a trait that changes the powers its `To:` selects",
    },
    KindWord {
        word: "condition",
        also: &[],
        kind: BlockKind::Condition,
        summary: "a state an actor holds: modifiers, durations, turn effects",
    },
    KindWord {
        word: "actor",
        also: &[],
        kind: BlockKind::Actor,
        summary: "a stat block actors are made from",
    },
    KindWord {
        word: "weapon",
        also: &[],
        kind: BlockKind::Weapon,
        summary: "a weapon: read as `[Weapon]` by the powers that use it",
    },
    KindWord {
        word: "armour",
        also: &["armor"],
        kind: BlockKind::Armour,
        summary: "a protective layer in front of a layered pool",
    },
];

impl BlockKind {
    /// The kind a header word names (an entry of [`BLOCK_KINDS`], any of its spellings).
    pub fn parse(word: &str) -> Option<BlockKind> {
        BLOCK_KINDS
            .iter()
            .find(|entry| entry.word == word || entry.also.contains(&word))
            .map(|entry| entry.kind)
    }

    /// The header word: `power`.
    pub fn word(self) -> &'static str {
        BLOCK_KINDS.iter().find(|entry| entry.kind == self).map_or("", |entry| entry.word)
    }

    /// Every header word, other spellings included, for did-you-mean and help.
    pub fn all_words() -> impl Iterator<Item = &'static str> {
        BLOCK_KINDS
            .iter()
            .flat_map(|entry| std::iter::once(entry.word).chain(entry.also.iter().copied()))
    }

    /// The header words of the trait kinds: `trait`, `feat`, `item`, ...
    pub fn trait_words() -> Vec<&'static str> {
        BLOCK_KINDS
            .iter()
            .filter(|entry| matches!(entry.kind, BlockKind::Trait(_)))
            .map(|entry| entry.word)
            .collect()
    }
}

impl fmt::Display for BlockKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The lines of a block, typed by its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum BlockBody {
    /// A `system` block.
    System(Vec<Spanned<SystemLine>>),
    /// A `power` block.
    Power(Vec<Spanned<PowerLine>>),
    /// A trait block of any trait kind.
    Trait(Vec<Spanned<TraitLine>>),
    /// A `condition` block.
    Condition(Vec<Spanned<ConditionLine>>),
    /// An `actor` block.
    Actor(Vec<Spanned<ActorLine>>),
    /// A `weapon` block.
    Weapon(Vec<Spanned<WeaponLine>>),
    /// An `armour` block.
    Armour(Vec<Spanned<ArmourLine>>),
    /// A `check` block.
    Check(Vec<Spanned<ProcedureLine>>),
}

/// One block: `power Shield Bash` and its notation lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Block {
    /// The kind from the header.
    pub kind: Spanned<BlockKind>,
    /// The name from the header.
    pub name: Spanned<Name>,
    /// The typed lines.
    pub body: BlockBody,
}

impl Block {
    /// The spans and canonical text of the block's lines, in order.
    pub fn line_texts(&self) -> Vec<(Span, String)> {
        self.body.line_texts()
    }
}

impl BlockBody {
    /// The spans and canonical text of the lines, in order.
    pub fn line_texts(&self) -> Vec<(Span, String)> {
        fn texts<T: fmt::Display>(lines: &[Spanned<T>]) -> Vec<(Span, String)> {
            lines.iter().map(|line| (line.span, line.node.to_string())).collect()
        }
        match self {
            BlockBody::System(lines) => texts(lines),
            BlockBody::Power(lines) => texts(lines),
            BlockBody::Trait(lines) => texts(lines),
            BlockBody::Condition(lines) => texts(lines),
            BlockBody::Actor(lines) => texts(lines),
            BlockBody::Weapon(lines) => texts(lines),
            BlockBody::Armour(lines) => texts(lines),
            BlockBody::Check(lines) => texts(lines),
        }
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.kind.node, self.name.node)?;
        for (_, text) in self.line_texts() {
            writeln!(f, "{text}")?;
        }
        Ok(())
    }
}

/// A comment kept for `fmt`: `# Ruling: the grade cap is 3`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comment {
    /// The text including `#`.
    pub text: String,
    /// Whether it followed code on the same line.
    pub trailing: bool,
}

/// `include "other.rules"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Include {
    /// The path as written, relative to the including file.
    pub path: Spanned<String>,
}

/// A top-level item of a file, in source order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Item {
    /// `include "other.rules"`
    Include(Spanned<Include>),
    /// A block.
    Block(Spanned<Block>),
    /// A house rule, or the pack a house-rule file changes (see [`house`]).
    House(Spanned<house::House>),
}

/// One parsed rule file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleFile {
    /// Its id in the source map.
    #[serde(skip)]
    pub file: FileId,
    /// Its path (as given or found).
    #[serde(skip)]
    pub path: PathBuf,
    /// Includes and blocks in order.
    pub items: Vec<Item>,
    /// Comments, each with its location.
    pub comments: Vec<Spanned<Comment>>,
}

impl RuleFile {
    /// The blocks of the file, in order.
    pub fn blocks(&self) -> impl Iterator<Item = &Spanned<Block>> {
        self.items.iter().filter_map(|item| match item {
            Item::Block(block) => Some(block),
            Item::Include(_) | Item::House(_) => None,
        })
    }
}

/// Every file of a rule pack, the entry files first and included files after them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Pack {
    /// The files, each once.
    pub files: Vec<RuleFile>,
}

impl Pack {
    /// Every block of the pack, file by file.
    pub fn blocks(&self) -> impl Iterator<Item = &Spanned<Block>> {
        self.files.iter().flat_map(RuleFile::blocks)
    }

    /// The block of `kind` (any trait kind matches `Trait`) called `name`, case-insensitively.
    pub fn find(&self, name: &str) -> impl Iterator<Item = &Spanned<Block>> {
        let name = name.to_string();
        self.blocks().filter(move |block| block.name.node.matches(&name))
    }
}
