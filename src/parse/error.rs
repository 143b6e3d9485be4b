//! Turning pest failures into diagnostics: positions become spans in the whole file (never
//! just the failing line), and every grammar rule has a human name so messages say what
//! would be valid ("expected a notation line such as `Cost: 2 CP`").

use pest::error::{ErrorVariant, InputLocation};

use super::grammar::Rule;
use crate::diagnostics::{Diagnostic, FileId, Span};

/// A human description of what `rule` matches, for "expected ..." messages.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the input",
        Rule::WHITESPACE => "a space",
        Rule::COMMENT => "a comment such as `# ruling`",
        Rule::word_char | Rule::name_char | Rule::label_word => "a letter or digit",
        Rule::line_item => "a block header, notation line or include",
        Rule::atom => "a value such as `Grade`, `2` or `(Tier + 1)`",
        Rule::dice_char => "dice notation",
        Rule::word => "a word",
        Rule::reserved => "a connecting word such as `and` or `in`",
        Rule::name_word => "a word of a name",
        Rule::name => "a name such as `Weapon Reach`",
        Rule::quoted_name => "a quoted name such as `\"Bastion of Defense\"`",
        Rule::list_name | Rule::list_word => "a name such as `Bastion of Defense`",
        Rule::number => "a number such as `12` or `2.5`",
        Rule::string => "a quoted path such as `\"other.rules\"`",
        Rule::string_inner => "the text of a string",
        Rule::file => "a rule file",
        Rule::include => "an include such as `include \"other.rules\"`",
        Rule::header => "a block header such as `power Shield Bash`",
        Rule::house_header => "a house rule such as `replace power Shield Bash`",
        Rule::house_verb => "`replace`, `amend` or `remove`",
        Rule::house_rules => "`house rules for` and a pack's name",
        Rule::kind => "a block kind such as `power`, `trait` or `system`",
        Rule::header_name => "a block name such as `Shield Bash`",
        Rule::notation => "a notation line such as `Cost: 2 CP`",
        Rule::label => "a notation label such as `Cost` or `Result 2`",
        Rule::grade_gate => "a grade gate such as `=0` or `<2`",
        Rule::label_condition | Rule::label_bracket => "a condition such as `if [Margin >= 5]`",
        Rule::line_text => "the text of a notation line",
        Rule::expr_input | Rule::expr => "an expression such as `Weapon + Grade`",
        Rule::compare_op => "a comparison such as `>=`",
        Rule::conjunction | Rule::inversion => "a condition such as `Hidden and Grade >= 2`",
        Rule::comparison => "a comparison such as `Margin >= 5`",
        Rule::or_op => "`or`",
        Rule::and_op => "`and`",
        Rule::not_op => "`not`",
        Rule::dice_term | Rule::dice_modifier | Rule::dice_point => {
            "a dice term such as `1d8` or `4d6kh3`"
        }
        Rule::arithmetic => "arithmetic such as `Attack + Strength`",
        Rule::arithmetic_op | Rule::plus | Rule::minus | Rule::times | Rule::divided_by => {
            "an operator such as `+` or `*`"
        }
        Rule::operand | Rule::negate => "a value such as `Grade` or `-2`",
        Rule::call | Rule::call_name => "a call such as `floor(Max HP / 4)`",
        Rule::reference => "a name such as `Strength` or `Target's Defense`",
        Rule::ruling => "a ruling such as `Ruling fate exchange CP`",
        Rule::bracket => "a bracket expression such as `[Weapon + 1]`",
        Rule::amount | Rule::signed_amount | Rule::amount_input => {
            "an amount such as `2`, `2d6` or `[Grade]`"
        }
        Rule::sign => "`+` or `-`",
        Rule::dice => "dice such as `2d6`",
        Rule::dice_template_input => "dice with holes such as `[Tier + 2]d10`",
        Rule::template_text => "dice notation such as `d10`",
        Rule::effects_input | Rule::effect => "an effect such as `2 fire damage` or `apply Dazed`",
        Rule::damage => "damage such as `[Weapon + Grade] damage`",
        Rule::damage_type => "a damage type such as `fire`",
        Rule::against => "`against` and who the condition holds against",
        Rule::type_word => "a damage type such as `fire` or `[Type]`",
        Rule::heal => "`heal N`",
        Rule::over_maximum => "`over its maximum as Condition`",
        Rule::resource_change | Rule::resource_verb => "`gain N resource` or `lose N resource`",
        Rule::spend => "`spend N resource`",
        Rule::apply => "`apply Condition`",
        Rule::remove => "`remove Condition`",
        Rule::subject_is => "`Target is Condition`",
        Rule::movement | Rule::move_verb => "movement such as `push Target 2`",
        Rule::up_to => "`up to`",
        Rule::distance_unit => "a distance unit such as `hexes`",
        Rule::script => "a script call such as `script bonus(Grade)`",
        Rule::condition_ref => "a condition such as `Dazed` or `Protected 2`",
        Rule::duration | Rule::duration_input | Rule::for_duration | Rule::until_duration => {
            "a duration such as `for 2 rounds`"
        }
        Rule::time_unit => "a time unit such as `rounds`",
        Rule::until_text => "an event such as `end of turn`",
        Rule::target_input => "a target such as `Enemy in [Weapon Reach]`",
        Rule::self_target => "`Self`",
        Rule::area_target | Rule::area_shape => "an area such as `Burst 2 within 10`",
        Rule::area_self => "`excluding Self` or `including Self`",
        Rule::area_sides => "`excluding allies` or `excluding enemies`",
        Rule::you_or_ally => "`you or an ally`",
        Rule::creature_target => "a target such as `Up to 3 allies in 5`",
        Rule::target_count | Rule::up_to_count | Rule::all_count => "a count such as `Up to 3`",
        Rule::cost_input | Rule::cost_part => "a cost such as `1 CP + 1 Sg`",
        Rule::cost_choice | Rule::choose_word | Rule::choice_bound => {
            "a chosen cost such as `choose 1-5 Vigor`"
        }
        Rule::condition_input | Rule::clause => "a condition such as `[HP <= 0]`",
        Rule::junction => "`and` or `or`",
        Rule::has_verb => "`has` or `is`",
        Rule::keyword_clause => "a keyword test such as `Target has keyword Construct`",
        Rule::has_clause => "a test such as `Target has Prone`",
        Rule::target_range => "a distance such as `3` or `2-3`",
        Rule::range_least => "the least distance of a range such as `2-3`",
        Rule::area_first => "`, first N` (how many of the area's creatures it strikes)",
        Rule::subject_damage => "damage with who takes it: `each creature within 1 takes 2 damage`",
        Rule::takes_word => "`takes`",
        Rule::facing_clause => "a test such as `you are behind Target`",
        Rule::cell_clause => "a test such as `the square is occupied`",
        Rule::cell_not => "`not`",
        Rule::the_cell => "`the square`, `the hex` or `the cell`",
        Rule::cell_occupied => "`is occupied`",
        Rule::quarter_words => "`in front of`, `beside` or `behind`",
        Rule::wielding_clause | Rule::wielding_word => "a gear test such as `wielding a Shield`",
        Rule::wielding_not => "`not`",
        Rule::near_clause => "a test such as `an ally within 5`",
        Rule::party_clause | Rule::party_is => "a test such as `no ally is Emboldened`",
        Rule::near_article => "`a`, `an` or `no`",
        Rule::gear_article => "`a` or `an`",
        Rule::event_subject | Rule::subject_word => "who acts, such as `an enemy`",
        Rule::event_clause | Rule::event_verb | Rule::event_rest => {
            "an event such as `an enemy moves adjacent`"
        }
        Rule::name_list_input | Rule::list_item => "a list of names such as `Aim, Damage`",
        Rule::assignments_input | Rule::assignment => {
            "named values such as `Strength 2, Finesse 1`"
        }
        Rule::grades_input | Rule::grade_label => "grade labels such as `0 Fail, 1 Low`",
        Rule::modifiers_input | Rule::modifier => "modifiers such as `+1 Attack, -5 Defense`",
        Rule::add_modifier => "a modifier such as `+1 Attack`",
        Rule::set_modifier => "a modifier such as `Speed = 1`",
        Rule::scale_modifier => "a modifier such as `damage * 0.5 round up`",
        Rule::modifier_stat | Rule::modifier_word => "a stat such as `Attack`",
        Rule::quantity_modifier | Rule::quantity => {
            "a modifier such as `damage taken of [Type] - [N] min 0`"
        }
        Rule::type_filter | Rule::type_parameter => "a damage type such as `of [Type]`",
        Rule::quantity_add | Rule::quantity_scale => "a change such as `- [N]` or `* 0.5`",
        Rule::quantity_floor => "a floor such as `min 1`",
        Rule::quantity_leaves => "a health floor such as `leaves 1`",
        Rule::relation | Rule::vs_relation | Rule::unless_relation | Rule::relation_name => {
            "a relation such as `vs Source` or `unless Target is Source`"
        }
        Rule::grants_input | Rule::grant_item => "a grant such as `Advantage to attackers`",
        Rule::audience | Rule::audience_keyword | Rule::audience_kind => {
            "`attackers`, `melee attackers` or `targets`"
        }
        Rule::includes_input => "condition names such as `Dazed, Immobilized`",
        Rule::rounding | Rule::rounding_mode => "a rounding such as `round up`",
        Rule::stacking_input | Rule::stacking => {
            "a stacking rule such as `never; longest duration wins`"
        }
        Rule::stacking_never => "`never`",
        Rule::tie_break => "`longest duration wins`",
        Rule::stacking_per => "`per damage type`",
        Rule::stacking_adds => "`adds`",
        Rule::stacking_largest => "`largest`",
        Rule::resource_input | Rule::resource_rule => {
            "resource rules such as `reset to 6 at turn start`"
        }
        Rule::resource_max => "`max N`",
        Rule::resource_none => "`no max`",
        Rule::resource_no_min => "`no min`",
        Rule::resource_reset => "`reset to N at moment`",
        Rule::resource_gain => "`gain N at moment`",
        Rule::resource_lost => "`lost at moment`",
        Rule::resource_start => "`start N`",
        Rule::resource_min => "`min -4`",
        Rule::resource_world => "`world`",
        Rule::advance_clock | Rule::advance_word | Rule::clock_unit => {
            "`advance the clock by N ticks`"
        }
        Rule::set_resource | Rule::set_word => "`set <resource> to <amount>`",
        Rule::do_group | Rule::do_word => "`do <effects group>`",
        Rule::crowding => "`into occupied hexes as <condition>` (`, the one there as <condition>`)",
        Rule::drop_weapon | Rule::drop_word => "`drop the weapon at <who>`",
        Rule::pick_up | Rule::pick_word => "`pick up gear within <N>`",
        Rule::effect_check_input
        | Rule::effect_roller
        | Rule::effect_roller_word
        | Rule::effect_stat
        | Rule::effect_stat_word
        | Rule::effect_check_verb
        | Rule::effect_checks_verb
        | Rule::effect_vs_word
        | Rule::effect_with_word => "`check <stat> vs <threshold> with <procedure>`",
        Rule::once_per_test => "`at most once per test`",
        Rule::subject_change | Rule::subject_verb => "`Target gains N resource`",
        Rule::subject_heal | Rule::heal_subject | Rule::heal_subject_word | Rule::heals_word => {
            "`Self heals N`"
        }
        Rule::recipient | Rule::recipient_name | Rule::recipient_word => "who: `Target`, `Self`",
        Rule::each_recipient | Rule::each_word => "`each ally within N`",
        Rule::every_recipient | Rule::every_word => "`every ally`",
        Rule::moment => "a moment such as `turn start`",
        Rule::comparison_input => "a comparison such as `>= [Threshold]`",
        Rule::check_input => "a check such as `[Attack + Strength]`",
        Rule::check_roller | Rule::check_roller_word => "who rolls: `by Target` or `by Self`",
        Rule::in_front => "`put <armour> in front of <who>`",
        Rule::raise | Rule::raise_verb => "`raise <stat> by <amount>`",
        Rule::end_turn => "`end the turn`",
        Rule::stop_before | Rule::stop_word | Rule::stop_cell => "`stop before this square`",
        Rule::lay | Rule::lay_verb => "`lay <condition> at <who>`",
        Rule::lift | Rule::lift_verb => "`lift <condition> at <who>`",
        Rule::use_power | Rule::use_verb => "`use <power>`",
        Rule::distance_to => "`Distance to Target`",
        Rule::count_within | Rule::counted => "a count such as `Allies within 5`",
        Rule::count_reach => "a whole number of cells",
        Rule::turn_word_end
        | Rule::turn_word_the
        | Rule::turn_word_turn
        | Rule::turn_word_next
        | Rule::turn_word_skip
        | Rule::turn_word_skips => "`end the turn` or `skip the next turn`",
        Rule::skip_turn | Rule::skip_subject => {
            "`skip the next turn` or `Target skips the next turn`"
        }
        Rule::check_defence => "the defender's value: `versus [Clubs]` or `versus a defence`",
        Rule::check_chosen => "`versus a defence`",
    }
}

