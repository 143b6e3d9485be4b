//! Lookup tables: `Table Skill Damage: <7 -3, 7-8 -2, 9-10 -1, 11-14 0, >14 +1` maps a whole
//! number to a value, read by brackets as a call, `[Skill Damage(Long Sword)]`. The rows
//! are kept as written (so `mythforge fmt` prints them back), and each row knows the whole
//! numbers it covers, which is all `check` (gaps, overlaps) and the runtime (lookups) need.

use std::fmt;

use serde::Serialize;

use crate::diagnostics::Spanned;

/// The rows of one table, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The rows.
    pub rows: Vec<Spanned<TableRow>>,
}

/// One row: the numbers it covers and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// Which numbers.
    pub keys: TableKeys,
    /// The value.
    pub value: i64,
    /// Whether the value was written with a sign (`+1`), so it prints back so.
    pub signed: bool,
}

/// The whole numbers a row covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TableKeys {
    /// `<7`: every number below.
    Below(i64),
    /// `>20`: every number above.
    Above(i64),
    /// `7-8`: from the first to the second, both included.
    Range(i64, i64),
    /// `3`: exactly this number.
    Exactly(i64),
}

impl TableKeys {
    /// The lowest and highest number covered (`i64::MIN` / `i64::MAX` for an open end).
    pub fn bounds(self) -> (i64, i64) {
        match self {
            TableKeys::Below(n) => (i64::MIN, n.saturating_sub(1)),
            TableKeys::Above(n) => (n.saturating_add(1), i64::MAX),
            TableKeys::Range(low, high) => (low, high),
            TableKeys::Exactly(n) => (n, n),
        }
    }

    /// Whether `key` is covered.
    pub fn covers(self, key: i64) -> bool {
        let (low, high) = self.bounds();
        (low..=high).contains(&key)
    }
}

impl Table {
    /// The value of the row covering `key`, if any row does.
    pub fn lookup(&self, key: i64) -> Option<i64> {
        self.rows.iter().find(|row| row.node.keys.covers(key)).map(|row| row.node.value)
    }

    /// Reads a row written `7-8 -2`, `<7 -3`, `>20 +3` or `1 110`; `None` when it is not one.
    pub fn parse_row(text: &str) -> Option<TableRow> {
        let mut words = text.split_whitespace();
        let (keys, value) = (words.next()?, words.next()?);
        if words.next().is_some() {
            return None;
        }
        let keys = if let Some(rest) = keys.strip_prefix('<') {
            TableKeys::Below(rest.parse().ok()?)
        } else if let Some(rest) = keys.strip_prefix('>') {
            TableKeys::Above(rest.parse().ok()?)
        } else {
            // A range's dash is the first one after the first character (a key may be
            // negative: `-3--1`).
            match keys.get(1..).and_then(|rest| rest.find('-')).map(|at| at + 1) {
                Some(at) => {
                    let (low, high) = (keys[..at].parse().ok()?, keys[at + 1..].parse().ok()?);
                    if low > high {
                        return None;
                    }
                    TableKeys::Range(low, high)
                }
                None => TableKeys::Exactly(keys.parse().ok()?),
            }
        };
        let signed = value.starts_with(['+', '-']);
        let value = value.strip_prefix('+').unwrap_or(value).parse().ok()?;
        Some(TableRow { keys, value, signed })
    }
}

impl fmt::Display for TableRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.keys {
            TableKeys::Below(n) => write!(f, "<{n}")?,
            TableKeys::Above(n) => write!(f, ">{n}")?,
            TableKeys::Range(low, high) => write!(f, "{low}-{high}")?,
            TableKeys::Exactly(n) => write!(f, "{n}")?,
        }
        if self.signed && self.value >= 0 {
            write!(f, " +{}", self.value)
        } else {
            write!(f, " {}", self.value)
        }
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, row) in self.rows.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", row.node)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_their_keys_and_print_back_as_written() {
        let row = |text: &str| Table::parse_row(text);
        let keys = |text: &str| row(text).map(|row| row.keys);
        assert_eq!(keys("<7 -3"), Some(TableKeys::Below(7)));
        assert_eq!(keys(">20 +3"), Some(TableKeys::Above(20)));
        assert_eq!(keys("7-8 -2"), Some(TableKeys::Range(7, 8)));
        assert_eq!(keys("-3--1 4"), Some(TableKeys::Range(-3, -1)));
        assert_eq!(keys("1 110"), Some(TableKeys::Exactly(1)));
        assert_eq!(row("8-7 1"), None);
        assert_eq!(row("7 to 8 1"), None);
        assert_eq!(row("seven 1"), None);
        for text in ["<7 -3", ">20 +3", "7-8 -2", "11-14 0", "1 110", "15-17 +0"] {
            assert_eq!(row(text).map(|row| row.to_string()).as_deref(), Some(text));
        }
        assert_eq!(TableKeys::Below(7).bounds(), (i64::MIN, 6));
        assert!(TableKeys::Above(20).covers(21) && !TableKeys::Above(20).covers(20));
    }
}
