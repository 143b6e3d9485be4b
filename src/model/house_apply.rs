//! Applying house rules to a parsed pack, before it is checked or indexed: each rule, in
//! file order, replaces, amends or removes a block of another file of the pack (the block
//! keeps its place, so declaration order is unchanged), and the house-rule items leave the
//! pack. Every change is reported as an advice diagnostic that says what changed, block by
//! block and line by line, pointing at the house rule and at what it changed. A rule that
//! names no block or no line, a file whose `house rules for` names another pack, and an
//! `add` of a line the block has are errors with a did-you-mean; nothing is half applied,
//! because the caller refuses the pack when there is an error.

use super::house::{House, HouseBody, HouseRule, LineAction, LineEdit};
use super::{Block, BlockBody, BlockKind, Item, Pack};
use crate::diagnostics::{Diagnostic, Spanned, did_you_mean};

/// Whether `pack` holds any house-rule item (`replace power X`, `house rules for Y`):
/// without one, [`apply`] changes nothing.
pub fn has_house_rules(pack: &Pack) -> bool {
    pack.files.iter().flat_map(|file| &file.items).any(|item| matches!(item, Item::House(_)))
}

/// The pack with every house rule applied and the house-rule items gone, and the changes
/// (advice) and problems (errors) found. With an error the pack must not be used.
pub fn apply(mut pack: Pack) -> (Pack, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut rules: Vec<(usize, Spanned<HouseRule>)> = Vec::new();
    let mut targets: Vec<(usize, Spanned<super::Name>)> = Vec::new();
    for (index, file) in pack.files.iter_mut().enumerate() {
        file.items.retain(|item| {
            let Item::House(house) = item else { return true };
            match &house.node {
                House::For(name) => targets.push((index, name.clone())),
                House::Rule(rule) => rules.push((index, Spanned::new(rule.clone(), house.span))),
            }
            false
        });
    }
    for (index, name) in &targets {
        for_pack(&pack, *index, name, &mut out);
    }
    for (index, rule) in rules {
        apply_rule(&mut pack, index, &rule, &mut out);
    }
    (pack, out)
}

/// `house rules for NAME`: the other files' system must be that pack's.
fn for_pack(pack: &Pack, own: usize, name: &Spanned<super::Name>, out: &mut Vec<Diagnostic>) {
    let normal = |text: &str| text.to_lowercase().replace(['-', '_'], " ");
    let system = pack
        .files
        .iter()
        .enumerate()
        .filter(|(index, _)| *index != own)
        .flat_map(|(_, file)| file.blocks())
        .find(|block| block.node.kind.node == BlockKind::System);
    let wanted = name.node.as_str();
    match system {
        Some(system) if normal(system.node.name.node.as_str()) == normal(wanted) => {}
        Some(system) => out.push(
            Diagnostic::error(
                "house::other_pack",
                format!(
                    "these house rules are for `{wanted}`, but the loaded system is `{}`",
                    system.node.name.node.as_str()
                ),
            )
            .with_primary(name.span, "the pack these house rules change")
            .with_secondary(system.node.name.span, "the loaded system")
            .with_help(format!("load `{}` before these house rules", wanted.to_lowercase())),
        ),
        None => out.push(
            Diagnostic::error(
                "house::no_pack",
                format!("these house rules are for `{wanted}`, but no system is loaded"),
            )
            .with_primary(name.span, "the pack these house rules change")
            .with_help(format!(
                "load `{}` first (`load {}` in a session; `mythforge check` loads it itself)",
                wanted.to_lowercase(),
                wanted.to_lowercase()
            )),
        ),
    }
}

/// Where a block is: `(file, item)` indices.
type Place = (usize, usize);

/// The block a rule names: same kind (any trait kind for a trait kind) and name, in a file
/// other than the rule's own.
fn find(pack: &Pack, own: usize, kind: BlockKind, name: &str) -> Option<Place> {
    let same_kind = |other: BlockKind| {
        other == kind || matches!((other, kind), (BlockKind::Trait(_), BlockKind::Trait(_)))
    };
    pack.files.iter().enumerate().filter(|(index, _)| *index != own).find_map(
        |(file, rule_file)| {
            rule_file
                .items
                .iter()
                .position(|item| {
                    matches!(item, Item::Block(block)
                if same_kind(block.node.kind.node) && block.node.name.node.matches(name))
                })
                .map(|item| (file, item))
        },
    )
}

