//! Exploration: instead of drawing faces from its stream, a [`Roller`](super::Roller) can
//! replay a path of chosen options and, where the path runs out, record the choice the run
//! needs next (a [`BranchPoint`]) and fail that draw. An explorer then runs the same command
//! once per option, each time with a path one choice longer, and so visits every way the
//! dice can fall — with the command's own rules, never a model of them. The record is shared
//! by every copy of the roller (a command that fails restores its roller from a snapshot,
//! and the record must survive that). Nothing here draws random numbers. The probabilities
//! of many paths are added with [`Sum`], exact to an ulp or two however many there are.

use std::sync::{Arc, Mutex, MutexGuard};

/// What a run needed when its path of choices ran out.
#[derive(Clone, Debug, PartialEq)]
pub enum BranchPoint {
    /// A die: options 1..=`sides`, equally likely.
    Die {
        /// Sides of the die.
        sides: u32,
    },
    /// A weighted choice (the sorted pools of a pool of dice): option `i` (from 1) has
    /// probability `weights[i - 1]`; options of probability 0 are never offered.
    Weighted(Vec<f64>),
}

impl BranchPoint {
    /// Each option (numbered from 1) with its probability; options that cannot happen are
    /// left out.
    ///
    /// ```
    /// use mythforge::dice::BranchPoint;
    /// assert_eq!(BranchPoint::Die { sides: 2 }.options(), [(1, 0.5), (2, 0.5)]);
    /// assert_eq!(BranchPoint::Weighted(vec![0.25, 0.0, 0.75]).options(), [(1, 0.25), (3, 0.75)]);
    /// ```
    pub fn options(&self) -> Vec<(u32, f64)> {
        let mut options = Vec::new();
        self.options_into(&mut options);
        options
    }

    /// [`BranchPoint::options`] into `options` (cleared first), reusing its buffer: an
    /// explorer lists the options of every branch point of every run.
    ///
    /// ```
    /// use mythforge::dice::BranchPoint;
    /// let mut options = vec![(9, 1.0)];
    /// BranchPoint::Die { sides: 2 }.options_into(&mut options);
    /// assert_eq!(options, [(1, 0.5), (2, 0.5)]);
    /// ```
    pub fn options_into(&self, options: &mut Vec<(u32, f64)>) {
        options.clear();
        match self {
            BranchPoint::Die { sides } => {
                let p = 1.0 / f64::from(*sides);
                options.extend((1..=*sides).map(|face| (face, p)));
            }
            BranchPoint::Weighted(weights) => {
                options.extend((1u32..).zip(weights.iter().copied()).filter(|(_, p)| *p > 0.0))
            }
        }
    }

    /// The first of [`BranchPoint::options`], without listing the others.
    ///
    /// ```
    /// use mythforge::dice::BranchPoint;
    /// assert_eq!(BranchPoint::Die { sides: 4 }.first_option(), Some((1, 0.25)));
    /// assert_eq!(BranchPoint::Weighted(vec![0.0, 1.0]).first_option(), Some((2, 1.0)));
    /// assert_eq!(BranchPoint::Die { sides: 0 }.first_option(), None);
    /// ```
    pub fn first_option(&self) -> Option<(u32, f64)> {
        match self {
            BranchPoint::Die { sides: 0 } => None,
            BranchPoint::Die { sides } => Some((1, 1.0 / f64::from(*sides))),
            BranchPoint::Weighted(weights) => {
                (1u32..).zip(weights.iter().copied()).find(|(_, p)| *p > 0.0)
            }
        }
    }
}

/// The path one run replays, shared by every copy of the roller that explores it.
///
/// ```
/// use mythforge::dice::{BranchPoint, Exploration, Roller};
/// let exploration = Exploration::replaying(vec![6]);
/// let mut roller = Roller::new(1);
/// roller.explore(Some(exploration.clone()));
/// assert_eq!(roller.roll_die(6), Ok(6));
/// assert!(roller.roll_die(10).is_err(), "the path ran out: the run stops here");
/// assert_eq!(exploration.branch(), Some(BranchPoint::Die { sides: 10 }));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Exploration(Arc<Mutex<Path>>);

#[derive(Debug, Default)]
struct Path {
    chosen: Vec<u32>,
    next: usize,
    branch: Option<BranchPoint>,
    /// When set, a run whose path runs out takes the first option and goes on: the
    /// probability of the path so far and the floor below which it stops instead.
    extend: Option<(f64, f64)>,
    /// The branch points passed by taking their first option: where in the path, the
    /// point, and the path's probability before it.
    taken: Vec<Taken>,
}

/// A branch point a run passed by taking its first option (see [`Exploration::extending`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Taken {
    /// How many choices of the path come before it.
    pub at: usize,
    /// The choice the run needed.
    pub point: BranchPoint,
    /// The probability of the path before this choice.
    pub p: f64,
}

impl Exploration {
    /// An exploration that replays `chosen` (options numbered from 1), then branches.
    pub fn replaying(chosen: Vec<u32>) -> Self {
        Exploration(Arc::new(Mutex::new(Path { chosen, ..Path::default() })))
    }

