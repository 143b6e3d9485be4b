//! Hex-grid geometry in axial coordinates: distance, the line to a target (cube
//! interpolation with a fixed epsilon nudge so ties always break the same way), and areas
//! (burst, cone, ray, path) as ordered lists of hexes. Pure geometry: what stands where is
//! the world's business.

use serde::{Deserialize, Serialize};

/// A hex in axial coordinates (q, r); the third cube coordinate is `-q - r`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Hex {
    /// Column.
    pub q: i64,
    /// Row.
    pub r: i64,
}

/// The six neighbour directions, in a fixed order (index 0..6): east, northeast, northwest,
/// west, southwest, southeast (pointy-top hexes, `r` growing southward; see
/// [`super::Direction`]).
pub const DIRECTIONS: [Hex; 6] = [
    Hex { q: 1, r: 0 },
    Hex { q: 1, r: -1 },
    Hex { q: 0, r: -1 },
    Hex { q: -1, r: 0 },
    Hex { q: -1, r: 1 },
    Hex { q: 0, r: 1 },
];

/// The largest coordinate a hex may have (either axis, either sign). Lines between hexes
/// are walked step by step, so the map is bounded: a line across it is at most 40,000 steps,
/// never the 10^19 of two hexes at the ends of 64 bits.
pub const MAX_COORDINATE: i64 = 10_000;

/// Most hexes an area may contain; larger sizes are clamped to stay below it.
pub const MAX_AREA_SIZE: i64 = 100;

impl Hex {
    /// The hex at (q, r).
    pub const fn new(q: i64, r: i64) -> Self {
        Hex { q, r }
    }

    /// True when both coordinates lie within [`MAX_COORDINATE`] of the origin.
    pub fn on_map(self) -> bool {
        self.q.abs() <= MAX_COORDINATE && self.r.abs() <= MAX_COORDINATE
    }

    /// The third cube coordinate.
    pub fn s(self) -> i64 {
        self.q.saturating_neg().saturating_sub(self.r)
    }

    /// Component-wise sum.
    pub fn plus(self, other: Hex) -> Hex {
        Hex::new(self.q.saturating_add(other.q), self.r.saturating_add(other.r))
    }

    /// Component-wise difference.
    pub fn minus(self, other: Hex) -> Hex {
        Hex::new(self.q.saturating_sub(other.q), self.r.saturating_sub(other.r))
    }

    /// This vector times `k`.
    pub fn times(self, k: i64) -> Hex {
        Hex::new(self.q.saturating_mul(k), self.r.saturating_mul(k))
    }

    /// Steps between two hexes.
    ///
    /// ```
    /// use mythforge::engine::Hex;
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -3)), 3);
    /// ```
    pub fn distance(self, other: Hex) -> i64 {
        let d = self.minus(other);
        (d.q.saturating_abs()
            .saturating_add(d.r.saturating_abs())
            .saturating_add(d.s().saturating_abs()))
            / 2
    }

    /// The hexes from `self` to `target`, both included, one per step. Points exactly between
    /// two hexes go the same way every time (a fixed nudge of the start point).
    pub fn line_to(self, target: Hex) -> Vec<Hex> {
        self.nudged_line(target, (1e-6, 2e-6, -3e-6))
    }

    /// The line to `target` with the tie nudge mirrored: where [`Hex::line_to`] passes
    /// between two hexes on one side, this one takes the other.
    pub fn mirrored_line_to(self, target: Hex) -> Vec<Hex> {
        self.nudged_line(target, (-1e-6, -2e-6, 3e-6))
    }

    fn nudged_line(self, target: Hex, nudge: (f64, f64, f64)) -> Vec<Hex> {
        let steps = self.distance(target).min(MAX_AREA_SIZE * 10);
        if steps == 0 {
            return vec![self];
        }
        let (aq, ar, as_) =
            (self.q as f64 + nudge.0, self.r as f64 + nudge.1, self.s() as f64 + nudge.2);
        let (bq, br, bs) =
            (target.q as f64 + nudge.0, target.r as f64 + nudge.1, target.s() as f64 + nudge.2);
        (0..=steps)
            .map(|i| {
                let t = i as f64 / steps as f64;
                cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t)
            })
            .collect()
    }

    /// The six neighbours, in [`DIRECTIONS`] order.
    pub fn neighbours(self) -> [Hex; 6] {
        DIRECTIONS.map(|d| self.plus(d))
    }

    /// The direction (index into [`DIRECTIONS`]) whose neighbour is nearest the line to
    /// `toward`; the lowest index wins a tie, 0 when `toward` is `self`.
    ///
    /// ```
    /// use mythforge::engine::Hex;
    /// assert_eq!(Hex::new(0, 0).direction_to(Hex::new(0, 3)), 5);
    /// ```
    pub fn direction_to(self, toward: Hex) -> usize {
        let Some(step) = self.line_to(toward).get(1).copied() else { return 0 };
        DIRECTIONS.iter().position(|d| self.plus(*d) == step).unwrap_or(0)
    }
}

