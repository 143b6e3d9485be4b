//! Linking a pack's names: every name an expression of the pack reads is resolved once, at
//! install, to the declaration it means — a `Derived` line for a value name, a `Ruling` line
//! for `Ruling X`, a `Table` line for a call — every resource an effect or a cost changes to
//! its declared resource's id, and every block a line names (a check procedure `using Grade
//! Roll`, a condition applied, removed, tested or laid, an armour put on) to
//! its block's id; the answer is stored on the name ([`Link`]), so
//! the runtime reads and changes by index instead of searching those lists by text on every
//! use. Resolution follows the runtime's own rule for each kind (the first declaration whose
//! name matches without regard to case; an actor's resource by its exact name), so a linked
//! read and a read by text always agree.

use crate::diagnostics::Spanned;
use crate::model::expr::Link;
use crate::model::{Expr, Name, Pack};

use super::{Declared, Shelf, Symbols};

/// Links every bracket name of `pack` against `symbols` (the pack's own table).
pub fn link_names(pack: &Pack, symbols: &Symbols) {
    for block in pack.blocks() {
        let references = crate::model::references::References::of(&block.node.body);
        let calls = references.script_calls.iter().map(|(expr, _)| *expr);
        for expr in references.expressions.iter().map(|(expr, _)| *expr).chain(calls) {
            link_expr(expr, symbols);
        }
        for resource in &references.resources {
            link_resource(&resource.node, symbols);
        }
        let blocks = [
            (Shelf::Check, &references.procedures),
            (Shelf::Condition, &references.condition_names),
            (Shelf::Condition, &references.laid),
            (Shelf::Armour, &references.armours),
        ];
        for (shelf, names) in blocks {
            for name in names {
                link_block(&name.node, shelf, symbols);
            }
        }
        for condition in &references.conditions {
            link_block(&condition.name.node, Shelf::Condition, symbols);
        }
    }
}

/// Links a resource an effect or a cost changes (`spend 2 CP`, `Cost: 4 CP`) to the
/// resource declared exactly so, the way the runtime finds an actor's resource by text.
fn link_resource(name: &Name, symbols: &Symbols) {
    let id = symbols.resource_id(name.as_str());
    name.set_link(id.map_or(Link::Absent, Link::Resource));
}

/// Links the names of one expression.
fn link_expr(expr: &Spanned<Expr>, symbols: &Symbols) {
    expr.node.visit(
        &mut |node, _| match node {
            Expr::Name(name) => link_value(name, symbols),
            Expr::Possessive { name, .. } => link_value(&name.node, symbols),
            Expr::Ruling(name) => link(name, &symbols.rulings),
            Expr::Call { function, .. } => link(&function.node, &symbols.tables),
            _ => {}
        },
        expr.span,
    );
}

/// Links a name a line gives a block by (`using Grade Roll`, `apply Marked`, `use Cross
/// Thorns`) to the block's id on `shelf`. A name no block of the pack has stays unlinked
/// and is looked for by its text (the runtime adds blocks of its own, such as the condition
/// an armour's modifiers hold, and reports what it cannot find).
fn link_block(name: &Name, shelf: Shelf, symbols: &Symbols) {
    let id = symbols.block_id(shelf, name.as_str());
    name.set_link(id.map_or(Link::Unlinked, Link::Block));
}

/// Links a value name: to its `Derived` line (the runtime asks those first), else to the
/// stat declared exactly so, else to the resource declared exactly so, else absent.
fn link_value(name: &Name, symbols: &Symbols) {
    link(name, &symbols.derived);
    if name.link() != Link::Absent {
        return;
    }
    if let Some(id) = symbols.stat_id(name.as_str()) {
        name.set_link(Link::Stat(id));
    } else if let Some(id) = symbols.resource_id(name.as_str()) {
        name.set_link(Link::Resource(id));
    }
}

