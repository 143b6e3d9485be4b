//! Upgrades modifying a power before it runs (signed Add, Add effects, Replace/With), weapon
//! keywords merged into a power's keywords, and `Limit:` lines with their diagnostics,
//! resets and undo: on the Mestezia pack and small packs given as text, with forced dice.

use mythforge::diagnostics::{RenderStyle, ToDiagnostic, render};
use mythforge::engine::Event;
use mythforge::runtime::{Game, PowerUse, RuntimeErrorKind};

use crate::common::packs::mestezia as pack_game;
use crate::common::resource;

fn set(game: &mut Game, actor: &str, name: &str, value: i64) {
    let resource = game.world_mut().actor_mut(actor).unwrap().resources.get_mut(name).unwrap();
    resource.current = value;
    resource.max = resource.max.map(|max| max.max(value));
}

fn give_trait(game: &mut Game, actor: &str, name: &str) {
    game.world_mut().actor_mut(actor).unwrap().traits.push(name.to_string());
}

/// `actor` uses `power` on `target` with `weapon`.
fn armed(actor: &str, power: &str, target: &str, weapon: &str) -> PowerUse {
    let mut request = PowerUse::new(actor, power).at([target]);
    request.options.weapon = Some(weapon.to_string());
    request
}

fn charge(weapon: &str) -> PowerUse {
    armed("Itzel", "Berserker Charge", "The Inquisitor", weapon)
}

#[test]
fn heavy_follow_through_replaces_the_result_line_and_the_log_names_it() {
    let mut game = pack_game(&["Itzel", "The Inquisitor"]);
    give_trait(&mut game, "Itzel", "Heavy Follow-through");
    let (before, mark) = (resource(&game, "The Inquisitor", "HP"), game.mark());
    // Attack 3 + Strength 3: 9, 8, 7 -> High against Defense 12.
    game.world_mut().roller.force([9, 8, 7]);
    let outcome = game.use_power(&charge("Maquahuitl")).unwrap();
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(resource(&game, "The Inquisitor", "HP"), before - 18, "12 + Grade 3 + Strength 3");
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains(
            "Itzel's Heavy Follow-through modifies Berserker Charge: `Result: [Weapon + Grade] \
             damage` becomes `Result: [Weapon + Grade + Strength] damage`"
        ),
        "{transcript}"
    );
}

#[test]
fn an_upgrade_selects_by_the_weapons_keywords_and_its_limit_counts_once_per_turn() {
    let mut game = pack_game(&["Itzel", "The Inquisitor"]);
    give_trait(&mut game, "Itzel", "Obsidian Edge");
    // `with weapon` names a weapon the user has equipped.
    game.world_mut().actor_mut("Itzel").unwrap().equipment.push("Tepoztopilli".into());
    let hp = resource(&game, "The Inquisitor", "HP");
    // The Maquahuitl is Obsidian: `Obsidian Attacks` selects the charge, +1 damage.
    game.world_mut().roller.force([9, 8, 7]);
    game.use_power(&charge("Maquahuitl")).unwrap();
    assert_eq!(resource(&game, "The Inquisitor", "HP"), hp - 16, "12 + 3 + 1");
    // The Tepoztopilli is not: 8 + 3, no bonus.
    set(&mut game, "Itzel", "CP", 20);
    game.world_mut().roller.force([9, 8, 7]);
    game.use_power(&charge("Tepoztopilli")).unwrap();
    assert_eq!(resource(&game, "The Inquisitor", "HP"), hp - 16 - 11);

    // In an encounter the upgrade applies once per turn, then again next turn.
    set(&mut game, "The Inquisitor", "Max HP", 60);
    set(&mut game, "The Inquisitor", "HP", 60);
    game.world_mut().roller.force([10, 1]);
    let order = game.start_encounter(&["Itzel", "The Inquisitor"]).unwrap();
    assert_eq!(order, ["Itzel", "The Inquisitor"]);
    for expected in [60 - 16, 60 - 16 - 15] {
        set(&mut game, "Itzel", "CP", 20);
        game.world_mut().roller.force([9, 8, 7]);
        game.use_power(&charge("Maquahuitl")).unwrap();
        assert_eq!(resource(&game, "The Inquisitor", "HP"), expected);
    }
    // Attacks only on their user's own turn (`Keyword Charge: only on own turn`): through
    // The Inquisitor's turn on to Itzel's next one.
    let acting =
        |game: &Game| game.world().encounter.as_ref().unwrap().acting().unwrap().name.clone();
    while acting(&game) == "Itzel" {
        game.next_turn().unwrap();
    }
    while acting(&game) != "Itzel" {
        game.next_turn().unwrap();
    }
    set(&mut game, "Itzel", "CP", 20);
    game.world_mut().roller.force([9, 8, 7]);
    game.use_power(&charge("Maquahuitl")).unwrap();
    assert_eq!(resource(&game, "The Inquisitor", "HP"), 60 - 16 - 15 - 16, "a new turn");
}

