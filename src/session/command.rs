//! The typed session commands: what one line (or one block definition) of a session says,
//! with the spans of its parts in the session file. Plain data; parsing is in `parse.rs`,
//! execution in `session.rs` and the [`super::Backend`].

use crate::diagnostics::{Span, Spanned};
use crate::dice::DiceExpr;
use crate::engine::Hex;
use crate::runtime::{Grantable, Lasting};

/// A name as written, with where it was written: `Heavy Strike`, `"Bandit 2"`.
pub type NameRef = Spanned<String>;

/// What a challenge is won and lost by, as the command writes it: `5 Successes before 4
/// Failures`. The counters must be the system's `Challenge counters:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeTerms {
    /// Successes needed to win: `5`.
    pub successes: u32,
    /// The successes' counter as written: `Successes`.
    pub success_counter: NameRef,
    /// Failures that lose it: `4`.
    pub failures: u32,
    /// The failures' counter as written: `Failures`.
    pub failure_counter: NameRef,
}

/// One session command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `load tiny` (a pack by name) or `load "house.rules"` (a file or folder).
    Load(LoadTarget),
    /// `seed 42`: restart the dice stream from this seed.
    Seed(u64),
    /// `policy temptation if-better`: how a decision point is answered without asking.
    Policy {
        /// The decision point: `temptation`.
        decision: NameRef,
        /// The policy's name: `if-better`.
        policy: NameRef,
    },
    /// `actor Vet from Hero with Level 6`, `actor Dummy with Defense 12, HP 30`: an actor
    /// from a pack's stat block, inline stats, or both.
    Actor {
        /// The actor's name: `Vet`.
        name: NameRef,
        /// The stat block's name: `Hero`.
        stat_block: Option<NameRef>,
        /// Stats and resources set on it, in the order written: `Level 6`.
        stats: Vec<(NameRef, i64)>,
    },
    /// `show Hero`, `show power Charge`, `show condition Dazed`, `show state`, `show log`.
    Show(ShowTarget),
    /// `Hero uses Heavy Strike on Bandit spending 2 Focus with weapon Longsword`.
    UsePower(UseCommand),
    /// `check Scout Influence + Guile vs 11 aided by Hero`.
    Check(CheckCommand),
    /// `versus Scout Sword vs Hero Sword`.
    Versus {
        /// The side that acts: `Scout Sword`.
        attacker: CheckSide,
        /// The side that resists: `Hero Sword`.
        defender: CheckSide,
    },
    /// `roll 4d6kh3`.
    Roll(DiceCommand),
    /// `dist 3d10cs>=6`.
    Dist(DiceCommand),
    /// `force 8, 6, 1`: the next dice rolled show these faces.
    Force(Vec<u32>),
    /// `initiative ticks`: plain turns or ticks for encounters started from now on.
    Initiative(NameRef),
    /// `encounter Hero, Bandit`: start an encounter with these actors.
    Encounter(Vec<NameRef>),
    /// `next`: the next phase of the encounter's turn.
    NextTurn,
    /// `next turn`: the acting actor's turn ends and the next one's starts.
    EndTurn,
    /// `set Hero HP to 12`: the GM sets a stat or a resource.
    SetValue {
        /// Whose: `Hero`.
        actor: NameRef,
        /// Which stat or resource: `HP`.
        name: NameRef,
        /// The new value: `12`.
        value: i64,
    },
    /// `world is Night`: the GM sets a world flag.
    WorldFlag(NameRef),
    /// `Hero takes 5 fire damage`: the GM deals damage.
    TakeDamage {
        /// Who: `Hero`.
        actor: NameRef,
        /// How much: `5`.
        amount: i64,
        /// Its type, when written: `fire`.
        damage_type: Option<NameRef>,
    },
    /// `Hero heals 5`: the GM heals an actor.
    Heal {
        /// Who: `Hero`.
        actor: NameRef,
        /// How much: `5`.
        amount: i64,
    },
    /// `apply Dazed 2 to Hero for 2 rounds`: the GM applies a condition.
    ApplyCondition {
        /// The condition: `Dazed`.
        condition: NameRef,
        /// Its N, when written: `2`.
        n: Option<i64>,
        /// To whom: `Hero`.
        actor: NameRef,
        /// How long: `for 2 rounds` (as the condition block says when not written).
        lasting: Spanned<Lasting>,
    },
    /// `remove Dazed from Hero`: the GM removes a condition.
    RemoveCondition {
        /// The condition: `Dazed`.
        condition: NameRef,
        /// From whom: `Hero`.
        actor: NameRef,
    },
    /// `grant power Quick Jab to Hero`: the GM gives a power, trait or weapon.
    Grant {
        /// What kind of thing: `power`.
        kind: Spanned<Grantable>,
        /// Its name: `Quick Jab`.
        name: NameRef,
        /// To whom: `Hero`.
        actor: NameRef,
    },
    /// `revoke power Quick Jab from Hero`: the GM takes one away.
    Revoke {
        /// What kind of thing: `power`.
        kind: Spanned<Grantable>,
        /// Its name: `Quick Jab`.
        name: NameRef,
        /// From whom: `Hero`.
        actor: NameRef,
    },
    /// `reload`: read the loaded rule files and scripts again.
    Reload,
    /// `end encounter`.
    EndEncounter,
    /// `challenge 5 Successes before 4 Failures with Scout, Hero`.
    Challenge {
        /// The counters and their targets.
        terms: ChallengeTerms,
        /// Who takes part: `Scout, Hero`.
        participants: Vec<NameRef>,
    },
    /// `save "fight.json"`.
    Save(Spanned<String>),
    /// `restore "fight.json"`.
    Restore(Spanned<String>),
    /// `undo`: take back the last command that changed the game.
    Undo,
    /// `place Ana at 2,3`: put an actor on a cell of the map.
    Place {
        /// Who: `Ana`.
        actor: NameRef,
        /// Where: `2,3`.
        hex: Spanned<Hex>,
        /// Which way it faces, when given: `east`.
        facing: Option<Spanned<String>>,
    },
    /// `Ana faces west`: the GM turns an actor on the map.
    Face {
        /// Who: `Ana`.
        actor: NameRef,
        /// The direction as written: `west`.
        direction: Spanned<String>,
    },
    /// `wall 3,4 3,5`: hexes that block movement and lines to targets.
    Wall(Vec<Spanned<Hex>>),
    /// `terrain Rough 2 at 3,4 3,5`: lay a condition on hexes.
    Terrain {
        /// The condition block: `Rough`.
        condition: NameRef,
        /// Its N, when given: `2`.
        n: Option<Spanned<i64>>,
        /// Where: `3,4 3,5`.
        hexes: Vec<Spanned<Hex>>,
    },
    /// `terrain clear 3,4`: take every terrain off hexes.
    ClearTerrain(Vec<Spanned<Hex>>),
    /// `side Ana, Bo: party`: put actors on a side.
    Side {
        /// Who: `Ana, Bo`.
        actors: Vec<NameRef>,
        /// Which side: `party`.
        side: NameRef,
    },
    /// `Ana adopts Jaguar Stance`: an actor adopts a stance.
    Adopt {
        /// Who: `Ana`.
        actor: NameRef,
        /// The stance: `Jaguar Stance`.
        stance: NameRef,
    },
    /// `Karak leaves Defensive Stance`: an actor ends the stance it holds.
    Leave {
        /// Who: `Karak`.
        actor: NameRef,
        /// The stance: `Defensive Stance`.
        stance: NameRef,
    },
    /// A block definition, `power Quick Jab` followed by notation lines up to a blank line.
    Define(Definition),
    /// `help` or `help check`.
    Help(Option<NameRef>),
    /// `analyze 2 times Hero uses Charge on Bandit`: the exact odds of a command.
    Analyze(AnalyzeCommand),
    /// A step of a test in steps: `Hero tests Strength vs 4`, `Hero adds 2 Effort`, `Ana
    /// assists`, `oppose 2`, `settle`.
    Test(TestStep),
}