fn block_at(pack: &Pack, (file, item): Place) -> &Spanned<Block> {
    match &pack.files[file].items[item] {
        Item::Block(block) => block,
        _ => unreachable!("a place found by `find` holds a block"),
    }
}

fn block_at_mut(pack: &mut Pack, (file, item): Place) -> &mut Spanned<Block> {
    match &mut pack.files[file].items[item] {
        Item::Block(block) => block,
        _ => unreachable!("a place found by `find` holds a block"),
    }
}

fn apply_rule(pack: &mut Pack, own: usize, rule: &Spanned<HouseRule>, out: &mut Vec<Diagnostic>) {
    let house = &rule.node;
    let Some(place) = find(pack, own, house.kind.node, house.name.node.as_str()) else {
        out.push(names_nothing(pack, own, house));
        return;
    };
    let old = block_at(pack, place).clone();
    let what = format!("{} {}", old.node.kind.node, old.node.name.node.as_str());
    match &house.body {
        HouseBody::Replace(new) => {
            let diff = line_diff(&old.node.body, &new.body);
            let mut change =
                Diagnostic::advice("house::replaced", format!("house rule replaces {what}"))
                    .with_primary(house.verb.span.to(house.name.span), "this house rule")
                    .with_secondary(old.node.kind.span.to(old.node.name.span), "the pack's block");
            change.help = Some(if diff.is_empty() {
                "the lines are the same".to_string()
            } else {
                diff.join("\n")
            });
            out.push(change);
            let block = block_at_mut(pack, place);
            block.node.body = new.body.clone();
        }
        HouseBody::Remove => {
            out.push(
                Diagnostic::advice("house::removed", format!("house rule removes {what}"))
                    .with_primary(house.verb.span.to(house.name.span), "this house rule")
                    .with_secondary(old.node.kind.span.to(old.node.name.span), "the pack's block"),
            );
            pack.files[place.0].items.remove(place.1);
        }
        HouseBody::Amend(edits) => {
            for edit in edits {
                let block = block_at_mut(pack, place);
                if let Some(diagnostic) = amend(&mut block.node, &what, edit) {
                    out.push(diagnostic);
                }
            }
        }
    }
}

/// "names no power `X`", with the closest name of that kind, or the kind the name has.
fn names_nothing(pack: &Pack, own: usize, house: &HouseRule) -> Diagnostic {
    let kind = house.kind.node;
    let name = house.name.node.as_str();
    let mut diagnostic = Diagnostic::error(
        "house::names_nothing",
        format!("this house rule names no {kind} `{name}`"),
    )
    .with_primary(house.name.span, format!("no {kind} of the loaded pack is called this"));
    let others = || {
        pack.files
            .iter()
            .enumerate()
            .filter(move |(index, _)| *index != own)
            .flat_map(|(_, f)| f.blocks())
    };
    if let Some(other) = others().find(|block| block.node.name.node.matches(name)) {
        let actual = other.node.kind.node;
        let a = crate::diagnostics::article(&actual.to_string());
        return diagnostic.with_help(format!(
            "`{name}` is {a} {actual}: write `{} {actual} {name}`",
            house.verb.node
        ));
    }
    let same_kind: Vec<&str> = others()
        .filter(|block| block.node.kind.node == kind)
        .map(|block| block.node.name.node.as_str())
        .collect();
    diagnostic = match did_you_mean(name, same_kind.iter().copied()) {
        Some(close) => diagnostic.with_help(format!("did you mean `{close}`?")),
        None if same_kind.is_empty() => diagnostic.with_help(format!(
            "the loaded pack has no {kind} blocks; load the pack before its house rules"
        )),
        None => diagnostic.with_help(format!("a house rule changes a block of a pack loaded before it; to add a new {kind}, write `{kind} {name}`")),
    };
    diagnostic
}

