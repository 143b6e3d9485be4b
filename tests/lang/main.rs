//! The languages: dice notation (sequences, distributions, hostile input), rule files
//! (the typed model, golden diagnostics) and the Rhai sandbox. One test binary, so the
//! crate links once; the helpers shared with the other binaries are in tests/common.

#[path = "../common/mod.rs"]
mod common;

mod attack_reaction_forms;
mod check_outcome_forms;
mod check_tags;
mod chosen_cost_forms;
mod condition_reads;
mod creation_budget;
mod critical_range_forms;
mod dealt_and_roll_forms;
mod declared_names;
mod defence_modifiers;
mod dice;
mod dice_notation;
mod dice_robustness;
mod effect_flow;
mod facing_forms;
mod gear_fields;
mod gear_stat_fields;
mod grades_reached;
mod held_choices;
mod held_quotas;
mod keep_best_forms;
mod keywords_gathered;
mod laid_terrain;
mod lowering_shortcuts;
mod parse_files;
mod party_forms;
mod passed_n;
mod rules_golden;
mod rules_model;
mod script;
mod space_checks;
mod stop_checks;
mod system_once;
mod target_number_converts;
mod temporary_health_forms;
mod terrain_effect_forms;
mod test_step_forms;
mod vocabulary;
mod vocabulary_runs;
mod vocabulary_timing;
mod weapon_tests;
mod world_flags;