/// A step of a test in steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestStep {
    /// `Hero tests Strength + 1 vs 4 ease 1 aided by Ana`: roll and leave the test open.
    Open(TestCommand),
    /// `Hero adds 2 Effort`: a chunk of extra dice paid from a resource.
    Chunk {
        /// Who adds: `Hero`.
        actor: NameRef,
        /// How many dice: `2`.
        dice: Spanned<i64>,
        /// Paid from: `Effort`.
        resource: NameRef,
    },
    /// `Ana assists`: an ally pools their successes.
    Assist(NameRef),
    /// `oppose 2`: the opponent's dice raise the need.
    Oppose(Spanned<i64>),
    /// `settle`, with the word's place.
    Settle(Span),
}

/// `Hero tests Strength + 1 vs 4 ease 1 aided by Ana`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCommand {
    /// Who tests with what: `Hero Strength + 1`.
    pub side: CheckSide,
    /// Successes needed: `4`.
    pub need: i64,
    /// `ease 1`: automatic successes.
    pub ease: i64,
    /// `aided by Ana`: allies who make the same test and pool their successes.
    pub aided_by: Vec<NameRef>,
    /// `as Contest`: the kind of test (its procedure's `Outcomes Contest:` line).
    pub kind: Option<NameRef>,
}

/// `analyze 2 times Hero uses Charge on Bandit`.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeCommand {
    /// How many times in a row the question runs (1 when not written).
    pub times: u32,
    /// The command analysed, with its own span inside the line.
    pub question: Box<Located>,
    /// The command as written: `Hero uses Charge on Bandit`.
    pub text: String,
}

