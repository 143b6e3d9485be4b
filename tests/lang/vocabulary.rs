//! The vocabulary walk (issue 15): every entry of every table of the language — block kinds,
//! the labels each block kind accepts, effect verbs, modifier forms, the rulings the engine
//! reads, the reset moments, durations, trait triggers, condition moments, hook events,
//! keyword rules and check methods — has evidence that a line using it does what it says: a named runtime test that
//! runs it with asserted values, or a snippet `check` refuses with a diagnostic code. Shown
//! text (`Details:`) is the one exception. The timing tables and the hook events are run
//! wording by wording by a session in `vocabulary_timing.rs`. Session commands have their
//! own walk, over the command table (`src/session/table_tests.rs`).
//!
//! **To add a label, a verb, a modifier form or a ruling the engine reads:** add the table
//! entry, then its evidence in the `match` of its table here — the match is exhaustive, so
//! the crate does not compile until you do. Name the test that runs it (`Runs`), or give a
//! snippet `check` refuses (`Refused`). There is no third way: an entry the runtime does
//! not run yet is refused by `check` (`rules::check::not_run`, src/check/not_run.rs) until
//! it runs, so a line that checks clean always does what it says.
//!
//! The walk fails listing every missing piece at once: a named test that does not exist
//! (scanned as `#[test] fn NAME(` under tests/ and src/), a refusal snippet that checks
//! clean or refuses with another code.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::SourceMap;
use mythforge::model::entity::{MODIFIER_FORMS, Modifier};
use mythforge::model::hook::HookEvent;
use mythforge::model::labels::{
    ActorLabel, ArmourLabel, ConditionLabel, Labels, PowerLabel, ProcedureLabel, SystemLabel,
    TraitLabel, WeaponLabel,
};
use mythforge::model::power_rules::KeywordRule;
use mythforge::model::system::EngineRuling;
use mythforge::model::timing::{CONDITION_MOMENTS, MOMENTS, TRAIT_TRIGGERS, UNITS, UNTILS};
use mythforge::model::verbs::EffectVerb;
use mythforge::model::{BLOCK_KINDS, BlockBody, BlockKind, ConditionLine, Method, Pack, TraitKind};

/// What shows that a table entry does what it says.
#[derive(Clone, Copy, Debug)]
enum Evidence {
    /// Tests (function names) that run the entry and assert the values it produces.
    Runs(&'static [&'static str]),
    /// A rule file `check` refuses with an error of this code.
    Refused { snippet: &'static str, code: &'static str },
    /// Text shown as written, by design never run (a `Details:` line).
    Text,
}

use Evidence::{Refused, Runs, Text};

fn power(label: PowerLabel) -> Evidence {
    match label {
        PowerLabel::After => Runs(&["an_after_line_runs_after_the_result"]),
        PowerLabel::Before => Runs(&["mestezia_berserker_charge_walks_into_reach_first"]),
        PowerLabel::Check => Runs(&[
            "berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade",
            "a_power_checks_through_a_total_procedure",
        ]),
        PowerLabel::Choose => Runs(&[
            "the_cost_is_computed_from_the_chosen_stat_and_the_raise_applies_to_it",
            "the_chosen_stats_are_summed_in_the_check_with_the_default_threshold",
        ]),
        PowerLabel::Cost => Runs(&[
            "berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade",
            "a_cost_that_cannot_be_paid_changes_nothing_and_names_the_shortfall",
        ]),
        PowerLabel::Defence => Runs(&[
            "a_block_is_not_offered_against_a_ranged_attack",
            "several_defences_against_one_attack_keep_the_best_roll",
            "a_shield_blocks_from_the_front_and_not_from_behind_on_hexes",
        ]),
        PowerLabel::Modifiers => Runs(&[
            "an_unarmed_block_is_at_minus_4_against_a_weapon",
            "a_block_takes_its_weapons_modifier_for_the_attacks_type",
        ]),
        PowerLabel::Penalty => {
            Runs(&["the_third_fourth_and_fifth_defence_of_a_turn_take_the_growing_penalty"])
        }
        PowerLabel::Effect => {
            Runs(&["deep_slumber_replaces_sleeps_grade_3_line_with_a_two_round_unconscious"])
        }
        PowerLabel::Halt => Runs(&["sustain_re_resolves_at_start_and_halt_ends_it_at_end"]),
        PowerLabel::Invest => Runs(&["invest_resolves_the_given_segments_later"]),
        PowerLabel::Roll => Runs(&[
            "cleave_deals_every_target_the_same_rolled_amount_less_its_own_stamina",
            "blood_oak_roots_damages_the_target_and_heals_the_invoker_by_one_roll",
        ]),
        PowerLabel::Keywords => Runs(&[
            "an_attack_off_turn_points_at_the_keyword_rule_and_the_powers_keywords",
            "a_per_turn_quota_counts_each_kind_and_resets_at_the_end_of_the_turn",
        ]),
        PowerLabel::Limit => {
            Runs(&["the_fate_exchange_is_limited_to_once_per_turn_across_both_powers"])
        }
        PowerLabel::Prereq => Runs(&[
            "a_failed_requirement_names_it",
            "a_requirement_about_the_target_holds_per_target",
        ]),
        PowerLabel::Result => Runs(&[
            "multi_target_shares_one_roll_with_per_target_thresholds_and_result_two_gates",
            "result_two_does_not_apply_at_grade_one",
        ]),
        PowerLabel::Sustain => Runs(&["sustain_re_resolves_at_start_and_halt_ends_it_at_end"]),
        PowerLabel::Target => Runs(&[
            "a_target_within_reach_is_hit_and_one_beyond_is_refused_at_the_target_line",
            "wrong_target_count_is_refused_at_the_target_line",
        ]),
        PowerLabel::Threshold => Runs(&[
            "multi_target_shares_one_roll_with_per_target_thresholds_and_result_two_gates",
            "one_chosen_stat_is_its_modifier_and_the_gm_threshold_overrides_the_default",
        ]),
        PowerLabel::Ticks => Runs(&["tick_initiative_lets_the_fewest_ticks_act_next"]),
        PowerLabel::Trigger => Runs(&[
            "a_reaction_needs_its_trigger_named",
            "a_ritual_is_refused_in_an_encounter_and_a_reaction_without_a_trigger",
        ]),
        PowerLabel::Weapons => Runs(&[
            "one_use_attacks_with_each_melee_weapon_for_one_cost",
            "check_refuses_what_could_not_run_as_written",
        ]),
        PowerLabel::While => Runs(&["not_negates_a_requirement_test"]),
    }
}

