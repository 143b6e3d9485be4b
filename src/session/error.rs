//! Session errors: what went wrong reading or running a session line, as `kind.at(span)`,
//! and pest failures turned into "expected ..." diagnostics with human rule names.

use pest::error::{ErrorVariant, InputLocation};

use super::grammar::Rule;
use crate::diagnostics::{Diagnostic, Span};

/// The most digits a number in a command may have (a seed excepted): below a billion, so
/// modifiers, thresholds, stats and coordinates added up can never overflow 64 bits.
pub const MAX_NUMBER_DIGITS: usize = 9;

/// The longest session line accepted (RELIABILITY.md), checked before parsing.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// What went wrong in a session (without a location).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionErrorKind {
    /// `roll 2d6 +` or `actor Dummy with Defense`.
    #[error("could not read this command: expected {expected}")]
    Unexpected {
        /// What would have been valid, as a phrase.
        expected: String,
    },
    /// `sed 42`.
    #[error("unknown command `{word}`")]
    UnknownCommand {
        /// The word as written.
        word: String,
        /// The closest command word, if any is close.
        suggestion: Option<&'static str>,
    },
    /// A line over [`MAX_LINE_BYTES`].
    #[error("session line is {bytes} bytes; the limit is {MAX_LINE_BYTES} bytes (64 KiB)")]
    LineTooLong {
        /// The line's length.
        bytes: usize,
    },
    /// `seed 99999999999999999999999`, `check Bo Aim + 9223372036854775807 vs 5`.
    #[error("number out of range")]
    NumberOutOfRange,
    /// `force 0`.
    #[error("a forced face must be at least 1")]
    ZeroFace,
    /// `analyze analyze ...`, `analyze 0 times ...`, `analyze # nothing`.
    #[error("{0}")]
    NotAnalysable(String),
    /// `help frobnicate`.
    #[error("no help for `{0}`")]
    NoHelp(String),
    /// `apply Slowed to Ana until end of tun`: a duration outside the timing tables.
    #[error("unknown duration `{written}`")]
    UnknownDuration {
        /// The duration as written: `until end of tun`, `for ... segments`.
        written: String,
        /// What to write instead ([`crate::model::timing::until_help`]).
        help: String,
    },
    /// `actor Guard from Bandit as "Bandit 2"`: one actor, two names.
    #[error("this line names the actor twice: `{first}` and `{alias}`")]
    TwoNames {
        /// The name after `actor`.
        first: String,
        /// The name after `as`.
        alias: String,
    },
}

/// A session error with its location in the session file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionError {
    /// What went wrong.
    pub kind: SessionErrorKind,
    /// Where.
    pub span: Span,
}

impl SessionErrorKind {
    /// Attaches the location.
    pub fn at(self, span: Span) -> SessionError {
        SessionError { kind: self, span }
    }

    /// The stable diagnostic code.
    pub fn code(&self) -> &'static str {
        match self {
            SessionErrorKind::Unexpected { .. } => "session::parse::unexpected",
            SessionErrorKind::UnknownCommand { .. } => "session::parse::unknown_command",
            SessionErrorKind::LineTooLong { .. } => "session::parse::line_too_long",
            SessionErrorKind::NumberOutOfRange => "session::parse::number_out_of_range",
            SessionErrorKind::ZeroFace => "session::parse::zero_face",
            SessionErrorKind::NoHelp(_) => "session::help::unknown_topic",
            SessionErrorKind::NotAnalysable(_) => "session::parse::not_analysable",
            SessionErrorKind::TwoNames { .. } => "session::parse::two_names",
            SessionErrorKind::UnknownDuration { .. } => "session::parse::unknown_duration",
        }
    }
}

