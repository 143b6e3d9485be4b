//! A pack's blocks of one kind as the runtime holds them: each has an id (its place in
//! declaration order), found by name when a session types it and by id once the link step
//! has resolved a rule line's name ([`crate::model::expr::Link::Block`]).

use std::collections::BTreeMap;

use crate::model::expr::Link;
use crate::model::{Block, Name};

/// Blocks of one kind, in declaration order; the first block of a name (without regard to
/// case) is the one the name means, later ones of that name are not kept.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    /// The blocks; a block's id is its index.
    list: Vec<Block>,
    /// Each block's id under its name as written and in lower case: exact names (the common
    /// case) need no allocation to look up, and a keyed search measured cheaper than a scan
    /// even of a short list.
    ids: BTreeMap<String, usize>,
}

impl Blocks {
    /// Adds a pack's `block` under `id`, the place the link step numbered it at
    /// ([`crate::link::Symbols::block_id`], the one numbering): a later block of a name
    /// already here has that block's id and is not kept.
    pub fn add_numbered(&mut self, id: usize, block: &Block) {
        // The pack's blocks come in the order the link step numbered them: an id is a block
        // already here (a later one of its name) or the next.
        debug_assert!(id <= self.list.len(), "block ids numbered out of order");
        if id == self.list.len() {
            self.push(block);
        }
    }

    /// Adds a block the runtime makes itself (after the pack's, which keep their ids),
    /// unless a block of its name is already here.
    pub fn add(&mut self, block: &Block) {
        if self.id_of_text(block.name.node.as_str()).is_none() {
            self.push(block);
        }
    }

    fn push(&mut self, block: &Block) {
        let exact = block.name.node.as_str();
        let id = self.list.len();
        self.ids.insert(exact.to_lowercase(), id);
        self.ids.insert(exact.to_string(), id);
        self.list.push(block.clone());
    }

    /// The id of the block `name` picks.
    pub fn id<N: BlockName + ?Sized>(&self, name: &N) -> Option<usize> {
        name.id_in(self)
    }

    /// The block `name` picks.
    pub fn find<N: BlockName + ?Sized>(&self, name: &N) -> Option<&Block> {
        self.id(name).and_then(|id| self.list.get(id))
    }

    /// The id of the block called `text`, exactly or without regard to case.
    fn id_of_text(&self, text: &str) -> Option<usize> {
        let id = self.ids.get(text).or_else(|| self.ids.get(&text.to_lowercase()));
        id.copied()
    }

    /// The block with id `id`.
    pub fn at(&self, id: usize) -> Option<&Block> {
        self.list.get(id)
    }

    /// Every block, in declaration order.
    pub fn values(&self) -> std::slice::Iter<'_, Block> {
        self.list.iter()
    }

    /// Every block, in declaration order, to change in place (load only).
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, Block> {
        self.list.iter_mut()
    }

    /// The blocks' names as written, in the order of their lower-case names (for
    /// suggestions and listings).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.ids
            .iter()
            .map(|(key, id)| (key, self.list[*id].name.node.as_str()))
            .filter(|(key, name)| **key == name.to_lowercase())
            .map(|(_, name)| name)
    }
}

/// What picks a block: text (typed in a session, passed by a script), found by name, or a
/// rule line's [`Name`], found by the id the link step gave it ([`Link::Block`]) when it has
/// one.
pub(crate) trait BlockName {
    /// The id of the block this picks among `blocks`.
    fn id_in(&self, blocks: &Blocks) -> Option<usize>;

    /// The name as written (for messages).
    fn text(&self) -> &str;
}

impl BlockName for str {
    fn id_in(&self, blocks: &Blocks) -> Option<usize> {
        blocks.id_of_text(self)
    }

    fn text(&self) -> &str {
        self
    }
}

impl BlockName for String {
    fn id_in(&self, blocks: &Blocks) -> Option<usize> {
        blocks.id_of_text(self)
    }

    fn text(&self) -> &str {
        self
    }
}

impl<N: BlockName + ?Sized> BlockName for &N {
    fn id_in(&self, blocks: &Blocks) -> Option<usize> {
        (**self).id_in(blocks)
    }

    fn text(&self) -> &str {
        (**self).text()
    }
}

impl BlockName for Name {
    fn id_in(&self, blocks: &Blocks) -> Option<usize> {
        match self.link() {
            Link::Block(id) => Some(id),
            _ => blocks.id_of_text(self.as_str()),
        }
    }

    fn text(&self) -> &str {
        self.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(text: &str) -> Vec<Block> {
        let mut sources = crate::diagnostics::SourceMap::new();
        let (file, problems) = crate::parse::parse_source(&mut sources, "t.rules", text);
        assert!(problems.is_empty(), "{problems:?}");
        file.blocks().map(|block| block.node.clone()).collect()
    }

    #[test]
    fn the_first_block_of_a_name_is_kept_and_found_in_any_case() {
        let mut list = Blocks::default();
        let parsed = blocks(
            "condition Shaken\nDuration: until end of turn\n\ncondition Burning\nDuration: until end of turn\n\n\
             condition shaken\nDuration: until end of turn\n",
        );
        for block in &parsed {
            list.add(block);
        }
        assert_eq!(list.values().count(), 2);
        assert_eq!(list.id("SHAKEN"), Some(0));
        assert_eq!(list.id(&"Burning".to_string()), Some(1));
        assert_eq!(list.find("burning").map(|b| b.name.node.as_str()), Some("Burning"));
        assert!(list.find("Dazed").is_none());
        assert_eq!(list.names().collect::<Vec<_>>(), ["Burning", "Shaken"]);
        // A rule line's name goes by its link once it has one.
        let named = Name::new("shaken");
        assert_eq!(list.find(&named).map(|b| b.name.node.as_str()), Some("Shaken"));
        named.set_link(Link::Block(1));
        assert_eq!(list.find(&named).map(|b| b.name.node.as_str()), Some("Burning"));
        // Any other link is a value's, not a block's: the name goes by its text.
        named.set_link(Link::At(1));
        assert_eq!(list.find(&named).map(|b| b.name.node.as_str()), Some("Shaken"));
    }
}