fn trait_line(label: TraitLabel) -> Evidence {
    match label {
        TraitLabel::Add => Runs(&[
            "a_signed_add_increases_each_damage_and_an_unsigned_add_appends_its_effect",
            "an_upgrade_adds_to_damage_of_its_type",
        ]),
        TraitLabel::Cost => {
            Runs(&["a_stance_costs_its_cost_applies_its_effect_and_is_replaced_by_the_next"])
        }
        // Shown with the trait, never run.
        TraitLabel::Details => Text,
        // Read by `check`, which holds created characters to the raised budget.
        TraitLabel::Creation => Runs(&["exactly_the_budget_passes_and_a_human_spends_10"]),
        // Read by `check` (actor blocks) and `grant`.
        TraitLabel::Choices => Runs(&[
            "two_of_one_group_are_refused_at_the_second",
            "a_phantom_takes_one_skill_of_each_tier_pair",
        ]),
        TraitLabel::Effect => {
            Runs(&["a_stance_costs_its_cost_applies_its_effect_and_is_replaced_by_the_next"])
        }
        TraitLabel::Group => Refused {
            snippet: "system T\nStats: Will\n\nrelationship Kin\nGroup: River Clan\n",
            code: "rules::check::not_run",
        },
        // Only a power's and a weapon's keywords are read.
        TraitLabel::Keywords => Refused {
            snippet: "system T\nStats: Will\n\nfeat Tough\nKeywords: Feat Core\n",
            code: "rules::check::not_run",
        },
        TraitLabel::Limit => Runs(&[
            "an_upgrade_selects_by_the_weapons_keywords_and_its_limit_counts_once_per_turn",
            "a_limit_per_round_refuses_the_third_use_and_the_rounds_end_resets_it",
        ]),
        // Run for stances and upgrades; refused on traits that act on their own (a feat is
        // never "taken": `rules::check::not_run`).
        TraitLabel::Prereq => Runs(&[
            "a_stances_prereq_is_tested_when_it_is_adopted",
            "a_default_stat_applies_to_an_actor_that_does_not_list_it",
        ]),
        TraitLabel::Replace => {
            Runs(&["heavy_follow_through_replaces_the_result_line_and_the_log_names_it"])
        }
        TraitLabel::Slots => Refused {
            snippet: "system T\nStats: Will\n\nitem Kit\nSlots: 1\n",
            code: "rules::check::not_run",
        },
        TraitLabel::To => {
            Runs(&["an_upgrade_selects_by_the_weapons_keywords_and_its_limit_counts_once_per_turn"])
        }
        TraitLabel::Trigger => Runs(&[
            "falling_to_0_hp_runs_dying_collapse_and_unconscious_forbids_powers_until_healed",
            "a_relationship_with_a_trigger_runs_its_effect_each_time_the_event_happens",
        ]),
        TraitLabel::While => {
            Runs(&["weapon_keywords_join_the_power_for_selectors_and_while_gates_the_upgrade"])
        }
        TraitLabel::With => {
            Runs(&["heavy_follow_through_replaces_the_result_line_and_the_log_names_it"])
        }
    }
}

