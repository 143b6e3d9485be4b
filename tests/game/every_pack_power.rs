//! Every power of every shipped pack's stat blocks, used by one such actor on the next:
//! it runs, or it is refused for a reason of the game (a requirement, a cost, a choice the
//! use must make, a defence used alone, ...) — never with an engine error such as "a method
//! the runtime does not run yet", which would mean a line that checks clean cannot run.

use mythforge::model::BlockBody;

use crate::common::sessions::{run, session_after};

/// The refusals a use may meet because of the game's rules, not the engine's reach.
const GAME_REASONS: &[&str] = &[
    "engine::cannot_pay",
    "runtime::choice",
    "runtime::defence_alone",
    "runtime::flow",
    "runtime::needs_trigger",
    "runtime::not_in_encounters",
    "runtime::requirement",
    "runtime::side",
    "runtime::space",
    "runtime::targets",
    "runtime::trigger_missing",
];

#[test]
fn every_power_of_every_pack_runs_or_is_refused_for_a_reason_of_the_game() {
    let mut engine_errors = Vec::new();
    let mut ran = 0;
    for pack in ["mestezia", "mystika", "mystica", "mythsdice", "mythmaster"] {
        let mut session = session_after(&format!("load \"rules/{pack}\"\n"));
        let blocks: Vec<String> = session
            .backend()
            .pack()
            .blocks()
            .filter(|block| matches!(block.node.body, BlockBody::Actor(_)))
            .map(|block| block.node.name.node.to_string())
            .collect();
        for (i, block) in blocks.iter().enumerate() {
            run(&mut session, &format!("actor \"A{i}\" from \"{block}\"\n"));
        }
        for i in 0..blocks.len() {
            let user = format!("A{i}");
            let target = format!("A{}", (i + 1) % blocks.len());
            let powers = session.backend().world().actor(&user).unwrap().powers.clone();
            for power in powers {
                let command = format!("\"{user}\" uses \"{power}\" on \"{target}\"\n");
                let outcome = session.run_text("smoke.session", &command, None);
                match outcome.failure {
                    None => {
                        ran += 1;
                        run(&mut session, "undo\n");
                    }
                    Some(found) => {
                        let code = found[0].code.to_string();
                        if !GAME_REASONS.contains(&code.as_str()) {
                            engine_errors
                                .push(format!("{pack}: {command}  {code}: {}", found[0].message));
                        }
                    }
                }
            }
        }
    }
    assert_eq!(engine_errors, Vec::<String>::new());
    // Most uses run: a refusal for every use would prove nothing.
    assert!(ran >= 60, "only {ran} uses ran");
}