#[test]
fn a_signed_add_increases_each_damage_and_an_unsigned_add_appends_its_effect() {
    let mut game = pack_game(&["Xochitl", "Enrique"]);
    let hp = resource(&game, "Enrique", "HP");
    // Thunderclap (Sound): Attack 2 + Physics 2: 10, 10, 9 vs Defense 11 -> High, 2 * 3
    // sound damage, +[Tier + 1] = 2 from Clockwork Engineer Typed.
    game.world_mut().roller.force([10, 10, 9]);
    let outcome = game.use_power(&PowerUse::new("Xochitl", "Thunderclap").at(["Enrique"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(resource(&game, "Enrique", "HP"), hp - 8, "2 * 3 + 2");

    // Fever Cloud (Toxin): Lingering Venom's `Add: apply Ongoing 1 Toxin ...` is appended
    // to the first Result line, so it lands at grade 1, where the power's own is Ongoing 1
    // too; the Add's lasts 1 round, and a condition never stacks with itself.
    set(&mut game, "Xochitl", "CP", 20);
    set(&mut game, "Xochitl", "Sg", 5);
    game.world_mut().roller.force([10, 1, 1]);
    let mark = game.mark();
    let outcome = game.use_power(&PowerUse::new("Xochitl", "Fever Cloud").at(["Enrique"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains(
            "Xochitl's Lingering Venom modifies Fever Cloud: adds `Target is Ongoing 1 Toxin for \
             1 round`"
        ),
        "{transcript}"
    );
    let enrique = game.world().actor("Enrique").unwrap();
    let ongoing: Vec<Option<i64>> = enrique.conditions.named("Ongoing").map(|c| c.n).collect();
    assert_eq!(ongoing, [Some(1)]);
}

#[test]
fn deep_slumber_replaces_sleeps_grade_3_line_with_a_two_round_unconscious() {
    let mut game = pack_game(&["Xochitl", "Enrique"]);
    give_trait(&mut game, "Xochitl", "Deep Slumber");
    game.world_mut().roller.force([9, 8, 7]);
    game.use_power(&PowerUse::new("Xochitl", "Sleep").at(["Enrique"])).unwrap();
    let enrique = game.world().actor("Enrique").unwrap();
    let unconscious: Vec<_> = enrique.conditions.named("Unconscious").collect();
    assert_eq!(unconscious.len(), 1);
    assert_eq!(unconscious[0].duration, mythforge::engine::Expiry::Rounds(2));
}

fn fate_encounter() -> Game {
    let mut game = pack_game(&["Itzel", "The Inquisitor"]);
    set(&mut game, "Itzel", "FP", 3);
    game.world_mut().roller.force([10, 1]);
    game.start_encounter(&["Itzel", "The Inquisitor"]).unwrap();
    game
}

#[test]
fn the_fate_exchange_is_limited_to_once_per_turn_across_both_powers() {
    let mut game = fate_encounter();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    assert_eq!(resource(&game, "Itzel", "FP"), 2);
    let before = mythforge::engine::to_json(game.world()).unwrap();
    let error = game.use_power(&PowerUse::new("Itzel", "Fate Exchange Sg")).unwrap_err();
    assert!(matches!(error.kind, RuntimeErrorKind::LimitReached(_)));
    assert_eq!(
        error.to_string(),
        "Itzel cannot use Fate Exchange Sg again: limited to once per turn, shared by Fate; \
         used by Fate Exchange CP in round 1, Itzel's turn"
    );
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::limit_reached");
    let rendered = render(&diagnostic, game.sources(), RenderStyle::Plain);
    assert!(rendered.contains("powers_utility.rules:30:1"), "{rendered}");
    assert!(rendered.contains("the count starts again at the end of the turn"), "{rendered}");
    assert_eq!(mythforge::engine::to_json(game.world()).unwrap(), before, "nothing changed");

    // The next turn (the Inquisitor's) resets the count.
    game.next_turn().unwrap();
    game.next_turn().unwrap();
    game.next_turn().unwrap();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange Sg")).unwrap();
    assert_eq!(resource(&game, "Itzel", "FP"), 1);
}

#[test]
fn undoing_a_limited_use_gives_the_use_back_and_out_of_encounters_nothing_counts() {
    let mut game = fate_encounter();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    game.undo().unwrap();
    assert_eq!(resource(&game, "Itzel", "FP"), 3);
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange Sg")).unwrap();
    assert_eq!(resource(&game, "Itzel", "FP"), 2);

    game.end_encounter().unwrap();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    assert_eq!(resource(&game, "Itzel", "FP"), 0);
}

#[test]
fn limit_counts_survive_save_and_an_old_save_without_them_loads() {
    let mut game = fate_encounter();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    let json = mythforge::engine::to_json(game.world()).unwrap();
    let restored = mythforge::engine::from_json(&json, "save.json").unwrap();
    let limits = &restored.encounter.as_ref().unwrap().limits;
    assert_eq!(limits.len(), 1);
    assert_eq!((limits[0].key.as_str(), limits[0].count), ("shared: Fate", 1));
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let encounter = value["world"]["encounter"].as_object_mut().unwrap();
    assert!(encounter.remove("limits").is_some(), "the field was saved");
    let old = serde_json::to_string(&value).unwrap();
    let loaded = mythforge::engine::from_json(&old, "old.json").unwrap();
    assert!(loaded.encounter.unwrap().limits.is_empty());
}

const SMALL: &str = "\
system Small
Stats: Attack, Defense, Tier
Resource HP: max 40
Resource CP: start 10

weapon Axe
Cost: 1
Reach: 1
Damage: 5
Keywords: Heavy Blade

weapon Club
Cost: 1
Reach: 1
Damage: 4
Keywords: Blunt

power Cleave
Cost: 1 CP
Target: Enemy in 1
Result: [Weapon + Grade] damage
Limit: twice per round
Keywords: Melee [Weapon] Charge

upgrade Heavy Blades
To: Heavy Blade Charge
Add: +2 damage
While: [Tier >= 1]
";

fn small(extra: &str) -> Result<Game, Vec<mythforge::diagnostics::Diagnostic>> {
    let mut game = Game::new(3);
    let text = format!("{SMALL}\n{extra}");
    game.load_source("small.rules", &text)?;
    game.add_actor("Hero", None, &[("Tier", 1), ("CP", 10)]).unwrap();
    game.add_actor("Foe", None, &[]).unwrap();
    set(&mut game, "Foe", "HP", 40);
    let hero = game.world_mut().actor_mut("Hero").unwrap();
    hero.powers.push("Cleave".into());
    hero.traits.push("Heavy Blades".into());
    hero.equipment = vec!["Axe".into(), "Club".into()];
    Ok(game)
}

fn cleave(weapon: &str) -> PowerUse {
    armed("Hero", "Cleave", "Foe", weapon)
}

#[test]
fn weapon_keywords_join_the_power_for_selectors_and_while_gates_the_upgrade() {
    let mut game = small("").unwrap();
    // Axe: Melee, Heavy, Blade, Charge, so `Heavy Blade Charge` selects it: 5 + 1 + 2.
    game.use_power(&cleave("Axe")).unwrap();
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 8);
    // Club: Melee, Blunt, Charge: 4 + 1, no bonus.
    game.use_power(&cleave("Club")).unwrap();
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 8 - 5);
    // The While does not hold at Tier 0.
    game.world_mut().actor_mut("Hero").unwrap().stats.insert("Tier".into(), 0);
    game.use_power(&cleave("Axe")).unwrap();
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 8 - 5 - 6);
}

/// The narrations of `game`'s log from the `from`th event on, with their lines.
fn narrations(game: &Game, from: usize) -> Vec<(String, Option<mythforge::diagnostics::Span>)> {
    let events = game.world().log.iter().skip(from);
    events
        .filter_map(|event| match event {
            Event::Narration { cause, .. } => Some((event.describe(), cause.span())),
            _ => None,
        })
        .collect()
}

#[test]
fn out_of_an_encounter_a_limit_counts_nothing_and_the_log_says_so_once_at_its_line() {
    let mut game = small("").unwrap();
    // Twice per round, used three times: no round runs to count by. A standing fact, said
    // at the first use only.
    for _ in 0..3 {
        game.use_power(&cleave("Club")).unwrap();
    }
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 15);
    let said = narrations(&game, 0);
    assert_eq!(said.len(), 1, "{said:?}");
    let (text, span) = &said[0];
    assert_eq!(text, "Cleave: no encounter runs, so `Limit: twice per round` counts nothing");
    let location = game.sources().line_col(span.expect("a cause")).unwrap();
    assert_eq!((location.line, location.column), (22, 1), "the Limit line");
    // An encounter starts and ends: the next stretch out of encounters says it again, once.
    game.start_encounter(&["Hero", "Foe"]).unwrap();
    game.end_encounter().unwrap();
    let from = game.world().log.len();
    game.use_power(&cleave("Club")).unwrap();
    game.use_power(&cleave("Club")).unwrap();
    let said = narrations(&game, from);
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].0, "Cleave: no encounter runs, so `Limit: twice per round` counts nothing");
}

