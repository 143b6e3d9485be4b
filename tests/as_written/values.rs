//! Issue "the values a rulebook needs": logic in brackets (comparisons, `and`/`or`/`not`,
//! `if`, exact fractions), dice terms and dice fields in brackets. Each value is asserted
//! with forced dice; each refusal with its code, message and the text it points at.

use mythforge::runtime::PowerUse;

use super::{game, one, refused, spanned};

/// `actor Ana` with Strength 3 and Agility 1, and a power `Probe` whose one line is `line`.
fn probe(line: &str) -> String {
    format!(
        "power Probe\nTarget: Self\n{line}\n\nactor Ana\nStats: Attack 4, Defense 10, Strength 3, \
         Agility 1\nResources: HP 20, Max HP 20, CP 0\nPowers: Probe\n"
    )
}

/// The CP `Ana` has after using `Probe` once with `forced` dice.
fn cp_after(line: &str, forced: &[u32]) -> i64 {
    let mut game = game(&probe(line));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.world_mut().roller.force(forced.iter().copied());
    game.use_power(&PowerUse::new("Ana", "Probe")).unwrap();
    assert_eq!(game.world().roller.forced().len(), 0, "every forced die was used");
    game.world().actor("Ana").unwrap().resources["CP"].current
}

#[test]
fn comparisons_and_logic_yield_one_or_zero() {
    let cases = [
        ("[Strength > 2]", 1),
        ("[Strength >= 4]", 0),
        ("[Strength == 3]", 1),
        ("[Strength != 3]", 0),
        ("[Strength < 4 and Agility > 0]", 1),
        ("[Strength < 2 or Agility > 1]", 0),
        ("[not Strength > 2]", 0),
        ("[not (Strength > 2 and Agility > 5)]", 1),
        // `and`/`or` read any value but 0 as true, and yield 1, not the value.
        ("[Strength and Agility]", 1),
        ("[5 * (Strength or 0)]", 5),
        ("[if(Strength > 2, 10, 1)]", 10),
        ("[if(Agility - 1, 10, 1)]", 1),
    ];
    for (expr, expected) in cases {
        assert_eq!(cp_after(&format!("Effect: gain {expr} CP"), &[]), expected, "{expr}");
    }
}

#[test]
fn division_is_exact_until_a_rounding_makes_it_whole() {
    let cases = [
        ("[ceil(2 / 3)]", 1),
        ("[floor(2 / 3)]", 0),
        ("[round(Strength / 2)]", 2),
        // Exact through the product: 7/2 * 2 is 7, where floor division gave 6.
        ("[(Strength + 4) / 2 * 2]", 7),
        // The line's own rounding (the system's `Rounding: floor`) makes 3/2 whole.
        ("[Strength / 2]", 1),
        ("[ceil(Strength * 2 / 4)]", 2),
    ];
    for (expr, expected) in cases {
        assert_eq!(cp_after(&format!("Effect: gain {expr} CP"), &[]), expected, "{expr}");
    }
}

#[test]
fn a_single_equals_is_refused_with_the_comparison_to_write() {
    let (errors, text) = refused(&probe("Effect: gain [if(Strength = 3, 1, 0)] CP"));
    let error = one(&errors, "rules::parse::expression");
    assert_eq!(error.message, "could not read this expression");
    let help = error.help.as_deref().unwrap_or_default();
    assert!(help.contains("equality is written `==`"), "{help}");
    let start = error.primary_span().range().start;
    assert_eq!((&text[start..start + 3], spanned(error, &text).1), ("= 3", 16));
}

#[test]
fn a_builtin_with_the_wrong_number_of_arguments_is_refused_by_check() {
    let (errors, text) = refused(&probe("Effect: gain [if(Strength > 2, 1)] CP"));
    let error = one(&errors, "rules::eval::arity");
    assert_eq!(error.message, "`if` takes 3 argument(s), got 2");
    assert_eq!(spanned(error, &text), ("if(Strength > 2, 1)", 16));
}

/// A pack whose `Swing` power deals `[line]` damage with a `Damage: 1d8` sword (no check).
fn sword(result: &str) -> String {
    format!(
        "weapon Sword\nDamage: 1d8\nReach: 1\n\npower Swing\nTarget: Enemy in 1\nEffect: {result}\n\n\
         actor Ana\nStats: Attack 4, Defense 10, Strength 3, Agility 1\nResources: HP 40, Max HP 40, \
         CP 0\nPowers: Swing\nEquipment: Sword\n"
    )
}