/// The byte range a pest error points at, within the text that was parsed.
pub fn error_range(error: &pest::error::Error<Rule>) -> std::ops::Range<usize> {
    match error.location {
        InputLocation::Pos(position) => position..position,
        InputLocation::Span((start, end)) => start..end,
    }
}

/// "expected X, Y or Z" from a pest error's expectations.
pub fn expected_phrase(error: &pest::error::Error<Rule>) -> String {
    let ErrorVariant::ParsingError { positives, .. } = &error.variant else {
        return "the input to be valid".to_string();
    };
    let mut names: Vec<&str> = Vec::new();
    for rule in positives {
        let name = match rule {
            // Everything that can start an operand reads better as one phrase.
            Rule::negate
            | Rule::number
            | Rule::reference
            | Rule::ruling
            | Rule::word
            | Rule::call
            | Rule::name
            | Rule::name_word
            | Rule::dice_term
            | Rule::call_name
            | Rule::not_op => "a value such as `Grade`, `2` or `Target's Defense`",
            other => rule_name(*other),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.truncate(4);
    match names.as_slice() {
        [] => "something else here".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// What went wrong while reading a rule file (without a location).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// `Shield Bash` on its own: neither `kind Name` nor `Label: text`.
    #[error("this line is neither a block header nor a notation line")]
    NotALine,
    /// `powr Shield Bash`: a header whose first word is a block kind misspelt.
    #[error("unknown block kind `{word}`")]
    UnknownKind {
        /// The word as written.
        word: String,
        /// The block kind closest to it ([`crate::model::BLOCK_KINDS`]).
        close: &'static str,
    },
    /// `[Weapon + ]`
    #[error("could not read this expression")]
    Expression {
        /// What would have been valid, as a phrase.
        expected: String,
    },
    /// `[((((...))))]` beyond the nesting limit.
    #[error("expression nested deeper than {} levels", crate::model::MAX_DEPTH)]
    TooDeep,
    /// A file over the size limit.
    #[error(
        "rule file `{path}` is {bytes} bytes; the limit is {} bytes (1 MiB)",
        super::MAX_FILE_BYTES
    )]
    TooLarge {
        /// The file's path as given.
        path: String,
        /// The file's size.
        bytes: usize,
    },
    /// `Cost: 2 CP` before any header.
    #[error("notation line outside a block")]
    LineOutsideBlock,
    /// `Cost 2: 1 CP`
    #[error("`{label}` lines take no grade")]
    GradeNotAllowed {
        /// The line's label.
        label: String,
    },
    /// `Result two words:` — neither `=N`, `<N`, one grade label, `Critical` nor `if [...]`.
    #[error("`Result {found}` is not a grade gate")]
    GradeGate {
        /// The text after `Result`.
        found: String,
    },
    /// `99999999999999999999`
    #[error("number too large")]
    NumberTooLarge,
    /// A declaration line whose text is outside its language: `Method: sideways`.
    #[error("could not read this `{label}` line")]
    UnreadableLine {
        /// The line's label.
        label: String,
        /// What would have been valid, as a phrase.
        expected: String,
    },
    /// `Slots:` in a power.
    #[error("`{label}` is not a line of {} {kind} block", crate::diagnostics::article(.kind))]
    LineNotAllowed {
        /// The label as written.
        label: String,
        /// The block kind.
        kind: String,
    },
    /// `include "nowhere.rules"`
    #[error("included file `{0}` not found")]
    MissingInclude(String),
    /// `include "../../elsewhere.rules"` or a file that is not `*.rules`.
    #[error("included file `{0}` is outside the pack")]
    IncludeOutsidePack(String),
    /// Files that include each other.
    #[error("include cycle")]
    IncludeCycle,
}

impl ParseErrorKind {
    /// Attaches the location.
    pub fn at(self, span: Span) -> ParseError {
        ParseError { kind: self, span }
    }

    /// The stable diagnostic code.
    pub fn code(&self) -> &'static str {
        match self {
            ParseErrorKind::NotALine | ParseErrorKind::UnreadableLine { .. } => {
                "rules::parse::unexpected"
            }
            ParseErrorKind::UnknownKind { .. } => "rules::parse::unknown_kind",
            ParseErrorKind::Expression { .. } => "rules::parse::expression",
            ParseErrorKind::TooDeep => "rules::parse::too_deep",
            ParseErrorKind::TooLarge { .. } => "rules::parse::too_large",
            ParseErrorKind::LineOutsideBlock => "rules::parse::line_outside_block",
            ParseErrorKind::GradeNotAllowed { .. } => "rules::parse::grade_not_allowed",
            ParseErrorKind::GradeGate { .. } => "rules::parse::grade_gate",
            ParseErrorKind::NumberTooLarge => "rules::parse::number_too_large",
            ParseErrorKind::LineNotAllowed { .. } => "rules::check::line_not_allowed",
            ParseErrorKind::MissingInclude(_) => "rules::load::missing_include",
            ParseErrorKind::IncludeOutsidePack(_) => "rules::load::include_outside_pack",
            ParseErrorKind::IncludeCycle => "rules::check::include_cycle",
        }
    }

    fn label(&self) -> String {
        match self {
            ParseErrorKind::NotALine => "expected a notation line such as `Cost: 2 CP`".into(),
            ParseErrorKind::UnknownKind { .. } => "not a block kind".into(),
            ParseErrorKind::Expression { expected }
            | ParseErrorKind::UnreadableLine { expected, .. } => {
                format!("expected {expected}")
            }
            ParseErrorKind::TooDeep => "too deeply nested".into(),
            ParseErrorKind::TooLarge { .. } => "file too large".into(),
            ParseErrorKind::LineOutsideBlock => "no block header above this line".into(),
            ParseErrorKind::GradeNotAllowed { .. } => {
                "only Result and Effect lines are gated by grade".into()
            }
            ParseErrorKind::GradeGate { .. } => "expected a grade gate".into(),
            ParseErrorKind::NumberTooLarge => "does not fit in a 64-bit integer".into(),
            ParseErrorKind::LineNotAllowed { kind, .. } => {
                format!("not {} {kind} line", crate::diagnostics::article(kind))
            }
            ParseErrorKind::MissingInclude(_) => "no such file next to this one".into(),
            ParseErrorKind::IncludeOutsidePack(_) => {
                "not a `.rules` file inside the pack folder".into()
            }
            ParseErrorKind::IncludeCycle => "this include closes the cycle".into(),
        }
    }

    fn help(&self) -> Option<&'static str> {
        Some(match self {
            ParseErrorKind::NotALine => {
                "start a block with a header such as `power Shield Bash`, write notation lines as `Label: text`, or include a file with `include \"other.rules\"`"
            }
            ParseErrorKind::Expression { .. } => {
                "bracket expressions look like `[Weapon + Grade]`, `[floor(Max HP / 4)]` or `[Target's Defense]`"
            }
            ParseErrorKind::LineOutsideBlock => {
                "start a block with a header such as `power Shield Bash`"
            }
            ParseErrorKind::IncludeCycle => {
                "a file may not include itself, directly or through other files"
            }
            ParseErrorKind::GradeGate { .. } => {
                "write `Result 2:` (grade 2 or better), `Result =0:` (exactly 0), `Result <2:` (below 2), `Result Fail:` (a grade label), `Result Critical:`, `Result if [Margin >= 5]:` or `Result if Target is Dazed:`"
            }
            ParseErrorKind::TooDeep => "name a part of it with a `Derived` line and read that",
            ParseErrorKind::TooLarge { .. } => {
                "split the file and join the parts with `include \"part.rules\"`"
            }
            ParseErrorKind::GradeNotAllowed { .. } => {
                "only `Result` lines take a grade: `Result 2: ...`"
            }
            ParseErrorKind::NumberTooLarge => "numbers in rule lines have at most 9 digits",
            ParseErrorKind::LineNotAllowed { .. } => {
                "each block kind takes its own labels; the language reference lists them"
            }
            ParseErrorKind::MissingInclude(_) => {
                "the path is relative to the folder of the file that includes it"
            }
            ParseErrorKind::IncludeOutsidePack(_) => {
                "copy the file into the pack's folder: includes name `.rules` files inside it"
            }
            ParseErrorKind::UnreadableLine { .. } | ParseErrorKind::UnknownKind { .. } => {
                return None;
            }
        })
    }
}

