//! The one table of session commands. Each entry says how a command is written (its word,
//! where the word stands, the grammar rule behind it, a short syntax), what it does (one line
//! of `help`), an example that parses, the words completion offers for it, and where it is
//! exercised. The parser's "unknown command" and did-you-mean, its per-command errors,
//! `help`, REPL completion and the command chapter of the docs all read this table; a test
//! walks every entry (see `tests.rs`). A new command is one entry here plus its grammar rule,
//! its [`super::Command`] variant and its lowering.

use super::grammar::Rule;

/// Where a command's word stands on its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordAt {
    /// The line starts with it: `roll 4d6kh3`.
    Start,
    /// It follows the acting actor's name: `Scout uses Quick Jab`.
    AfterActor,
    /// The line is a block definition; the word only names the command for `help`.
    Definition,
}

/// One session command.
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    /// The word that names it: the `help` topic, the did-you-mean candidate, what
    /// [`super::Command::word`] returns.
    pub word: &'static str,
    /// Where the word stands.
    pub at: WordAt,
    /// The grammar rule a line of this command matches; a line starting with the word is
    /// parsed with it alone to explain a mistake. `None` for block definitions.
    pub rule: Option<Rule>,
    /// How it is written, in short: `roll DICE`.
    pub syntax: &'static str,
    /// What it does, in one line.
    pub help: &'static str,
    /// Examples that parse, the first one shown by `help`.
    pub examples: &'static [&'static str],
    /// What completion offers for it: phrases whose words complete one at a time (`end
    /// encounter`: `end` at the start of a line, then `encounter`). For an [`WordAt::AfterActor`]
    /// command the phrase follows an actor's name.
    pub completes: &'static [&'static str],
    /// The name of a test file (anywhere under `tests/`) that runs the command from a
    /// session line, for a command no `.session` file under `examples/` or `tests/` uses
    /// (`None` when one does).
    pub tested_in: Option<&'static str>,
}