/// Bo's HP after Ana swings once with `forced` dice, and what the swing printed.
fn swing(result: &str, forced: &[u32]) -> (i64, String) {
    let mut game = game(&sword(result));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    let mark = game.mark();
    game.world_mut().roller.force(forced.iter().copied());
    game.use_power(&PowerUse::new("Ana", "Swing").at(["Bo"])).unwrap();
    assert_eq!(game.world().roller.forced().len(), 0, "every forced die was used");
    let hp = game.world().actor("Bo").unwrap().resources["HP"].current;
    (40 - hp, game.transcript_since(mark))
}

#[test]
fn dice_terms_in_brackets_roll_once_each_on_the_game_s_stream() {
    assert_eq!(swing("[1d8 + Strength] damage", &[5]).0, 8);
    // Each term rolls once: two terms, two dice.
    assert_eq!(swing("[1d8 + 1d8] damage", &[5, 2]).0, 7);
    // Any term of the notation: the highest three of four d6.
    assert_eq!(swing("[4d6kh3 - Agility] damage", &[6, 1, 5, 4]).0, 14);
    // A floor: `max(0, ...)`.
    assert_eq!(swing("[max(0, 1d4 - 10)] damage", &[3]).0, 0);
    // `if` rolls only the branch it takes.
    assert_eq!(swing("[if(Strength > 2, 2d6, 1d4)] damage", &[6, 6]).0, 12);
    // Each die is logged against the line that rolled it, forced faces marked.
    let (_, transcript) = swing("[1d8 + Strength] damage", &[5]);
    // One line per term: its dice and what it came to.
    assert_eq!(transcript.matches("Ana rolls 1d8 for effect: [5f] = 5").count(), 1, "{transcript}");
}

#[test]
fn a_dice_field_rolls_once_where_an_effect_reads_it() {
    // `[2 * Weapon Damage]`: the sword's 1d8 rolls once and doubles.
    let (damage, transcript) = swing("[2 * Weapon Damage] damage", &[6]);
    assert_eq!(damage, 12);
    assert_eq!(transcript.matches("Ana rolls 1d8").count(), 1, "{transcript}");
    assert_eq!(swing("[Weapon Damage + Strength - Target's Agility] damage", &[4]).0, 6);
    // Read twice, it rolls twice.
    assert_eq!(swing("[Weapon + Weapon] damage", &[4, 3]).0, 7);
    // The whole amount, as before.
    assert_eq!(swing("[Weapon] damage", &[7]).0, 7);
    assert_eq!(swing("1d8 damage", &[2]).0, 2);
}

#[test]
fn dice_on_a_line_that_never_rolls_are_refused_at_the_term() {
    for (line, term) in [
        ("Cost: [1d4] CP", "1d4"),
        ("Effect: gain 1 CP\nThreshold: [10 + 1d6]", "1d6"),
        ("Invest: [1d4]", "1d4"),
    ] {
        let (errors, text) = refused(&probe(line));
        let error = one(&errors, "rules::check::dice_not_rolled");
        assert_eq!(
            error.message,
            format!("`{term}` is dice, and this line is read as a number without rolling")
        );
        assert_eq!(spanned(error, &text).0, term, "{line}");
        let help = error.help.as_deref().unwrap_or_default();
        assert!(help.contains("dice roll in the amount of an effect"), "{help}");
    }
    let system_line = "system Extra\nDerived Guard: [1d6 + Agility]\n";
    let (errors, text) = refused(&format!("{system_line}\n{}", probe("Effect: gain 1 CP")));
    let error = one(&errors, "rules::check::dice_not_rolled");
    assert_eq!(spanned(error, &text), ("1d6", 15));
    // A weapon's dice read on a Cost line: nothing rolls there.
    let (errors, text) = refused(&sword("[Weapon] damage\nCost: [Weapon Damage] CP"));
    let error = one(&errors, "rules::check::weapon_dice_in_expression");
    assert_eq!(
        error.message,
        "this reads the weapon's Damage as a number, but `Sword`'s is dice (1d8)"
    );
    assert_eq!(spanned(error, &text).0, "Weapon Damage");
}

