//! Gear with data as `check` sees it: the fields a system declares (`Weapon fields:`,
//! `Armour fields:`, `Record <name>:`) against what gear blocks write. Refused: a field no
//! declaration names, a value of a type the field does not take (dice where a number is
//! required), a required field left out, a record entry the record does not declare, a type
//! that is neither built in nor a declared record, a `requirement` field other than
//! `Requires` (the one the runtime enforces), and a `Fallback weapon:` the pack lacks.

use crate::diagnostics::{Diagnostic, Span, Spanned, article, did_you_mean};
use crate::model::gear::{FieldDecl, FieldType, FieldValue, GearKind};
use crate::model::labels::{ArmourLabel, Labels, WeaponLabel};
use crate::model::{Amount, ArmourLine, Block, BlockBody, BlockKind, Pack, SystemLine, WeaponLine};

/// The declarations of a pack: fields per gear kind and the records.
#[derive(Default)]
struct Declared<'p> {
    weapon: Vec<&'p Spanned<FieldDecl>>,
    armour: Vec<&'p Spanned<FieldDecl>>,
    records: Vec<(&'p str, &'p [Spanned<FieldDecl>])>,
    /// The system's stats, which a `stat` field names.
    stats: Vec<&'p str>,
}

impl<'p> Declared<'p> {
    fn of(pack: &'p Pack) -> Self {
        let mut declared = Declared::default();
        for block in pack.blocks() {
            let BlockBody::System(lines) = &block.node.body else { continue };
            for line in lines {
                match &line.node {
                    SystemLine::GearFields { kind: GearKind::Weapon, fields } => {
                        declared.weapon.extend(fields);
                    }
                    SystemLine::GearFields { kind: GearKind::Armour, fields } => {
                        declared.armour.extend(fields);
                    }
                    SystemLine::Record { name, fields } => {
                        declared.records.push((name.node.as_str(), fields));
                    }
                    SystemLine::Stats { stats, .. } => {
                        declared.stats.extend(stats.iter().map(|stat| stat.node.as_str()));
                    }
                    _ => {}
                }
            }
        }
        declared
    }

    fn fields(&self, kind: GearKind) -> &[&'p Spanned<FieldDecl>] {
        match kind {
            GearKind::Weapon => &self.weapon,
            GearKind::Armour => &self.armour,
        }
    }

    fn record(&self, name: &str) -> Option<&'p [Spanned<FieldDecl>]> {
        self.records.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, f)| *f)
    }
}

