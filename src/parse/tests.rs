//! Grammar tests: for each sub-language entry rule, inputs that must be accepted whole and
//! inputs that must be rejected; plus lowering checks on canonical printing.

use pest::Parser;

use super::grammar::{Rule, RulesParser};

fn accepts(rule: Rule, text: &str) -> bool {
    RulesParser::parse(rule, text).is_ok()
}

fn assert_rule(rule: Rule, accepted: &[&str], rejected: &[&str]) {
    for text in accepted {
        assert!(accepts(rule, text), "{rule:?} should accept {text:?}");
    }
    for text in rejected {
        assert!(!accepts(rule, text), "{rule:?} should reject {text:?}");
    }
}

#[test]
fn file_accepts_blocks_comments_and_includes() {
    assert_rule(
        Rule::file,
        &[
            "",
            "# only a comment",
            "power Shield Bash\nCost: [Weapon + 1] CP\n",
            "power A\n\nCost: 1 CP\n\nResult: 2 damage # trailing\n",
            "include \"other.rules\"\n",
            "system S\nRuling grade cap: 3\r\n",
            "armor Plate\nValue: 3",
        ],
        &["Shield Bash\n", "power\n", "include other.rules\n", "Power Strike\n"],
    );
}

#[test]
fn expressions_accept_the_bracket_language() {
    assert_rule(
        Rule::expr_input,
        &[
            "Weapon + 1",
            "Weapon Reach",
            "Target's Defense",
            "floor(Max HP / 4) + Sturdiness",
            "Weapon * 2.5",
            "-Grade",
            "min(Grade, 3)",
            "HP <= Max HP / 2",
            "(Tier + 1) * 2",
            "aid_bonus()",
        ],
        &["Weapon +", "1 +* 2", "(Tier", "Target's", "2..5", "a >= b >= c", ""],
    );
}

#[test]
fn effects_accept_the_vocabulary() {
    assert_rule(
        Rule::effects_input,
        &[
            "[Weapon + Grade] damage",
            "2d6 fire damage",
            "+[Tier+1] damage",
            "heal 5",
            "gain 2 CP and lose 1 Sg",
            "spend 1 FP",
            "apply Protected 2 for 1 round",
            "apply Dazed to Target until end of turn",
            "Target is Dazed until end of turn",
            "remove Grabbed from Self",
            "Walk up to [Speed + 1] hexes",
            "push Target 2",
            "script bonus(Grade, 2)",
            "apply Ongoing 5 Fire Damage; heal 2",
            "put Bar Table in front of Target",
            "put \"Bar Table\" in front of Self; gain 1 CP",
        ],
        &[
            "the door opens",
            "damage",
            "heal",
            "apply",
            "gain CP",
            "put Bar Table",
            "put in front of Self",
            "put Bar Table in front of",
        ],
    );
}

#[test]
fn targets_costs_and_requirements() {
    assert_rule(
        Rule::target_input,
        &[
            "Self",
            "Enemy in [Weapon Reach]",
            "Up to 3 allies in 5",
            "All enemies within 3",
            "Burst 2 within 10",
            "Cone 3",
            "Burst 2 within 8 excluding Self",
            "Path 3 including self",
            "Burst 2 within 8 excluding allies",
            "Burst 1 excluding enemies including Self",
            "Cone 2 including Self excluding Enemies",
            "you or an ally in 3",
        ],
        &["in 5", "Up to allies", "Burst 2 excluding", "Burst 2 excluding friends"],
    );
    assert_rule(
        Rule::cost_input,
        &["2 Sg", "[Weapon + 1] CP", "1 CP + 1 Sg", "1 CP and 2 Sg"],
        &["CP", "2", "free"],
    );
    assert_rule(
        Rule::condition_input,
        &[
            "an enemy moves adjacent to you",
            "[HP <= 0]",
            "Target has Prone",
            "you are Dazed or [Grade >= 2]",
            "Target has keyword Construct",
        ],
        &["", "and"],
    );
}

#[test]
fn declarations() {
    assert_rule(
        Rule::name_list_input,
        &[
            "Aim, Damage, Defense",
            "Start, Reset CP, Action",
            "Bastion of Defense, Interpose",
            "Learning from Failure",
            "Captain's Flail",
            "\"Fate for Combat Points\", Sleep",
        ],
        &["", "Aim,, Damage", "\"unterminated, Sleep", "Aim, Damage ]"],
    );
    assert_rule(
        Rule::effects_input,
        &["apply \"Bastion of Defense\" to Self"],
        &["apply \"\" to Self"],
    );
    assert_rule(
        Rule::assignments_input,
        &["Strength 2, Finesse -1", "HP [Max HP]"],
        &["Strength", "2 Strength"],
    );
    assert_rule(Rule::grades_input, &["0 Fail, 1 Low, 2 Medium, 3 High"], &["Fail 0"]);
    assert_rule(
        Rule::modifiers_input,
        &["+1 Attack", "-5 Defense, +[N] Speed", "Speed = 1", "damage * 0.5 round up"],
        &["Attack", "1 Attack"],
    );
    assert_rule(
        Rule::stacking_input,
        &[
            "never stacks with itself; longest duration wins",
            "never",
            "per damage type",
            "adds",
            "largest",
        ],
        &["sometimes"],
    );
    assert_rule(
        Rule::resource_input,
        &[
            "reset to 6 at turn start; lost at end of encounter",
            "no max",
            "max [Max HP]",
            "gain 1 at round start",
            "start 0",
        ],
        &["reset 6"],
    );
    assert_rule(
        Rule::dice_template_input,
        &["[Tier + 2]d10", "{[Pool]d10+[Modifier]}cs>=[Threshold]", "d12"],
        &["[Tier + ]d10"],
    );
    assert_rule(Rule::comparison_input, &[">= [Threshold]", "<= 12"], &["12", "=> 3"]);
    assert_rule(
        Rule::check_input,
        &[
            "[Attack + Strength]",
            "[Attack] using Grade Roll",
            "Influence + Trickery",
            "[Defense + Health] by Target",
            "Defense + Health by Target",
            "[Will] using Grade Roll by Self",
            "[Blades] versus [Clubs] using Duel",
            "[max(Blades, Clubs)] versus [Dodging + 1]",
        ],
        &[
            "using X",
            "[Defense] by Enemy",
            "[Defense] byTarget",
            "[Blades] versus Clubs",
            "[Blades] versus",
            "[Blades] using Duel versus [Clubs]",
        ],
    );
    assert_rule(
        Rule::duration_input,
        &["for 2 rounds", "until end of turn"],
        &["2 rounds", "for rounds"],
    );
}