fn system(label: SystemLabel) -> Evidence {
    match label {
        SystemLabel::Stats => Runs(&[
            "kinesthetics_check_8_6_1_plus_3_vs_9_is_medium",
            "an_actor_without_the_specialised_skill_tests_it_at_its_line",
        ]),
        SystemLabel::Resource => Runs(&["cp_resets_at_turn_start_and_is_lost_at_encounter_end"]),
        SystemLabel::Derived => {
            Runs(&["derived_values_and_the_current_status_are_evaluated_on_the_actor"])
        }
        SystemLabel::Status => {
            Runs(&["derived_values_and_the_current_status_are_evaluated_on_the_actor"])
        }
        SystemLabel::Layered => Runs(&[
            "duel_dagger_damage_goes_through_two_armour_layers",
            "losing_wealth_goes_through_the_accountant_first",
        ]),
        SystemLabel::Grades => Runs(&["kinesthetics_check_8_6_1_plus_3_vs_9_is_medium"]),
        SystemLabel::WeaponFields => Runs(&[
            "one_attack_power_reads_each_row_of_the_combat_table",
            "a_range_reads_its_lowest_value_and_a_multiplier_its_factor",
        ]),
        SystemLabel::ArmourFields => {
            Runs(&["wielding_tests_what_is_equipped_by_keyword_and_reads_the_target_s_armour"])
        }
        SystemLabel::Record => Runs(&["one_attack_power_reads_each_row_of_the_combat_table"]),
        SystemLabel::FallbackWeapon => {
            Runs(&["an_unmet_requirement_falls_back_to_the_declared_weapon_and_says_so"])
        }
        SystemLabel::Table => Runs(&[
            "a_table_reads_the_row_covering_its_argument",
            "a_lookup_outside_the_rows_is_an_error_at_the_line_never_a_default",
        ]),
        SystemLabel::Ruling => {
            Runs(&["a_ruling_is_read_in_the_line_scope_and_a_changed_ruling_changes_the_game"])
        }
        SystemLabel::Rounding => Runs(&[
            "a_scale_multiplies_after_the_additions_and_rounds_by_its_own_rule_else_the_system_s",
        ]),
        SystemLabel::Phases => Refused {
            snippet: "system T\nStats: Will\nPhases: Start, Action, End\n",
            code: "rules::check::not_run",
        },
        SystemLabel::Segments => Runs(&["turn_order_totals_above_the_segments_gain_the_overflow"]),
        SystemLabel::TurnOrder => Runs(&[
            "turn_order_totals_above_the_segments_gain_the_overflow",
            "a_challenge_opens_with_a_bare_d10_turn_order_and_counts_breakthroughs",
        ]),
        SystemLabel::Initiative => Runs(&[
            "tick_initiative_lets_the_fewest_ticks_act_next",
            "plain_turns_are_the_lower_detail_level",
        ]),
        SystemLabel::ActionTicks => Runs(&["tick_initiative_lets_the_fewest_ticks_act_next"]),
        SystemLabel::DefaultCheck => Runs(&["invest_resolves_the_given_segments_later"]),
        SystemLabel::Default => Runs(&[
            "a_default_stat_applies_to_an_actor_that_does_not_list_it",
            "check_refuses_a_default_for_a_resource_or_an_unknown_name",
        ]),
        SystemLabel::Functions => Runs(&["a_bracket_call_reaches_the_script_function"]),
        SystemLabel::On => Runs(&[
            "turn_hooks_run_as_turns_start_and_end",
            "a_heavy_hit_failing_the_challenge_starts_bleeding",
            "unconscious_at_0_then_dead_when_hit_again_but_never_in_the_turn_it_fell",
        ]),
        SystemLabel::SideOrder => {
            Runs(&["the_party_acts_before_the_foes_in_the_named_order_without_dice"])
        }
        SystemLabel::When => {
            Runs(&["unconscious_at_0_then_dead_when_hit_again_but_never_in_the_turn_it_fell"])
        }
        SystemLabel::ChallengeCounters => {
            Runs(&["a_challenge_is_counted_in_the_counters_the_system_names"])
        }
        SystemLabel::Keyword => Runs(&[
            "an_attack_off_turn_points_at_the_keyword_rule_and_the_powers_keywords",
            "a_nahree_of_level_3_dodging_needs_an_attack_3_higher",
        ]),
        SystemLabel::PerTurn => {
            Runs(&["a_per_turn_quota_counts_each_kind_and_resets_at_the_end_of_the_turn"])
        }
        SystemLabel::PerChallengeTurn => {
            Runs(&["mestezia_a_challenge_turn_allows_one_task_and_one_other_power"])
        }
        SystemLabel::StanceEnds => {
            Runs(&["a_stance_ends_on_unconscious_and_undo_and_save_bring_it_back"])
        }
        SystemLabel::CheckTags => {
            Runs(&["a_human_adds_her_level_on_a_check_tagged_crafting_and_only_there"])
        }
        SystemLabel::Effects => Runs(&["one_group_serves_a_power_and_a_condition"]),
        SystemLabel::At => {
            Runs(&["an_at_line_runs_when_the_counter_reaches_its_count_and_again_after_the_reset"])
        }
        SystemLabel::Bounds => Runs(&["a_bounded_stat_stops_at_its_bound_and_the_log_says_so"]),
        SystemLabel::Grid => Runs(&["a_diagonal_is_not_adjacent_on_squares"]),
        SystemLabel::World => Runs(&["a_gaider_gains_2_by_day_and_loses_1_by_night_and_cold"]),
        // Read by `check`: a created character over budget is refused.
        SystemLabel::Creation => {
            Runs(&["over_budget_is_refused_at_the_stats_line_with_total_and_budget"])
        }
        SystemLabel::Clock => {
            Runs(&["the_world_clock_rolls_ticks_into_periods_and_periods_into_days"])
        }
        // Notes on the system, never run.
        SystemLabel::Details => Text,
    }
}

