//! When a condition's `Effect:` lines run: `Trigger: you enter the hex` runs them on whoever
//! enters the cell the condition lies on as terrain (placed, walking through, pushed), and
//! `or you start your turn` at the holder's start phase too; a trigger naming no such moment
//! (`you take damage`) is refused by `check`, since nothing would ever run the effects.

use crate::common::checked::checked;
use crate::common::sessions::{run, session_with};

const PACK: &str = "system Field
Grid: square
Resource HP: max 10

condition Burning Ground
Parameters: N
Trigger: you enter the square or you start your turn
Effect: [N] damage

power Step
Target: Self
Result: walk up to 3 squares

actor Walker
Resources: HP 10
Powers: Step
";

#[test]
fn entering_burning_ground_burns_and_so_does_starting_a_turn_on_it() {
    let mut session =
        session_with("field.rules", PACK, "actor Ana from Walker\nplace Ana at 0,0\n");
    let out = run(&mut session, "terrain Burning Ground 2 at 1,0\nAna uses Step to 2,0\n");
    assert_eq!(
        out,
        "> terrain Burning Ground 2 at 1,0\nterrain Burning Ground 2 at 1,0\n\
         > Ana uses Step to 2,0\nAna walk: 0,0 -> 1,0 (1 square)\nAna gains Burning Ground 2\n\
         Ana's Burning Ground acts at entering\nAna takes 2 damage into HP; HP now 8\n\
         Ana walk: 1,0 -> 2,0 (1 square)\nAna loses Burning Ground 2\n"
    );
    let out = run(&mut session, "place Ana at 1,0\nencounter Ana\n");
    assert!(out.contains("Ana takes 2 damage into HP; HP now 6\n"), "{out}");
    assert!(
        out.ends_with(
            "Ana's Burning Ground acts at turn start\nAna takes 2 damage into HP; HP now 4\n"
        ),
        "{out}"
    );
}

#[test]
fn a_trigger_that_names_no_moment_is_refused_at_the_line() {
    assert_eq!(checked("field.rules", PACK), vec![]);
    let text = PACK.replace("you enter the square or you start your turn", "you take damage");
    assert_eq!(
        checked("field.rules", &text),
        vec![(
            "rules::check::trigger_not_run".to_string(),
            "a condition's effects never run on `you take damage`".to_string(),
            "Trigger: you take damage".to_string(),
            "a condition's effects run at `you start your turn`, `you begin your turn`, `you \
             end your turn`, `you end your turn in the hex`, `you enter the hex` (the hex: \
             where it lies as terrain), joined by `or`; to answer an event, write a system \
             rule: `On hit: if you are Spiky: apply Bleeding`"
                .to_string(),
        )]
    );
}
