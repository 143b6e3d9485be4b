//! The game at run time: the engine and the runtime (powers, conditions, procedures, scripts
//! acting on the game, space, timing, undo and saves), the event log, and the worked
//! examples of the shipped packs. One test binary, so the crate links once; the helpers
//! shared with the other binaries are in tests/common.

#[path = "../common/mod.rs"]
mod common;

mod action_economy;
mod analyze;
mod analyze_threads;
mod challenge_counters;
mod check_outcomes;
mod chosen_costs;
mod critical_ranges;
mod defaults_and_prereqs;
mod defence_modifiers;
mod defence_per_round;
mod defence_per_weapon;
mod defences;
mod effect_flow;
mod engine_examples;
mod engine_save;
mod engine_world;
mod gates_unified;
mod gear_data;
mod joining_and_fiat;
mod log_parts;
mod log_segments;
mod log_sharing;
mod mestezia_examples;
mod mestezia_result_gates;
mod mystica_examples;
mod mystica_turns;
mod mystika_examples;
mod mystika_progress;
mod mystika_skill_lines;
mod mythmaster_examples;
mod mythsdice_advance;
mod mythsdice_steps;
mod purchase_limits;
mod runtime_choices;
mod runtime_condition_includes;
mod runtime_condition_turns;
mod runtime_conditions;
mod runtime_extras;
mod runtime_journal;
mod runtime_names;
mod runtime_power_keywords;
mod runtime_power_rules;
mod runtime_powers;
mod runtime_procedures;
mod runtime_scripts;
mod runtime_scripts_acting;
mod runtime_scripts_brackets;
mod runtime_scripts_check;
mod runtime_scripts_events;
mod runtime_scripts_hooks;
mod runtime_scripts_procedure;
mod runtime_sides;
mod runtime_space;
mod runtime_spending;
mod runtime_terrain;
mod runtime_timing;
mod runtime_upgrades;
mod script_check_calls;
mod session_gm;
mod side_phases;
mod space_distance;
mod space_downed;
mod space_gates;
mod space_grid;
mod space_traps;
mod test_step_flow;
mod trait_kinds;
mod transcript_text;
mod turn_control;
mod worn_armour;
