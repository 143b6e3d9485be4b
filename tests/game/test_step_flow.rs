//! A test in steps running effects and naming its outcome, on a small pack of general words:
//! a chunk's judgement runs its effects on the roller with `Stat` bound to the tested stat
//! (in the groups it runs too), `do Group at most once per test` runs once per open test
//! (undo takes the note back), and a kind of test settles into its named outcome.

use mythforge::runtime::{Game, TestRequest};
use mythforge::session::Session;

use crate::common::resource;

const PACK: &str = "system Steps
Stats: Might, Grace
Resource Effort: max 9
Resource Might Practice: start 0; no max
Resource Grace Practice: start 0; no max
Effects Practise: gain 1 Stat Practice
At 2 Might Practice: raise Might by 1; set Might Practice to 0
Default check: Pool

check Pool
Method: successes
Dice: [Rating]d6
Success: >= 4
Chunk: Effort, at most [Rating]
Chunk all successes: Clean, gain 1 successes; when [Chunk == Rating]: do Practise at most once per test
Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]

actor Hero
Stats: Might 2, Grace 1
Resources: Effort 9
";

fn game() -> Game {
    let mut game = Game::new(5);
    game.load_source("steps.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Hero"), &[]).unwrap();
    game
}

fn test(stat: &str, need: i64, kind: Option<&str>) -> TestRequest {
    TestRequest {
        actor: "Ana".into(),
        stats: vec![stat.into()],
        need,
        kind: kind.map(str::to_string),
        ..TestRequest::default()
    }
}

#[test]
fn the_judgements_effects_read_the_tested_stat_and_run_once_per_test() {
    let mut game = game();
    game.world_mut().roller.force([1]);
    game.open_test(&test("Grace", 3, None)).unwrap();
    game.world_mut().roller.force([5]);
    game.add_chunk("Ana", 1, "Effort").unwrap();
    assert_eq!(resource(&game, "Ana", "Grace Practice"), 1);
    assert_eq!(resource(&game, "Ana", "Might Practice"), 0);
    game.world_mut().roller.force([4]);
    game.add_chunk("Ana", 1, "Effort").unwrap();
    assert_eq!(resource(&game, "Ana", "Grace Practice"), 1);
    assert_eq!(game.test().unwrap().once, ["Practise"]);
    // Undo takes back the chunk and its note: the group may run again.
    game.undo().unwrap();
    assert_eq!(game.test().unwrap().once, ["Practise"]);
    game.undo().unwrap();
    assert!(game.test().unwrap().once.is_empty());
    assert_eq!(resource(&game, "Ana", "Grace Practice"), 0);
}

#[test]
fn a_group_run_from_a_judgement_reaches_an_at_line_and_the_rating_stays_as_opened() {
    let mut game = game();
    game.world_mut().roller.force([1, 1, 4, 4]);
    game.open_test(&test("Might", 9, None)).unwrap();
    game.add_chunk("Ana", 2, "Effort").unwrap();
    game.settle_test().unwrap();
    game.world_mut().roller.force([1, 1, 5, 6]);
    game.open_test(&test("Might", 9, None)).unwrap();
    game.add_chunk("Ana", 2, "Effort").unwrap();
    assert_eq!(game.effective("Ana", "Might").map(|(value, _)| value), Some(3));
    assert_eq!(resource(&game, "Ana", "Might Practice"), 0);
    assert_eq!(game.test().unwrap().rating, 2);
}

#[test]
fn a_session_names_the_kind_of_test_and_the_transcript_its_outcome() {
    let mut session = Session::new(Game::new(1), 1);
    let text = "force 4, 4\nAna tests Might vs 2 as Contest\nsettle\n\
                force 4, 4\nAna tests Might vs 1 as Contest\nsettle\n";
    std::fs::create_dir_all(std::env::temp_dir().join("mythforge-steps")).unwrap();
    let rules = std::env::temp_dir().join("mythforge-steps/steps.rules");
    std::fs::write(&rules, PACK).unwrap();
    let text = format!("load \"{}\"\nactor Ana from Hero\n{text}", rules.display());
    let run = session.run_text("steps.session", &text, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let lines: Vec<String> =
        run.steps.iter().flat_map(|step| step.events.iter().map(|e| e.text.clone())).collect();
    let settled: Vec<&String> = lines.iter().filter(|line| line.starts_with("settled:")).collect();
    assert_eq!(
        settled,
        [
            "settled: 2 successes of 2 needed, Stalemate (margin 0)",
            "settled: 2 successes of 1 needed, Prevails (margin 1)"
        ]
    );
    assert!(lines.contains(&"Ana: 2 successes, Stalemate".to_string()), "{lines:#?}");
}