impl std::fmt::Display for Hex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// Whether there is a line from `from` to `to` that no `blocked` hex interrupts (the two
/// end hexes are never tested). Two lines are tried, [`Hex::line_to`] and its mirror, so a
/// line grazing the corner between a wall and an open hex gets through, as the rulebooks'
/// "at least one line from corner to corner" asks. `Err` names the first blocking hex.
pub fn clear_line(from: Hex, to: Hex, blocked: impl Fn(Hex) -> bool) -> Result<(), Hex> {
    let first_block = |line: Vec<Hex>| {
        let inner = line.len().saturating_sub(1);
        line.into_iter().take(inner).skip(1).find(|h| blocked(*h))
    };
    match first_block(from.line_to(to)) {
        None => Ok(()),
        Some(hex) => match first_block(from.mirrored_line_to(to)) {
            None => Ok(()),
            Some(_) => Err(hex),
        },
    }
}

fn cube_round(q: f64, r: f64, s: f64) -> Hex {
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i64, rr as i64)
}

/// Every hex within `size` steps of `center` (center first, then ring by ring, each ring
/// starting towards direction 4 and going round in direction order).
pub fn burst(center: Hex, size: i64) -> Vec<Hex> {
    let size = size.clamp(0, MAX_AREA_SIZE);
    let mut hexes = vec![center];
    for radius in 1..=size {
        hexes.extend(ring(center, radius));
    }
    hexes
}

/// The hexes exactly `radius` steps from `center`.
pub fn ring(center: Hex, radius: i64) -> Vec<Hex> {
    if radius <= 0 {
        return vec![center];
    }
    let mut hex = center.plus(DIRECTIONS[4].times(radius));
    let mut hexes = Vec::new();
    for direction in DIRECTIONS {
        for _ in 0..radius {
            hexes.push(hex);
            hex = hex.plus(direction);
        }
    }
    hexes
}

/// A cone from `origin` (not included) towards direction `direction` (0..6, taken modulo 6),
/// `size` hexes deep: on each ring, the hexes within half the ring's radius (rounded down) of
/// the straight line. Widths by depth: 1, 3, 3, 5, 5, ...
pub fn cone(origin: Hex, direction: usize, size: i64) -> Vec<Hex> {
    let size = size.clamp(0, MAX_AREA_SIZE);
    let axis = DIRECTIONS[direction % 6];
    let mut hexes = Vec::new();
    for depth in 1..=size {
        let on_axis = origin.plus(axis.times(depth));
        hexes.extend(ring(origin, depth).into_iter().filter(|h| h.distance(on_axis) <= depth / 2));
    }
    hexes
}

/// A ray: the first `size` hexes after `origin` on the line through `toward`, extended past it.
pub fn ray(origin: Hex, toward: Hex, size: i64) -> Vec<Hex> {
    let size = size.clamp(0, MAX_AREA_SIZE);
    let distance = origin.distance(toward);
    if distance == 0 || size == 0 {
        return Vec::new();
    }
    let reach = (size + distance - 1) / distance;
    let end = origin.plus(toward.minus(origin).times(reach));
    origin.line_to(end).into_iter().skip(1).take(size as usize).collect()
}