/// Checks every declaration, gear block and `Fallback weapon:` line of `pack`.
pub fn gear_fields(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let declared = Declared::of(pack);
    let all = declared.weapon.iter().chain(&declared.armour).copied();
    let in_records = declared.records.iter().flat_map(|(_, fields)| fields.iter());
    for decl in all.chain(in_records) {
        declaration(&declared, decl, out);
    }
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::Weapon(lines) => {
                let fields = lines.iter().filter_map(|line| weapon_field(&line.node, line.span));
                gear(&declared, GearKind::Weapon, &block.node, fields.collect(), out);
            }
            BlockBody::Armour(lines) => {
                let fields = lines.iter().filter_map(|line| armour_field(&line.node, line.span));
                gear(&declared, GearKind::Armour, &block.node, fields.collect(), out);
            }
            BlockBody::System(lines) => {
                for line in lines {
                    if let SystemLine::FallbackWeapon(name) = &line.node {
                        fallback(pack, name, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// A line's label, span of the label, and its value as a field value (a built-in line's
/// amount or keywords count as such), for lines a declaration may type.
struct Written<'b> {
    label: &'b str,
    label_span: Span,
    line: Span,
    value: Value<'b>,
}

/// The value a line writes, as far as types go.
enum Value<'b> {
    Field(&'b FieldValue),
    Amount(&'b Amount),
    Keywords,
    Requirement,
}

fn weapon_field(line: &WeaponLine, span: Span) -> Option<Written<'_>> {
    let label = line.label();
    let label_span = Span::new(span.file, span.start as usize..span.start as usize + label.len());
    let value = match line {
        WeaponLine::Field(field) => {
            let label_span = field.label.span;
            let (label, value) = (field.label.node.as_str(), Value::Field(&field.value));
            return Some(Written { label, label_span, line: span, value });
        }
        WeaponLine::Requires(_) => Value::Requirement,
        WeaponLine::Keywords(_) => Value::Keywords,
        WeaponLine::Details(_) => return None,
        other => Value::Amount(other.amount()?),
    };
    Some(Written { label, label_span, line: span, value })
}

fn armour_field(line: &ArmourLine, span: Span) -> Option<Written<'_>> {
    let label = line.label();
    let label_span = Span::new(span.file, span.start as usize..span.start as usize + label.len());
    let value = match line {
        ArmourLine::Field(field) => {
            let label_span = field.label.span;
            let (label, value) = (field.label.node.as_str(), Value::Field(&field.value));
            return Some(Written { label, label_span, line: span, value });
        }
        ArmourLine::Keywords(_) => Value::Keywords,
        ArmourLine::Requires(_) => Value::Requirement,
        ArmourLine::Details(_) | ArmourLine::Pool(_) | ArmourLine::Modifiers(_) => return None,
        other => Value::Amount(other.amount()?),
    };
    Some(Written { label, label_span, line: span, value })
}

/// One declared field: a record type the system declares, and a `requirement` only on
/// `Requires`.
fn declaration(declared: &Declared<'_>, decl: &Spanned<FieldDecl>, out: &mut Vec<Diagnostic>) {
    for kind in &decl.node.types {
        match kind {
            FieldType::Record(name) if declared.record(name.as_str()).is_none() => {
                let records = declared.records.iter().map(|(n, _)| *n);
                let words = FieldType::WORDS.iter().map(|(w, _)| *w);
                let close = did_you_mean(name.as_str(), words.chain(records));
                let help = match close {
                    Some(close) => format!("did you mean `{close}`? "),
                    None => String::new(),
                } + "a field's type is `number`, `dice`, `range`, `multiplier`, `keyword`, \
                     `requirement` or a record the system declares (`Record Attack: Hit number, \
                     Damage dice`)";
                out.push(
                    Diagnostic::error(
                        "rules::check::unknown_field_type",
                        format!("`{name}` is not a field type"),
                    )
                    .with_primary(decl.span, "no such type")
                    .with_help(help),
                );
            }
            FieldType::Requirement if !decl.node.name.node.matches("Requires") => {
                out.push(
                    Diagnostic::error(
                        "rules::check::requirement_field",
                        format!(
                            "`{}` cannot be a requirement: only `Requires` is enforced",
                            decl.node.name.node
                        ),
                    )
                    .with_primary(decl.node.name.span, "never tested")
                    .with_help("declare `Requires requirement`, and write the test on `Requires:`"),
                );
            }
            _ => {}
        }
    }
}

/// The built-in labels of `kind`'s blocks.
fn built_in(kind: GearKind) -> Vec<&'static str> {
    match kind {
        GearKind::Weapon => WeaponLabel::ALL.iter().map(|l| l.info().text).collect(),
        GearKind::Armour => ArmourLabel::ALL.iter().map(|l| l.info().text).collect(),
    }
}

/// One gear block's written fields against the declarations.
fn gear(
    declared: &Declared<'_>,
    kind: GearKind,
    block: &Block,
    written: Vec<Written<'_>>,
    out: &mut Vec<Diagnostic>,
) {
    let fields = declared.fields(kind);
    let find = |label: &str| fields.iter().find(|d| d.node.name.node.matches(label)).copied();
    for line in &written {
        let decl = find(line.label);
        let field = matches!(line.value, Value::Field(_));
        match decl {
            None if field => out.push(unknown_field(declared, kind, line)),
            None => {}
            Some(decl) => typed(declared, kind, &decl.node, line, out),
        }
    }
    for decl in fields.iter().filter(|d| d.node.required) {
        if !written.iter().any(|line| decl.node.name.node.matches(line.label)) {
            let name = decl.node.name.node.as_str();
            out.push(
                Diagnostic::error(
                    "rules::check::missing_field",
                    format!(
                        "{} `{}` has no `{name}` line, which every {} needs",
                        kind_word(kind),
                        block.name.node,
                        kind_word(kind)
                    ),
                )
                .with_primary(block.name.span, format!("no `{name}:` line"))
                .with_help(format!(
                    "add `{name}: ...` ({}), or drop `required` from its declaration",
                    decl.node.types_text()
                )),
            );
        }
    }
}

/// The gear kind's word in prose, lower case (`a weapon block`; [`GearKind::word`] is the
/// label's `Weapon`).
fn kind_word(kind: GearKind) -> &'static str {
    match kind {
        GearKind::Weapon => "weapon",
        GearKind::Armour => "armour",
    }
}

/// A field line no declaration names: with the labels it could have meant.
fn unknown_field(declared: &Declared<'_>, kind: GearKind, line: &Written<'_>) -> Diagnostic {
    let declared_names = declared.fields(kind).iter().map(|d| d.node.name.node.as_str());
    let mut known: Vec<&str> = built_in(kind);
    for name in declared_names {
        if !known.iter().any(|k| k.eq_ignore_ascii_case(name)) {
            known.push(name);
        }
    }
    let close = did_you_mean(line.label, known.iter().copied());
    let declare =
        format!("declare it in the system (`{} fields: {} number`)", kind.word(), line.label);
    let help = match close {
        Some(close) => format!("did you mean `{close}`? or {declare}"),
        None => format!(
            "{declare}; {} {} block has {}",
            article(kind_word(kind)),
            kind_word(kind),
            known.join(", ")
        ),
    };
    Diagnostic::error(
        "rules::check::unknown_field",
        format!(
            "`{}` is not {} {} line or a declared field",
            line.label,
            article(kind_word(kind)),
            kind_word(kind)
        ),
    )
    .with_primary(line.label_span, "unknown field")
    .with_help(help)
}

/// The type a value is, and whether `decl` takes it.
fn typed(
    declared: &Declared<'_>,
    kind: GearKind,
    decl: &FieldDecl,
    line: &Written<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let (fits, written) = match line.value {
        // Dice on a built-in line read as a number is refused already (`check::gear`).
        Value::Amount(Amount::Dice(_))
            if !matches!(kind, GearKind::Weapon)
                || !["Damage", "Crit damage"].contains(&line.label) =>
        {
            return;
        }
        Value::Amount(amount) => amount_fits(decl, amount),
        Value::Keywords => (decl.allows(&FieldType::Keyword), "keyword"),
        Value::Requirement => (decl.allows(&FieldType::Requirement), "requirement"),
        Value::Field(value) => match value {
            FieldValue::Amount(amount) => amount_fits(decl, amount),
            FieldValue::Range(..) => (decl.allows(&FieldType::Range), "range"),
            FieldValue::Multiplier(_) => (decl.allows(&FieldType::Multiplier), "multiplier"),
            FieldValue::Keywords(_) if decl.allows(&FieldType::Stat) => {
                if let Some(stat) = value.as_stat() {
                    stat_named(declared, &stat, out);
                }
                (true, "stat")
            }
            FieldValue::Keywords(_) => (decl.allows(&FieldType::Keyword), "keyword"),
            FieldValue::Stat(_) => (decl.allows(&FieldType::Stat), "stat"),
            FieldValue::Record(entries) => {
                let record = decl.types.iter().find_map(|t| match t {
                    FieldType::Record(name) => Some((name, declared.record(name.as_str())?)),
                    _ => None,
                });
                if let Some((name, fields)) = record {
                    record_entries(name.as_str(), fields, entries, line.line, out);
                }
                (record.is_some(), "record")
            }
        },
    };
    if !fits {
        let label = decl.name.node.as_str();
        out.push(
            Diagnostic::error(
                "rules::check::field_type",
                format!(
                    "`{label}` is {} here, and {} {} field",
                    written_article(written),
                    article(&decl.types_text()),
                    decl.types_text()
                ),
            )
            .with_primary(line.line, format!("{written} where {} is declared", decl.types_text()))
            .with_help(format!(
                "write a value of type {} (`{}`), or change the declaration (`{} fields: {label} \
                 {written}`)",
                decl.types_text(),
                example(&decl.types[0]),
                kind.word()
            )),
        );
    }
}

/// A `stat` field's value must name a stat of the system (`Skill: Long Sword`).
fn stat_named(
    declared: &Declared<'_>,
    stat: &Spanned<crate::model::Name>,
    out: &mut Vec<Diagnostic>,
) {
    let name = stat.node.as_str();
    if declared.stats.iter().any(|known| known.eq_ignore_ascii_case(name)) {
        return;
    }
    out.push(
        Diagnostic::error("rules::check::unknown_stat", format!("unknown stat `{name}`"))
            .with_primary(stat.span, "a stat field names a stat")
            .with_suggestion(
                name,
                declared.stats.iter().copied(),
                format!("a stat field names a stat of a `Stats:` line; declare `{name}` there"),
            ),
    );
}

/// `a dice value`, `a range`... for a message.
fn written_article(written: &str) -> String {
    match written {
        "dice" => "a dice value".into(),
        "number" => "a number".into(),
        other => format!("{} {other}", article(other)),
    }
}

/// An example value of a type, for help texts.
fn example(kind: &FieldType) -> &'static str {
    match kind {
        FieldType::Number => "3",
        FieldType::Dice => "1d8",
        FieldType::Range => "18-20",
        FieldType::Multiplier => "x2",
        FieldType::Keyword => "Melee",
        FieldType::Requirement => "[Strength >= 2]",
        FieldType::Stat => "Long Sword",
        FieldType::Record(_) => "Hit 1, Damage 1d6",
    }
}

