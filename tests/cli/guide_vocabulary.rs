//! The guide's vocabulary chapter (`docs/src/vocabulary.md`) is generated from the tables
//! the parser and `check` read — the block kinds (`model::BLOCK_KINDS`), each kind's label
//! table (`model::labels`), the effect verbs (`model::verbs`), the rulings the engine reads
//! (`EngineRuling`), the hook events, the keyword rules and the timing tables
//! (`model::timing`: durations, reset moments, trait and condition triggers) — so the
//! reference cannot drift from the language. Regenerate with `INSTA_UPDATE=always cargo test
//! --test cli guide_vocabulary` and review the diff.

use std::fmt::Write;

use mythforge::model::entity::MODIFIER_FORMS;
use mythforge::model::labels::{
    ActorLabel, ArmourLabel, ConditionLabel, LabelForm, Labels, PowerLabel, ProcedureLabel,
    SystemLabel, TraitLabel, WeaponLabel,
};
use mythforge::model::power_rules::KeywordRule;
use mythforge::model::timing::{
    CONDITION_MOMENTS, ConditionMoment, MOMENTS, TRAIT_TRIGGERS, UNITS, UNTILS,
};
use mythforge::model::{BLOCK_KINDS, BlockKind, TraitKind, hook::HookEvent, system::EngineRuling};
use mythforge::model::{Method, verbs::EffectVerb};

/// The documented name of a kind's label table.
fn table<L: Labels>() -> String {
    let mut text = String::from("| label | also written | form | says |\n|---|---|---|---|\n");
    for label in L::ALL {
        let info = label.info();
        let written = match info.form {
            LabelForm::Plain => format!("`{}:`", info.text),
            LabelForm::Named => format!("`{} <name>:`", info.text),
            LabelForm::PlainOrNamed => format!("`{}:` or `{} <name>:`", info.text, info.text),
        };
        let aliases: Vec<String> = info.aliases.iter().map(|alias| format!("`{alias}`")).collect();
        let form = match info.form {
            LabelForm::Plain => "plain",
            LabelForm::Named => "named",
            LabelForm::PlainOrNamed => "plain or named",
        };
        let _ = writeln!(
            text,
            "| {written} | {} | {form} | {} |",
            aliases.join(", "),
            info.summary.replace('|', "\\|")
        );
    }
    text
}

/// The chapter, from the tables.
fn markdown() -> String {
    let mut text = String::from(
        "<!-- Generated from the vocabulary tables in src/model by `INSTA_UPDATE=always cargo \
         test --test cli guide_vocabulary`; do not edit by hand. -->\n\n# Vocabulary\n\nEvery \
         word the rule language gives a meaning to, read from the same tables the parser and \
         `mythforge check` use. The [rule language](language.md) chapter explains them with \
         examples; a label a block kind does not list here is an error that lists these.\n\n\
         ## Block kinds\n\nA block starts with a header line, `KIND Name`.\n\n\
         | header | is |\n|---|---|\n",
    );
    for entry in BLOCK_KINDS {
        let also: Vec<String> = entry.also.iter().map(|word| format!("`{word}`")).collect();
        let also =
            if also.is_empty() { String::new() } else { format!(" (also {})", also.join(", ")) };
        let _ = writeln!(text, "| `{}` | {}{also} |", entry.word, entry.summary);
    }
    let sections: [(&str, &str, String); 8] = [
        ("system", "`system`", table::<SystemLabel>()),
        ("check", "`check` (a check procedure)", table::<ProcedureLabel>()),
        ("power", "`power`", table::<PowerLabel>()),
        (
            "trait",
            "`trait`, `feat`, `item`, `relationship`, `stance`, `upgrade`",
            table::<TraitLabel>(),
        ),
        ("condition", "`condition`", table::<ConditionLabel>()),
        ("actor", "`actor`", table::<ActorLabel>()),
        ("weapon", "`weapon`", table::<WeaponLabel>()),
        ("armour", "`armour`", table::<ArmourLabel>()),
    ];
    for (_, title, labels) in &sections {
        let _ = write!(text, "\n## Lines of {title}\n\n{labels}");
    }
    text.push_str(
        "\nA plain label is written alone (`Cost:`), a named one with a name after it \
         (`Resource HP:`).\n\n## Check methods\n\nThe values of a `check` block's `Method:` \
         line.\n\n| method |\n|---|\n",
    );
    for (_, method) in Method::ALL {
        let _ = writeln!(text, "| `{method}` |");
    }
    text.push_str("| `script f` (a script function rolls the check) |\n");
    text.push_str(
        "\n## Effect phrases\n\nWhat `Result`, `Effect`, `Before`, `After` and `Add` lines \
         run, joined by `;`, `,` or `and`. Any other text is narration: logged, not run, and \
         `check` warns about it.\n\n| phrase | example |\n|---|---|\n",
    );
    for verb in EffectVerb::ALL {
        let _ = writeln!(text, "| `{}` | `{}` |", verb.shape(), verb.example());
    }
    text.push_str(
        "\n## Rulings the engine reads\n\nA system's `Ruling <name>:` lines are named values \
         brackets read (`[Ruling grade cap]`); these the engine reads itself.\n\n\
         | ruling | the engine reads it as |\n|---|---|\n",
    );
    for ruling in EngineRuling::ALL {
        let _ = writeln!(text, "| `Ruling {}` | {} |", ruling.name(), ruling.meaning());
    }
    text.push_str(
        "\n## Script hooks\n\nA system's `On <event>: function` lines (see \
         [Scripting](scripting.md)).\n\n| line |\n|---|\n",
    );
    for (_, words) in HookEvent::ALL {
        let _ = writeln!(text, "| `On {words}:` |");
    }
    text.push_str(
        "\n## Keyword rules\n\nA system's `Keyword <Keyword>: <rule>` lines.\n\n\
         | rule |\n|---|\n",
    );
    for (_, words) in KeywordRule::ALL {
        let _ = writeln!(text, "| `{words}` |");
    }
    text.push_str(
        "\n## Modifier forms\n\nThe entries of a condition's (or armour's) `Modifiers:` \
         line, joined by `,`; `N` and brackets (`+[N] Defense`) may stand for a number.\n\n\
         | form | what it does |\n|---|---|\n",
    );
    for (example, meaning) in MODIFIER_FORMS {
        let _ = writeln!(text, "| `{example}` | {meaning} |");
    }
    timing(&mut text);
    text
}