#[test]
fn grammar_has_no_exponential_backtracking_on_long_lines() {
    // No timer: under the process-wide pest call limit, runaway backtracking fails with
    // "call limit reached". Each long line must get its ordinary answer instead.
    super::install_parser_limits();
    let answer = |rule: Rule, text: &str| match RulesParser::parse(rule, text) {
        Ok(_) => Ok(()),
        Err(error) => Err(error.to_string()),
    };
    let words = "word ".repeat(20_000);
    for (rule, accepted) in
        [(Rule::effects_input, false), (Rule::condition_input, false), (Rule::target_input, true)]
    {
        match answer(rule, &words) {
            Ok(()) => assert!(accepted, "{rule:?} accepted 20,000 bare words"),
            Err(message) => {
                assert!(!message.contains("call limit"), "{rule:?} backtracked: {message}");
                assert!(!accepted, "{rule:?} rejected 20,000 bare words: {message}");
            }
        }
    }
    let parens = format!("{}1{}", "(".repeat(60), ")".repeat(60));
    assert!(accepts(Rule::expr_input, &parens));
}

#[test]
fn every_rule_has_a_human_name() {
    for rule in
        [Rule::notation, Rule::header, Rule::expr, Rule::effect, Rule::cost_input, Rule::EOI]
    {
        let name = super::rule_name(rule);
        assert!(!name.is_empty() && !name.contains('_'), "{rule:?} -> {name}");
    }
    assert_eq!(super::rule_name(Rule::notation), "a notation line such as `Cost: 2 CP`");
}

#[test]
fn a_misspelt_named_label_is_suggested_with_its_name() {
    let text = "system T\nResource HP: no max\nLayerd Body: HP\nLayered Body: HP\n";
    let (_, diagnostics) =
        super::parse_source(&mut crate::diagnostics::SourceMap::new(), "t.rules", text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let help = diagnostics[0].help.as_deref().unwrap();
    assert!(help.starts_with("did you mean `Layered Body`? a system block has Stats, "), "{help}");
    assert!(help.contains("Layered <name>") && help.contains("Ruling <name>"), "{help}");
}

#[test]
fn a_line_another_block_kind_takes_is_refused_with_its_article() {
    let text = "actor Ana\nSkill: 2\n\nupgrade Keen\nRange: 3\n";
    let (_, diagnostics) =
        super::parse_source(&mut crate::diagnostics::SourceMap::new(), "t.rules", text);
    let messages: Vec<(&str, &str)> =
        diagnostics.iter().map(|d| (d.message.as_str(), d.labels[0].message.as_str())).collect();
    assert_eq!(
        messages,
        [
            ("`Skill` is not a line of an actor block", "not an actor line"),
            ("`Range` is not a line of an upgrade block", "not an upgrade line"),
        ]
    );
    let help = diagnostics[0].help.as_deref().unwrap();
    assert!(help.starts_with("an actor block has Stats, "), "{help}");
}

#[test]
fn a_misspelt_block_kind_gets_a_did_you_mean() {
    let mut sources = crate::diagnostics::SourceMap::new();
    let text = "system S\n\npowr Shield Bash\nCost: 1 CP\n\nPower Strike\n\nShield Bash\n";
    let (_, diagnostics) = super::parse_source(&mut sources, "kinds.rules", text);
    let found: Vec<(&str, &str, Option<&str>)> = diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.message.as_str(), d.help.as_deref()))
        .collect();
    assert_eq!(
        found[0],
        ("rules::parse::unknown_kind", "unknown block kind `powr`", Some("did you mean `power`?"))
    );
    let at = text.find("powr").unwrap();
    assert_eq!(diagnostics[0].primary_span().range(), at..at + "powr".len());
    assert_eq!(found.len(), 1, "pest stops at the first line it cannot read: {found:?}");
    for (line, close) in [("Power Strike", "power"), ("armr Plate", "armor")] {
        let (_, diagnostics) = super::parse_source(&mut sources, "kinds.rules", line);
        assert_eq!(
            diagnostics[0].help.as_deref(),
            Some(format!("did you mean `{close}`?").as_str())
        );
    }
    // A line close to no kind is still neither a header nor a notation line.
    let (_, diagnostics) = super::parse_source(&mut sources, "kinds.rules", "Shield Bash\n");
    assert_eq!(diagnostics[0].message, "this line is neither a block header nor a notation line");
}
