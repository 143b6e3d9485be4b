//! `help`: one line per command with an example, and the command words that completion and
//! "did you mean" draw from. Text only; no game names.

/// Every command word, in the order `help` lists them.
pub const COMMAND_WORDS: &[&str] = &[
    "load",
    "seed",
    "policy",
    "initiative",
    "actor",
    "show",
    "uses",
    "check",
    "versus",
    "roll",
    "dist",
    "force",
    "encounter",
    "next",
    "end",
    "challenge",
    "save",
    "restore",
    "undo",
    "place",
    "wall",
    "terrain",
    "side",
    "define",
    "help",
];

/// `(command word, what it does, example)` for every command.
pub const HELP: &[(&str, &str, &str)] = &[
    ("load", "load a rule pack by name, or a rule file or folder by path", "load \"house.rules\""),
    ("seed", "restart the dice stream from a seed", "seed 42"),
    ("policy", "answer a decision point with a policy instead of asking", "policy boost max-safe"),
    ("initiative", "plain turns or ticks for encounters started from now on", "initiative ticks"),
    (
        "actor",
        "create an actor from a stat block, or inline",
        "actor Guard from Bandit as \"Guard 2\"",
    ),
    ("show", "show an actor, a power, a condition, the state or the log", "show power Quick Jab"),
    (
        "uses",
        "an actor uses a power on targets (also: choosing STATS, threshold N)",
        "Scout uses Quick Jab on Guard spending 1 Focus",
    ),
    (
        "check",
        "a plain check against a difficulty (`against NAME`: relative modifiers count)",
        "check Scout Agility + 2 vs 9 against Bandit aided by Hero",
    ),
    ("versus", "an opposed check", "versus Scout Sword vs Hero Sword"),
    ("roll", "roll dice", "roll 4d6kh3"),
    ("dist", "the exact distribution of a dice expression", "dist 3d10cs>=6"),
    ("force", "the next command's dice show these faces; unused ones are dropped", "force 8, 6, 1"),
    ("encounter", "start an encounter with these actors", "encounter Scout, Guard"),
    ("next", "the next turn of the encounter", "next"),
    ("end", "end the encounter", "end encounter"),
    (
        "challenge",
        "start a skill challenge",
        "challenge 5 breakthroughs before 4 setbacks with Scout",
    ),
    ("save", "save the game to a file", "save \"fight.json\""),
    ("restore", "restore a saved game", "restore \"fight.json\""),
    ("undo", "take back the last command that changed the game", "undo"),
    ("place", "put an actor on a hex of the map (q,r)", "place Scout at 2,-1"),
    ("wall", "make hexes walls: they block movement and lines to targets", "wall 3,4 3,5"),
    (
        "terrain",
        "lay a condition on hexes (whoever stands there holds it); `terrain clear` takes it off",
        "terrain Rough 2 at 3,4 3,5",
    ),
    ("side", "put actors on a side: allies share one, enemies differ", "side Scout, Hero: party"),
    ("adopts", "an actor adopts a stance, paying its Cost", "Scout adopts Guard Stance"),
    (
        "define",
        "define a block inline: a header, notation lines, then a blank line",
        "power Quick Jab",
    ),
    ("help", "list the commands, or explain one", "help roll"),
];

/// The help text: every command, or one (`None` when `topic` is no command word).
pub fn help_text(topic: Option<&str>) -> Option<String> {
    let width = HELP.iter().map(|(word, ..)| word.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (word, what, example) in HELP {
        if topic.is_none_or(|topic| topic == *word) {
            text.push_str(&format!("{word:<width$}  {what}\n{:<width$}  e.g. {example}\n", ""));
        }
    }
    if topic.is_none() {
        text.push_str("# starts a comment. Block definitions end at a blank line.\n");
    }
    (!text.is_empty()).then_some(text)
}
