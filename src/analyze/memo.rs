//! A sampler's dice-path memo. Every sample starts from the same prepared game and the
//! engine is deterministic, so what a sample adds to the tally (each command's reading and
//! the end reading) is a function of the dice it drew. The memo is a trie of those draws:
//! a node says which die the engine draws next, its children are keyed by the face drawn,
//! and a leaf holds the readings of every sample that drew that path and how many did.
//!
//! A sample walks the trie making the same draws the engine would, in the same order, so
//! the dice stream is used exactly as without the memo; at a leaf the engine need not run.
//! A face with no child yet is a miss: the sampler takes the stream back, runs the engine
//! recording its draws ([`Roller::start_recording`]) and adds the path. The trie holds at
//! most a given number of bytes (about: see [`MEMO_BYTES`]); once full, misses run the
//! engine without being kept; a memo that hardly ever hits (a wide pool whose draws never
//! repeat) stops being walked and added to.

use super::reading::StepReading;
use super::report::{EndReading, Tally};
use crate::dice::{Draw, Roller};

/// The most bytes a sampling thread's memo may hold (about: the nodes, their children
/// and the leaves' readings, counted as they are added): 32 MiB.
pub const MEMO_BYTES: usize = 32 << 20;

/// What a node of the trie is counted to cost.
const NODE_BYTES: usize = std::mem::size_of::<Node>();
/// What one child's entry in a node is counted to cost (children are reserved one at a
/// time, so the count is what they hold).
const CHILD_BYTES: usize = std::mem::size_of::<(u32, u32)>();

/// Walks counted between looks at whether the memo still earns its walk.
const REVIEW: u64 = 4096;

/// One point of the trie.
#[derive(Debug)]
enum Node {
    /// The engine draws a die with `sides` faces next; `children` are `(face, node)`,
    /// sorted by face.
    Draw { sides: u32, children: Vec<(u32, u32)> },
    /// The path ends: the sample's readings are `leaves[index]`.
    Leaf(u32),
}

/// What the samples that drew one path added: how many they were, and what each added.
#[derive(Debug)]
struct Leaf {
    count: u64,
    steps: Vec<StepReading>,
    end: EndReading,
}

/// The memo of one prepared question on one thread.
#[derive(Debug)]
pub(crate) struct Memo {
    nodes: Vec<Node>,
    leaves: Vec<Leaf>,
    /// Bytes it may still take.
    room: usize,
    /// Set once a path did not fit: misses are no longer recorded.
    full: bool,
    /// Whether samples still walk it.
    walking: bool,
    /// Since the last review (every [`REVIEW`] walks): walks, and walks that reached a leaf.
    walks: u64,
    hits: u64,
}

impl Memo {
    /// An empty memo that may hold about `bytes` bytes; 0 turns it off.
    pub fn new(bytes: usize) -> Memo {
        Memo {
            nodes: Vec::new(),
            leaves: Vec::new(),
            room: bytes,
            full: bytes == 0,
            walking: bytes > 0,
            walks: 0,
            hits: 0,
        }
    }

    /// Whether a sample should walk the memo.
    pub fn walking(&self) -> bool {
        self.walking
    }

    /// Whether a miss should be recorded (the memo has room).
    pub fn recording(&self) -> bool {
        !self.full
    }

    /// Walks the trie drawing from `roller` as the engine would. On reaching a leaf, counts
    /// one more sample of it and returns true; on a miss returns false, the roller moved by
    /// the draws made (the caller takes it back).
    pub fn walk(&mut self, roller: &mut Roller) -> bool {
        let mut at = 0;
        let hit = loop {
            match self.nodes.get(at) {
                None => break false,
                Some(Node::Leaf(leaf)) => {
                    self.leaves[*leaf as usize].count += 1;
                    break true;
                }
                Some(Node::Draw { sides, children }) => {
                    let face = roller.face(*sides);
                    match children.iter().find(|(f, _)| *f == face) {
                        Some((_, child)) => at = *child as usize,
                        None => break false,
                    }
                }
            }
        };
        self.review(hit);
        hit
    }