fn condition(label: ConditionLabel) -> Evidence {
    match label {
        ConditionLabel::Turn => Runs(&["a_surprise_round_skips_the_surprised_until_hit"]),
        ConditionLabel::Parameters => {
            Runs(&["ongoing_fire_3_resisted_by_resistant_fire_2_deals_1_each_start_phase"])
        }
        ConditionLabel::Modifiers => Runs(&[
            "protected_raises_defense_and_insubstantial_halves_damage_rounding_up",
            "a_setting_wins_over_additions_and_the_lowest_setting_wins",
        ]),
        ConditionLabel::Stacking => Runs(&[
            "two_ongoing_types_both_tick_and_the_same_type_does_not_stack",
            "a_condition_applied_twice_keeps_one_instance",
        ]),
        ConditionLabel::Duration => {
            Runs(&["the_condition_blocks_duration_counts_rounds_and_ends_after_the_second"])
        }
        ConditionLabel::Effect => Runs(&[
            "ongoing_fire_3_resisted_by_resistant_fire_2_deals_1_each_start_phase",
            "regeneration_heals_at_the_start_phase_capped_at_the_maximum",
        ]),
        ConditionLabel::Halt => Refused {
            snippet: "system T\nStats: Will\n\ncondition Held\nHalt: [Will > 2]\n",
            code: "rules::check::not_run",
        },
        ConditionLabel::Trigger => {
            Runs(&["an_effect_triggered_by_the_turn_end_runs_at_the_end_phase"])
        }
        ConditionLabel::While => Runs(&["a_condition_counts_only_while_an_ally_is_within_reach"]),
        ConditionLabel::Keywords => Refused {
            snippet: "system T\nStats: Will\n\ncondition Held\nKeywords: Mental\n",
            code: "rules::check::not_run",
        },
        // Shown with the condition, never run.
        ConditionLabel::Details => Text,
        ConditionLabel::Grants => Runs(&[
            "prone_grants_advantage_to_melee_attackers_and_one_defense_against_ranged",
            "granted_advantage_does_not_add_to_an_advantage_already_held",
        ]),
        ConditionLabel::Includes => {
            Runs(&["dominated_includes_dazed_for_exactly_as_long_and_never_twice"])
        }
        ConditionLabel::Forbids => {
            Runs(&["a_condition_forbids_powers_directly_and_through_includes"])
        }
        ConditionLabel::PerTurn => Runs(&[
            "disoriented_moves_once_a_turn_and_again_the_next",
            "a_move_made_before_the_flash_counts_and_without_it_two_moves_fill_the_turn",
        ]),
        ConditionLabel::TemporaryHealth => Runs(&[
            "the_coat_takes_damage_before_health_and_ends_when_spent",
            "last_stand_gives_all_but_1_health_and_the_excess_is_temporary_until_the_battle_ends",
        ]),
        ConditionLabel::Converts => {
            Runs(&["double_tap_lets_a_turn_hold_two_attacks_and_without_it_the_second_is_refused"])
        }
        ConditionLabel::Spares => Runs(&["a_phantom_is_never_affected_by_its_own_traps"]),
    }
}

fn actor(label: ActorLabel) -> Evidence {
    match label {
        ActorLabel::Stats => Runs(&["kinesthetics_check_8_6_1_plus_3_vs_9_is_medium"]),
        ActorLabel::Resources => {
            Runs(&["berserker_charge_costs_4_cp_with_the_maquahuitl_and_a_high_does_15_damage"])
        }
        ActorLabel::Tier => Runs(&["an_upgrade_adds_to_damage_of_its_type"]),
        ActorLabel::Level => Runs(&["a_failed_requirement_names_it"]),
        ActorLabel::Powers => Runs(&["a_power_the_actor_does_not_know_is_refused"]),
        ActorLabel::Traits => Runs(&["an_upgrade_adds_to_damage_of_its_type"]),
        ActorLabel::Equipment => Runs(&[
            "berserker_charge_costs_4_cp_with_the_maquahuitl_and_a_high_does_15_damage",
            "with_weapon_must_name_a_weapon_the_user_has_equipped",
        ]),
        ActorLabel::Conditions => Runs(&["an_actor_blocks_conditions_apply_when_it_joins"]),
        ActorLabel::Keywords => {
            Runs(&["a_keyword_test_reads_what_the_actors_block_made_it_and_survives_a_save"])
        }
        // Shown on the sheet, never run.
        ActorLabel::Details => Text,
        ActorLabel::Side => Runs(&["an_actor_block_side_line_puts_its_actors_on_that_side"]),
    }
}

fn weapon(label: WeaponLabel) -> Evidence {
    match label {
        WeaponLabel::Cost => {
            Runs(&["berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade"])
        }
        WeaponLabel::Reach => {
            Runs(&["a_target_within_reach_is_hit_and_one_beyond_is_refused_at_the_target_line"])
        }
        WeaponLabel::Damage => Runs(&[
            "berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade",
            "a_weapon_s_dice_damage_rolls_when_weapon_is_the_whole_amount",
        ]),
        WeaponLabel::Range => Runs(&["range_and_crit_lines_of_a_weapon_read_in_brackets"]),
        WeaponLabel::MinimumRange => Runs(&["a_weapon_s_minimum_range_refuses_nearer_targets"]),
        // Its table entry says "read as `[Weapon Crit range]`", and that runs; nothing makes
        // a natural 19 critical by it (reported to issue 15).
        WeaponLabel::CritRange => Runs(&["range_and_crit_lines_of_a_weapon_read_in_brackets"]),
        WeaponLabel::CritDamage => Runs(&["range_and_crit_lines_of_a_weapon_read_in_brackets"]),
        WeaponLabel::Rate => {
            Runs(&["weapon_lines_read_constants_floored_and_expressions_against_the_user"])
        }
        WeaponLabel::Requires => {
            Runs(&["a_weapon_s_requirement_is_enforced_when_the_weapon_is_used"])
        }
        WeaponLabel::Keywords => {
            Runs(&["weapon_keywords_join_the_power_for_selectors_and_while_gates_the_upgrade"])
        }
        // Shown with the weapon, never run.
        WeaponLabel::Details => Text,
    }
}

fn armour(label: ArmourLabel) -> Evidence {
    match label {
        ArmourLabel::Value => Runs(&["value_20_hardness_7_hit_by_16_wears_to_18"]),
        ArmourLabel::BlowThrough => {
            Runs(&["value_5_threshold_4_hit_by_12_is_heavy_and_7_go_through"])
        }
        ArmourLabel::Hardness => Runs(&["value_20_hardness_7_hit_by_16_wears_to_18"]),
        ArmourLabel::Protection => {
            Runs(&["armour_protection_absorbs_its_value_of_every_hit_and_never_wears"])
        }
        ArmourLabel::Cost => Refused {
            snippet: "system T\nStats: Will\n\narmour Coat\nValue: 2\nCost: 10\n",
            code: "rules::check::not_run",
        },
        ArmourLabel::Pool => Runs(&["losing_wealth_goes_through_the_accountant_first"]),
        ArmourLabel::Keywords => {
            Runs(&["an_armour_s_keywords_line_counts_for_wielding_like_a_keyword_field"])
        }
        ArmourLabel::Modifiers => {
            Runs(&["worn_armour_modifies_its_wearer_and_its_starting_health"])
        }
        ArmourLabel::Requires => {
            Runs(&["an_unmet_armour_requirement_refuses_the_join_and_changes_nothing"])
        }
        // Shown with the armour, never run.
        ArmourLabel::Details => Text,
    }
}