#[test]
fn a_limit_per_round_refuses_the_third_use_and_the_rounds_end_resets_it() {
    let mut game = small("").unwrap();
    game.start_encounter(&["Hero", "Foe"]).unwrap();
    let first = game.world().encounter.as_ref().unwrap().acting().unwrap().name.clone();
    game.use_power(&cleave("Club")).unwrap();
    game.use_power(&cleave("Club")).unwrap();
    let error = game.use_power(&cleave("Club")).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "Hero cannot use Cleave again: limited to twice per round; used by Cleave in round \
             1, {first}'s turn"
        )
    );
    let location = game.sources().line_col(error.span).unwrap();
    assert_eq!((location.line, location.column), (22, 1), "the Limit line");
    // Two turns of three phases end the round.
    for _ in 0..6 {
        game.next_turn().unwrap();
    }
    assert_eq!(game.world().encounter.as_ref().unwrap().round, 2);
    game.use_power(&cleave("Club")).unwrap();
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 15);
}

#[test]
fn check_reports_a_replace_matching_no_selected_power_and_a_with_without_replace() {
    let Err(errors) = small(
        "upgrade Misfit\nTo: Charge\nReplace: Result: [Weapon * 2] damage\n\
         With: [Weapon * 3] damage\n\nupgrade Lonely\nTo: Cleave\nWith: heal 2\n",
    ) else {
        panic!("the pack has errors");
    };
    let codes: Vec<&str> = errors.iter().map(|d| d.code.as_str()).collect();
    assert!(codes.contains(&"rules::check::replace_matches_nothing"), "{codes:?}");
    assert!(codes.contains(&"rules::check::with_without_replace"), "{codes:?}");
    let replace =
        errors.iter().find(|d| d.code == "rules::check::replace_matches_nothing").unwrap();
    assert_eq!(replace.message, "`Replace:` matches no line of the powers `Misfit` selects");
    let help = replace.help.as_deref().unwrap();
    assert!(help.ends_with("selected: Cleave"), "{help}");
}

