//! The map's grid, a system setting (`Grid: square`): hexes (six neighbours, the default)
//! or squares (four neighbours, no diagonals; distance is the number of orthogonal steps).
//! Every spatial rule asks here: distance, adjacency, lines to targets, walking around
//! walls and areas. A position is the same `q,r` pair on both grids; on squares it is
//! column and row. Pure geometry, like [`super::hex`].

use serde::{Deserialize, Serialize};

use super::hex::{self, Hex, MAX_AREA_SIZE};

/// The shape of the map's cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Grid {
    /// Hexes in axial coordinates: six neighbours.
    #[default]
    Hex,
    /// Squares: four neighbours (no diagonals); distance is `|dq| + |dr|`.
    Square,
}

/// The four square neighbour directions, in a fixed order (east, north, west, south; see
/// [`super::Direction`]).
pub const SQUARE_DIRECTIONS: [Hex; 4] =
    [Hex { q: 1, r: 0 }, Hex { q: 0, r: -1 }, Hex { q: -1, r: 0 }, Hex { q: 0, r: 1 }];

impl Grid {
    /// Every grid kind a `Grid:` line may name, as written.
    pub const NAMES: [&'static str; 2] = ["hex", "square"];

    /// The grid a `Grid:` line names (`hex`, `hexes`, `square`, `squares`, any case).
    ///
    /// ```
    /// use mythforge::engine::Grid;
    /// assert_eq!(Grid::parse("Squares"), Some(Grid::Square));
    /// assert_eq!(Grid::parse("octagon"), None);
    /// ```
    pub fn parse(word: &str) -> Option<Grid> {
        match word.trim().to_ascii_lowercase().as_str() {
            "hex" | "hexes" => Some(Grid::Hex),
            "square" | "squares" => Some(Grid::Square),
            _ => None,
        }
    }

    /// Whether this is the default hex grid (saves leave it out).
    pub fn is_hex(&self) -> bool {
        *self == Grid::Hex
    }

    /// The grid's name as a `Grid:` line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Grid::Hex => "hex",
            Grid::Square => "square",
        }
    }

    /// The cells' name in the plural, for messages (`3 hexes away`, `3 squares away`).
    pub fn unit(self) -> &'static str {
        match self {
            Grid::Hex => "hexes",
            Grid::Square => "squares",
        }
    }

    /// `n` cells, for messages: `1 hex`, `3 hexes`, `1 square`.
    pub fn count(self, n: i64) -> String {
        match (self, n) {
            (Grid::Hex, 1) => "1 hex".into(),
            (Grid::Square, 1) => "1 square".into(),
            _ => format!("{n} {}", self.unit()),
        }
    }

    /// The neighbour directions, in a fixed order.
    pub fn directions(self) -> &'static [Hex] {
        match self {
            Grid::Hex => &hex::DIRECTIONS,
            Grid::Square => &SQUARE_DIRECTIONS,
        }
    }

    /// Steps between two cells.
    ///
    /// ```
    /// use mythforge::engine::{Grid, Hex};
    /// assert_eq!(Grid::Hex.distance(Hex::new(0, 0), Hex::new(2, -3)), 3);
    /// assert_eq!(Grid::Square.distance(Hex::new(0, 0), Hex::new(2, -3)), 5);
    /// ```
    pub fn distance(self, a: Hex, b: Hex) -> i64 {
        match self {
            Grid::Hex => a.distance(b),
            Grid::Square => {
                let d = a.minus(b);
                d.q.saturating_abs().saturating_add(d.r.saturating_abs())
            }
        }
    }

    /// Whether two different cells share an edge (a square's diagonal does not).
    pub fn adjacent(self, a: Hex, b: Hex) -> bool {
        self.distance(a, b) == 1
    }

    /// The neighbours of `cell`, in [`Grid::directions`] order.
    pub fn neighbours(self, cell: Hex) -> Vec<Hex> {
        self.directions().iter().map(|d| cell.plus(*d)).collect()
    }

    /// The cells from `from` to `to`, both included, one step apart.
    pub fn line(self, from: Hex, to: Hex) -> Vec<Hex> {
        match self {
            Grid::Hex => from.line_to(to),
            Grid::Square => square_line(from, to, false),
        }
    }

    /// [`Grid::line`] with ties broken the other way.
    pub fn mirrored_line(self, from: Hex, to: Hex) -> Vec<Hex> {
        match self {
            Grid::Hex => from.mirrored_line_to(to),
            Grid::Square => square_line(from, to, true),
        }
    }

    /// Whether a line from `from` to `to` passes no `blocked` cell (see [`hex::clear_line`]:
    /// the line and its mirror are tried); `Err` names the first blocking cell.
    pub fn clear_line(self, from: Hex, to: Hex, blocked: impl Fn(Hex) -> bool) -> Result<(), Hex> {
        let first_block = |line: Vec<Hex>| {
            let inner = line.len().saturating_sub(1);
            line.into_iter().take(inner).skip(1).find(|h| blocked(*h))
        };
        match first_block(self.line(from, to)) {
            None => Ok(()),
            Some(cell) => match first_block(self.mirrored_line(from, to)) {
                None => Ok(()),
                Some(_) => Err(cell),
            },
        }
    }

    /// The fewest steps from `from` to `to` through cells that are not `blocked` (the start
    /// is never tested), searching at most `limit` steps; `None` when `to` cannot be reached
    /// within the limit.
    pub fn steps_around(
        self,
        from: Hex,
        to: Hex,
        limit: i64,
        blocked: impl Fn(Hex) -> bool,
    ) -> Option<i64> {
        let limit = limit.clamp(0, MAX_AREA_SIZE);
        let mut seen = std::collections::BTreeSet::from([from]);
        let mut frontier = vec![from];
        for steps in 0..=limit {
            if frontier.contains(&to) {
                return Some(steps);
            }
            let mut next = Vec::new();
            for cell in frontier {
                for neighbour in self.neighbours(cell) {
                    if !blocked(neighbour) && seen.insert(neighbour) {
                        next.push(neighbour);
                    }
                }
            }
            frontier = next;
        }
        None
    }

    /// The direction (index into [`Grid::directions`]) whose neighbour is nearest the line
    /// to `toward`; 0 when `toward` is `from`.
    pub fn direction_to(self, from: Hex, toward: Hex) -> usize {
        let Some(step) = self.line(from, toward).get(1).copied() else { return 0 };
        self.directions().iter().position(|d| from.plus(*d) == step).unwrap_or(0)
    }

    /// Every cell within `size` steps of `center`, center first, then ring by ring.
    pub fn burst(self, center: Hex, size: i64) -> Vec<Hex> {
        match self {
            Grid::Hex => hex::burst(center, size),
            Grid::Square => {
                let size = size.clamp(0, MAX_AREA_SIZE);
                let mut cells = vec![center];
                for radius in 1..=size {
                    cells.extend(square_ring(center, radius));
                }
                cells
            }
        }
    }

    /// A cone from `origin` (not included) toward direction `direction`, `size` cells deep.
    /// On hexes see [`hex::cone`]; on squares, row `d` of the cone is the cell `d` steps
    /// along the direction and the cells up to `d / 2` to either side of it (widths 1, 3,
    /// 3, 5, 5, ...).
    pub fn cone(self, origin: Hex, direction: usize, size: i64) -> Vec<Hex> {
        match self {
            Grid::Hex => hex::cone(origin, direction, size),
            Grid::Square => {
                let size = size.clamp(0, MAX_AREA_SIZE);
                let axis = SQUARE_DIRECTIONS[direction % 4];
                let side = Hex::new(-axis.r, axis.q);
                let mut cells = Vec::new();
                for depth in 1..=size {
                    let on_axis = origin.plus(axis.times(depth));
                    for k in -(depth / 2)..=depth / 2 {
                        cells.push(on_axis.plus(side.times(k)));
                    }
                }
                cells
            }
        }
    }

    /// An arc: the cell one step from `origin` toward direction `direction`, then the cells
    /// `1..=size` to either side of it, nearest first (right, then left). On squares they
    /// are the row across the direction (a sweep's "left and right of the target"); on hexes
    /// the neighbours of `origin` around it, at most the whole ring.
    pub fn arc(self, origin: Hex, direction: usize, size: i64) -> Vec<Hex> {
        let size = size.clamp(0, MAX_AREA_SIZE);
        match self {
            Grid::Hex => {
                let mut cells = vec![origin.plus(hex::DIRECTIONS[direction % 6])];
                for k in 1..=size.min(3) as usize {
                    for turn in [direction + k, direction + 6 - k] {
                        let cell = origin.plus(hex::DIRECTIONS[turn % 6]);
                        if !cells.contains(&cell) {
                            cells.push(cell);
                        }
                    }
                }
                cells
            }
            Grid::Square => {
                let axis = SQUARE_DIRECTIONS[direction % 4];
                let side = Hex::new(-axis.r, axis.q);
                let front = origin.plus(axis);
                let mut cells = vec![front];
                for k in 1..=size {
                    cells.push(front.plus(side.times(k)));
                    cells.push(front.plus(side.times(-k)));
                }
                cells
            }
        }
    }

    /// The first `size` cells after `origin` on the line through `toward`, extended past it.
    pub fn ray(self, origin: Hex, toward: Hex, size: i64) -> Vec<Hex> {
        let size = size.clamp(0, MAX_AREA_SIZE);
        let distance = self.distance(origin, toward);
        if distance == 0 || size == 0 {
            return Vec::new();
        }
        let reach = (size + distance - 1) / distance;
        let end = origin.plus(toward.minus(origin).times(reach));
        self.line(origin, end).into_iter().skip(1).take(size as usize).collect()
    }

    /// A path through `waypoints` (lines joined end to end, the start excluded), cut to
    /// `size` cells.
    pub fn path(self, waypoints: &[Hex], size: i64) -> Vec<Hex> {
        let size = size.clamp(0, MAX_AREA_SIZE) as usize;
        let mut cells = Vec::new();
        for pair in waypoints.windows(2) {
            cells.extend(self.line(pair[0], pair[1]).into_iter().skip(1));
            if cells.len() >= size {
                break;
            }
        }
        cells.truncate(size);
        cells
    }
}