    /// An exploration that replays `chosen` (whose probability is `p`), then, where the path
    /// runs out, takes the first option and goes on (one run reaches a leaf instead of
    /// failing at every new die) — until the path's probability would fall below `floor`,
    /// where it branches as [`Exploration::replaying`] does.
    ///
    /// ```
    /// use mythforge::dice::{BranchPoint, Exploration, Roller};
    /// let exploration = Exploration::extending(vec![6], 1.0 / 6.0, 1e-18);
    /// let mut roller = Roller::new(1);
    /// roller.explore(Some(exploration.clone()));
    /// assert_eq!(roller.roll_die(6), Ok(6));
    /// assert_eq!(roller.roll_die(4), Ok(1), "the path ran out: the first face");
    /// assert_eq!(exploration.branch(), None);
    /// assert_eq!(exploration.chosen(), [6, 1]);
    /// let taken = exploration.taken();
    /// assert_eq!((taken[0].at, &taken[0].point), (1, &BranchPoint::Die { sides: 4 }));
    /// assert!((exploration.probability() - 1.0 / 24.0).abs() < 1e-15);
    /// ```
    pub fn extending(chosen: Vec<u32>, p: f64, floor: f64) -> Self {
        Exploration(Arc::new(Mutex::new(Path {
            chosen,
            extend: Some((p, floor)),
            ..Path::default()
        })))
    }

    /// Makes this record replay `chosen` as [`Exploration::extending`] would, keeping its
    /// buffers: an explorer starts every run of a command on one record. Every copy of the
    /// roller that shares the record sees the new run.
    ///
    /// ```
    /// use mythforge::dice::{Exploration, Roller};
    /// let exploration = Exploration::extending(vec![], 1.0, 1e-18);
    /// let mut roller = Roller::new(1);
    /// roller.explore(Some(exploration.clone()));
    /// assert_eq!(roller.roll_die(6), Ok(1));
    /// exploration.restart(&[3], 1.0 / 6.0, 1e-18);
    /// assert_eq!(roller.roll_die(6), Ok(3));
    /// assert_eq!(roller.roll_die(2), Ok(1));
    /// assert_eq!(exploration.chosen(), [3, 1]);
    /// assert_eq!(exploration.taken().len(), 1);
    /// ```
    pub fn restart(&self, chosen: &[u32], p: f64, floor: f64) {
        let mut path = self.path();
        path.chosen.clear();
        path.chosen.extend_from_slice(chosen);
        path.next = 0;
        path.branch = None;
        path.extend = Some((p, floor));
        path.taken.clear();
    }

    /// Calls `read` with the choices the run made and the branch points it passed by taking
    /// their first option ([`Exploration::chosen`] and [`Exploration::taken`] without
    /// copying them).
    pub fn read<R>(&self, read: impl FnOnce(&[u32], &[Taken]) -> R) -> R {
        let path = self.path();
        read(&path.chosen, &path.taken)
    }

    /// The choices the run made: the path replayed and the first options it took after.
    pub fn chosen(&self) -> Vec<u32> {
        self.path().chosen.clone()
    }

    /// The branch points the run passed by taking their first option, in order.
    pub fn taken(&self) -> Vec<Taken> {
        self.path().taken.clone()
    }

    /// The probability of the choices made (for an [`Exploration::extending`] run; 1.0
    /// otherwise).
    pub fn probability(&self) -> f64 {
        self.path().extend.map_or(1.0, |(p, _)| p)
    }

    fn path(&self) -> MutexGuard<'_, Path> {
        // A panic while the lock was held cannot leave the path half-written: every write
        // is a single assignment. Use the data as it is.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Where the run stopped because its path ran out, if it did.
    pub fn branch(&self) -> Option<BranchPoint> {
        self.path().branch.clone()
    }

    /// How many choices of the path the run used.
    pub fn used(&self) -> usize {
        self.path().next
    }

    /// The next choice for `needed`, or `None` (recording `needed` as the branch point)
    /// when the path has run out. Once a branch is recorded every later draw fails too.
    pub(crate) fn next(&self, needed: BranchPoint) -> Option<u32> {
        self.next_lazy(|| needed)
    }

    /// Like [`Exploration::next`], building the branch point only when it is recorded.
    pub(crate) fn next_lazy(&self, needed: impl FnOnce() -> BranchPoint) -> Option<u32> {
        let mut path = self.path();
        if path.branch.is_some() {
            return None;
        }
        match path.chosen.get(path.next).copied() {
            Some(choice) => {
                path.next += 1;
                Some(choice)
            }
            None => {
                let point = needed();
                if let Some((p, floor)) = path.extend
                    && let Some((first, chance)) = point.first_option()
                    && p * chance >= floor
                {
                    let at = path.chosen.len();
                    path.taken.push(Taken { at, point, p });
                    path.chosen.push(first);
                    path.next += 1;
                    path.extend = Some((p * chance, floor));
                    return Some(first);
                }
                path.branch = Some(point);
                None
            }
        }
    }
}

/// Two explorations are equal when they are the same shared record.
impl PartialEq for Exploration {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Exploration {}

/// A sum of many small probabilities kept accurate to an ulp or two however many terms it
/// has (Neumaier's compensated summation): a million leaves must still sum within 1e-12.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Sum {
    total: f64,
    carry: f64,
}

impl Sum {
    /// Adds `value`.
    pub fn add(&mut self, value: f64) {
        let total = self.total + value;
        self.carry += if self.total.abs() >= value.abs() {
            (self.total - total) + value
        } else {
            (value - total) + self.total
        };
        self.total = total;
    }

    /// The sum.
    pub fn value(self) -> f64 {
        self.total + self.carry
    }
}