    /// A memo that hits less than one walk in eight is neither walked nor added to any
    /// more: a miss pays for the walk, the stream taken back, the recording and the new
    /// path besides the engine (about as much again as the engine for a plain `roll 6d10`).
    fn review(&mut self, hit: bool) {
        self.walks += 1;
        self.hits += u64::from(hit);
        if self.walks == REVIEW {
            if self.hits * 8 < self.walks {
                (self.walking, self.full) = (false, true);
            }
            (self.walks, self.hits) = (0, 0);
        }
    }

    /// Adds the path `draws` whose sample read `steps` and `end`, counted once. False (the
    /// caller tallies the sample itself) when the path does not fit (the memo is then full)
    /// or contradicts the trie (a draw the trie expects otherwise: the engine was not a
    /// function of its draws, a bug, so no answer is taken from such a trie's leaves either).
    pub fn insert(&mut self, draws: &[Draw], steps: &[StepReading], end: &EndReading) -> bool {
        // Down the part of the path the trie has, to the draw whose face is new there.
        let mut at = 0;
        let mut taken = 0;
        let mut parent = None;
        while !self.nodes.is_empty() {
            match &self.nodes[at] {
                Node::Draw { sides, children } if taken < draws.len() => {
                    let draw = draws[taken];
                    if *sides != draw.sides {
                        return self.contradicted("a die of another size");
                    }
                    match children.iter().find(|(f, _)| *f == draw.face) {
                        Some((_, child)) => {
                            at = *child as usize;
                            taken += 1;
                        }
                        None => {
                            parent = Some(at);
                            break;
                        }
                    }
                }
                Node::Draw { .. } => return self.contradicted("another die"),
                Node::Leaf(_) => return self.contradicted("no more dice"),
            }
        }
        // New: a node per draw after the parent's, then the leaf.
        let rest = if parent.is_some() { &draws[taken + 1..] } else { draws };
        let bytes = rest.len() * (NODE_BYTES + CHILD_BYTES)
            + NODE_BYTES
            + CHILD_BYTES
            + std::mem::size_of::<Leaf>()
            + steps.iter().map(reading_bytes).sum::<usize>()
            + end.bytes();
        if bytes > self.room || self.nodes.len() + rest.len() >= u32::MAX as usize {
            self.full = true;
            return false;
        }
        self.room -= bytes;
        let first = self.nodes.len() as u32;
        if let Some(parent) = parent
            && let Node::Draw { children, .. } = &mut self.nodes[parent]
        {
            let face = draws[taken].face;
            // One more entry, not a doubling: the budget counts entries.
            children.reserve_exact(1);
            children.insert(children.partition_point(|(f, _)| *f < face), (face, first));
        }
        for (index, draw) in rest.iter().enumerate() {
            let child = first + index as u32 + 1;
            self.nodes.push(Node::Draw { sides: draw.sides, children: vec![(draw.face, child)] });
        }
        self.nodes.push(Node::Leaf(self.leaves.len() as u32));
        self.leaves.push(Leaf { count: 1, steps: steps.to_vec(), end: end.clone() });
        true
    }

    /// A path the trie contradicts: in a debug build this stops (the engine must be a
    /// function of its draws); in a release build the memo is dropped from use (its
    /// counted leaves stay: they were read by the engine).
    fn contradicted(&mut self, what: &str) -> bool {
        debug_assert!(false, "the dice-path memo expected {what}: the engine drew otherwise");
        (self.full, self.walking) = (true, false);
        false
    }

    /// Adds every path's readings to `tally`, weighted by how many samples drew it (sums of
    /// whole counts are exact in any order: the tally is the one the samples would have
    /// made one by one).
    pub fn flush(&self, tally: &mut Tally) {
        for leaf in &self.leaves {
            let weight = leaf.count as f64;
            for (step, reading) in leaf.steps.iter().enumerate() {
                tally.add_step(step, reading, weight);
            }
            tally.add_read_end(&leaf.end, weight);
        }
    }
}