#[test]
fn a_bad_dice_term_is_a_parse_error_at_the_term() {
    let (errors, text) = refused(&probe("Effect: gain [1d0 + 1] CP"));
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].code.starts_with("dice::"), "{errors:#?}");
    assert_eq!(spanned(&errors[0], &text).1, 16);
}

/// A system with the two tables, and `probe(line)`.
fn tabled(line: &str) -> String {
    format!(
        "system Tables\nTable Skill Damage: <7 -3, 7-8 -2, 9-10 -1, 11-14 0, 15-17 +1, 18-20 +2, \
         >20 +3\nTable XP To Next Level: 1 110, 2 121, 3 133, 4 146, 5 161\n\n{}",
        probe(line)
    )
}

#[test]
fn a_table_reads_the_row_covering_its_argument() {
    let cp = |expr: &str| {
        let mut game = game(&tabled(&format!("Effect: gain [{expr} + 10] CP")));
        game.add_actor("Ana", Some("Ana"), &[]).unwrap();
        game.use_power(&PowerUse::new("Ana", "Probe")).unwrap();
        game.world().actor("Ana").unwrap().resources["CP"].current - 10
    };
    assert_eq!(cp("Skill Damage(Strength)"), -3);
    assert_eq!(cp("Skill Damage(Strength * 3)"), -1);
    assert_eq!(cp("Skill Damage(16)"), 1);
    assert_eq!(cp("Skill Damage(40)"), 3);
    assert_eq!(cp("Skill Damage(-5)"), -3);
    assert_eq!(cp("XP To Next Level(Strength) - 130"), 3);
    // A fraction is rounded by the system's rule first: 7/2 is 3.
    assert_eq!(cp("XP To Next Level(7 / 2) - 130"), 3);
}

#[test]
fn a_lookup_outside_the_rows_is_an_error_at_the_line_never_a_default() {
    let mut game = game(&tabled("Effect: gain [XP To Next Level(Strength * 2)] CP"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Probe")).unwrap_err();
    let (diagnostic, at) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "rules::eval::outside_table");
    assert_eq!(diagnostic.message, "the table `XP To Next Level` has no row for 6");
    assert_eq!(at, "XP To Next Level(Strength * 2)");
    assert_eq!(game.world().actor("Ana").unwrap().resources["CP"].current, 0);
    // Written as a constant, check refuses it before the game runs.
    let (errors, text) = refused(&tabled("Effect: gain [XP To Next Level(9)] CP"));
    let error = one(&errors, "rules::eval::outside_table");
    assert_eq!(error.message, "the table `XP To Next Level` has no row for 9");
    assert_eq!(spanned(error, &text), ("XP To Next Level(9)", 20));
}

#[test]
fn check_reports_gaps_overlaps_and_lookups_with_the_wrong_arity() {
    let system = "system Tables\nTable Bonus: <3 -1, 3-5 0, 8-9 1, 9-12 2, >12 3\n\n";
    let (errors, text) = refused(&format!("{system}{}", probe("Effect: gain [Bonus(1, 2)] CP")));
    let gap = one(&errors, "rules::check::table_gap");
    assert_eq!(gap.message, "the table `Bonus` has no row for 6-7");
    assert_eq!(spanned(gap, &text), ("8-9 1", 15));
    let overlap = one(&errors, "rules::check::table_overlap");
    assert_eq!(overlap.message, "two rows of the table `Bonus` cover 9");
    assert_eq!(spanned(overlap, &text).0, "9-12 2");
    let arity = one(&errors, "rules::eval::arity");
    assert_eq!(arity.message, "`Bonus` takes 1 argument(s), got 2");
    // A row that is not one is a parse error at the row.
    let system = "system Tables\nTable Bonus: <3 -1, 3 to 5 0\n\n";
    let (errors, text) = refused(&format!("{system}{}", probe("Effect: gain [Bonus(1)] CP")));
    let row = one(&errors, "rules::parse::unexpected");
    assert_eq!(row.message, "could not read this `Table Bonus` line");
    assert_eq!(spanned(row, &text).0, "3 to 5 0");
    // A table named like a function would never be read.
    let system = "system Tables\nTable max: 1 1\n\n";
    let (errors, _) = refused(&format!("{system}{}", probe("Effect: gain 1 CP")));
    one(&errors, "rules::check::table_name");
}
