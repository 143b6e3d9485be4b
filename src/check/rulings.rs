//! Rulings are named values: a `Ruling X:` line is read by `[Ruling X]` in any bracket, or
//! by the engine itself for the few rulings it knows ([`EngineRuling`]). This pass reports
//! unknown rulings, rulings nothing reads (a house rule changing one would change nothing),
//! rulings that read each other in a circle, dice rulings read as numbers, and a procedure
//! line that wins over the engine ruling it shadows.

use super::error::CheckErrorKind;
use super::names::with_suggestion;
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::references::References;
use crate::model::system::EngineRuling;
use crate::model::{Amount, Expr, Name, Pack, ProcedureLine, SystemLine};

/// A `Ruling` line: its name and value.
struct Declared<'a> {
    name: &'a Spanned<Name>,
    value: &'a Amount,
}

/// Checks every ruling of `pack` and every bracket that reads one.
pub fn rulings(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let declared: Vec<Declared<'_>> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Ruling { name, value } => Some(Declared { name, value }),
            _ => None,
        })
        .collect();
    let find = |name: &str| declared.iter().find(|ruling| ruling.name.node.matches(name));
    let mut read: Vec<String> = Vec::new();
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        let expressions = references.expressions.iter().chain(&references.script_calls);
        for (name, span) in expressions.flat_map(|(expr, _)| reads(expr)) {
            match find(name.as_str()) {
                None => out.push(with_suggestion(
                    CheckErrorKind::UnknownRuling(name.as_str().to_string()).at(span),
                    name.as_str(),
                    declared.iter().map(|ruling| ruling.name.node.as_str()),
                    "declare it in the system block: `Ruling fate exchange CP: 3`",
                )),
                Some(ruling) => {
                    read.push(ruling.name.node.as_str().to_ascii_lowercase());
                    if let Amount::Dice(_) = ruling.value {
                        out.push(
                            CheckErrorKind::DiceRuling(name.as_str().to_string())
                                .at(span)
                                .to_diagnostic()
                                .with_secondary(ruling.name.span, "declared as dice here")
                                .with_help(
                                    "give the ruling a number or a bracket expression, and roll \
                                     dice on an effect line",
                                ),
                        );
                    }
                }
            }
        }
    }
    read.extend(EngineRuling::ALL.iter().map(|ruling| ruling.name().to_string()));
    for ruling in &declared {
        let name = ruling.name.node.as_str();
        if !read.iter().any(|known| known.eq_ignore_ascii_case(name)) {
            out.push(
                CheckErrorKind::UnreadRuling(name.to_string())
                    .at(ruling.name.span)
                    .to_diagnostic()
                    .with_help(format!(
                        "read it where it applies, e.g. `gain [Ruling {}] CP`, or make it a \
                         comment; the engine itself reads only {}",
                        ruling.name.node,
                        engine_rulings()
                    )),
            );
        }
    }
    cycles(&declared, out);
    shadowed(pack, &declared, out);
}

/// `grade cap` and `initiative overflow`, quoted and joined, for help texts.
fn engine_rulings() -> String {
    let names: Vec<String> =
        EngineRuling::ALL.iter().map(|ruling| format!("`Ruling {}`", ruling.name())).collect();
    names.join(" and ")
}

/// The rulings `expr` reads, each with where it is read.
pub(super) fn reads(expr: &Spanned<Expr>) -> Vec<(&Name, Span)> {
    fn walk<'a>(expr: &'a Spanned<Expr>, found: &mut Vec<(&'a Name, Span)>) {
        match &expr.node {
            Expr::Ruling(name) => found.push((name, expr.span)),
            Expr::Negate(inner) | Expr::Not(inner) => walk(inner, found),
            Expr::Binary { left, right, .. }
            | Expr::Compare { left, right, .. }
            | Expr::Logic { left, right, .. } => {
                walk(left, found);
                walk(right, found);
            }
            Expr::Call { arguments, .. } => arguments.iter().for_each(|a| walk(a, found)),
            Expr::Number(_)
            | Expr::Name(_)
            | Expr::Possessive { .. }
            | Expr::Special(_)
            | Expr::Dice(_) => {}
        }
    }
    let mut found = Vec::new();
    walk(expr, &mut found);
    found
}

