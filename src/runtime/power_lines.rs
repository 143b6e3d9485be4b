//! Which kinds of line a power has, found in one pass over its lines. A use asks about a
//! dozen kinds (requirements, trigger, cost, Before, Target, Threshold, Check, Result,
//! Effect, After, Sustain, Invest) and a typical power has six lines of a few hundred bytes
//! each: the pipeline's steps skip the kinds a power lacks and find its `Threshold:` or
//! `Check:` line without each scanning every line. Built per use from the block the use
//! runs (the power as written, or as choices, upgrades or conditions modified it), so every
//! power goes through the same code; one pass costs less than looking a stored index up by
//! name.

use std::ops::BitOr;

use crate::diagnostics::Spanned;
use crate::model::{Block, PowerLine};

/// A set of power line kinds, one bit per kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Kinds(u32);

impl Kinds {
    /// `After:`.
    pub const AFTER: Kinds = Kinds(1);
    /// `Before:`.
    pub const BEFORE: Kinds = Kinds(1 << 1);
    /// `Check:`.
    pub const CHECK: Kinds = Kinds(1 << 2);
    /// `Choose:`.
    pub const CHOOSE: Kinds = Kinds(1 << 3);
    /// `Cost:`.
    pub const COST: Kinds = Kinds(1 << 4);
    /// `Effect:`.
    pub const EFFECT: Kinds = Kinds(1 << 5);
    /// `Invest:`.
    pub const INVEST: Kinds = Kinds(1 << 6);
    /// `Prereq:`.
    pub const PREREQ: Kinds = Kinds(1 << 7);
    /// `Result:`.
    pub const RESULT: Kinds = Kinds(1 << 8);
    /// `Sustain:`.
    pub const SUSTAIN: Kinds = Kinds(1 << 9);
    /// `Target:`.
    pub const TARGET: Kinds = Kinds(1 << 10);
    /// `Threshold:` (a number or expression).
    pub const THRESHOLD: Kinds = Kinds(1 << 11);
    /// `Threshold: set by GM`.
    pub const GM_THRESHOLD: Kinds = Kinds(1 << 12);
    /// `Trigger:`.
    pub const TRIGGER: Kinds = Kinds(1 << 13);
    /// `While:`.
    pub const WHILE: Kinds = Kinds(1 << 14);
    /// `Roll:`.
    pub const ROLL: Kinds = Kinds(1 << 16);
    /// `Defence:`: the power answers attacks and is never used on its own.
    pub const DEFENCE: Kinds = Kinds(1 << 17);
    /// `Limit:`.
    pub const LIMIT: Kinds = Kinds(1 << 18);
    /// The lines no step looks up by kind (`Halt:`, `Ticks:`, `Keywords:`, `Penalty:`).
    const OTHER: Kinds = Kinds(1 << 15);

    /// The kind of `line`.
    fn of(line: &PowerLine) -> Kinds {
        match line {
            PowerLine::After(_) => Kinds::AFTER,
            PowerLine::Before(_) => Kinds::BEFORE,
            PowerLine::Check(_) => Kinds::CHECK,
            PowerLine::Choose(_) => Kinds::CHOOSE,
            PowerLine::Cost(_) => Kinds::COST,
            PowerLine::Effect { .. } => Kinds::EFFECT,
            PowerLine::Invest(_) => Kinds::INVEST,
            PowerLine::Prereq(_) => Kinds::PREREQ,
            PowerLine::Result { .. } => Kinds::RESULT,
            PowerLine::Sustain(_) => Kinds::SUSTAIN,
            PowerLine::Target(_) => Kinds::TARGET,
            PowerLine::Threshold(_) => Kinds::THRESHOLD,
            PowerLine::GmThreshold(_) => Kinds::GM_THRESHOLD,
            PowerLine::Trigger(_) => Kinds::TRIGGER,
            PowerLine::While(_) => Kinds::WHILE,
            PowerLine::Roll(_) => Kinds::ROLL,
            PowerLine::Defence(_) => Kinds::DEFENCE,
            PowerLine::Limit(_) => Kinds::LIMIT,
            PowerLine::Halt(_)
            | PowerLine::Ticks(_)
            | PowerLine::Keywords(_)
            | PowerLine::Penalty(_)
            | PowerLine::Modifiers(_)
            | PowerLine::EachWeapon(_) => Kinds::OTHER,
        }
    }

    /// Whether the two sets share a kind.
    fn meets(self, other: Kinds) -> bool {
        self.0 & other.0 != 0
    }
}

impl BitOr for Kinds {
    type Output = Kinds;

    fn bitor(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }
}

/// A power's lines with the kinds among them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PowerLines<'a> {
    lines: &'a [Spanned<PowerLine>],
    kinds: Kinds,
}

impl<'a> PowerLines<'a> {
    /// The lines of `block` (none unless it is a power).
    pub fn of(block: &'a Block) -> Self {
        let lines = super::power::lines(block);
        let kinds =
            lines.iter().fold(Kinds::default(), |kinds, line| kinds | Kinds::of(&line.node));
        PowerLines { lines, kinds }
    }

    /// Every line, in order.
    pub fn all(&self) -> &'a [Spanned<PowerLine>] {
        self.lines
    }

    /// Whether the power has a line of one of `kinds`.
    pub fn has(&self, kinds: Kinds) -> bool {
        self.kinds.meets(kinds)
    }

    /// The lines of `kinds`, in order; no line is read when the power has none.
    pub fn each(&self, kinds: Kinds) -> impl Iterator<Item = &'a Spanned<PowerLine>> + use<'a> {
        let lines = if self.has(kinds) { self.lines } else { &[] };
        lines.iter().filter(move |line| Kinds::of(&line.node).meets(kinds))
    }

    /// The first line of `kinds`.
    pub fn first(&self, kinds: Kinds) -> Option<&'a Spanned<PowerLine>> {
        self.each(kinds).next()
    }
}

#[cfg(test)]
mod tests {
    use super::{Kinds, PowerLines};

    fn power(text: &str) -> crate::model::Block {
        let mut sources = crate::diagnostics::SourceMap::new();
        let (file, errors) = crate::parse::parse_source(&mut sources, "test.rules", text);
        assert!(errors.is_empty(), "{errors:?}");
        file.blocks().next().expect("one block").node.clone()
    }

    #[test]
    fn a_power_knows_its_kinds_and_finds_its_lines_in_order() {
        let block = power(
            "power Swing\n\nCost: 1 CP\n\nTarget: Enemy\n\nThreshold: 9\n\nCheck: [Attack]\n\n\
             Result: 2 damage\n\nEffect 2: 1 damage\n\nResult 3: 3 damage\n",
        );
        let lines = PowerLines::of(&block);
        assert_eq!(lines.all().len(), 7);
        assert!(lines.has(Kinds::COST) && lines.has(Kinds::CHECK | Kinds::INVEST));
        assert!(!lines.has(Kinds::INVEST | Kinds::SUSTAIN | Kinds::AFTER | Kinds::WHILE));
        assert_eq!(lines.each(Kinds::BEFORE).count(), 0);
        let spans: Vec<u32> = lines.all().iter().map(|l| l.span.start).collect();
        let gated: Vec<u32> =
            lines.each(Kinds::RESULT | Kinds::EFFECT).map(|l| l.span.start).collect();
        assert_eq!(gated, spans[4..].to_vec());
        assert_eq!(lines.first(Kinds::THRESHOLD).map(|l| l.span.start), Some(spans[2]));
        assert!(lines.first(Kinds::GM_THRESHOLD).is_none());
    }
}