#[test]
fn limit_lines_print_canonically_and_a_clock_the_engine_lacks_is_an_error() {
    let (file, diagnostics) = mythforge::parse::parse_source(
        &mut mythforge::diagnostics::SourceMap::new(),
        "limits.rules",
        "power P\nLimit: 3 times per round, shared by Fate\n\npower Q\nLimit: once per day\n\n\
         upgrade U\nTo: P\nAdd: +[Tier + 1] damage\nLimit: Once per Turn\n",
    );
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(diagnostics[0].message.contains("Limit"), "{}", diagnostics[0].message);
    let printed = mythforge::model::print::format_file(&file);
    assert!(printed.contains("Limit: 3 times per round, shared by Fate\n"), "{printed}");
    assert!(printed.contains("Add: +[Tier + 1] damage\nLimit: once per turn\n"), "{printed}");
}

#[test]
fn a_keyword_test_on_this_power_reads_the_weapons_keywords() {
    let brutal =
        "upgrade Brutal\nTo: Charge\nAdd: +10 damage\nWhile: this power has keyword Blunt\n";
    let mut game = small(brutal).unwrap();
    game.world_mut().actor_mut("Hero").unwrap().traits = vec!["Brutal".into()];
    // With the Club (Blunt) the While holds: 4 + 1 + 10; with the Axe it does not: 5 + 1.
    game.use_power(&cleave("Club")).unwrap();
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 15);
    game.use_power(&cleave("Axe")).unwrap();
    assert_eq!(resource(&game, "Foe", "HP"), 40 - 15 - 6);
}