/// Every session command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        word: "load",
        at: WordAt::Start,
        rule: Some(Rule::load),
        syntax: "load PACK | load \"PATH\"",
        help: "load a rule pack by name, or a rule file or folder by path",
        examples: &["load \"my-pack\"", "load \"house.rules\""],
        completes: &["load"],
        tested_in: None,
    },
    CommandSpec {
        word: "seed",
        at: WordAt::Start,
        rule: Some(Rule::seed),
        syntax: "seed N",
        help: "restart the dice stream from a seed",
        examples: &["seed 42"],
        completes: &["seed"],
        tested_in: None,
    },
    CommandSpec {
        word: "policy",
        at: WordAt::Start,
        rule: Some(Rule::policy),
        syntax: "policy DECISION POLICY",
        help: "answer a decision point with a policy instead of asking",
        examples: &["policy boost max-safe"],
        completes: &["policy"],
        tested_in: None,
    },
    CommandSpec {
        word: "initiative",
        at: WordAt::Start,
        rule: Some(Rule::initiative),
        syntax: "initiative turns | initiative ticks",
        help: "plain turns or ticks for encounters started from now on",
        examples: &["initiative ticks"],
        completes: &["initiative turns", "initiative ticks"],
        tested_in: None,
    },
    CommandSpec {
        word: "actor",
        at: WordAt::Start,
        rule: Some(Rule::actor),
        syntax: "actor NAME from STAT BLOCK [with STAT N, ...] | actor NAME with STAT N, ...",
        help: "create an actor from a stat block (some stats changed), or inline",
        examples: &[
            "actor Guard from Bandit",
            "actor Vet from Guard with Level 6",
            "actor Dummy with Defense 12, HP 30",
        ],
        completes: &["actor"],
        tested_in: None,
    },
    CommandSpec {
        word: "show",
        at: WordAt::Start,
        rule: Some(Rule::show),
        syntax: "show ACTOR | show power NAME | show condition NAME | show state | show log",
        help: "show an actor, a power, a condition, the state or the log",
        examples: &["show power Quick Jab", "show Scout", "show state", "show log"],
        completes: &["show power", "show condition", "show state", "show log"],
        tested_in: None,
    },
    CommandSpec {
        word: "uses",
        at: WordAt::AfterActor,
        rule: Some(Rule::use_power),
        syntax: "ACTOR uses POWER [on TARGETS] [spending N RESOURCE] [with weapon WEAPON] \
                 [trigger \"EVENT\"] [at HEX ...] [to HEX] [choosing STATS | choosing N] [threshold N]",
        help: "an actor uses a power on targets (also: choosing STATS or N, threshold N)",
        examples: &["Scout uses Quick Jab on Guard spending 1 Focus"],
        completes: &["uses"],
        tested_in: None,
    },
    CommandSpec {
        word: "adopts",
        at: WordAt::AfterActor,
        rule: Some(Rule::adopt),
        syntax: "ACTOR adopts STANCE",
        help: "an actor adopts a stance, paying its Cost",
        examples: &["Scout adopts Guard Stance"],
        completes: &["adopts"],
        tested_in: Some("runtime_power_rules.rs"),
    },
    CommandSpec {
        word: "leaves",
        at: WordAt::AfterActor,
        rule: Some(Rule::leave_stance),
        syntax: "ACTOR leaves STANCE",
        help: "an actor ends the stance it holds (no cost; the stance's conditions end)",
        examples: &["Scout leaves Guard Stance"],
        completes: &["leaves"],
        tested_in: Some("stance_leaving.rs"),
    },
    CommandSpec {
        word: "check",
        at: WordAt::Start,
        rule: Some(Rule::check),
        syntax: "check ACTOR TERMS vs N|[EXPR] [as TAG] [against ACTOR] [adding N POOL] [aided by ACTORS]",
        help: "a plain check against a difficulty, a number or a bracket read on the actor \
               (`as TAG`: a tag of a `Check tags:` line, which the roller's `vs TAG` \
               modifiers select; `against NAME`: relative modifiers count; the two in \
               either order; a success pool \
               sums its helpers' successes)",
        examples: &[
            "check Scout Agility + 2 vs 9 against Bandit aided by Hero",
            "check Scout Intelligence vs 12 as Crafting",
        ],
        completes: &["check"],
        tested_in: None,
    },
    CommandSpec {
        word: "tests",
        at: WordAt::AfterActor,
        rule: Some(Rule::open_test),
        syntax: "ACTOR tests TERMS vs N [as KIND] [ease N] [aided by ACTORS]",
        help: "open a test in steps: roll a success pool and leave it open for chunks, \
               assists and opposing dice until `settle`; `as KIND` settles it into a named \
               outcome of its procedure's `Outcomes KIND:` line",
        examples: &["Hero tests Strength vs 4 ease 1 aided by Ana"],
        completes: &["tests"],
        tested_in: None,
    },
    CommandSpec {
        word: "adds",
        at: WordAt::AfterActor,
        rule: Some(Rule::add_chunk),
        syntax: "ACTOR adds N RESOURCE",
        help: "a chunk of N extra dice for the open test, paid from the procedure's `Chunk:` resource",
        examples: &["Hero adds 2 Effort"],
        completes: &["adds"],
        tested_in: None,
    },
    CommandSpec {
        word: "assists",
        at: WordAt::AfterActor,
        rule: Some(Rule::assist),
        syntax: "ACTOR assists",
        help: "an ally makes the open test too and pools their successes",
        examples: &["Ana assists"],
        completes: &["assists"],
        tested_in: None,
    },
    CommandSpec {
        word: "oppose",
        at: WordAt::Start,
        rule: Some(Rule::oppose),
        syntax: "oppose N",
        help: "the opponent rolls N dice against the open test; their successes raise the need",
        examples: &["oppose 2"],
        completes: &["oppose"],
        tested_in: None,
    },
    CommandSpec {
        word: "settle",
        at: WordAt::Start,
        rule: Some(Rule::settle),
        syntax: "settle",
        help: "the open test settles: success when its successes reach the need",
        examples: &["settle"],
        completes: &["settle"],
        tested_in: None,
    },
    CommandSpec {
        word: "versus",
        at: WordAt::Start,
        rule: Some(Rule::versus),
        syntax: "versus ACTOR TERMS vs ACTOR TERMS",
        help: "an opposed check",
        examples: &["versus Scout Sword vs Hero Sword"],
        completes: &["versus"],
        tested_in: None,
    },
    CommandSpec {
        word: "roll",
        at: WordAt::Start,
        rule: Some(Rule::roll),
        syntax: "roll DICE",
        help: "roll dice",
        examples: &["roll 4d6kh3"],
        completes: &["roll"],
        tested_in: None,
    },
    CommandSpec {
        word: "dist",
        at: WordAt::Start,
        rule: Some(Rule::dist),
        syntax: "dist DICE",
        help: "the exact distribution of a dice expression",
        examples: &["dist 3d10cs>=6"],
        completes: &["dist"],
        tested_in: None,
    },
    CommandSpec {
        word: "analyze",
        at: WordAt::Start,
        rule: Some(Rule::analyze),
        syntax: "analyze [N times] COMMAND",
        help: "the exact odds of a command (N times in a row) from here; the game is unchanged",
        examples: &[
            "analyze Scout uses Quick Jab on Guard",
            "analyze 2 times Scout uses Quick Jab on Guard",
            "analyze check Scout Agility + 2 vs 9",
        ],
        completes: &["analyze"],
        tested_in: None,
    },
    CommandSpec {
        word: "force",
        at: WordAt::Start,
        rule: Some(Rule::force),
        syntax: "force FACE, FACE, ...",
        help: "the next command's dice show these faces; unused ones are dropped",
        examples: &["force 8, 6, 1"],
        completes: &["force"],
        tested_in: None,
    },
    CommandSpec {
        word: "encounter",
        at: WordAt::Start,
        rule: Some(Rule::encounter),
        syntax: "encounter ACTOR, ACTOR, ...",
        help: "start an encounter with these actors",
        examples: &["encounter Scout, Guard"],
        completes: &["encounter"],
        tested_in: None,
    },
    CommandSpec {
        word: "next",
        at: WordAt::Start,
        rule: Some(Rule::next),
        syntax: "next | next turn",
        help: "`next`: the next phase of the turn; `next turn`: end this turn, start the next",
        examples: &["next", "next turn"],
        completes: &["next turn"],
        tested_in: None,
    },
    CommandSpec {
        word: "end",
        at: WordAt::Start,
        rule: Some(Rule::end_encounter),
        syntax: "end encounter",
        help: "end the encounter",
        examples: &["end encounter"],
        completes: &["end encounter"],
        tested_in: None,
    },
    CommandSpec {
        word: "challenge",
        at: WordAt::Start,
        rule: Some(Rule::challenge),
        syntax: "challenge N SUCCESSES before N FAILURES with ACTOR, ...",
        help: "start a skill challenge, counted in the system's `Challenge counters:`",
        examples: &["challenge 5 Clues before 4 Alarms with Scout"],
        completes: &["challenge"],
        tested_in: None,
    },
    CommandSpec {
        word: "save",
        at: WordAt::Start,
        rule: Some(Rule::save),
        syntax: "save \"FILE\"",
        help: "save the game to a file",
        examples: &["save \"fight.json\""],
        completes: &["save"],
        tested_in: Some("cli_session_game.rs"),
    },
    CommandSpec {
        word: "restore",
        at: WordAt::Start,
        rule: Some(Rule::restore),
        syntax: "restore \"FILE\"",
        help: "restore a saved game",
        examples: &["restore \"fight.json\""],
        completes: &["restore"],
        tested_in: None,
    },
    CommandSpec {
        word: "undo",
        at: WordAt::Start,
        rule: Some(Rule::undo),
        syntax: "undo",
        help: "take back the last command that changed the game",
        examples: &["undo"],
        completes: &["undo"],
        tested_in: None,
    },
    CommandSpec {
        word: "place",
        at: WordAt::Start,
        rule: Some(Rule::place),
        syntax: "place ACTOR at Q,R [facing DIRECTION]",
        help: "put an actor on a cell of the map (q,r: a hex, or a square on a square grid), \
               facing a direction of the grid",
        examples: &["place Scout at 2,-1", "place Scout at 0,0 facing east"],
        completes: &["place"],
        tested_in: None,
    },
    CommandSpec {
        word: "faces",
        at: WordAt::AfterActor,
        rule: Some(Rule::turn_to),
        syntax: "ACTOR faces DIRECTION",
        help: "GM: turn an actor on the map (hexes: east, northeast, northwest, west, \
               southwest, southeast; squares: east, north, west, south)",
        examples: &["Scout faces west"],
        completes: &["faces"],
        tested_in: Some("facing.rs"),
    },
    CommandSpec {
        word: "wall",
        at: WordAt::Start,
        rule: Some(Rule::wall),
        syntax: "wall Q,R ...",
        help: "make hexes walls: they block movement and lines to targets",
        examples: &["wall 3,4 3,5"],
        completes: &["wall"],
        tested_in: None,
    },
    CommandSpec {
        word: "terrain",
        at: WordAt::Start,
        rule: Some(Rule::terrain),
        syntax: "terrain CONDITION [N] at Q,R ... | terrain clear Q,R ...",
        help: "lay a condition on hexes (whoever stands there holds it); `terrain clear` takes \
               it off",
        examples: &["terrain Rough 2 at 3,4 3,5", "terrain clear 3,4"],
        completes: &["terrain clear", "terrain"],
        tested_in: Some("runtime_terrain.rs"),
    },
    CommandSpec {
        word: "side",
        at: WordAt::Start,
        rule: Some(Rule::side),
        syntax: "side ACTOR, ...: SIDE",
        help: "put actors on a side: allies share one, enemies differ",
        examples: &["side Scout, Hero: party"],
        completes: &["side"],
        tested_in: None,
    },
    CommandSpec {
        word: "set",
        at: WordAt::Start,
        rule: Some(Rule::set_value),
        syntax: "set ACTOR STAT to N | set world NAME to N",
        help: "GM: set a stat or a resource, or a world resource or clock count (logged, undoable)",
        examples: &[
            "set Scout HP to 12",
            "set \"Bandit 2\" Strength to 4",
            "set world Tension to 3",
            "set world Clock Period to 2",
        ],
        completes: &["set"],
        tested_in: None,
    },
    CommandSpec {
        word: "world",
        at: WordAt::Start,
        rule: Some(Rule::world_flag),
        syntax: "world is FLAG",
        help: "GM: set a world flag of the system's `World:` line; the rest of its group stops holding (logged, undoable)",
        examples: &["world is Night"],
        completes: &["world"],
        tested_in: Some("world_flag_sessions.rs"),
    },
    CommandSpec {
        word: "takes",
        at: WordAt::AfterActor,
        rule: Some(Rule::take_damage),
        syntax: "ACTOR takes N [TYPE] damage",
        help: "GM: deal damage (typed: the actor's resistances and armour count)",
        examples: &["Scout takes 5 fire damage", "Scout takes 3 damage"],
        completes: &["takes"],
        tested_in: None,
    },
    CommandSpec {
        word: "heals",
        at: WordAt::AfterActor,
        rule: Some(Rule::heal_actor),
        syntax: "ACTOR heals N",
        help: "GM: heal an actor, up to its maximum",
        examples: &["Scout heals 4"],
        completes: &["heals"],
        tested_in: None,
    },
    CommandSpec {
        word: "apply",
        at: WordAt::Start,
        rule: Some(Rule::apply_condition),
        syntax: "apply CONDITION [N] to ACTOR [for N rounds | for N turns | for N encounters | \
                 until EVENT]",
        help: "GM: apply a condition (as long as its block says, unless written; `until` takes \
               the rule files' events: `removed`, `end of turn`, `end of round`, `healed`, ...)",
        examples: &[
            "apply Dazed to Scout",
            "apply Bleeding 2 to Scout for 3 rounds",
            "apply Slowed to Scout until healed",
        ],
        completes: &["apply"],
        tested_in: None,
    },
    CommandSpec {
        word: "remove",
        at: WordAt::Start,
        rule: Some(Rule::remove_condition),
        syntax: "remove CONDITION from ACTOR",
        help: "GM: remove a condition from an actor",
        examples: &["remove Dazed from Scout"],
        completes: &["remove"],
        tested_in: None,
    },
    CommandSpec {
        word: "grant",
        at: WordAt::Start,
        rule: Some(Rule::grant),
        syntax: "grant power|TRAIT KIND|weapon|armour NAME to ACTOR",
        help: "GM: give an actor a power, a trait (feat, item, ...) or a weapon",
        examples: &["grant power Quick Jab to Scout", "grant item Rope to Scout"],
        completes: &[
            "grant power",
            "grant trait",
            "grant feat",
            "grant item",
            "grant weapon",
            "grant armour",
        ],
        tested_in: None,
    },
    CommandSpec {
        word: "revoke",
        at: WordAt::Start,
        rule: Some(Rule::revoke),
        syntax: "revoke power|TRAIT KIND|weapon|armour NAME from ACTOR",
        help: "GM: take a power, a trait or a weapon away from an actor",
        examples: &["revoke power Quick Jab from Scout"],
        completes: &["revoke power", "revoke trait", "revoke feat", "revoke item", "revoke weapon"],
        tested_in: None,
    },
    CommandSpec {
        word: "reload",
        at: WordAt::Start,
        rule: Some(Rule::reload),
        syntax: "reload",
        help: "read the loaded rule files and scripts again; actors keep what still resolves",
        examples: &["reload"],
        completes: &["reload"],
        tested_in: None,
    },
    CommandSpec {
        word: "define",
        at: WordAt::Definition,
        rule: None,
        syntax: "KIND NAME, notation lines, then a blank line",
        help: "define a block inline: a header, notation lines, then a blank line",
        examples: &["power Quick Jab\nCost: 1 CP\n"],
        // The header's first word is a block kind, which the rule language's block-kind
        // vocabulary lists; `help define` explains the form.
        completes: &[],
        tested_in: None,
    },
    CommandSpec {
        word: "help",
        at: WordAt::Start,
        rule: Some(Rule::help),
        syntax: "help [COMMAND]",
        help: "list the commands, or explain one",
        examples: &["help roll", "help"],
        completes: &["help"],
        tested_in: None,
    },
];

