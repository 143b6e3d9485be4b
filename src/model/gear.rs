//! Gear with data: the fields a system declares its weapons and armour carry
//! (`Weapon fields: Damage dice, Crit range range, Type keyword`), the records a field may
//! hold (`Record Attack: Hit number, Damage dice`) and the values gear blocks fill them with
//! (`Crit range: 18-20`, `Crit damage: x2`, `Fast: Hit 1, Damage 1d6`). Plain data: `check`
//! validates values against declarations, the runtime reads them.

use std::fmt;

use serde::Serialize;

use super::common::{Assignment, Keyword, write_keywords, write_list};
use super::effect::Amount;
use super::expr::{Name, Number};
use crate::diagnostics::Spanned;

/// The kinds of gear whose fields a system declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GearKind {
    /// `weapon` blocks: `Weapon fields:`.
    Weapon,
    /// `armour` blocks: `Armour fields:`.
    Armour,
}

impl GearKind {
    /// The word the kind is written with: `Weapon`, `Armour`.
    pub fn word(self) -> &'static str {
        match self {
            GearKind::Weapon => "Weapon",
            GearKind::Armour => "Armour",
        }
    }
}

/// The type of a declared field: what a gear block may write on its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum FieldType {
    /// `number`: a number or a bracket expression (`3`, `[Strength]`).
    Number,
    /// `dice`: dice or a number (`1d8`, `12`); rolls when an effect's amount reads it.
    Dice,
    /// `range`: `18-20` (or one number, `20`); reads as its lowest value.
    Range,
    /// `multiplier`: `x2`; reads as its factor.
    Multiplier,
    /// `keyword` (or `keywords`): words that become the gear's keywords (`Melee Heavy`).
    Keyword,
    /// `requirement`: only the `Requires` line, which must hold to use the gear.
    Requirement,
    /// `stat`: the name of a stat of the system (`Skill: Long Sword`); reads as the
    /// wielder's value of that stat (`[Weapon Skill]`).
    Stat,
    /// The name of a `Record` the system declares: `Hit 1, Damage 1d6`.
    Record(Name),
}

impl FieldType {
    /// The built-in types and their words, in documentation order.
    pub const WORDS: [(&'static str, FieldType); 8] = [
        ("number", FieldType::Number),
        ("dice", FieldType::Dice),
        ("range", FieldType::Range),
        ("multiplier", FieldType::Multiplier),
        ("keyword", FieldType::Keyword),
        ("keywords", FieldType::Keyword),
        ("requirement", FieldType::Requirement),
        ("stat", FieldType::Stat),
    ];

    /// The type written `word`: a built-in type (case-insensitive), else a record's name.
    pub fn from_word(word: &str) -> FieldType {
        FieldType::WORDS
            .iter()
            .find(|(text, _)| text.eq_ignore_ascii_case(word))
            .map_or_else(|| FieldType::Record(Name::new(word)), |(_, kind)| kind.clone())
    }
}

impl fmt::Display for FieldType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldType::Record(name) => write!(f, "{name}"),
            other => {
                let word = FieldType::WORDS.iter().find(|(_, kind)| kind == other);
                f.write_str(word.map_or("number", |(text, _)| text))
            }
        }
    }
}

/// One declared field: `Crit damage dice or multiplier required`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldDecl {
    /// The field's label: `Crit damage`.
    pub name: Spanned<Name>,
    /// The types its value may have (one or several, joined by `or`).
    pub types: Vec<FieldType>,
    /// Whether every gear block of the kind must write it.
    pub required: bool,
}

impl FieldDecl {
    /// Whether a value of `kind` is allowed.
    pub fn allows(&self, kind: &FieldType) -> bool {
        self.types.contains(kind)
    }

    /// The types as written: `dice or multiplier`.
    pub fn types_text(&self) -> String {
        let words: Vec<String> = self.types.iter().map(ToString::to_string).collect();
        words.join(" or ")
    }
}

impl fmt::Display for FieldDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.name.node.as_str(), self.types_text())?;
        if self.required {
            f.write_str(" required")?;
        }
        Ok(())
    }
}

/// The value a gear block writes on a field's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum FieldValue {
    /// `3`, `1d8`, `[Strength * 2]`.
    Amount(Amount),
    /// `18-20`: the lowest and highest value.
    Range(i64, i64),
    /// `x2`: the factor.
    Multiplier(Number),
    /// `Hit 1, Damage 1d6`: a record's entries.
    Record(Vec<Spanned<Assignment>>),
    /// `Melee Heavy`: words.
    Keywords(Vec<Spanned<Keyword>>),
    /// `Long Sword` on a field the system declares `stat`: a stat's name (written as words,
    /// told apart from keywords once the declarations are known).
    Stat(Spanned<Name>),
}