#[test]
fn a_save_whose_counter_keys_have_no_kind_prefix_still_counts() {
    let mut game = fate_encounter();
    game.use_power(&PowerUse::new("Itzel", "Fate Exchange CP")).unwrap();
    let json = mythforge::engine::to_json(game.world()).unwrap();
    let old = json.replace("\"shared: Fate\"", "\"Fate\"");
    assert_ne!(old, json, "the key was saved with its prefix");
    *game.world_mut() = mythforge::engine::from_json(&old, "old.json").unwrap();
    let error = game.use_power(&PowerUse::new("Itzel", "Fate Exchange Sg")).unwrap_err();
    assert!(matches!(error.kind, RuntimeErrorKind::LimitReached(_)));
}

#[test]
fn a_power_and_a_keyword_of_the_same_name_count_apart() {
    let extra = "power Parry\nTarget: Self\nResult: gain 1 CP\nLimit: once per round, shared by \
                 Cleave\n";
    let mut game = small(extra).unwrap();
    game.world_mut().actor_mut("Hero").unwrap().powers.push("Parry".into());
    game.start_encounter(&["Hero", "Foe"]).unwrap();
    game.use_power(&cleave("Club")).unwrap();
    game.use_power(&cleave("Club")).unwrap();
    // Cleave's own count is used up; the keyword Cleave's is not.
    game.use_power(&PowerUse::new("Hero", "Parry")).unwrap();
    let error = game.use_power(&PowerUse::new("Hero", "Parry")).unwrap_err();
    assert!(matches!(error.kind, RuntimeErrorKind::LimitReached(_)));
}