/// What `load` loads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadTarget {
    /// `load tiny`: an embedded pack, or the local folder `rules/tiny`.
    Pack(NameRef),
    /// `load "house.rules"`: a rule file or folder on disk.
    Path(Spanned<String>),
}

/// What `show` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowTarget {
    /// `show Hero`.
    Actor(NameRef),
    /// `show power Heavy Strike`.
    Power(NameRef),
    /// `show condition Dazed`.
    Condition(NameRef),
    /// `show state`.
    State,
    /// `show log`.
    Log,
}

/// A power used by an actor, with its targets and options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UseCommand {
    /// Who uses it: `Hero`.
    pub actor: NameRef,
    /// The power: `Heavy Strike`.
    pub power: NameRef,
    /// `on Bandit, Guard` (empty when no `on`).
    pub targets: Vec<NameRef>,
    /// `spending 2 Focus`: extra resources spent, in the order written.
    pub spending: Vec<(i64, NameRef)>,
    /// `with weapon Longsword`.
    pub weapon: Option<NameRef>,
    /// `trigger "an enemy moves adjacent"`: the event a reaction answers.
    pub trigger: Option<Spanned<String>>,
    /// `at 3,-1`: where an area is centred or aimed (a path's waypoints, in order).
    pub aim: Vec<Hex>,
    /// `to 4,2`: where a movement effect takes its mover.
    pub destination: Option<Hex>,
    /// `choosing Analysis, Lore`: the stats a `Choose:` line binds.
    pub choosing: Vec<NameRef>,
    /// `threshold 14`: a GM-set threshold.
    pub threshold: Option<i64>,
    /// `choosing 3`: the amount a `Cost: choose 1-5 Vigor` pays.
    pub chosen: Option<i64>,
}

impl UseCommand {
    /// The runtime's request for this use: what the game backend runs and the analysis
    /// explores.
    pub fn request(&self) -> crate::runtime::PowerUse {
        let mut request = crate::runtime::PowerUse::new(&self.actor.node, &self.power.node)
            .at(self.targets.iter().map(|target| target.node.as_str()));
        request.options.weapon = self.weapon.as_ref().map(|weapon| weapon.node.clone());
        request.options.trigger = self.trigger.as_ref().map(|trigger| trigger.node.clone());
        request.options.spending = self
            .spending
            .iter()
            .map(|(amount, resource)| (resource.node.clone(), *amount))
            .collect();
        request.options.aim = self.aim.clone();
        request.options.destination = self.destination;
        request.options.choices = self.choosing.iter().map(|n| n.node.clone()).collect();
        request.options.threshold = self.threshold;
        request.options.chosen = self.chosen;
        request
    }
}

/// One term of a check: `Influence`, `+ 3`, `- Guile`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckTerm {
    /// A stat or skill name, added (`true`) or subtracted (`false`).
    Stat(bool, NameRef),
    /// A number, with its sign applied.
    Number(i64),
}