fn procedure(label: ProcedureLabel) -> Evidence {
    match label {
        ProcedureLabel::Method => Runs(&[
            "roll_under_success_numbers_and_difficulty",
            "success_pool_pushes_sixes_and_ease_skips_the_roll",
            "versus_ties_go_to_the_defender_by_the_procedure",
            "the_script_grades_forced_dice_with_the_procedures_labels",
        ]),
        ProcedureLabel::Dice => Runs(&["roll_under_success_numbers_and_difficulty"]),
        ProcedureLabel::Modifier => Runs(&["modifier_none_takes_no_modifier"]),
        ProcedureLabel::Success => Runs(&["roll_under_success_numbers_and_difficulty"]),
        ProcedureLabel::Difficulty => Runs(&["roll_under_success_numbers_and_difficulty"]),
        ProcedureLabel::Always => Runs(&["roll_under_success_numbers_and_difficulty"]),
        ProcedureLabel::Explode => Runs(&["success_pool_pushes_sixes_and_ease_skips_the_roll"]),
        ProcedureLabel::Grades => {
            Runs(&["the_script_grades_forced_dice_with_the_procedures_labels"])
        }
        ProcedureLabel::GradeCap => {
            Runs(&["a_tier_two_pool_reaches_grade_four_once_the_cap_is_lifted"])
        }
        ProcedureLabel::Tie => Runs(&[
            "versus_ties_go_to_the_defender_by_the_procedure",
            "a_duel_of_success_numbers_with_a_tie_has_no_winner",
        ]),
        ProcedureLabel::Roll => {
            Runs(&["a_roll_line_saying_the_engine_s_roll_is_accepted_and_rolled"])
        }
        ProcedureLabel::Boost
        | ProcedureLabel::AlternativeDie
        | ProcedureLabel::AlternativeDieFeeds
        | ProcedureLabel::PolicySecondDie
        | ProcedureLabel::PolicyBoost => {
            Runs(&["declared_lines_drive_the_second_die_boost_and_policies"])
        }
        ProcedureLabel::PolicySpend => {
            Runs(&["the_narrator_keeps_the_best_of_3_chaos_dice_and_the_pool_shrinks"])
        }
        ProcedureLabel::PolicyReroll => {
            Runs(&["the_default_policy_keeps_the_failure_and_the_stunt_point"])
        }
        ProcedureLabel::PolicyIgnorePenalties => {
            Runs(&["the_declared_ignore_penalties_policy_keeps_the_mali_and_the_stunt_point"])
        }
        ProcedureLabel::Ease | ProcedureLabel::Critical | ProcedureLabel::ZeroWins => {
            Runs(&["declared_duel_ease_and_critical_lines_run"])
        }
        ProcedureLabel::OnFailure => {
            Runs(&["a_failed_test_that_could_have_succeeded_gives_one_fragment_in_its_skill"])
        }
        ProcedureLabel::OnSuccess => {
            Runs(&["an_on_success_line_gives_on_a_success_and_not_on_a_failure"])
        }
        ProcedureLabel::Reroll => Runs(&["a_stunt_point_rerolls_a_failed_test_into_a_success"]),
        ProcedureLabel::IgnorePenalties => Runs(&["a_stunt_point_ignores_the_mali_of_a_test"]),
        ProcedureLabel::ExtraDice => {
            Runs(&["the_narrator_keeps_the_best_of_3_chaos_dice_and_the_pool_shrinks"])
        }
        ProcedureLabel::Chunk | ProcedureLabel::PerChunk => {
            Runs(&["strength_two_spends_four_vigor_in_two_chunks_of_two_with_fatigue_two"])
        }
        ProcedureLabel::ChunkAllHighest
        | ProcedureLabel::ChunkAllSuccesses
        | ProcedureLabel::ChunkAllOnes
        | ProcedureLabel::ChunkAllFailures => Runs(&[
            "each_chunk_is_judged_on_its_own_first_rolls",
            "blunders_with_no_success_to_lose_raise_the_need",
        ]),
        ProcedureLabel::OpposingDice => {
            Runs(&["the_window_jump_meets_cr_two_with_vigor_then_tension_raises_it_to_four"])
        }
        ProcedureLabel::Outcomes => Runs(&[
            "a_session_names_the_kind_of_test_and_the_transcript_its_outcome",
            "a_contest_inflicts_its_margin_and_stalls_at_or_below_the_resistance",
        ]),
        // Notes on the procedure, never run.
        ProcedureLabel::Details => Text,
    }
}