/// The entry whose word is `word`.
pub fn command(word: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|spec| spec.word == word)
}

/// The words that start a command line (`roll`, `end`, ...), in table order: what "unknown
/// command" knows and suggests from.
pub fn start_words() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().filter(|spec| spec.at == WordAt::Start).map(|spec| spec.word)
}

/// The words that follow an actor's name (`uses`, `adopts`, ...), in table order.
pub fn actor_words() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().filter(|spec| spec.at == WordAt::AfterActor).map(|spec| spec.word)
}

/// The grammar rule for a line that starts with `word`, to explain what is wrong with it.
pub fn rule_for(word: &str) -> Option<Rule> {
    COMMANDS.iter().find(|spec| spec.at == WordAt::Start && spec.word == word)?.rule
}

/// The command chapter of the docs: one Markdown table row per command, from this table.
pub fn markdown() -> String {
    let mut text = String::from(
        "<!-- Generated from src/session/commands.rs by `INSTA_UPDATE=always cargo test --lib \
         session`; do not edit by hand. -->\n\n# Session commands\n\nEvery command of a \
         session, in the order `help` lists them. `ACTOR` is an actor's name (quote a name \
         with digits or a connecting word: `\"Guard 2\"`); `HEX` is `q,r`.\n\n\
         | command | written | does | example |\n|---|---|---|---|\n",
    );
    for spec in COMMANDS {
        let example = spec.examples[0].lines().next().unwrap_or_default();
        text.push_str(&format!(
            "| `{}` | `{}` | {} | `{}` |\n",
            spec.word,
            spec.syntax.replace('|', "\\|"),
            spec.help.replace('|', "\\|"),
            example
        ));
    }
    text
}