/// The timing tables: durations, reset moments, trait triggers and condition moments.
fn timing(text: &mut String) {
    let quoted = |before: &str, words: &[&str]| {
        let all: Vec<String> = words.iter().map(|w| format!("`{before}{w}`")).collect();
        all.join(", ")
    };
    text.push_str(
        "\n## Durations\n\nHow long an applied condition lasts, written after the `apply` \
         (`apply Dazed to Target until end of turn`), else on the condition's `Duration:` \
         line; with neither it lasts until removed. The session's `apply` takes the same \
         words; the GM has no turn of its own, so there every turn named is the holder's. \
         The user is who applied the condition.\n\n| written | lasts |\n|---|---|\n",
    );
    for (unit, words) in UNITS {
        let _ = writeln!(text, "| `for N {}` | {} |", words[0], unit.meaning());
    }
    for (until, words) in UNTILS {
        let _ = writeln!(text, "| {} | {} |", quoted("until ", words), until.meaning());
    }
    text.push_str(
        "\n## Reset moments\n\nWhen a resource's rules on its system line run: `reset to N \
         at MOMENT`, `gain N at MOMENT`, `lost at MOMENT` (`the`, `each` and `every` may be \
         written: `at the start of each round`). They run for the participants of the \
         encounter, never for an actor outside it.\n\n| written | runs when |\n|---|---|\n",
    );
    for (moment, words) in MOMENTS {
        let _ = writeln!(text, "| {} | {} |", quoted("", words), moment.meaning());
    }
    text.push_str(
        "\n## Trait triggers\n\nA trait's `Trigger:` line: its `Effect:` runs for the \
         holder each time the event happens to it. `<Resource>` is a resource name.\n\n\
         | trigger |\n|---|\n",
    );
    for trigger in TRAIT_TRIGGERS {
        let _ = writeln!(text, "| `{trigger}` |");
    }
    text.push_str(
        "\n## Condition moments\n\nA condition's `Trigger:` line: when its `Effect:` lines \
         run on the holder (without a `Trigger:`, at its start phase); `or` joins two. The \
         hex is where the condition lies as terrain (`square` and `cell` may be written).\n\n\
         | trigger | runs |\n|---|---|\n",
    );
    for (words, moment) in CONDITION_MOMENTS {
        let runs = match moment {
            ConditionMoment::Start => "at the holder's start phase",
            ConditionMoment::End => "at the holder's end phase",
            ConditionMoment::Enter => "on whoever enters the hex (placed, walking, pushed)",
        };
        let _ = writeln!(text, "| `{words}` | {runs} |");
    }
}

#[test]
fn the_vocabulary_chapter_is_the_tables() {
    // Every header word names a kind, and every kind has a word (a new kind fails here).
    for entry in BLOCK_KINDS {
        let (word, kind) = (entry.word, entry.kind);
        match kind {
            BlockKind::System
            | BlockKind::Power
            | BlockKind::Condition
            | BlockKind::Actor
            | BlockKind::Weapon
            | BlockKind::Armour
            | BlockKind::Check => assert_eq!(kind.to_string(), word),
            BlockKind::Trait(
                TraitKind::Trait
                | TraitKind::Feat
                | TraitKind::Item
                | TraitKind::Relationship
                | TraitKind::Stance
                | TraitKind::Upgrade,
            ) => assert_eq!(kind.to_string(), word),
        }
    }
    for (method, words) in Method::ALL {
        assert_eq!(Method::parse(words), Some(method), "{words}");
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/vocabulary.md");
    let text = markdown();
    if std::env::var("INSTA_UPDATE").is_ok_and(|value| value == "always") {
        std::fs::write(&path, &text).expect("written");
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == text,
        "docs/src/vocabulary.md is not the tables: regenerate with INSTA_UPDATE=always cargo \
         test --test cli guide_vocabulary"
    );
    for label in PowerLabel::ALL {
        assert!(text.contains(&format!("`{}:", label.info().text)), "{label:?}");
    }
}