fn verb(verb: EffectVerb) -> Evidence {
    match verb {
        EffectVerb::Damage => Runs(&[
            "berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade",
            "each_enemy_within_1_takes_it_and_the_user_takes_its_own",
        ]),
        EffectVerb::Heal => {
            Runs(&["mestezia_healing_poultice_heals_the_targets_jolt_through_the_shipped_script"])
        }
        EffectVerb::Gain => {
            Runs(&["a_ruling_is_read_in_the_line_scope_and_a_changed_ruling_changes_the_game"])
        }
        EffectVerb::Lose => Runs(&["resource_zero_fires_for_lose_effects_once_per_reaching"]),
        EffectVerb::Spend => Runs(&["a_spend_effect_takes_its_amount"]),
        EffectVerb::Apply => {
            Runs(&["multi_target_shares_one_roll_with_per_target_thresholds_and_result_two_gates"])
        }
        EffectVerb::Remove => {
            Runs(&["dominated_includes_dazed_for_exactly_as_long_and_never_twice"])
        }
        EffectVerb::Move => Runs(&[
            "push_moves_straight_away_and_stops_before_a_blocked_hex",
            "pull_moves_toward_the_user_and_stops_next_to_it",
        ]),
        EffectVerb::Script => {
            Runs(&["a_script_effect_phrase_calls_the_function_and_the_damage_still_applies"])
        }
        EffectVerb::InFront => Runs(&["bar_table_put_in_front_of_armour_takes_25"]),
        EffectVerb::Raise => Runs(&["raising_a_skill_from_7_to_8_costs_8_fragments"]),
        EffectVerb::Set => Runs(&["set_stops_at_the_resource_maximum_and_says_so"]),
        EffectVerb::Do => Runs(&["a_group_reads_values_as_the_dice_left_them"]),
        EffectVerb::Advance => {
            Runs(&["the_world_clock_rolls_ticks_into_periods_and_periods_into_days"])
        }
        EffectVerb::EndTurn => {
            Runs(&["ending_the_turn_refuses_the_actors_next_power_until_its_next_turn"])
        }
        EffectVerb::StopBefore => Runs(&[
            "a_failed_crossing_on_the_way_puts_the_walker_back_on_the_square_before",
            "a_failed_crossing_of_the_destination_stops_on_the_square_of_the_path_before_it",
        ]),
        EffectVerb::SkipTurn => Runs(&["a_skipped_turn_passes_at_once_and_only_once"]),
        EffectVerb::Lay => Runs(&["effects_lay_terrain_under_a_target_or_on_the_requested_hex"]),
        EffectVerb::Drop => Runs(&[
            "a_thrown_spear_lies_on_the_targets_hex_until_picked_up",
            "a_use_without_a_weapon_has_nothing_to_drop",
        ]),
        EffectVerb::PickUp => Runs(&["a_thrown_spear_lies_on_the_targets_hex_until_picked_up"]),
        EffectVerb::Lift => Runs(&["a_snare_walked_into_holds_once_and_is_lifted"]),
        EffectVerb::Use => Runs(&["entering_a_mire_uses_a_power_the_walker_does_not_list"]),
    }
}

fn ruling(ruling: EngineRuling) -> Evidence {
    match ruling {
        EngineRuling::GradeCap => {
            Runs(&["a_tier_two_pool_reaches_grade_four_once_the_cap_is_lifted"])
        }
        EngineRuling::InitiativeOverflow => {
            Runs(&["turn_order_totals_above_the_segments_gain_the_overflow"])
        }
    }
}

fn keyword_rule(rule: KeywordRule) -> Evidence {
    match rule {
        KeywordRule::OwnTurn => {
            Runs(&["an_attack_off_turn_points_at_the_keyword_rule_and_the_powers_keywords"])
        }
        KeywordRule::NotInEncounters | KeywordRule::NeedsTrigger => {
            Runs(&["a_ritual_is_refused_in_an_encounter_and_a_reaction_without_a_trigger"])
        }
    }
}

fn method(method: Method) -> Evidence {
    match method {
        Method::Pool => Runs(&["kinesthetics_check_8_6_1_plus_3_vs_9_is_medium"]),
        Method::RollUnder => Runs(&["roll_under_success_numbers_and_difficulty"]),
        Method::Successes => Runs(&["success_pool_pushes_sixes_and_ease_skips_the_roll"]),
        Method::Total => Runs(&["total_against_ten_with_a_critical"]),
        Method::Versus => Runs(&["versus_ties_go_to_the_defender_by_the_procedure"]),
    }
}

/// The timing tables and the system's event lines are walked wording by wording, each run
/// by a session on one timeline, in `vocabulary_timing.rs`: these are its tests.
const MOMENT_WALK: &str = "every_moment_wording_runs_at_its_moment_for_those_taking_part";
const DURATION_WALK: &str =
    "every_duration_wording_ends_where_it_says_from_a_rule_line_and_from_the_gm";
const TRIGGER_WALK: &str = "every_trait_trigger_wording_runs_its_effect_at_its_event";
const CONDITION_MOMENT_WALK: &str =
    "every_condition_moment_wording_runs_the_conditions_effect_at_its_moment";
const HOOK_WALK: &str = "every_hook_event_runs_a_systems_on_line_for_whom_it_happens_to";

fn block(kind: BlockKind) -> Evidence {
    match kind {
        BlockKind::System => Runs(&["kinesthetics_check_8_6_1_plus_3_vs_9_is_medium"]),
        BlockKind::Power => {
            Runs(&["berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade"])
        }
        BlockKind::Trait(kind) => match kind {
            TraitKind::Trait | TraitKind::Item => Runs(&[
                "a_trait_and_an_item_without_a_trigger_hold_their_conditions_from_the_start",
            ]),
            TraitKind::Feat => {
                Runs(&["a_feat_without_a_trigger_holds_its_condition_from_the_start"])
            }
            TraitKind::Relationship => {
                Runs(&["a_relationship_with_a_trigger_runs_its_effect_each_time_the_event_happens"])
            }
            TraitKind::Stance => {
                Runs(&["a_stance_costs_its_cost_applies_its_effect_and_is_replaced_by_the_next"])
            }
            TraitKind::Upgrade => {
                Runs(&["heavy_follow_through_replaces_the_result_line_and_the_log_names_it"])
            }
        },
        BlockKind::Condition => {
            Runs(&["ongoing_fire_3_resisted_by_resistant_fire_2_deals_1_each_start_phase"])
        }
        BlockKind::Actor => Runs(&["an_actor_block_side_line_puts_its_actors_on_that_side"]),
        BlockKind::Weapon => {
            Runs(&["berserker_charge_costs_4_cp_with_the_maquahuitl_and_a_high_does_15_damage"])
        }
        BlockKind::Armour => Runs(&["value_20_hardness_7_hit_by_16_wears_to_18"]),
        BlockKind::Check => Runs(&["roll_under_success_numbers_and_difficulty"]),
    }
}