/// The label of a line's canonical text: `Result 2` of `Result 2: ...`.
fn label_of(text: &str) -> &str {
    text.split_once(':').map_or(text, |(label, _)| label).trim()
}

/// Labels compare case-insensitively, with runs of spaces as one.
fn same_label(a: &str, b: &str) -> bool {
    let words = |text: &str| text.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>();
    words(a) == words(b)
}

/// Applies one amend line to `block`; the change (advice) or why it cannot apply (error).
fn amend(block: &mut Block, what: &str, edit: &Spanned<LineEdit>) -> Option<Diagnostic> {
    let LineEdit { action, label, line } = &edit.node;
    let texts = block.body.line_texts();
    let new_text = edit.node.line_text();
    let matching: Vec<usize> = texts
        .iter()
        .enumerate()
        .filter(|(_, (_, text))| same_label(label_of(text), &label.node))
        .filter(|(_, (_, text))| {
            // `remove Effect: apply Dazed` picks the line with that text.
            action.node != LineAction::Remove || new_text.as_ref().is_none_or(|new| new == text)
        })
        .map(|(index, _)| index)
        .collect();
    let here = |diagnostic: Diagnostic| diagnostic.with_primary(edit.span, "this house rule");
    match (action.node, matching.as_slice()) {
        (LineAction::Add, []) => {
            let new = line.as_ref()?;
            splice(&mut block.body, new, None)?;
            Some(here(Diagnostic::advice(
                "house::line_added",
                format!("house rule adds `{}` to {what}", new_text.unwrap_or_default()),
            )))
        }
        (LineAction::Add, [index, ..]) => Some(
            here(Diagnostic::error(
                "house::line_exists",
                format!("{what} already has a `{}` line", label.node),
            ))
            .with_secondary(texts[*index].0, "the pack's line")
            .with_help(format!("write `replace {}` to change it", texts[*index].1)),
        ),
        (LineAction::Replace | LineAction::Remove, [index]) => {
            let (span, old) = texts[*index].clone();
            let message = match action.node {
                LineAction::Replace => {
                    let new = line.as_ref()?;
                    splice(&mut block.body, new, Some(*index))?;
                    format!(
                        "house rule changes {what}: `{old}` becomes `{}`",
                        new_text.unwrap_or_default()
                    )
                }
                _ => {
                    remove_line(&mut block.body, *index);
                    format!("house rule removes `{old}` from {what}")
                }
            };
            let code = if action.node == LineAction::Replace {
                "house::line_replaced"
            } else {
                "house::line_removed"
            };
            Some(here(Diagnostic::advice(code, message)).with_secondary(span, "the pack's line"))
        }
        (_, []) => {
            let labels: Vec<&str> = texts.iter().map(|(_, text)| label_of(text)).collect();
            let mut diagnostic = here(Diagnostic::error(
                "house::no_line",
                format!("{what} has no `{}` line", label.node),
            ));
            diagnostic = match did_you_mean(&label.node, labels.iter().copied()) {
                Some(close) => diagnostic.with_help(format!("did you mean `{close}`?")),
                None if action.node == LineAction::Replace => {
                    diagnostic.with_help(format!("write `add {}: ...` to add one", label.node))
                }
                None => diagnostic.with_help(format!("its lines: {}", labels.join(", "))),
            };
            Some(diagnostic)
        }
        (_, several) => {
            let mut diagnostic = here(Diagnostic::error(
                "house::several_lines",
                format!("{what} has {} `{}` lines", several.len(), label.node),
            ))
            .with_help(format!(
                "write the whole line to pick one (`remove {}`), or replace the block",
                texts[several[0]].1
            ));
            for index in several {
                diagnostic = diagnostic.with_secondary(texts[*index].0, "one of them");
            }
            Some(diagnostic)
        }
    }
}