/// A parse error with its location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct ParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// Where.
    pub span: Span,
}

impl ParseError {
    /// The diagnostic: code, message, primary label and the kind's standard help.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let diagnostic = Diagnostic::error(self.kind.code(), self.kind.to_string())
            .with_primary(self.span, self.kind.label());
        match (&self.kind, self.kind.help()) {
            (ParseErrorKind::UnknownKind { close, .. }, _) => {
                diagnostic.with_help(format!("did you mean `{close}`?"))
            }
            (_, Some(help)) => diagnostic.with_help(help),
            (_, None) => diagnostic,
        }
    }
}

/// A diagnostic for a pest failure while parsing an expression that starts at byte `base`
/// of the file `file`.
pub fn expression_error(error: &pest::error::Error<Rule>, file: FileId, base: usize) -> Diagnostic {
    let range = error_range(error);
    let span = Span::new(file, base + range.start..base + range.end);
    let diagnostic =
        ParseErrorKind::Expression { expected: expected_phrase(error) }.at(span).to_diagnostic();
    if let Some(quoted) = quoted_ruling(error.line(), range.start) {
        return diagnostic.with_help(format!(
            "a ruling whose name holds a lower-case connecting word is written in quotes: \
             `Ruling \"{quoted}\"`"
        ));
    }
    if single_equals_at(error.line(), range.start) {
        return diagnostic.with_help(
            "inside brackets, equality is written `==` (`[Natural == 20]`); a single `=` \
             sets a value in modifiers (`Speed = 1`), it does not compare",
        );
    }
    diagnostic
}