/// A system and a condition holding `modifier`.
fn modifier_snippet(modifier: &str) -> String {
    format!(
        "system T\nStats: Attack, Speed\nResource HP: max 10\n\ncondition Held\nModifiers: {modifier}\n"
    )
}

fn modifier(form: &Modifier) -> Evidence {
    use mythforge::model::entity::Change;
    match form {
        Modifier::Add { .. } => {
            Runs(&["protected_raises_defense_and_insubstantial_halves_damage_rounding_up"])
        }
        Modifier::Set { .. } => {
            Runs(&["a_setting_wins_over_additions_and_the_lowest_setting_wins"])
        }
        Modifier::Scale { .. } => Runs(&[
            "a_scale_multiplies_after_the_additions_and_rounds_by_its_own_rule_else_the_system_s",
        ]),
        Modifier::Quantity(quantity) => match (&quantity.of_type, &quantity.change) {
            (Some(_), _) => Runs(&["resistant_fire_2_does_not_resist_a_fire_and_cold_hit"]),
            (None, Change::Add { .. }) => Runs(&[
                "untyped_resistance_applies_to_every_hit_and_never_below_zero",
                "sickly_reduces_heals_to_a_minimum_of_one_and_boosted_adds",
            ]),
            (None, Change::Scale { .. }) => {
                Runs(&["weakened_halves_damage_dealt_rounding_up_and_not_damage_taken"])
            }
            (None, Change::Leaves { .. }) => {
                Runs(&["a_covered_ally_is_left_at_1_and_the_cover_ends_for_everyone"])
            }
        },
        Modifier::Relative { modifier, .. } => match **modifier {
            Modifier::Add { .. } => Runs(&[
                "marked_costs_one_attack_only_when_not_targeting_the_marker",
                "vs_keyword_modifiers_count_on_both_sides_of_a_versus_check",
            ]),
            Modifier::Quantity(ref quantity)
                if quantity.quantity == mythforge::model::entity::Quantity::DamageTaken =>
            {
                Runs(&["a_melee_hit_is_returned_to_the_attacker_and_a_ranged_one_hurts_more"])
            }
            // Several relations: `check` lets only `damage taken` carry them.
            Modifier::Relative { .. } => {
                Runs(&["a_projectile_is_deflected_and_a_magic_one_is_not"])
            }
            Modifier::Set { .. } | Modifier::Scale { .. } | Modifier::Quantity(_) => Refused {
                snippet: "system T\nStats: Speed\nResource HP: max 10\n\ncondition Held\nModifiers: Speed = 0 vs Ranged\n",
                code: "rules::check::uncounted_modifier",
            },
        },
    }
}

/// One entry's name and evidence, for the walk.
struct Entry {
    table: &'static str,
    name: String,
    evidence: Evidence,
}

fn labels<L: Labels>(table: &'static str, evidence: fn(L) -> Evidence) -> Vec<Entry> {
    L::ALL
        .iter()
        .map(|label| Entry {
            table,
            name: label.info().text.to_string(),
            evidence: evidence(*label),
        })
        .collect()
}

/// The parsed modifier of `example` (its only one).
fn parsed_modifier(example: &str) -> Modifier {
    let mut sources = SourceMap::new();
    let (file, problems) =
        mythforge::parse::parse_source(&mut sources, "m.rules", &modifier_snippet(example));
    assert!(problems.is_empty(), "`{example}`: {problems:?}");
    let pack = Pack { files: vec![file] };
    let held = pack.blocks().nth(1).expect("the condition");
    let BlockBody::Condition(lines) = &held.node.body else { panic!("`{example}`: no condition") };
    let ConditionLine::Modifiers(modifiers) = &lines[0].node else { panic!("`{example}`") };
    modifiers[0].node.clone()
}

