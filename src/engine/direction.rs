//! The map's directions, one vocabulary for both grids: compass words. Hexes are
//! pointy-topped with `r` growing southward, so a hex has neighbours `east`, `northeast`,
//! `northwest`, `west`, `southwest` and `southeast`; a square has `east`, `north`, `west`
//! and `south`. Here too: which names a grid accepts, where an actor faces after a step,
//! whether a cell lies within an arc of a facing, and whether it lies in front of, beside or
//! behind one (angles measured between cell centres).

use serde::{Deserialize, Serialize};

use super::grid::Grid;
use super::hex::Hex;

/// The hex directions' names, in [`super::hex::DIRECTIONS`] order.
const HEX_COMPASS: [Direction; 6] = [
    Direction::East,
    Direction::Northeast,
    Direction::Northwest,
    Direction::West,
    Direction::Southwest,
    Direction::Southeast,
];

/// The square directions' names, in [`super::grid::SQUARE_DIRECTIONS`] order.
const SQUARE_COMPASS: [Direction; 4] =
    [Direction::East, Direction::North, Direction::West, Direction::South];

/// Slack for an angle exactly on an arc's edge (floating point); far below the smallest
/// angle between two cells on the map.
const EDGE_SLACK: f64 = 1e-9;

/// Where a cell lies seen from an actor facing a direction ([`Grid::quarter`]): less than 90
/// degrees off the facing is in front, more than 90 behind, exactly 90 beside (on a square
/// grid the cells straight left and right; on hexes every neighbour is in front or behind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Quarter {
    /// `in front of`
    Front,
    /// `beside`
    Side,
    /// `behind`
    Back,
}

impl Quarter {
    /// The words a rule line writes: `in front of`, `beside`, `behind`.
    pub fn words(self) -> &'static str {
        match self {
            Quarter::Front => "in front of",
            Quarter::Side => "beside",
            Quarter::Back => "behind",
        }
    }

    /// The quarter `words` name (`behind`, `in front of`, case and spacing as the grammar
    /// reads them).
    pub fn named(words: &str) -> Option<Quarter> {
        let words: Vec<String> = words.split_whitespace().map(str::to_ascii_lowercase).collect();
        [Quarter::Front, Quarter::Side, Quarter::Back]
            .into_iter()
            .find(|quarter| quarter.words().split(' ').eq(words.iter().map(String::as_str)))
    }
}

impl std::fmt::Display for Quarter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words())
    }
}

/// A compass direction: where an actor faces, or a step on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// `+q` on both grids.
    East,
    /// Hexes only: `q + 1, r - 1`.
    Northeast,
    /// Squares only: `r - 1`.
    North,
    /// Hexes only: `r - 1`.
    Northwest,
    /// `-q` on both grids.
    West,
    /// Hexes only: `q - 1, r + 1`.
    Southwest,
    /// Squares only: `r + 1`.
    South,
    /// Hexes only: `r + 1`.
    Southeast,
}

impl Direction {
    /// Every direction, counter-clockwise from east.
    pub const ALL: [Direction; 8] = [
        Direction::East,
        Direction::Northeast,
        Direction::North,
        Direction::Northwest,
        Direction::West,
        Direction::Southwest,
        Direction::South,
        Direction::Southeast,
    ];

    /// The direction's name as sessions and messages write it.
    pub fn name(self) -> &'static str {
        match self {
            Direction::East => "east",
            Direction::Northeast => "northeast",
            Direction::North => "north",
            Direction::Northwest => "northwest",
            Direction::West => "west",
            Direction::Southwest => "southwest",
            Direction::South => "south",
            Direction::Southeast => "southeast",
        }
    }

    /// The direction `word` names (any case; `north-east` and `north east` as well as
    /// `northeast`), whichever grid it belongs to.
    ///
    /// ```
    /// use mythforge::engine::Direction;
    /// assert_eq!(Direction::parse("North-East"), Some(Direction::Northeast));
    /// assert_eq!(Direction::parse("up"), None);
    /// ```
    pub fn parse(word: &str) -> Option<Direction> {
        let plain: String =
            word.chars().filter(|c| !matches!(c, '-' | ' ')).collect::<String>().to_lowercase();
        Direction::ALL.into_iter().find(|d| d.name() == plain)
    }
}