/// An actor and what they roll: `Scout Influence + Guile`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckSide {
    /// The actor: `Scout`.
    pub actor: NameRef,
    /// The terms added up: `Influence + Guile`.
    pub terms: Vec<CheckTerm>,
}

/// `check Scout Influence + Guile vs 11 aided by Hero`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckCommand {
    /// Who checks and with what.
    pub side: CheckSide,
    /// The number to reach: `11`, or `[10 + Level]`.
    pub difficulty: Difficulty,
    /// `aided by Hero`: helpers.
    pub aided_by: Vec<NameRef>,
    /// `adding 3 Chaos Dice`: extra dice from a world pool.
    pub adding: Option<(i64, NameRef)>,
    /// `against Bandit`: the actor the check is made against.
    pub against: Option<NameRef>,
    /// `as Crafting`: the check's tag (a `Check tags:` line declares it).
    pub tag: Option<NameRef>,
}

/// What a session check must reach: `vs 11`, or `vs [10 + Level]` (a bracket expression
/// read on the checking actor, `Target's X` on the `against` actor).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// `11`.
    Number(i64),
    /// `[10 + Level]`, with the span of its inside.
    Expr(crate::diagnostics::Spanned<crate::model::Expr>),
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difficulty::Number(number) => write!(f, "{number}"),
            Difficulty::Expr(expr) => write!(f, "[{}]", expr.node),
        }
    }
}

/// A dice expression written in a session, parsed and with its place in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceCommand {
    /// The text as written (trimmed): `4d6kh3`.
    pub text: String,
    /// The parsed expression.
    pub expression: DiceExpr,
    /// Where the text is.
    pub span: Span,
}

/// An inline block definition: its header and the full text (header and notation lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The block kind word: `power`.
    pub kind: String,
    /// The block's name: `Quick Jab`.
    pub name: String,
    /// The whole block as rule-file text, ending with a newline.
    pub text: String,
    /// Where the block is in the session file.
    pub span: Span,
}

impl Command {
    /// The command word, as `help` lists it: `roll`, `uses`, `define`.
    pub fn word(&self) -> &'static str {
        match self {
            Command::Load(_) => "load",
            Command::Seed(_) => "seed",
            Command::Policy { .. } => "policy",
            Command::Actor { .. } => "actor",
            Command::Show(_) => "show",
            Command::UsePower(_) => "uses",
            Command::Check(_) => "check",
            Command::Versus { .. } => "versus",
            Command::Roll(_) => "roll",
            Command::Dist(_) => "dist",
            Command::Force(_) => "force",
            Command::Initiative(_) => "initiative",
            Command::Encounter(_) => "encounter",
            Command::NextTurn | Command::EndTurn => "next",
            Command::SetValue { .. } => "set",
            Command::WorldFlag(_) => "world",
            Command::TakeDamage { .. } => "takes",
            Command::Heal { .. } => "heals",
            Command::ApplyCondition { .. } => "apply",
            Command::RemoveCondition { .. } => "remove",
            Command::Grant { .. } => "grant",
            Command::Revoke { .. } => "revoke",
            Command::Reload => "reload",
            Command::EndEncounter => "end",
            Command::Challenge { .. } => "challenge",
            Command::Save(_) => "save",
            Command::Restore(_) => "restore",
            Command::Undo => "undo",
            Command::Place { .. } => "place",
            Command::Face { .. } => "faces",
            Command::Wall(_) => "wall",
            Command::Terrain { .. } | Command::ClearTerrain(_) => "terrain",
            Command::Side { .. } => "side",
            Command::Adopt { .. } => "adopts",
            Command::Leave { .. } => "leaves",
            Command::Define(_) => "define",
            Command::Help(_) => "help",
            Command::Analyze(_) => "analyze",
            Command::Test(TestStep::Open(_)) => "tests",
            Command::Test(TestStep::Chunk { .. }) => "adds",
            Command::Test(TestStep::Assist(_)) => "assists",
            Command::Test(TestStep::Oppose(_)) => "oppose",
            Command::Test(TestStep::Settle(_)) => "settle",
        }
    }
}

/// A command and the span of the whole line (or block) it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    /// The command.
    pub command: Command,
    /// Its source: the line, or the block for a definition.
    pub span: Span,
}