fn entries() -> Vec<Entry> {
    let mut all = Vec::new();
    // Every spelling (`armor` too) opens its kind, which a test runs.
    for word in BlockKind::all_words() {
        let kind = BlockKind::parse(word).expect("a table word parses");
        all.push(Entry { table: "block kind", name: word.to_string(), evidence: block(kind) });
    }
    all.extend(labels("power label", power));
    all.extend(labels("trait label", trait_line));
    all.extend(labels("system label", system));
    all.extend(labels("condition label", condition));
    all.extend(labels("actor label", actor));
    all.extend(labels("weapon label", weapon));
    all.extend(labels("armour label", armour));
    all.extend(labels("check label", procedure));
    for effect in EffectVerb::ALL {
        all.push(Entry {
            table: "effect verb",
            name: effect.shape().to_string(),
            evidence: verb(effect),
        });
    }
    for (example, _) in MODIFIER_FORMS {
        let form = parsed_modifier(example);
        all.push(Entry {
            table: "modifier form",
            name: example.to_string(),
            evidence: modifier(&form),
        });
    }
    let timing = |table: &'static str, name: &str, test: &'static [&'static str]| Entry {
        table,
        name: name.to_string(),
        evidence: Runs(test),
    };
    for (_, wordings) in MOMENTS {
        all.extend(wordings.iter().map(|w| timing("reset moment", w, &[MOMENT_WALK])));
    }
    for (_, wordings) in UNTILS {
        all.extend(
            wordings.iter().map(|w| timing("duration", &format!("until {w}"), &[DURATION_WALK])),
        );
    }
    for (_, wordings) in UNITS {
        all.extend(
            wordings.iter().map(|w| timing("duration", &format!("for N {w}"), &[DURATION_WALK])),
        );
    }
    all.extend(TRAIT_TRIGGERS.iter().map(|w| timing("trait trigger", w, &[TRIGGER_WALK])));
    for (wording, _) in CONDITION_MOMENTS {
        all.push(timing("condition moment", wording, &[CONDITION_MOMENT_WALK]));
    }
    for (_, words) in HookEvent::ALL {
        all.push(timing("hook event", &format!("On {words}:"), &[HOOK_WALK]));
    }
    for (rule, words) in KeywordRule::ALL {
        all.push(Entry {
            table: "keyword rule",
            name: words.to_string(),
            evidence: keyword_rule(rule),
        });
    }
    for (each, words) in Method::ALL {
        all.push(Entry { table: "check method", name: words.to_string(), evidence: method(each) });
    }
    all.push(timing(
        "check method",
        "script f",
        &["the_script_grades_forced_dice_with_the_procedures_labels"],
    ));
    for engine_ruling in EngineRuling::ALL {
        all.push(Entry {
            table: "engine ruling",
            name: engine_ruling.name().to_string(),
            evidence: ruling(engine_ruling),
        });
    }
    all
}

/// Every `.rs` file under `folder`, recursively, in a stable order.
fn rust_files(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(folder) else { return };
    let mut paths: Vec<PathBuf> = read.flatten().map(|entry| entry.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// The names of the `#[test]` functions under tests/ and src/.
fn test_names() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("tests"), &mut files);
    rust_files(&root.join("src"), &mut files);
    let mut names = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let mut after_test = false;
        for line in text.lines().map(str::trim) {
            if line == "#[test]" {
                after_test = true;
            } else if after_test && line.starts_with("fn ") {
                let name = line["fn ".len()..].split('(').next().unwrap_or_default();
                names.push(name.to_string());
                after_test = false;
            } else if after_test && !line.starts_with("#[") && !line.starts_with("//") {
                after_test = false;
            }
        }
    }
    names.sort();
    names
}

/// The error codes `check` gives `snippet`.
fn refusal_codes(snippet: &str) -> Vec<String> {
    let mut sources = SourceMap::new();
    let (file, mut diagnostics) =
        mythforge::parse::parse_source(&mut sources, "refused.rules", snippet);
    diagnostics.extend(mythforge::check::check_pack(&Pack { files: vec![file] }));
    diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code.clone()).collect()
}

#[test]
fn every_entry_of_every_table_runs_or_is_refused() {
    let tests = test_names();
    let mut missing = Vec::new();
    let (mut runs, mut refused, mut text) = (0, 0, 0);
    for entry in entries() {
        let at = format!("{} `{}`", entry.table, entry.name);
        match entry.evidence {
            Runs(names) => {
                runs += 1;
                assert!(!names.is_empty(), "{at}: Runs names no test");
                for name in names {
                    if tests.binary_search(&name.to_string()).is_err() {
                        missing.push(format!("{at}: no test `fn {name}` under tests/ or src/"));
                    }
                }
            }
            Refused { snippet, code } => {
                refused += 1;
                let codes = refusal_codes(snippet);
                if !codes.iter().any(|found| found == code) {
                    missing.push(format!("{at}: check gives {codes:?}, not `{code}`"));
                }
            }
            Text => text += 1,
        }
    }
    eprintln!("vocabulary: {runs} run, {refused} refused, {text} text");
    assert!(missing.is_empty(), "{} entries lack evidence:\n{}", missing.len(), missing.join("\n"));
}

#[test]
fn every_modifier_example_is_its_own_form() {
    // Two examples of one form would leave another form without evidence.
    let shapes: Vec<String> =
        MODIFIER_FORMS.iter().map(|(example, _)| shape(&parsed_modifier(example))).collect();
    let mut distinct = shapes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), shapes.len(), "{shapes:?}");
}

/// A modifier's form, as the evidence match tells forms apart.
fn shape(modifier: &Modifier) -> String {
    use mythforge::model::entity::Change;
    match modifier {
        Modifier::Add { .. } => "add".into(),
        Modifier::Set { .. } => "set".into(),
        Modifier::Scale { .. } => "scale".into(),
        Modifier::Quantity(quantity) => match (&quantity.of_type, &quantity.change) {
            (Some(_), _) => "typed quantity".into(),
            (None, Change::Add { .. }) => "quantity add".into(),
            (None, Change::Scale { .. }) => "quantity scale".into(),
            (None, Change::Leaves { .. }) => "quantity leaves".into(),
        },
        Modifier::Relative { modifier, .. } => format!("relative {}", shape(modifier)),
    }
}

#[test]
fn every_block_word_is_a_kind_and_every_kind_has_a_word() {
    for entry in BLOCK_KINDS {
        for word in std::iter::once(entry.word).chain(entry.also.iter().copied()) {
            assert_eq!(BlockKind::parse(word), Some(entry.kind), "`{word}`");
        }
        assert_eq!(entry.kind.to_string(), entry.word, "each kind prints as its word");
        let same = BLOCK_KINDS.iter().filter(|other| other.kind == entry.kind).count();
        assert_eq!(same, 1, "`{}` has one entry", entry.word);
    }
}