/// Puts the one line of `new` into `body` at `index` (over the line there), or at the end.
/// `None` when `new` is another kind's body (the rule's kind and the block's differ).
fn splice(body: &mut BlockBody, new: &BlockBody, index: Option<usize>) -> Option<()> {
    fn put<T: Clone>(lines: &mut Vec<Spanned<T>>, new: &[Spanned<T>], index: Option<usize>) {
        let Some(line) = new.first() else { return };
        match index {
            Some(index) => lines[index] = line.clone(),
            None => lines.push(line.clone()),
        }
    }
    match (body, new) {
        (BlockBody::System(lines), BlockBody::System(new)) => put(lines, new, index),
        (BlockBody::Power(lines), BlockBody::Power(new)) => put(lines, new, index),
        (BlockBody::Trait(lines), BlockBody::Trait(new)) => put(lines, new, index),
        (BlockBody::Condition(lines), BlockBody::Condition(new)) => put(lines, new, index),
        (BlockBody::Actor(lines), BlockBody::Actor(new)) => put(lines, new, index),
        (BlockBody::Weapon(lines), BlockBody::Weapon(new)) => put(lines, new, index),
        (BlockBody::Armour(lines), BlockBody::Armour(new)) => put(lines, new, index),
        (BlockBody::Check(lines), BlockBody::Check(new)) => put(lines, new, index),
        _ => return None,
    }
    Some(())
}

fn remove_line(body: &mut BlockBody, index: usize) {
    match body {
        BlockBody::System(lines) => drop(lines.remove(index)),
        BlockBody::Power(lines) => drop(lines.remove(index)),
        BlockBody::Trait(lines) => drop(lines.remove(index)),
        BlockBody::Condition(lines) => drop(lines.remove(index)),
        BlockBody::Actor(lines) => drop(lines.remove(index)),
        BlockBody::Weapon(lines) => drop(lines.remove(index)),
        BlockBody::Armour(lines) => drop(lines.remove(index)),
        BlockBody::Check(lines) => drop(lines.remove(index)),
    }
}

/// What changed between two versions of a pack, block by block (in the new pack's order,
/// then the blocks it no longer has): `power X changed` with its [`line_diff`], `power X
/// added`, `power X removed`. Empty when every block reads the same.
pub fn pack_diff(old: &Pack, new: &Pack) -> Vec<String> {
    let key =
        |block: &Block| (block.kind.node.to_string(), block.name.node.as_str().to_lowercase());
    let title = |block: &Block| format!("{} {}", block.kind.node, block.name.node.as_str());
    let mut changes = Vec::new();
    for block in new.blocks() {
        match old.blocks().find(|other| key(&other.node) == key(&block.node)) {
            None => changes.push(format!("{} added", title(&block.node))),
            Some(other) => {
                let diff = line_diff(&other.node.body, &block.node.body);
                if !diff.is_empty() {
                    let lines: String = diff
                        .iter()
                        .map(|line| format!("\n  {}", line.replace('\n', "\n  ")))
                        .collect();
                    changes.push(format!("{} changed{lines}", title(&block.node)));
                }
            }
        }
    }
    for block in old.blocks() {
        if !new.blocks().any(|other| key(&other.node) == key(&block.node)) {
            changes.push(format!("{} removed", title(&block.node)));
        }
    }
    changes
}

/// What a replacement changes, line by line: `~ old -> new`, `+ added`, `- removed`. Lines
/// pair up by label, the first `Effect` with the first `Effect`.
pub fn line_diff(old: &BlockBody, new: &BlockBody) -> Vec<String> {
    let old: Vec<String> = old.line_texts().into_iter().map(|(_, text)| text).collect();
    let new: Vec<String> = new.line_texts().into_iter().map(|(_, text)| text).collect();
    let mut paired = vec![false; new.len()];
    let mut diff = Vec::new();
    for text in &old {
        let partner = (0..new.len())
            .find(|index| !paired[*index] && same_label(label_of(&new[*index]), label_of(text)));
        match partner {
            Some(index) => {
                paired[index] = true;
                if new[index] != *text {
                    diff.push(format!("~ {text}\n  -> {}", new[index]));
                }
            }
            None => diff.push(format!("- {text}")),
        }
    }
    for (index, text) in new.iter().enumerate() {
        if !paired[index] {
            diff.push(format!("+ {text}"));
        }
    }
    diff
}