/// About what a reading holds on the heap and inline.
fn reading_bytes(reading: &StepReading) -> usize {
    let text = |s: &String| s.len();
    std::mem::size_of::<StepReading>()
        + reading.refused.as_ref().map_or(0, text)
        + reading
            .checks
            .iter()
            .map(|(a, _, l)| {
                std::mem::size_of::<(String, i64, Option<String>)>()
                    + a.len()
                    + l.as_ref().map_or(0, text)
            })
            .sum::<usize>()
        + reading.damage.iter().map(|(a, _)| 32 + a.len()).sum::<usize>()
        + reading.damaged.iter().map(|(a, b)| 48 + a.len() + b.len()).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The draws of a d10 then a d6 from a roller seeded with `seed`.
    fn two_draws(seed: u64) -> Vec<Draw> {
        let mut roller = Roller::new(seed);
        roller.start_recording(Vec::new());
        roller.face(10);
        roller.face(6);
        let (draws, whole) = roller.stop_recording().unwrap();
        assert!(whole);
        draws
    }

    #[test]
    fn a_kept_path_is_walked_with_the_same_draws_and_counted() {
        let mut memo = Memo::new(MEMO_BYTES);
        let mut roller = Roller::new(3);
        assert!(!memo.walk(&mut roller), "an empty memo misses");
        assert_eq!(roller.position(), 0, "without drawing");
        let draws = two_draws(3);
        assert!(memo.insert(&draws, &[StepReading::default()], &EndReading::default()));
        assert!(memo.walk(&mut roller), "the same seed draws the same path");
        let mut alone = Roller::new(3);
        alone.face(10);
        alone.face(6);
        assert_eq!(roller.position(), alone.position(), "the stream used as by the engine");
        assert_eq!(memo.leaves[0].count, 2);
        // Another seed's path shares the d10 node when its first face is the same.
        let other = (4..200).map(two_draws).find(|d| d[0] == draws[0] && d[1] != draws[1]);
        let other = other.expect("a seed with the same d10 and another d6");
        assert!(memo.insert(&other, &[StepReading::default()], &EndReading::default()));
        assert_eq!((memo.nodes.len(), memo.leaves.len()), (4, 2), "{:?}", memo.nodes);
        let Node::Draw { sides: 6, children } = &memo.nodes[1] else { panic!("{memo:?}") };
        assert_eq!(children.len(), 2);
        assert!(children[0].0 < children[1].0, "children sorted by face");
    }

    #[test]
    fn a_path_without_dice_is_a_leaf_at_the_root() {
        let mut memo = Memo::new(MEMO_BYTES);
        assert!(memo.insert(&[], &[], &EndReading::default()));
        let mut roller = Roller::new(1);
        assert!(memo.walk(&mut roller) && memo.walk(&mut roller));
        assert_eq!((roller.position(), memo.leaves[0].count), (0, 3));
    }

    #[test]
    fn a_full_memo_keeps_no_more_paths_and_a_zero_one_is_off() {
        let mut memo = Memo::new(100);
        assert!(memo.recording());
        assert!(!memo.insert(&two_draws(1), &[StepReading::default()], &EndReading::default()));
        assert!(!memo.recording() && memo.walking(), "full: still walked, no more recorded");
        let off = Memo::new(0);
        assert!(!off.recording() && !off.walking());
    }

    #[test]
    fn a_memo_that_rarely_hits_is_no_longer_walked_nor_added_to() {
        let mut memo = Memo::new(MEMO_BYTES);
        memo.insert(&two_draws(1), &[], &EndReading::default());
        let mut roller = Roller::new(99);
        for _ in 0..REVIEW - 1 {
            memo.walk(&mut roller);
        }
        assert!(memo.walking() && memo.recording(), "judged every {REVIEW} walks");
        memo.walk(&mut roller);
        assert!(!memo.walking(), "one path of 60 hits about one walk in 60");
        assert!(!memo.recording());
    }

    #[test]
    fn a_memo_that_hits_often_enough_stays() {
        let mut memo = Memo::new(MEMO_BYTES);
        memo.insert(&[], &[], &EndReading::default());
        let mut roller = Roller::new(99);
        for _ in 0..REVIEW * 2 {
            memo.walk(&mut roller);
        }
        assert!(memo.walking() && memo.recording());
        assert_eq!(memo.leaves[0].count, REVIEW * 2 + 1);
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "the dice-path memo expected a die of another size")]
    fn a_path_the_trie_contradicts_is_a_bug() {
        let mut memo = Memo::new(MEMO_BYTES);
        memo.insert(&two_draws(1), &[], &EndReading::default());
        let mut other = two_draws(1);
        other[0].sides = 20;
        memo.insert(&other, &[], &EndReading::default());
    }
}
