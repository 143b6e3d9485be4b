//! The one seeded random stream of an engine: unbiased die faces from ChaCha8, a queue of
//! forced faces (physical dice at the table), an exploration mode (faces replayed from a
//! path of choices, see [`Exploration`]), and a state that can be saved and restored
//! exactly. Never uses OS entropy or the clock; the caller supplies the seed.

use std::collections::VecDeque;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;
use serde::{Deserialize, Serialize};

use super::explore::{BranchPoint, Exploration};

/// A forced face that does not fit the die it was used for (`--dice 12` on a d10). An
/// exploring roller whose path has run out reports face 0: the run stops there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("forced die {face} does not fit a d{sides}")]
pub struct ForcedFaceError {
    /// The forced face.
    pub face: u32,
    /// The die it was used for.
    pub sides: u32,
}

/// Where a [`Roller`] is in its stream: enough to continue byte-for-byte after a restore.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollerState {
    /// The seed the stream started from.
    pub seed: u64,
    /// How many 32-bit words of the stream have been used.
    pub word_pos: u128,
    /// Forced faces not used yet, in order.
    pub forced: Vec<u32>,
    /// The exploration the roller replays, if any (never saved: it lives only while an
    /// analysis runs, and survives a failed command's restore).
    #[serde(skip)]
    pub exploration: Option<Exploration>,
}

/// A seeded die roller. Same seed, same faces, on every run and platform.
///
/// ```
/// use mythforge::dice::Roller;
/// let mut a = Roller::new(7);
/// let mut b = Roller::new(7);
/// let faces: Vec<u32> = (0..5).map(|_| a.face(10)).collect();
/// assert_eq!(faces, (0..5).map(|_| b.face(10)).collect::<Vec<_>>());
/// assert!(faces.iter().all(|f| (1..=10).contains(f)));
/// ```
#[derive(Clone, Debug)]
pub struct Roller {
    seed: u64,
    rng: ChaCha8Rng,
    forced: VecDeque<u32>,
    exploration: Option<Exploration>,
}

impl Roller {
    /// A roller at the start of the stream for `seed`.
    pub fn new(seed: u64) -> Self {
        Roller {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: VecDeque::new(),
            exploration: None,
        }
    }

    /// The seed this roller started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Queues faces that the next dice will show instead of random ones, in order.
    pub fn force(&mut self, faces: impl IntoIterator<Item = u32>) {
        self.forced.extend(faces);
    }

    /// Forced faces still waiting to be used.
    pub fn forced(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.forced.iter().copied()
    }

    /// True when the next die comes straight from the stream: no forced face is waiting
    /// and the roller is not exploring.
    #[inline]
    pub fn draws_freely(&self) -> bool {
        self.forced.is_empty() && self.exploration.is_none()
    }

    /// Makes the roller replay `exploration` instead of drawing from its stream (forced
    /// faces still come first); `None` returns it to its stream, which exploring never
    /// advanced.
    pub fn explore(&mut self, exploration: Option<Exploration>) {
        self.exploration = exploration;
    }

    /// The exploration the roller replays, if any.
    pub fn exploration(&self) -> Option<&Exploration> {
        self.exploration.as_ref()
    }

    /// For a rule that can collapse a roll to outcome classes (a check's grades): when the
    /// roller explores, the class to take (numbered from 1; class `i` has probability
    /// `weights[i - 1]`), or the error that stops the run where the path ran out. `None`
    /// when the roller is not exploring or faces are forced: roll the dice as usual.
    pub fn choose(&mut self, weights: &[f64]) -> Option<Result<u32, ForcedFaceError>> {
        let exploration = self.exploration.as_ref().filter(|_| self.forced.is_empty())?;
        let sides = u32::try_from(weights.len()).unwrap_or(u32::MAX);
        Some(match exploration.next(BranchPoint::Weighted(weights.to_vec())) {
            Some(choice) if choice >= 1 && choice <= sides => Ok(choice),
            Some(face) => Err(ForcedFaceError { face, sides }),
            None => Err(ForcedFaceError { face: 0, sides }),
        })
    }