impl std::fmt::Display for Direction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Grid {
    /// The grid's directions by name, in [`Grid::directions`] order.
    pub fn compass(self) -> &'static [Direction] {
        match self {
            Grid::Hex => &HEX_COMPASS,
            Grid::Square => &SQUARE_COMPASS,
        }
    }

    /// The step one cell toward `direction`; `None` when the grid has no such direction.
    pub fn step(self, direction: Direction) -> Option<Hex> {
        let index = self.compass().iter().position(|d| *d == direction)?;
        self.directions().get(index).copied()
    }

    /// The direction `word` names on this grid; `Err` is a hint naming the grid's directions
    /// (`north` on a hex grid, `northeast` on squares, or no direction at all).
    ///
    /// ```
    /// use mythforge::engine::{Direction, Grid};
    /// assert_eq!(Grid::Square.direction_named("north"), Ok(Direction::North));
    /// assert!(Grid::Hex.direction_named("north").unwrap_err().contains("northeast"));
    /// ```
    pub fn direction_named(self, word: &str) -> Result<Direction, String> {
        let names: Vec<&str> = self.compass().iter().map(|d| d.name()).collect();
        let valid = format!("the {} grid's directions are {}", self.name(), names.join(", "));
        match Direction::parse(word) {
            Some(direction) if self.step(direction).is_some() => Ok(direction),
            Some(direction) => Err(format!("a {} grid has no `{direction}`: {valid}", self.name())),
            None => Err(valid),
        }
    }

    /// The direction of the last step of the line from `from` to `to` ([`Grid::line`]):
    /// where a mover faces when it stops; `None` when `from` is `to`.
    pub fn last_step(self, from: Hex, to: Hex) -> Option<Direction> {
        let line = self.line(from, to);
        let [.., before, last] = line.as_slice() else { return None };
        let step = last.minus(*before);
        let index = self.directions().iter().position(|d| *d == step)?;
        self.compass().get(index).copied()
    }

    /// The angle in degrees, counter-clockwise from east, of the line from the centre of
    /// `from` to the centre of `to` (pointy-top hexes: a northeast neighbour is at 60).
    pub fn bearing(self, from: Hex, to: Hex) -> f64 {
        let d = to.minus(from);
        let (q, r) = (d.q as f64, d.r as f64);
        let (x, y) = match self {
            Grid::Hex => (3f64.sqrt() * (q + r / 2.0), -1.5 * r),
            Grid::Square => (q, -r),
        };
        y.atan2(x).to_degrees()
    }

    /// Whether `other` lies within an arc `degrees` wide centred on `facing`, seen from
    /// `at`: the angle between the facing and the line from centre to centre is at most half
    /// of `degrees` (a line exactly on the arc's edge is inside). `degrees` is clamped to
    /// 0..=360; a facing the grid does not have admits nothing.
    ///
    /// ```
    /// use mythforge::engine::{Direction, Grid, Hex};
    /// let here = Hex::new(0, 0);
    /// // The front-side hexes lie 60 degrees off: inside 120, outside 60.
    /// assert!(Grid::Hex.in_arc(here, Direction::East, Hex::new(1, -1), 120));
    /// assert!(!Grid::Hex.in_arc(here, Direction::East, Hex::new(1, -1), 60));
    /// ```
    pub fn in_arc(self, at: Hex, facing: Direction, other: Hex, degrees: i64) -> bool {
        let Some(step) = self.step(facing) else { return false };
        let half = degrees.clamp(0, 360) as f64 / 2.0;
        let off = (self.bearing(at, other) - self.bearing(Hex::default(), step)).rem_euclid(360.0);
        off.min(360.0 - off) <= half + EDGE_SLACK
    }

    /// Where `other` lies seen from `at` facing `facing`: in front (less than 90 degrees off
    /// the facing), beside (90) or behind (more); `None` when `other` is `at` or the grid
    /// has no such facing.
    ///
    /// ```
    /// use mythforge::engine::{Direction, Grid, Hex, Quarter};
    /// let here = Hex::new(0, 0);
    /// assert_eq!(Grid::Square.quarter(here, Direction::East, Hex::new(-1, 0)), Some(Quarter::Back));
    /// assert_eq!(Grid::Square.quarter(here, Direction::East, Hex::new(0, 1)), Some(Quarter::Side));
    /// assert_eq!(Grid::Square.quarter(here, Direction::East, Hex::new(1, 1)), Some(Quarter::Front));
    /// ```
    pub fn quarter(self, at: Hex, facing: Direction, other: Hex) -> Option<Quarter> {
        let step = self.step(facing)?;
        if other == at {
            return None;
        }
        let off = (self.bearing(at, other) - self.bearing(Hex::default(), step)).rem_euclid(360.0);
        let off = off.min(360.0 - off);
        Some(if off < 90.0 - EDGE_SLACK {
            Quarter::Front
        } else if off > 90.0 + EDGE_SLACK {
            Quarter::Back
        } else {
            Quarter::Side
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::grid::SQUARE_DIRECTIONS;
    use super::super::hex::DIRECTIONS;
    use super::*;

    #[test]
    fn compass_names_follow_the_grid_directions() {
        assert_eq!(Grid::Hex.compass().len(), DIRECTIONS.len());
        assert_eq!(Grid::Square.compass().len(), SQUARE_DIRECTIONS.len());
        assert_eq!(Grid::Hex.step(Direction::Northeast), Some(Hex::new(1, -1)));
        assert_eq!(Grid::Square.step(Direction::North), Some(Hex::new(0, -1)));
        assert_eq!(Grid::Hex.step(Direction::North), None);
        for grid in [Grid::Hex, Grid::Square] {
            for (i, d) in grid.compass().iter().enumerate() {
                let angle = grid.bearing(Hex::default(), grid.directions()[i]);
                let expected = 360.0 / grid.compass().len() as f64 * i as f64;
                let off = (angle - expected).rem_euclid(360.0);
                assert!(off.min(360.0 - off) < 1e-9, "{grid} {d}: {angle}");
            }
        }
    }

    #[test]
    fn hex_neighbours_are_in_front_or_behind_and_squares_have_sides() {
        let here = Hex::default();
        let hex: Vec<Option<Quarter>> =
            DIRECTIONS.iter().map(|d| Grid::Hex.quarter(here, Direction::East, *d)).collect();
        use Quarter::{Back, Front, Side};
        // east, northeast, northwest, west, southwest, southeast: 0, 60, 120, 180, 120, 60.
        assert_eq!(
            hex,
            [Some(Front), Some(Front), Some(Back), Some(Back), Some(Back), Some(Front)]
        );
        let square: Vec<Option<Quarter>> = SQUARE_DIRECTIONS
            .iter()
            .map(|d| Grid::Square.quarter(here, Direction::North, *d))
            .collect();
        assert_eq!(square, [Some(Side), Some(Front), Some(Side), Some(Back)]);
        assert_eq!(Grid::Square.quarter(here, Direction::North, here), None);
        assert_eq!(Grid::Hex.quarter(here, Direction::North, Hex::new(1, 0)), None);
        assert_eq!(Quarter::named("in  Front of"), Some(Front));
        assert_eq!(Quarter::named("beside"), Some(Side));
        assert_eq!(Quarter::named("over"), None);
    }

    #[test]
    fn a_wrong_name_is_refused_with_the_grids_names() {
        assert_eq!(
            Grid::Square.direction_named("northeast"),
            Err("a square grid has no `northeast`: the square grid's directions are east, \
                 north, west, south"
                .to_string())
        );
        assert_eq!(
            Grid::Hex.direction_named("up"),
            Err("the hex grid's directions are east, northeast, northwest, west, southwest, \
                 southeast"
                .to_string())
        );
    }

    #[test]
    fn arcs_on_hexes_take_whole_neighbours_at_multiples_of_sixty() {
        let at = Hex::default();
        let inside = |degrees| {
            Grid::Hex
                .neighbours(at)
                .into_iter()
                .zip(HEX_COMPASS)
                .filter(|(cell, _)| Grid::Hex.in_arc(at, Direction::East, *cell, degrees))
                .map(|(_, d)| d)
                .collect::<Vec<_>>()
        };
        assert_eq!(inside(0), vec![Direction::East]);
        assert_eq!(inside(60), vec![Direction::East]);
        assert_eq!(inside(119), vec![Direction::East]);
        assert_eq!(inside(120), vec![Direction::East, Direction::Northeast, Direction::Southeast]);
        assert_eq!(inside(180).len(), 3);
        assert_eq!(inside(240).len(), 5);
        assert_eq!(inside(360).len(), 6);
        // (2,-1) lies on the line between the east and northeast neighbours: 30 degrees off.
        assert!(Grid::Hex.in_arc(at, Direction::East, Hex::new(2, -1), 60));
        assert!(!Grid::Hex.in_arc(at, Direction::East, Hex::new(2, -1), 59));
    }

    #[test]
    fn arcs_on_squares_take_the_diagonal_on_the_edge() {
        let at = Hex::default();
        assert!(Grid::Square.in_arc(at, Direction::North, Hex::new(0, -3), 0));
        assert!(Grid::Square.in_arc(at, Direction::North, Hex::new(1, -1), 90));
        assert!(!Grid::Square.in_arc(at, Direction::North, Hex::new(1, -1), 89));
        assert!(Grid::Square.in_arc(at, Direction::North, Hex::new(1, 0), 180));
        assert!(!Grid::Square.in_arc(at, Direction::North, Hex::new(0, 1), 180));
        assert!(!Grid::Square.in_arc(at, Direction::Northeast, Hex::new(0, -1), 360));
    }

    #[test]
    fn a_mover_faces_along_its_last_step() {
        assert_eq!(Grid::Hex.last_step(Hex::default(), Hex::new(0, 3)), Some(Direction::Southeast));
        assert_eq!(Grid::Square.last_step(Hex::default(), Hex::new(0, -2)), Some(Direction::North));
        assert_eq!(Grid::Square.last_step(Hex::default(), Hex::default()), None);
    }
}