/// Whether an amount fits a declaration: dice only where `dice` is declared; a number or a
/// bracket expression wherever a number, dice or range is.
fn amount_fits(decl: &FieldDecl, amount: &Amount) -> (bool, &'static str) {
    match amount {
        Amount::Dice(_) => (decl.allows(&FieldType::Dice), "dice"),
        _ => {
            let numeric = [FieldType::Number, FieldType::Dice, FieldType::Range];
            (numeric.iter().any(|t| decl.allows(t)), "number")
        }
    }
}

/// A record's entries against its declaration: each declared, of its type, required ones
/// present.
fn record_entries(
    record: &str,
    fields: &[Spanned<FieldDecl>],
    entries: &[Spanned<crate::model::Assignment>],
    line: Span,
    out: &mut Vec<Diagnostic>,
) {
    for entry in entries {
        let name = entry.node.name.node.as_str();
        let Some(decl) = fields.iter().find(|d| d.node.name.node.matches(name)) else {
            let names: Vec<&str> = fields.iter().map(|d| d.node.name.node.as_str()).collect();
            let close = did_you_mean(name, names.iter().copied());
            let help = match close {
                Some(close) => {
                    format!("did you mean `{close}`? the record {record} has {}", names.join(", "))
                }
                None => format!("the record {record} has {}", names.join(", ")),
            };
            out.push(
                Diagnostic::error(
                    "rules::check::unknown_field",
                    format!("`{name}` is not an entry of the record {record}"),
                )
                .with_primary(entry.node.name.span, "unknown entry")
                .with_help(help),
            );
            continue;
        };
        let (fits, written) = amount_fits(&decl.node, &entry.node.value);
        if !fits {
            out.push(
                Diagnostic::error(
                    "rules::check::field_type",
                    format!(
                        "`{name}` is {} here, and {} {} entry of {record}",
                        written_article(written),
                        article(&decl.node.types_text()),
                        decl.node.types_text()
                    ),
                )
                .with_primary(
                    entry.span,
                    format!("{written} where {} is declared", decl.node.types_text()),
                )
                .with_help(format!(
                    "write a value of type {} (`{name} {}`)",
                    decl.node.types_text(),
                    example(&decl.node.types[0])
                )),
            );
        }
    }
    for decl in fields.iter().filter(|d| d.node.required) {
        let name = decl.node.name.node.as_str();
        if !entries.iter().any(|e| e.node.name.node.matches(name)) {
            out.push(
                Diagnostic::error(
                    "rules::check::missing_field",
                    format!("this {record} has no `{name}`, which every {record} needs"),
                )
                .with_primary(line, format!("no `{name}` entry"))
                .with_help(format!("add `{name} {}` to the record", example(&decl.node.types[0]))),
            );
        }
    }
}

/// `Fallback weapon: Fists` names a weapon of the pack.
fn fallback(pack: &Pack, name: &Spanned<crate::model::Name>, out: &mut Vec<Diagnostic>) {
    let weapons: Vec<&str> = pack
        .blocks()
        .filter(|b| b.node.kind.node == BlockKind::Weapon)
        .map(|b| b.node.name.node.as_str())
        .collect();
    if weapons.iter().any(|w| name.node.matches(w)) {
        return;
    }
    out.push(
        Diagnostic::error(
            "rules::check::unknown_fallback",
            format!("the fallback weapon `{}` is no weapon of the pack", name.node),
        )
        .with_primary(name.span, "no such weapon")
        .with_suggestion(
            name.node.as_str(),
            weapons.iter().copied(),
            format!("add `weapon {}` with its lines (`Damage: 1d4`)", name.node),
        ),
    );
}