impl FieldValue {
    /// The stat a field declared `stat` names, from the words it was written with (`Long
    /// Sword`): `None` unless the value is words.
    pub fn as_stat(&self) -> Option<Spanned<Name>> {
        let FieldValue::Keywords(words) = self else { return None };
        let (first, last) = (words.first()?, words.last()?);
        let text: Vec<String> = words.iter().map(|word| word.node.to_string()).collect();
        let span = crate::diagnostics::Span::new(
            first.span.file,
            first.span.start as usize..last.span.end as usize,
        );
        Some(Spanned::new(Name::new(&text.join(" ")), span))
    }

    /// The type this value is, for `check`'s messages: `dice`, `range`...
    pub fn kind_word(&self) -> &'static str {
        match self {
            FieldValue::Amount(Amount::Dice(_)) => "dice",
            FieldValue::Amount(_) => "number",
            FieldValue::Range(..) => "range",
            FieldValue::Multiplier(_) => "multiplier",
            FieldValue::Record(_) => "record",
            FieldValue::Keywords(_) => "keyword",
            FieldValue::Stat(_) => "stat",
        }
    }

    /// The record entry `name` (case-insensitive), if this is a record that has it.
    pub fn entry(&self, name: &str) -> Option<&Assignment> {
        let FieldValue::Record(entries) = self else { return None };
        entries.iter().map(|entry| &entry.node).find(|entry| entry.name.node.matches(name))
    }
}

impl fmt::Display for FieldValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldValue::Amount(amount) => write!(f, "{amount}"),
            FieldValue::Range(low, high) if low == high => write!(f, "{low}"),
            FieldValue::Range(low, high) => write!(f, "{low}-{high}"),
            FieldValue::Multiplier(factor) => write!(f, "x{factor}"),
            FieldValue::Record(entries) => write_list(f, entries),
            FieldValue::Keywords(words) => write_keywords(f, words),
            FieldValue::Stat(name) => write!(f, "{}", name.node),
        }
    }
}

/// A gear line the built-in labels do not cover, or a built-in label written with a value
/// only a declared field takes (`Crit range: 18-20`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The label as written: `Type`.
    pub label: Spanned<Name>,
    /// The value.
    pub value: FieldValue,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label.node.as_str(), self.value)
    }
}

/// What a system declares about its gear: the fields of each kind and the records, for
/// resolving a bracket read (`[Weapon's Fast Damage]`) in `check` and at run time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GearDecls {
    /// `Weapon fields:`, in declaration order.
    pub weapon: Vec<FieldDecl>,
    /// `Armour fields:`, in declaration order.
    pub armour: Vec<FieldDecl>,
    /// `Record <name>:` lines.
    pub records: Vec<(Name, Vec<FieldDecl>)>,
}

impl GearDecls {
    /// Tells the stat fields of a gear block apart from keywords: a field the system
    /// declares `stat` (`Weapon fields: Skill stat`) and written as words (`Skill: Long
    /// Sword`) names a stat, so its words are no keywords of the gear. Other blocks are left
    /// as they are.
    pub fn type_stat_fields(&self, block: &mut super::Block) {
        let (kind, fields): (GearKind, Vec<&mut Field>) = match &mut block.body {
            super::BlockBody::Weapon(lines) => (
                GearKind::Weapon,
                lines
                    .iter_mut()
                    .filter_map(|line| match &mut line.node {
                        super::WeaponLine::Field(field) => Some(field),
                        _ => None,
                    })
                    .collect(),
            ),
            super::BlockBody::Armour(lines) => (
                GearKind::Armour,
                lines
                    .iter_mut()
                    .filter_map(|line| match &mut line.node {
                        super::ArmourLine::Field(field) => Some(field),
                        _ => None,
                    })
                    .collect(),
            ),
            _ => return,
        };
        for field in fields {
            if self.is_stat(kind, field.label.node.as_str())
                && let Some(stat) = field.value.as_stat()
            {
                field.value = FieldValue::Stat(stat);
            }
        }
    }

    /// Adds what a system line declares about gear, if anything.
    pub fn add(&mut self, line: &super::SystemLine) {
        match line {
            super::SystemLine::GearFields { kind: GearKind::Weapon, fields } => {
                self.weapon.extend(fields.iter().map(|f| f.node.clone()));
            }
            super::SystemLine::GearFields { kind: GearKind::Armour, fields } => {
                self.armour.extend(fields.iter().map(|f| f.node.clone()));
            }
            super::SystemLine::Record { name, fields } => {
                self.records
                    .push((name.node.clone(), fields.iter().map(|f| f.node.clone()).collect()));
            }
            _ => {}
        }
    }

    /// The declared fields of `kind`.
    pub fn fields(&self, kind: GearKind) -> &[FieldDecl] {
        match kind {
            GearKind::Weapon => &self.weapon,
            GearKind::Armour => &self.armour,
        }
    }

    /// Whether the field `label` of gear of `kind` is declared a `stat`.
    pub fn is_stat(&self, kind: GearKind, label: &str) -> bool {
        self.fields(kind)
            .iter()
            .any(|decl| decl.name.node.matches(label) && decl.allows(&FieldType::Stat))
    }