/// Rulings whose values read each other in a circle (`a: [Ruling b]`, `b: [Ruling a]`):
/// reported once, at the first ruling of the circle in file order.
fn cycles(declared: &[Declared<'_>], out: &mut Vec<Diagnostic>) {
    let next = |index: usize| -> Vec<usize> {
        let Amount::Expr(expr) = declared[index].value else { return Vec::new() };
        reads(expr)
            .into_iter()
            .filter_map(|(name, _)| {
                declared.iter().position(|d| d.name.node.matches(name.as_str()))
            })
            .collect()
    };
    let mut reported = vec![false; declared.len()];
    for start in 0..declared.len() {
        if reported[start] {
            continue;
        }
        // Depth-first from `start`, looking for a path back to it.
        let mut stack = vec![(start, vec![start])];
        while let Some((at, path)) = stack.pop() {
            for following in next(at) {
                if following == start {
                    let mut chain: Vec<&str> =
                        path.iter().map(|&i| declared[i].name.node.as_str()).collect();
                    chain.push(declared[start].name.node.as_str());
                    path.iter().for_each(|&i| reported[i] = true);
                    out.push(
                        CheckErrorKind::RulingCycle {
                            ruling: declared[start].name.node.as_str().to_string(),
                            chain: chain.join(" -> "),
                        }
                        .at(declared[start].name.span)
                        .to_diagnostic()
                        .with_help("give one of these rulings a number"),
                    );
                    stack.clear();
                    break;
                }
                if !path.contains(&following) {
                    let mut longer = path.clone();
                    longer.push(following);
                    stack.push((following, longer));
                }
            }
        }
    }
}

/// A procedure's own `Grade cap:` line wins over `Ruling grade cap`: unless the line reads
/// the ruling, a GM changing the ruling would change nothing in that procedure.
fn shadowed(pack: &Pack, declared: &[Declared<'_>], out: &mut Vec<Diagnostic>) {
    let ruling = EngineRuling::GradeCap.name();
    let Some(declared) = declared.iter().find(|d| d.name.node.matches(ruling)) else { return };
    for block in pack.blocks() {
        let crate::model::BlockBody::Check(lines) = &block.node.body else { continue };
        for line in lines {
            let ProcedureLine::GradeCap(amount) = &line.node else { continue };
            let follows = match amount {
                Amount::Expr(expr) => reads(expr).iter().any(|(name, _)| name.matches(ruling)),
                _ => false,
            };
            if !follows {
                out.push(
                    CheckErrorKind::ShadowedRuling {
                        ruling: ruling.to_string(),
                        procedure: block.node.name.node.as_str().to_string(),
                        label: "Grade cap",
                    }
                    .at(line.span)
                    .to_diagnostic()
                    .with_secondary(declared.name.span, "the ruling")
                    .with_help("write `Grade cap: [Ruling grade cap]` to follow the ruling"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostics::{Diagnostic, SourceMap};

    const SYSTEM: &str = "system T\nStats: Speed\nResource CP: start 0; no max\n";

    fn check(text: &str) -> Vec<Diagnostic> {
        let mut sources = SourceMap::new();
        let (file, parsed) = crate::parse::parse_source(&mut sources, "t.rules", text);
        assert!(parsed.is_empty(), "{parsed:?}");
        crate::check::check_pack(&crate::model::Pack { files: vec![file] })
    }

    fn codes(diagnostics: &[Diagnostic]) -> Vec<&str> {
        diagnostics.iter().map(|d| d.code.as_str()).collect()
    }

    #[test]
    fn a_ruling_read_by_a_bracket_is_clean_and_an_unread_one_warns_at_its_name() {
        let text = format!(
            "{SYSTEM}Ruling bonus: 3\nRuling spare: 1\n\npower Boost\nTarget: Self\n\
             Result: gain [Ruling bonus] CP\n"
        );
        let diagnostics = check(&text);
        assert_eq!(codes(&diagnostics), ["rules::check::unread_ruling"]);
        assert_eq!(diagnostics[0].message, "nothing reads the ruling `spare`");
        let span = diagnostics[0].primary_span();
        assert_eq!(&text[span.start as usize..span.end as usize], "spare");
        assert!(diagnostics[0].help.as_deref().unwrap().contains("`Ruling grade cap`"));
    }

    #[test]
    fn an_unknown_ruling_is_an_error_with_a_suggestion() {
        let text = format!(
            "{SYSTEM}Ruling bonus: 3\n\npower Boost\nTarget: Self\nResult: gain [Ruling bnus] CP\n"
        );
        let diagnostics = check(&text);
        let unknown = diagnostics.iter().find(|d| d.code == "rules::check::unknown_ruling");
        let unknown = unknown.expect("an unknown ruling error");
        assert_eq!(unknown.message, "unknown ruling `bnus`");
        assert_eq!(unknown.help.as_deref(), Some("did you mean `bonus`?"));
        let span = unknown.primary_span();
        assert_eq!(&text[span.start as usize..span.end as usize], "Ruling bnus");
    }

    #[test]
    fn rulings_that_read_each_other_are_a_cycle() {
        let text = format!(
            "{SYSTEM}Ruling a: [Ruling b + 1]\nRuling b: [Ruling a]\n\npower Boost\n\
             Target: Self\nResult: gain [Ruling a] CP\n"
        );
        let diagnostics = check(&text);
        let cycle = diagnostics.iter().find(|d| d.code == "rules::check::ruling_cycle");
        assert_eq!(cycle.expect("a cycle").message, "`Ruling a` reads itself: a -> b -> a");
        assert_eq!(codes(&diagnostics).iter().filter(|c| c.ends_with("ruling_cycle")).count(), 1);
    }

    #[test]
    fn a_dice_ruling_read_in_a_bracket_is_an_error() {
        let text = format!(
            "{SYSTEM}Ruling bonus: 1d6\n\npower Boost\nTarget: Self\nResult: gain [Ruling bonus] CP\n"
        );
        assert_eq!(codes(&check(&text)), ["rules::check::dice_ruling"]);
    }

    #[test]
    fn a_procedure_grade_cap_that_ignores_the_ruling_says_it_wins() {
        let procedure = "\ncheck Pool\nMethod: pool\nDice: 3d10\nModifier: each die\n\
                         Success: >= [Threshold]\n";
        let text =
            format!("{SYSTEM}Ruling grade cap: 4\nDefault check: Pool\n{procedure}Grade cap: 3\n");
        let diagnostics = check(&text);
        assert_eq!(codes(&diagnostics), ["rules::check::shadowed_ruling"]);
        assert_eq!(
            diagnostics[0].message,
            "check `Pool`'s own `Grade cap:` line wins over `Ruling grade cap`"
        );
        assert_eq!(
            diagnostics[0].help.as_deref(),
            Some("write `Grade cap: [Ruling grade cap]` to follow the ruling")
        );
        let following = format!(
            "{SYSTEM}Ruling grade cap: 4\nDefault check: Pool\n{procedure}Grade cap: [Ruling grade cap]\n"
        );
        assert!(check(&following).is_empty());
    }

    #[test]
    fn a_ruling_name_with_a_connecting_word_is_quoted_and_printed_back_bare_on_its_line() {
        let text = format!(
            "{SYSTEM}Ruling XP per level: 50\n\npower Boost\nTarget: Self\n\
             Result: gain [Ruling \"XP per level\"] CP\n"
        );
        assert!(check(&text).is_empty());
        let mut sources = SourceMap::new();
        let (file, _) = crate::parse::parse_source(&mut sources, "t.rules", &text);
        let printed = crate::model::format_file(&file);
        assert!(printed.contains("Ruling XP per level: 50"), "{printed}");
        assert!(printed.contains("gain [Ruling \"XP per level\"] CP"), "{printed}");
        let unquoted = text.replace("[Ruling \"XP per level\"]", "[Ruling XP per level]");
        let (_, parsed) = crate::parse::parse_source(&mut SourceMap::new(), "t.rules", &unquoted);
        assert_eq!(
            parsed[0].help.as_deref(),
            Some(
                "a ruling whose name holds a lower-case connecting word is written in quotes: `Ruling \"XP per level\"`"
            )
        );
    }
}