    /// Drops every forced face not used yet.
    pub fn clear_forced(&mut self) {
        self.forced.clear();
    }

    /// Rolls one die with `sides` faces (1..=sides), taking a forced face first if one is
    /// queued. `sides` must be at least 1.
    pub fn roll_die(&mut self, sides: u32) -> Result<u32, ForcedFaceError> {
        let face = match self.forced.pop_front() {
            Some(face) => face,
            None => match &self.exploration {
                None => return Ok(self.face(sides)),
                Some(exploration) => {
                    exploration.next(BranchPoint::Die { sides }).unwrap_or_default()
                }
            },
        };
        if face == 0 || face > sides { Err(ForcedFaceError { face, sides }) } else { Ok(face) }
    }

    /// A uniformly random face in 1..=sides from the stream, ignoring forced faces and
    /// exploration.
    /// Unbiased: Lemire's multiply-and-reject method. `sides` must be at least 1.
    #[inline]
    pub fn face(&mut self, sides: u32) -> u32 {
        debug_assert!(sides >= 1);
        let mut product = u64::from(self.rng.next_u32()) * u64::from(sides);
        let mut low = product as u32;
        if low < sides {
            let threshold = sides.wrapping_neg() % sides;
            while low < threshold {
                product = u64::from(self.rng.next_u32()) * u64::from(sides);
                low = product as u32;
            }
        }
        (product >> 32) as u32 + 1
    }

    /// A snapshot of the stream position and the forced queue.
    pub fn state(&self) -> RollerState {
        RollerState {
            seed: self.seed,
            word_pos: self.rng.get_word_pos(),
            forced: self.forced.iter().copied().collect(),
            exploration: self.exploration.clone(),
        }
    }

    /// A roller that continues exactly where `state` was taken.
    pub fn from_state(state: &RollerState) -> Self {
        let mut roller = Roller::new(state.seed);
        roller.rng.set_word_pos(state.word_pos);
        roller.forced = state.forced.iter().copied().collect();
        roller.exploration = state.exploration.clone();
        roller
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_7_d10_sequence_is_pinned() {
        // Golden: if this changes, every saved game and transcript changes with it.
        let mut roller = Roller::new(7);
        let faces: Vec<u32> = (0..12).map(|_| roller.face(10)).collect();
        assert_eq!(faces, GOLDEN_SEED_7_D10);
    }

    const GOLDEN_SEED_7_D10: [u32; 12] = [2, 2, 2, 2, 3, 8, 1, 8, 1, 7, 9, 4];

    #[test]
    fn forced_faces_come_first_and_are_checked() {
        let mut roller = Roller::new(1);
        roller.force([8, 6, 1, 11]);
        assert_eq!(roller.roll_die(10), Ok(8));
        assert_eq!(roller.roll_die(10), Ok(6));
        assert_eq!(roller.roll_die(10), Ok(1));
        assert_eq!(roller.roll_die(10), Err(ForcedFaceError { face: 11, sides: 10 }));
        assert_eq!(roller.forced().len(), 0);
    }

    #[test]
    fn restored_state_continues_the_same_stream() {
        let mut a = Roller::new(99);
        for _ in 0..37 {
            a.face(6);
        }
        a.force([3]);
        let mut b = Roller::from_state(&a.state());
        let from_a: Vec<u32> = (0..20).map(|_| a.roll_die(20).unwrap()).collect();
        let from_b: Vec<u32> = (0..20).map(|_| b.roll_die(20).unwrap()).collect();
        assert_eq!(from_a, from_b);
        assert_eq!(from_a[0], 3);
    }

    #[test]
    fn faces_are_uniform_enough() {
        let mut roller = Roller::new(5);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[roller.face(6) as usize - 1] += 1;
        }
        // Each face expects 10,000; 5 standard deviations is about 456.
        assert!(counts.iter().all(|&c| (9_544..=10_456).contains(&c)), "{counts:?}");
    }
}