impl std::fmt::Display for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The squares exactly `radius` orthogonal steps from `center`, starting due south and
/// going round east, north, west.
fn square_ring(center: Hex, radius: i64) -> Vec<Hex> {
    let steps = [Hex::new(1, -1), Hex::new(-1, -1), Hex::new(-1, 1), Hex::new(1, 1)];
    let mut cell = center.plus(Hex::new(0, radius));
    let mut cells = Vec::new();
    for step in steps {
        for _ in 0..radius {
            cells.push(cell);
            cell = cell.plus(step);
        }
    }
    cells
}

/// A four-connected line from `from` to `to`: each step goes along whichever axis keeps
/// it nearest the straight line; a tie goes across (`q`) first, or down (`r`) first when
/// `mirrored`.
fn square_line(from: Hex, to: Hex, mirrored: bool) -> Vec<Hex> {
    let d = to.minus(from);
    let most = MAX_AREA_SIZE * 10;
    let (nq, nr) = (d.q.saturating_abs().min(most), d.r.saturating_abs().min(most));
    let (sq, sr) = (d.q.signum(), d.r.signum());
    let mut cells = vec![from];
    let (mut iq, mut ir) = (0i64, 0i64);
    let mut at = from;
    while iq < nq || ir < nr {
        // Compare (iq + 0.5) / nq with (ir + 0.5) / nr in integers.
        let left = (2 * iq + 1) * nr;
        let right = (2 * ir + 1) * nq;
        let across = if ir >= nr {
            true
        } else if iq >= nq {
            false
        } else if left == right {
            !mirrored
        } else {
            left < right
        };
        if across {
            at = at.plus(Hex::new(sq, 0));
            iq += 1;
        } else {
            at = at.plus(Hex::new(0, sr));
            ir += 1;
        }
        cells.push(at);
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_distance_is_manhattan_and_diagonals_are_not_adjacent() {
        let origin = Hex::new(0, 0);
        assert_eq!(Grid::Square.distance(origin, Hex::new(3, -4)), 7);
        assert!(Grid::Square.adjacent(origin, Hex::new(0, 1)));
        assert!(!Grid::Square.adjacent(origin, Hex::new(1, 1)));
        assert_eq!(Grid::Square.neighbours(origin).len(), 4);
    }

    #[test]
    fn square_line_steps_orthogonally_and_its_mirror_breaks_ties_the_other_way() {
        let line = Grid::Square.line(Hex::new(0, 0), Hex::new(1, 1));
        assert_eq!(line, vec![Hex::new(0, 0), Hex::new(1, 0), Hex::new(1, 1)]);
        let mirrored = Grid::Square.mirrored_line(Hex::new(0, 0), Hex::new(1, 1));
        assert_eq!(mirrored, vec![Hex::new(0, 0), Hex::new(0, 1), Hex::new(1, 1)]);
        let long = Grid::Square.line(Hex::new(0, 0), Hex::new(4, -2));
        assert_eq!(long.len(), 7);
        assert!(long.windows(2).all(|w| Grid::Square.adjacent(w[0], w[1])));
    }

    #[test]
    fn square_bursts_are_diamonds() {
        assert_eq!(Grid::Square.burst(Hex::default(), 1).len(), 5);
        assert_eq!(Grid::Square.burst(Hex::default(), 2).len(), 13);
        let ring = square_ring(Hex::default(), 2);
        assert!(ring.iter().all(|c| Grid::Square.distance(Hex::default(), *c) == 2));
    }

    #[test]
    fn an_arc_is_the_row_across_on_squares_and_the_ring_around_on_hexes() {
        let arc = Grid::Square.arc(Hex::default(), 0, 1);
        assert_eq!(arc, [Hex::new(1, 0), Hex::new(1, 1), Hex::new(1, -1)]);
        assert_eq!(Grid::Hex.arc(Hex::default(), 0, 1).len(), 3);
        assert_eq!(Grid::Hex.arc(Hex::default(), 0, 9).len(), 6);
    }

    #[test]
    fn square_cone_widens_with_depth() {
        let cone = Grid::Square.cone(Hex::default(), 0, 3);
        assert_eq!(cone.len(), 1 + 3 + 3);
        assert_eq!(cone[0], Hex::new(1, 0));
    }

    #[test]
    fn steps_around_a_wall_count_the_detour_on_either_grid() {
        let wall = |h: Hex| h == Hex::new(1, 0);
        let (from, to) = (Hex::new(0, 0), Hex::new(2, 0));
        assert_eq!(Grid::Square.steps_around(from, to, 5, |_| false), Some(2));
        assert_eq!(Grid::Square.steps_around(from, to, 5, wall), Some(4));
        assert_eq!(Grid::Hex.steps_around(from, to, 5, |_| false), Some(2));
        assert_eq!(Grid::Hex.steps_around(from, to, 5, wall), Some(3));
        assert_eq!(Grid::Hex.steps_around(from, to, 2, wall), None);
    }
}