/// A path through `waypoints` (lines joined end to end, the start excluded), cut to `size` hexes.
pub fn path(waypoints: &[Hex], size: i64) -> Vec<Hex> {
    let size = size.clamp(0, MAX_AREA_SIZE) as usize;
    let mut hexes = Vec::new();
    for pair in waypoints.windows(2) {
        hexes.extend(pair[0].line_to(pair[1]).into_iter().skip(1));
        if hexes.len() >= size {
            break;
        }
    }
    hexes.truncate(size);
    hexes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_symmetric_and_zero_on_self() {
        let (a, b) = (Hex::new(-2, 5), Hex::new(3, -1));
        assert_eq!(a.distance(b), b.distance(a));
        assert_eq!(a.distance(a), 0);
        assert_eq!(Hex::new(0, 0).distance(Hex::new(3, 0)), 3);
    }

    #[test]
    fn line_has_one_hex_per_step_and_adjacent_steps() {
        let line = Hex::new(0, 0).line_to(Hex::new(4, -2));
        assert_eq!(line.len(), 5);
        assert!(line.windows(2).all(|w| w[0].distance(w[1]) == 1));
        assert_eq!(line.last(), Some(&Hex::new(4, -2)));
    }

    #[test]
    fn line_on_a_tie_breaks_the_same_way() {
        // (0,0) to (2,-1) passes exactly between two hexes.
        let line = Hex::new(0, 0).line_to(Hex::new(2, -1));
        assert_eq!(line, Hex::new(0, 0).line_to(Hex::new(2, -1)));
        assert_eq!(line.len(), 3);
    }

    #[test]
    fn burst_sizes_are_centred_hexagonal_numbers() {
        assert_eq!(burst(Hex::default(), 0).len(), 1);
        assert_eq!(burst(Hex::default(), 1).len(), 7);
        assert_eq!(burst(Hex::default(), 2).len(), 19);
    }

    #[test]
    fn cone_widens_with_depth() {
        let cone = cone(Hex::default(), 0, 3);
        assert_eq!(cone.len(), 1 + 3 + 3);
        assert_eq!(cone[0], Hex::new(1, 0));
    }

    #[test]
    fn ray_extends_past_the_target() {
        let ray = ray(Hex::default(), Hex::new(1, 0), 4);
        assert_eq!(ray, vec![Hex::new(1, 0), Hex::new(2, 0), Hex::new(3, 0), Hex::new(4, 0)]);
    }

    #[test]
    fn a_wall_on_both_lines_blocks_and_one_open_line_is_enough() {
        let wall = Hex::new(1, 0);
        assert_eq!(clear_line(Hex::new(0, 0), Hex::new(2, 0), |h| h == wall), Err(wall));
        // (0,0) to (2,-1) passes between (1,0) and (1,-1): one of them open is enough.
        assert_eq!(clear_line(Hex::new(0, 0), Hex::new(2, -1), |h| h == wall), Ok(()));
        let both = |h: Hex| h == Hex::new(1, 0) || h == Hex::new(1, -1);
        assert!(clear_line(Hex::new(0, 0), Hex::new(2, -1), both).is_err());
    }

    #[test]
    fn direction_to_picks_the_nearest_neighbour() {
        assert_eq!(Hex::new(0, 0).direction_to(Hex::new(3, 0)), 0);
        assert_eq!(Hex::new(0, 0).direction_to(Hex::new(-2, 0)), 3);
        assert_eq!(Hex::new(0, 0).direction_to(Hex::new(0, 0)), 0);
    }

    #[test]
    fn path_joins_waypoints_and_is_cut_to_size() {
        let path = path(&[Hex::new(0, 0), Hex::new(2, 0), Hex::new(2, 2)], 3);
        assert_eq!(path, vec![Hex::new(1, 0), Hex::new(2, 0), Hex::new(2, 1)]);
    }
}