/// Links `name` to the first of `declared` it names (without regard to case).
fn link(name: &Name, declared: &[Declared]) {
    let found = declared.iter().position(|d| d.name.eq_ignore_ascii_case(name.as_str()));
    name.set_link(found.map_or(Link::Absent, Link::At));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BlockBody, PowerLine};

    #[test]
    fn names_link_to_their_declarations_and_others_are_absent() {
        let mut sources = crate::diagnostics::SourceMap::new();
        let text = "system T\nStats: Speed\nDerived Fast: [Speed]\nRuling bonus: 2\n\
                    Table Dmg: 1 1, 2 2\nResource HP: start 3\nResource Mana: start 1\n\n\
                    power Go\nTarget: Self\n\
                    Result: gain [fast + Ruling Bonus + Dmg(Speed) + Mana + mana] Speed\n";
        let (file, problems) = crate::parse::parse_source(&mut sources, "t.rules", text);
        assert!(problems.is_empty(), "{problems:?}");
        let pack = Pack { files: vec![file] };
        let symbols = Symbols::of(&pack);
        link_names(&pack, &symbols);
        let power = pack.blocks().find(|b| b.node.name.node.as_str() == "Go").unwrap();
        let BlockBody::Power(lines) = &power.node.body else { panic!("a power") };
        let mut links = Vec::new();
        for line in lines {
            if let PowerLine::Result { .. } = &line.node {
                let references = crate::model::references::References::of(&power.node.body);
                for (expr, _) in &references.expressions {
                    expr.node.visit(
                        &mut |node, _| match node {
                            Expr::Name(name) | Expr::Ruling(name) => {
                                links.push((name.as_str().to_string(), name.link()))
                            }
                            Expr::Call { function, .. } => links
                                .push((function.node.as_str().to_string(), function.node.link())),
                            _ => {}
                        },
                        expr.span,
                    );
                }
            }
        }
        assert_eq!(
            links,
            [
                ("fast".to_string(), Link::At(0)),
                ("Bonus".to_string(), Link::At(0)),
                ("Dmg".to_string(), Link::At(0)),
                ("Speed".to_string(), Link::Stat(0)),
                ("Mana".to_string(), Link::Resource(1)),
                // Resources, like stats, link only when written exactly as declared.
                ("mana".to_string(), Link::Absent),
            ]
        );
        // A name made outside the pack is not linked.
        assert_eq!(Name::new("fast").link(), Link::Unlinked);
    }

    #[test]
    fn resources_that_effects_and_costs_change_link_to_their_ids() {
        let mut sources = crate::diagnostics::SourceMap::new();
        let text = "system T\nResource HP: start 3\nResource Mana: start 1\n\n\
                    power Go\nCost: 1 Mana\nTarget: Self\n\
                    Result: gain 2 HP, lose 1 mana, spend 1 Mana\n";
        let (file, problems) = crate::parse::parse_source(&mut sources, "t.rules", text);
        assert!(problems.is_empty(), "{problems:?}");
        let pack = Pack { files: vec![file] };
        link_names(&pack, &Symbols::of(&pack));
        let power = pack.blocks().find(|b| b.node.name.node.as_str() == "Go").unwrap();
        let references = crate::model::references::References::of(&power.node.body);
        let links: Vec<_> =
            references.resources.iter().map(|r| (r.node.as_str(), r.node.link())).collect();
        assert_eq!(
            links,
            [
                ("Mana", Link::Resource(1)),
                ("HP", Link::Resource(0)),
                // Linked only when written exactly as declared, as an actor's table reads.
                ("mana", Link::Absent),
                ("Mana", Link::Resource(1)),
            ]
        );
    }

    #[test]
    fn blocks_a_line_names_link_to_their_ids() {
        let mut sources = crate::diagnostics::SourceMap::new();
        let text = "system T\nStats: Attack\nDefault check: roll\n\n\
                    check Pool\nMethod: pool\nDice: 2d10\nSuccess: >= [Threshold]\n\n\
                    check Roll\nMethod: total\nRoll: 1d20\n\n\
                    check pool\nMethod: total\nRoll: 1d6\n\n\
                    condition Dazed\nDuration: until removed\n\n\
                    condition Marked\nIncludes: Dazed\n\n\
                    power Go\nTarget: Enemy in 1\nThreshold: 10\nCheck: [Attack] using POOL\n\
                    Result: apply marked, remove Dazed\n\n\
                    power Stay\nTarget: Self\nThreshold: 10\nCheck: [Attack] using Dice\n\
                    Result: apply Stunned\n";
        let (file, problems) = crate::parse::parse_source(&mut sources, "t.rules", text);
        assert!(problems.is_empty(), "{problems:?}");
        let pack = Pack { files: vec![file] };
        link_names(&pack, &Symbols::of(&pack));
        let links: Vec<_> = pack
            .blocks()
            .flat_map(|block| {
                let references = crate::model::references::References::of(&block.node.body);
                let procedures = references.procedures.iter().map(|p| &p.node);
                let conditions = references.conditions.iter().map(|c| &c.name.node);
                let named: Vec<_> = procedures
                    .chain(conditions)
                    .map(|name| (name.as_str().to_string(), name.link()))
                    .collect();
                named
            })
            .collect();
        let at = |name: &str, id| (name.to_string(), Link::Block(id));
        assert_eq!(
            links,
            [
                // The default names the second check; the third, `pool`, repeats the first's
                // name and gets no id of its own.
                at("roll", 1),
                at("Dazed", 0),
                at("POOL", 0),
                at("marked", 1),
                at("Dazed", 0),
                // No block of the name: looked for by text, and reported, at run time.
                ("Dice".to_string(), Link::Unlinked),
                ("Stunned".to_string(), Link::Unlinked),
            ]
        );
    }
}