impl SessionError {
    /// The diagnostic: message, a label at the span, and help where there is some.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let label = match &self.kind {
            SessionErrorKind::Unexpected { expected } => format!("expected {expected}"),
            SessionErrorKind::UnknownCommand { .. } => "not a command".to_string(),
            SessionErrorKind::LineTooLong { .. } => "this line".to_string(),
            SessionErrorKind::TwoNames { .. } => "a second name".to_string(),
            SessionErrorKind::UnknownDuration { .. } => {
                "not a duration the engine runs".to_string()
            }
            _ => "here".to_string(),
        };
        let mut diagnostic = Diagnostic::error(self.kind.code(), self.kind.to_string());
        if !self.span.is_none() {
            diagnostic = diagnostic.with_primary(self.span, label);
        }
        match &self.kind {
            SessionErrorKind::UnknownCommand { suggestion: Some(word), .. } => {
                diagnostic = diagnostic.with_help(format!("did you mean `{word}`?"));
            }
            SessionErrorKind::TwoNames { alias, .. } => {
                diagnostic = diagnostic.with_help(format!(
                    "the name after `actor` is the actor's: write `actor \"{alias}\" from ...` \
                     and leave out `as`"
                ));
            }
            SessionErrorKind::UnknownCommand { suggestion: None, .. }
            | SessionErrorKind::NoHelp(_) => {
                diagnostic = diagnostic.with_help("`help` lists every command with an example");
            }
            SessionErrorKind::NumberOutOfRange => {
                diagnostic = diagnostic.with_help(format!(
                    "numbers in commands have at most {MAX_NUMBER_DIGITS} digits; a seed may use 20"
                ));
            }
            SessionErrorKind::Unexpected { .. } => {
                diagnostic =
                    diagnostic.with_help("`help WORD` shows a command's syntax and examples");
            }
            SessionErrorKind::LineTooLong { .. } => {
                diagnostic = diagnostic.with_help("split the line: one command fits in 64 KiB");
            }
            SessionErrorKind::UnknownDuration { help, .. } => {
                diagnostic = diagnostic.with_help(help.clone());
            }
            SessionErrorKind::ZeroFace => {
                diagnostic = diagnostic.with_help("dice faces count from 1: `force 6, 1`");
            }
            SessionErrorKind::NotAnalysable(_) => {
                diagnostic = diagnostic.with_help(
                    "write `analyze [N times] COMMAND`, such as `analyze 2 times Ana uses Jab on Bo`",
                );
            }
        }
        diagnostic
    }
}

