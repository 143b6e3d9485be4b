//! Rows 5 and 10 of the issue: a procedure's `Roll:` line is what the engine rolls or is
//! refused (with the roll it makes), the procedure lines the engine would not run as
//! written are refused, `Modifier: none` takes no modifier, `by Target` runs on a d20
//! procedure, the Check lines a procedure cannot run are refused by `check`, and so is a
//! power's Threshold with no Check line to meet it.

use mythforge::runtime::{CheckRequest, PowerUse};

use super::{game, one, refused, spanned};

/// A second procedure, `Roller`, with `lines` after `Method: total`.
fn roller(lines: &str) -> String {
    format!("check Roller\nMethod: total\n{lines}\n")
}

fn ana() -> &'static str {
    "actor Ana\nStats: Attack 4, Defense 12\nResources: HP 20, Max HP 20\n"
}

/// Ana's check with `procedure`, the die forced to 15: its total.
fn total(rules: &str, procedure: &str) -> i64 {
    let mut game = game(&format!("{rules}\n{}", ana()));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.world_mut().roller.force([15]);
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec!["Attack".into()],
        threshold: 10,
        procedure: Some(procedure.into()),
        ..CheckRequest::default()
    };
    game.check(&request).unwrap().totals[0]
}

#[test]
fn a_roll_line_that_is_not_what_the_engine_rolls_is_refused_with_the_roll_it_makes() {
    let (errors, text) = refused(&roller("Dice: d20\nRoll: 1d20+100\nSuccess: >= [Threshold]"));
    let error = one(&errors, "rules::check::roll_mismatch");
    assert_eq!(
        error.message,
        "this `Roll` line is not what `Roller` rolls: the engine rolls \
         `1d20+[Modifier]>=[Threshold]`"
    );
    assert_eq!(spanned(error, &text), ("1d20+100", 17));
    let help = error.help.as_deref().unwrap();
    assert!(help.starts_with("write `Roll: 1d20+[Modifier]>=[Threshold]` or remove"), "{help}");
}

#[test]
fn a_roll_line_saying_the_engine_s_roll_is_accepted_and_rolled() {
    let written =
        roller("Dice: d20\nRoll: 1d20 + [Modifier] >= [Threshold]\nSuccess: >= [Threshold]");
    assert_eq!(total(&written, "Roller"), 19);
    // Without a comparison, and as the only dice line.
    assert_eq!(total(&roller("Roll: d20+[Modifier]"), "Roller"), 19);
}

#[test]
fn modifier_none_takes_no_modifier() {
    let none = roller("Dice: d20\nModifier: none\nSuccess: >= [Threshold]\nRoll: 1d20");
    assert_eq!(total(&none, "Roller"), 15);
    assert_eq!(total("", "D20"), 19);
}

#[test]
fn procedure_lines_the_engine_would_not_run_as_written_are_refused() {
    let cases = [
        (roller("Dice: 2d20"), "rules::check::not_one_die", "2d20", "write `Dice: d20`"),
        (
            roller("Dice: d20\nSuccess: > 10"),
            "rules::check::success_comparison",
            "Success: > 10",
            "write `Success: >= 10`",
        ),
        (
            "check Pool\nMethod: pool\nDice: 3d10\nModifier: each die\nSuccess: >= 8\n".into(),
            "rules::check::pool_success",
            "Success: >= 8",
            "write `Success: >= [Threshold]`",
        ),
        (
            "check Pool\nMethod: pool\nDice: 3d10\nModifier: total\nSuccess: >= [Threshold]\n"
                .into(),
            "rules::check::ignored_modifier",
            "Modifier: total",
            "write `Modifier: each die`",
        ),
    ];
    for (rules, code, at, help) in cases {
        let (errors, text) = refused(&rules);
        let error = one(&errors, code);
        assert_eq!(spanned(error, &text).0, at, "{rules}");
        assert!(error.help.as_deref().unwrap().starts_with(help), "{rules}: {error:?}");
    }
}

#[test]
fn a_threshold_without_a_check_to_meet_it_is_refused() {
    // Both kinds of Threshold line: without a Check line nothing rolls against either.
    for threshold in ["Threshold: 12", "Threshold: set by GM, default 12"] {
        let power = format!("power Probe\nTarget: Self\n{threshold}\nResult: gain 5 HP\n");
        let (errors, text) = refused(&power);
        let error = one(&errors, "rules::check::not_run");
        assert_eq!(
            error.message,
            "a power's `Threshold:` line is not run: this power has no `Check:` line, so \
             nothing rolls against it and every use applies its Result"
        );
        assert_eq!(spanned(error, &text).0, threshold);
        assert!(error.help.as_deref().unwrap().starts_with("add the check the threshold is for"));
    }
    // With the check it is for, the same power loads.
    game("power Probe\nTarget: Self\nThreshold: 12\nCheck: [Attack]\nResult: gain 5 HP\n");
}

const DUEL: &str = "\
check Duel
Method: versus
Dice: d20
Tie: defender
";

#[test]
fn a_two_sided_procedure_without_versus_is_refused_by_check() {
    let rules = format!("{DUEL}\npower Clash\nTarget: Enemy in 1\nCheck: [Attack] using Duel\n");
    let (errors, text) = refused(&rules);
    let error = one(&errors, "rules::check::one_sided");
    assert_eq!(error.message, "`Duel` compares two sides, but this check gives only one");
    assert_eq!(spanned(error, &text).0, "Check: [Attack] using Duel");
    assert_eq!(
        error.help.as_deref(),
        Some(
            "give the target's side after `versus`: `Check: [Attack] versus [Defense] using Duel`"
        )
    );
}

#[test]
fn by_target_with_a_procedure_a_target_cannot_roll_alone_is_refused_by_check() {
    let two_sided =
        format!("{DUEL}\npower Parry\nTarget: Enemy in 1\nCheck: [Defense] using Duel by Target\n");
    let (errors, text) = refused(&two_sided);
    let error = one(&errors, "rules::check::by_target");
    assert_eq!(error.message, "`by Target` cannot use `Duel`: `Duel` compares two sides");
    assert_eq!(spanned(error, &text).0, "Check: [Defense] using Duel by Target");
}

#[test]
fn by_target_on_a_d20_procedure_has_each_target_roll_its_own_defence() {
    let rules = format!(
        "power Fear\nTarget: Enemy in 5\nThreshold: 15\nCheck: [Defense] by Target\n\
         Result: 3 damage\n\n{}",
        ana()
    );
    let mut game = game(&rules);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    game.world_mut().actor_mut("Ana").unwrap().powers.push("Fear".into());
    // Bo rolls 2 + Defense 12 = 14 against 15: the defence fails (grade 0), and a defended
    // power lands at every grade.
    game.world_mut().roller.force([2]);
    let outcome = game.use_power(&PowerUse::new("Ana", "Fear").at(["Bo"])).unwrap();
    let target = &outcome.targets[0];
    assert_eq!((target.threshold, target.grade), (Some(15), 0));
    assert_eq!(
        target.names.as_slice(),
        [("Margin", -1), ("Natural", 2), ("Total", 14), ("Critical", 0)]
    );
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 17);
}