/// Whether the expression `text` stops at `at` on a lone `=` (not `==`, `<=`, `>=`, `!=`).
fn single_equals_at(text: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    let Some(equals) = (at..bytes.len()).find(|&index| bytes[index] != b' ') else {
        return false;
    };
    bytes[equals] == b'='
        && bytes.get(equals + 1) != Some(&b'=')
        && !(equals > 0 && matches!(bytes[equals - 1], b'<' | b'>' | b'!' | b'='))
}

/// The whole ruling name when the expression `text` stops at `at` inside `Ruling <name>`
/// because the name holds a reserved word (`Ruling levels per tier`): the words from after
/// `Ruling` up to the next operator or the end.
fn quoted_ruling(text: &str, at: usize) -> Option<String> {
    let before = text.get(..at)?;
    let start = before.rfind("Ruling ")? + "Ruling ".len();
    let name_so_far = &before[start..];
    if name_so_far.trim().is_empty() || name_so_far.contains(['+', '-', '*', '/', '(', ')', '"']) {
        return None;
    }
    let rest = &text[at..];
    let end =
        rest.find(['+', '-', '*', '/', ')', ',', '<', '>', '=', '!', ']']).unwrap_or(rest.len());
    Some(format!("{}{}", name_so_far, rest[..end].trim_end()))
}