    /// The entries of the record `name`, if the system declares it.
    pub fn record(&self, name: &Name) -> Option<&[FieldDecl]> {
        self.records.iter().find(|(n, _)| n.matches(name.as_str())).map(|(_, f)| f.as_slice())
    }

    /// The declared field `path` reads on gear of `kind`, and the record entry after it:
    /// `Fast Damage` is the field `Fast` (a record) and its entry `Damage`; `Crit range` the
    /// field `Crit range`. `None` when no declared field (and entry) matches, or the field
    /// is words (keywords, a requirement), which have no number.
    pub fn resolve(&self, kind: GearKind, path: &str) -> Option<(&FieldDecl, Option<&FieldDecl>)> {
        let (field, rest) = self
            .fields(kind)
            .iter()
            .filter_map(|decl| Some((decl, after_label(path, decl.name.node.as_str())?)))
            .max_by_key(|(decl, _)| decl.name.node.as_str().len())?;
        if field.types.iter().all(|t| matches!(t, FieldType::Keyword | FieldType::Requirement)) {
            return None;
        }
        if rest.is_empty() {
            return Some((field, None));
        }
        let entry = field.types.iter().find_map(|t| match t {
            FieldType::Record(name) => {
                self.record(name)?.iter().find(|e| e.name.node.matches(rest))
            }
            _ => None,
        })?;
        Some((field, Some(entry)))
    }
}

/// The built-in numeric lines of armour blocks, readable as `[Armour Protection]` like the
/// weapon's (`crate::model::expr::NUMERIC_WEAPON_LINES`) as `[Weapon Reach]`.
pub const NUMERIC_ARMOUR_LINES: [&str; 5] =
    ["Value", "Blow-through", "Hardness", "Protection", "Cost"];

/// Whether `path` names a built-in numeric line of `kind`'s blocks (`Protection`, `Reach`).
pub fn built_in_numeric(kind: GearKind, path: &str) -> bool {
    let lines: &[&str] = match kind {
        GearKind::Weapon => &super::expr::NUMERIC_WEAPON_LINES,
        GearKind::Armour => &NUMERIC_ARMOUR_LINES,
    };
    lines.iter().any(|line| line.eq_ignore_ascii_case(path))
}

/// What follows `label` at the start of `path` (case-insensitive, whole words): `Damage`
/// for `Fast Damage` and `Fast`, `` for `Fast` and `Fast`; `None` when `path` does not
/// start with it.
pub fn after_label<'p>(path: &'p str, label: &str) -> Option<&'p str> {
    let head = path.get(..label.len())?;
    if !head.eq_ignore_ascii_case(label) {
        return None;
    }
    let rest = &path[label.len()..];
    if rest.is_empty() {
        return Some(rest);
    }
    rest.strip_prefix(' ').map(str::trim)
}

/// A bracket name that reads the user's gear: `Weapon Fast Damage` -> (Weapon, `Fast
/// Damage`), `Armour Protection` -> (Armour, `Protection`).
pub fn gear_name(text: &str) -> Option<(GearKind, &str)> {
    [GearKind::Weapon, GearKind::Armour].into_iter().find_map(|kind| {
        let rest = after_label(text, kind.word())?;
        (!rest.is_empty()).then_some((kind, rest))
    })
}

/// `18-20` (spaces allowed around the dash) as its bounds, lowest first.
pub fn parse_range(text: &str) -> Option<(i64, i64)> {
    let (low, high) = text.split_once('-')?;
    let (low, high) = (low.trim(), high.trim());
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(low) || !digits(high) {
        return None;
    }
    Some((low.parse().ok()?, high.parse().ok()?))
}

/// `x2`, `x1.5` (or `×2`) as its factor.
pub fn parse_multiplier(text: &str) -> Option<Number> {
    let rest = text.trim();
    let rest = rest
        .strip_prefix('x')
        .or_else(|| rest.strip_prefix('X'))
        .or_else(|| rest.strip_prefix('×'))?
        .trim();
    let valid = !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && rest.bytes().filter(|b| *b == b'.').count() <= 1
        && !rest.starts_with('.')
        && !rest.ends_with('.');
    valid.then(|| Number::parse(rest)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_multipliers_read_their_forms_and_nothing_else() {
        assert_eq!(parse_range("18-20"), Some((18, 20)));
        assert_eq!(parse_range("18 - 20"), Some((18, 20)));
        assert_eq!(parse_range("-3"), None);
        assert_eq!(parse_range("1d8-2"), None);
        assert_eq!(parse_multiplier("x2").map(|n| n.to_string()), Some("2".into()));
        assert_eq!(parse_multiplier("x1.5").map(|n| n.to_string()), Some("1.5".into()));
        assert_eq!(parse_multiplier("x"), None);
        assert_eq!(parse_multiplier("2"), None);
        assert_eq!(FieldType::from_word("Dice"), FieldType::Dice);
        assert_eq!(FieldType::from_word("Attack"), FieldType::Record(Name::new("Attack")));
    }
}