/// A human description of what `rule` matches, for "expected ..." messages.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the line",
        Rule::WHITESPACE => "a space",
        Rule::word_char => "a letter or digit",
        Rule::use_option => "an option such as `spending 2 Focus`",
        Rule::COMMENT => "a comment such as `# note`",
        Rule::line | Rule::command => "a command such as `roll 2d6`",
        Rule::session_keyword => "a connecting word such as `uses` or `on`",
        Rule::word | Rule::session_word | Rule::name_word | Rule::reserved => "a word",
        Rule::bare_name | Rule::any_name | Rule::name | Rule::name_list => {
            "a name such as `Bandit` or `\"Bandit 2\"`"
        }
        Rule::actor_word => "an actor such as `Scout` or `\"Bandit 2\"`",
        Rule::integer | Rule::number => "a number such as `12`",
        Rule::identifier => "a word such as `if-better`",
        Rule::dice_text => "a dice expression such as `2d6+3`",
        Rule::quoted_name => "a quoted name such as `\"Bastion of Defense\"`",
        Rule::string | Rule::string_inner => "a quoted text such as `\"fight.json\"`",
        Rule::load => "`load` and a pack name or a quoted path",
        Rule::seed => "`seed` and a number",
        Rule::policy => "`policy` and a decision and a policy name",
        Rule::actor => "`actor NAME from STAT BLOCK` or `actor NAME with Stat 12`",
        Rule::actor_from => "`from STAT BLOCK`",
        Rule::actor_as => "`as NAME`",
        Rule::actor_with => "`with Stat 12, Other 3`",
        Rule::stat_value => "a stat and its value such as `Defense 12`",
        Rule::show => "`show` and what to show",
        Rule::show_power => "`power NAME`",
        Rule::show_condition => "`condition NAME`",
        Rule::show_state => "`state`",
        Rule::show_log => "`log`",
        Rule::help => "`help` or `help COMMAND`",
        Rule::use_power => "`ACTOR uses POWER on TARGET`",
        Rule::spending => "`spending 2 Resource`",
        Rule::with_weapon => "`with weapon NAME`",
        Rule::trigger => "`trigger \"what happened\"`",
        Rule::check => "`check ACTOR Stat + 2 vs 9`",
        Rule::check_expression | Rule::check_term => "a stat or a number such as `Might` or `2`",
        Rule::check_bracket => "a bracket expression such as `[10 + Level]`",
        Rule::check_operator => "`+` or `-`",
        Rule::aided => "`aided by NAME`",
        Rule::check_against => "`against NAME`",
        Rule::adding => "`adding 3 Pool`",
        Rule::initiative => "`initiative turns` or `initiative ticks`",
        Rule::versus => "`versus ACTOR Stat vs ACTOR Stat`",
        Rule::roll => "`roll` and a dice expression",
        Rule::dist => "`dist` and a dice expression",
        Rule::force => "`force` and faces such as `8, 6, 1`",
        Rule::analyze => "`analyze [N times] COMMAND` such as `analyze Ana uses Jab on Bo`",
        Rule::analyze_times => "how many times in a row, such as `2`",
        Rule::analyze_question => "the command to analyse, such as `Ana uses Jab on Bo`",
        Rule::k_analyze => "`analyze`",
        Rule::k_times => "`times`",
        Rule::face => "a face such as `6`",
        Rule::encounter => "`encounter` and the actors taking part",
        Rule::next => "`next` or `next turn`",
        Rule::end_encounter => "`end encounter`",
        Rule::challenge => {
            "`challenge 5 SUCCESSES before 4 FAILURES with NAMES` (the system's `Challenge \
             counters:`)"
        }
        Rule::counter_name | Rule::counter_words | Rule::counter_word => {
            "a challenge counter, such as `Successes` (the system's `Challenge counters:`)"
        }
        Rule::save => "`save \"file.json\"`",
        Rule::restore => "`restore \"file.json\"`",
        Rule::undo => "`undo`",
        Rule::hex => "a hex such as `2,-3`",
        Rule::aim_at => "`at 3,-1` (where an area goes)",
        Rule::move_to => "`to 4,2` (where a move goes)",
        Rule::choosing => "`choosing Blades` (the stats a power chooses)",
        Rule::gm_threshold => "`threshold 14` (a GM-set threshold)",
        Rule::k_choosing => "`choosing`",
        Rule::k_threshold => "`threshold`",
        Rule::place => "`place ACTOR at 2,-3`",
        Rule::wall => "`wall` and hexes such as `3,4 3,5`",
        Rule::k_place => "`place`",
        Rule::k_wall => "`wall`",
        Rule::terrain => "`terrain Rough 2 at 3,4` or `terrain clear 3,4`",
        Rule::terrain_clear => "`clear` and hexes such as `3,4 3,5`",
        Rule::terrain_lay => "a condition, its N and `at` hexes: `Rough 2 at 3,4`",
        Rule::k_terrain => "`terrain`",
        Rule::k_clear => "`clear`",
        Rule::side => "`side ACTORS: SIDE` such as `side Ana, Bo: party`",
        Rule::k_side => "`side`",
        Rule::side_colon => "`:` and the side's name (`side Ana, Bo: party`)",
        Rule::k_at => "`at`",
        Rule::k_to => "`to`",
        Rule::k_load => "`load`",
        Rule::k_seed => "`seed`",
        Rule::k_policy => "`policy`",
        Rule::k_initiative => "`initiative`",
        Rule::k_adding => "`adding`",
        Rule::k_actor => "`actor`",
        Rule::k_from => "`from`",
        Rule::k_as => "`as`",
        Rule::k_with => "`with`",
        Rule::k_show => "`show`",
        Rule::k_power => "`power`",
        Rule::k_condition => "`condition`",
        Rule::k_state => "`state`",
        Rule::k_log => "`log`",
        Rule::k_help => "`help`",
        Rule::k_uses => "`uses`",
        Rule::adopt => "`ACTOR adopts STANCE` such as `Ana adopts Jaguar Stance`",
        Rule::turn_to => "`ACTOR faces DIRECTION` such as `Ana faces west`",
        Rule::direction => "a direction such as `east` or `northwest`",
        Rule::k_facing => "`facing`",
        Rule::k_faces => "`faces`",
        Rule::k_adopts => "`adopts`",
        Rule::leave_stance => "`ACTOR leaves STANCE` such as `Karak leaves Defensive Stance`",
        Rule::k_leaves => "`leaves`",
        Rule::open_test => "`ACTOR tests Stat vs N` such as `Hero tests Strength vs 4`",
        Rule::test_ease => "`ease N`",
        Rule::check_tag => "`as TAG`, a tag a `Check tags:` line declares",
        Rule::test_kind => "`as KIND` (a kind of test its procedure names on an `Outcomes` line)",
        Rule::add_chunk => "`ACTOR adds N RESOURCE` such as `Hero adds 2 Effort`",
        Rule::assist => "`ACTOR assists`",
        Rule::oppose => "`oppose N`",
        Rule::settle => "`settle`",
        Rule::k_tests => "`tests`",
        Rule::k_ease => "`ease`",
        Rule::k_adds => "`adds`",
        Rule::k_assists => "`assists`",
        Rule::k_oppose => "`oppose`",
        Rule::k_settle => "`settle`",
        Rule::k_on => "`on`",
        Rule::k_spending => "`spending`",
        Rule::k_weapon => "`weapon`",
        Rule::k_trigger => "`trigger`",
        Rule::k_check => "`check`",
        Rule::k_vs => "`vs`",
        Rule::k_aided => "`aided`",
        Rule::k_against => "`against`",
        Rule::k_by => "`by`",
        Rule::k_versus => "`versus`",
        Rule::k_roll => "`roll`",
        Rule::k_dist => "`dist`",
        Rule::k_force => "`force`",
        Rule::k_encounter => "`encounter`",
        Rule::k_next => "`next`",
        Rule::k_end => "`end`",
        Rule::k_challenge => "`challenge`",
        Rule::k_before => "`before`",
        Rule::k_save => "`save`",
        Rule::k_restore => "`restore`",
        Rule::k_undo => "`undo`",
        Rule::set_value => "`set ACTOR STAT to N` such as `set Hero HP to 12`",
        Rule::world_flag => "`world is FLAG` such as `world is Night`",
        Rule::k_world => "`world`",
        Rule::k_is => "`is`",
        Rule::take_damage => "`ACTOR takes N [TYPE] damage` such as `Hero takes 5 fire damage`",
        Rule::damage_kind => "a damage type such as `fire`",
        Rule::heal_actor => "`ACTOR heals N` such as `Hero heals 5`",
        Rule::apply_condition => "`apply CONDITION [N] to ACTOR [for N rounds]`",
        Rule::lasting => "a duration such as `for 2 rounds` or `until removed`",
        Rule::time_unit => "a time unit such as `rounds`",
        Rule::until_event => "a duration such as `end of turn` or `removed`",
        Rule::remove_condition => "`remove CONDITION from ACTOR`",
        Rule::grant => "`grant power NAME to ACTOR`",
        Rule::revoke => "`revoke power NAME from ACTOR`",
        Rule::grant_kind => "`power`, a trait kind such as `feat` or `item`, or `weapon`",
        Rule::reload => "`reload`",
        Rule::k_turn => "`turn`",
        Rule::k_set => "`set`",
        Rule::k_takes => "`takes`",
        Rule::k_damage => "`damage`",
        Rule::k_heals => "`heals`",
        Rule::k_apply => "`apply`",
        Rule::k_remove => "`remove`",
        Rule::k_for => "`for`",
        Rule::k_until => "`until`",
        Rule::k_grant => "`grant`",
        Rule::k_revoke => "`revoke`",
        Rule::k_reload => "`reload`",
    }
}

/// The error for a pest failure in a line that starts at `base` in the session file.
pub fn from_pest(
    error: &pest::error::Error<Rule>,
    file: crate::diagnostics::FileId,
    base: usize,
) -> SessionError {
    let range = match error.location {
        InputLocation::Pos(position) => position..position,
        InputLocation::Span((start, end)) => start..end,
    };
    let mut names: Vec<&str> = Vec::new();
    let mut literals = false;
    if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
        for rule in positives {
            let name = rule_name(*rule);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        literals = positives.is_empty();
    }
    names.truncate(4);
    let expected = match names.as_slice() {
        [] if literals => "a connecting word or symbol here".to_string(),
        [] => "something else here".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    };
    let span = Span::new(file, base + range.start..base + range.end);
    SessionErrorKind::Unexpected { expected }.at(span)
}
