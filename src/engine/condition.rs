//! Active conditions and how they stack: an instance has a name, an optional subtype (the
//! damage type of an ongoing effect), an optional N, a duration and a source. Whether a second
//! application merges, coexists or adds is data ([`StackRule`]), as is how a hit spends the N
//! of those the rules name as temporary health ([`Conditions::absorb`]). What a
//! condition *does* is the rule model's business, not this module's.

use serde::{Deserialize, Serialize};

/// How long a condition lasts, as the engine counts it down; the rule text's `Duration:`
/// (`for 2 rounds`) is [`crate::model::Duration`], read into this when the condition is applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expiry {
    /// Until the end of the given actor's turn, counting `turns` turn ends (1 = the end of the
    /// next turn to end; see [`Expiry::until_end_of_next_turn`]).
    EndOfTurn {
        /// Whose turn.
        actor: String,
        /// Turn ends still to come.
        turns: u32,
    },
    /// For this many more rounds (counted down at each end of round).
    Rounds(u32),
    /// Until the encounter ends (the next one its holder takes part in).
    EndOfEncounter,
    /// For this many more encounters its holder takes part in (counted down at each end).
    Encounters(u32),
    /// Until its holder is healed (a heal that raises its health).
    UntilHealed,
    /// Until its holder is hit (an actor's damage effect lands on it, even for 0).
    UntilHit,
    /// Until something removes it.
    UntilRemoved,
}

impl std::fmt::Display for Expiry {
    /// The duration as a rule file writes it, read when nobody is taking a turn (outside an
    /// encounter): `until the end of Hero's next turn`, `for 2 rounds`, `until the end of the
    /// encounter`, `until healed`, `until removed`. [`Expiry::words`] reads it during a
    /// turn.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(None))
    }
}

impl Expiry {
    /// The duration in words while `acting` takes its turn (`None`: nobody does): a
    /// turn-bound duration counts the current turn's end when it is its actor's turn, so
    /// the same duration reads `until the end of Hero's turn` during Hero's turn and `until
    /// the end of Hero's next turn` otherwise.
    pub fn words(&self, acting: Option<&str>) -> String {
        match self {
            Expiry::EndOfTurn { actor, turns } => {
                let this_turn = acting == Some(actor.as_str());
                match turns.saturating_sub(u32::from(this_turn)) {
                    0 => format!("until the end of {actor}'s turn"),
                    1 => format!("until the end of {actor}'s next turn"),
                    n => format!("for {actor}'s next {n} turns"),
                }
            }
            Expiry::Rounds(1) => "for 1 round".to_string(),
            Expiry::Rounds(n) => format!("for {n} rounds"),
            Expiry::EndOfEncounter | Expiry::Encounters(1) => {
                "until the end of the encounter".to_string()
            }
            Expiry::Encounters(n) => format!("for {n} encounters"),
            Expiry::UntilHealed => "until healed".to_string(),
            Expiry::UntilHit => "until hit".to_string(),
            Expiry::UntilRemoved => "until removed".to_string(),
        }
    }

    /// "Until the end of `actor`'s next turn": if it is `actor`'s turn right now, the current
    /// turn's end does not count.
    pub fn until_end_of_next_turn(actor: &str, current_turn: Option<&str>) -> Self {
        let turns = if current_turn == Some(actor) { 2 } else { 1 };
        Expiry::EndOfTurn { actor: actor.to_string(), turns }
    }

    /// A total order for "the longest duration wins": turn-bound < rounds (by count) <
    /// encounters (by count; the end of the encounter is one) < until hit < until healed <
    /// until removed. Rulings: a turn-bound duration counts as shorter than any whole round,
    /// and "until hit" and "until healed" as longer than any count of encounters.
    pub fn rank(&self) -> (u8, u32) {
        match self {
            Expiry::EndOfTurn { turns, .. } => (0, *turns),
            Expiry::Rounds(n) => (1, *n),
            Expiry::EndOfEncounter => (2, 1),
            Expiry::Encounters(n) => (2, *n),
            Expiry::UntilHit => (3, 0),
            Expiry::UntilHealed => (3, 1),
            Expiry::UntilRemoved => (4, 0),
        }
    }
}

/// How a second application of the same condition combines with the first, as the engine
/// runs it; the rule text's `Stacking:` line is [`crate::model::Stacking`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StackRule {
    /// Never stacks with itself: one instance stays, the longest duration and the larger N win.
    #[default]
    Never,
    /// Never stacks with itself: a new copy replaces the one held (its N, duration and
    /// source), whichever is larger or longer; a copy held until removed (a trait's) is
    /// kept as under `Never`, or it would be gone when the new one ran out.
    Newest,
    /// Like `Never`, but instances of different subtypes coexist (ongoing damage of two types).
    PerSubtype,
    /// Every application is a separate instance.
    Additive,
}

/// A condition on an actor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveCondition {
    /// The condition's name.
    pub name: String,
    /// A subtype such as a damage type, when the condition has one.
    pub subtype: Option<String>,
    /// Its N, when it has one.
    pub n: Option<i64>,
    /// How long it lasts.
    pub duration: Expiry,
    /// Who or what applied it.
    pub source: Option<String>,
    /// The one actor it holds against (`apply Advantage to Self against Target`): its
    /// modifiers count only when the holder and that actor deal with each other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against: Option<String>,
    /// Held but doing nothing: its condition's `While:` test does not hold now (the runtime
    /// settles it after every command).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dormant: bool,
}

impl ActiveCondition {
    /// A condition with no subtype, no N and no source.
    pub fn new(name: impl Into<String>, duration: Expiry) -> Self {
        ActiveCondition {
            name: name.into(),
            subtype: None,
            n: None,
            duration,
            source: None,
            against: None,
            dormant: false,
        }
    }

    /// Sets N.
    pub fn with_n(mut self, n: i64) -> Self {
        self.n = Some(n);
        self
    }

    /// Sets the subtype.
    pub fn with_subtype(mut self, subtype: impl Into<String>) -> Self {
        self.subtype = Some(subtype.into());
        self
    }

    /// Sets the source.
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// Makes it hold only against `actor`.
    pub fn with_against(mut self, actor: impl Into<String>) -> Self {
        self.against = Some(actor.into());
        self
    }
}

/// What applying a condition did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "outcome")]
pub enum Applied {
    /// A new instance was added.
    Added,
    /// An existing instance took the longer duration and/or larger N.
    Refreshed {
        /// The instance before.
        before: ActiveCondition,
    },
    /// An existing instance already lasted as long with as large an N.
    Unchanged,
}

/// The conditions on one actor, in the order they were applied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions {
    /// The instances.
    pub active: Vec<ActiveCondition>,
    /// The adopted stance, if any (older saves have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stance: Option<super::actor::AdoptedStance>,
}

/// Whether `held` is the copy a new `condition` under `stacking` combines with (a copy held
/// against one actor and a copy held against everyone are different).
fn same_copy(stacking: StackRule, held: &ActiveCondition, condition: &ActiveCondition) -> bool {
    match stacking {
        StackRule::Never | StackRule::Newest => {
            held.name == condition.name && held.against == condition.against
        }
        StackRule::PerSubtype => {
            held.name == condition.name
                && held.subtype == condition.subtype
                && held.against == condition.against
        }
        StackRule::Additive => false,
    }
}

impl Conditions {
    /// Applies `condition` under `stacking`.
    pub fn apply(&mut self, condition: ActiveCondition, stacking: StackRule) -> Applied {
        self.apply_at(condition, stacking).0
    }

    /// [`Conditions::apply`], with where the copy it combined with (or was added as) is in
    /// `active`: what a log shows.
    pub fn apply_at(
        &mut self,
        condition: ActiveCondition,
        stacking: StackRule,
    ) -> (Applied, usize) {
        let same = |held: &ActiveCondition| same_copy(stacking, held, &condition);
        let Some(at) = self.active.iter().position(same) else {
            self.active.push(condition);
            return (Applied::Added, self.active.len() - 1);
        };
        let existing = &mut self.active[at];
        let before = existing.clone();
        // A copy held until removed (a trait's, worn gear's) is not replaced by one that
        // ends: newest-wins would take the holder's own copy away when the new one ran out.
        let held_for_good =
            existing.duration == Expiry::UntilRemoved && condition.duration != Expiry::UntilRemoved;
        if stacking == StackRule::Newest && !held_for_good {
            *existing = condition;
        } else {
            if condition.duration.rank() > existing.duration.rank() {
                existing.duration = condition.duration;
                existing.source = condition.source;
            }
            existing.n = match (existing.n, condition.n) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
        }
        let applied =
            if *existing == before { Applied::Unchanged } else { Applied::Refreshed { before } };
        (applied, at)
    }

    /// True if any instance has this name.
    pub fn has(&self, name: &str) -> bool {
        self.active.iter().any(|c| c.name == name)
    }

    /// Every instance with this name.
    pub fn named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a ActiveCondition> + 'a {
        self.active.iter().filter(move |c| c.name == name)
    }

    /// Removes every instance named `name` (of `subtype`, when given) and returns them.
    pub fn remove(&mut self, name: &str, subtype: Option<&str>) -> Vec<ActiveCondition> {
        self.extract(|c| c.name == name && subtype.is_none_or(|s| c.subtype.as_deref() == Some(s)))
    }

    /// Removes every instance whose source is `source` and returns them.
    pub fn remove_from(&mut self, source: &str) -> Vec<ActiveCondition> {
        self.extract(|c| c.source.as_deref() == Some(source))
    }

    /// Counts down turn-bound durations for `actor`'s turn end; returns what ended.
    pub fn end_of_turn(&mut self, actor: &str) -> Vec<ActiveCondition> {
        for condition in &mut self.active {
            if let Expiry::EndOfTurn { actor: whose, turns } = &mut condition.duration
                && whose == actor
            {
                *turns = turns.saturating_sub(1);
            }
        }
        self.extract(|c| matches!(c.duration, Expiry::EndOfTurn { turns: 0, .. }))
    }

    /// Counts down round durations; returns what ended.
    pub fn end_of_round(&mut self) -> Vec<ActiveCondition> {
        for condition in &mut self.active {
            if let Expiry::Rounds(n) = &mut condition.duration {
                *n = n.saturating_sub(1);
            }
        }
        self.extract(|c| c.duration == Expiry::Rounds(0))
    }

    /// The holder's encounter ended: turn and round bound conditions end with it, counts of
    /// encounters go down one (ending at 0); "until hit", "until healed" and "until
    /// removed" stay.
    /// Returns what ended.
    pub fn end_of_encounter(&mut self) -> Vec<ActiveCondition> {
        for condition in &mut self.active {
            if let Expiry::Encounters(n) = &mut condition.duration {
                *n = n.saturating_sub(1);
            }
        }
        self.extract(|c| match c.duration {
            Expiry::EndOfTurn { .. } | Expiry::Rounds(_) | Expiry::EndOfEncounter => true,
            Expiry::Encounters(n) => n == 0,
            Expiry::UntilHit | Expiry::UntilHealed | Expiry::UntilRemoved => false,
        })
    }

    /// Whether an instance named in `buffers` holds temporary health (an N above 0, not
    /// dormant): what a hit must spend first.
    pub fn holds_buffer(&self, buffers: &[String]) -> bool {
        self.active.iter().any(|c| is_buffer(c, buffers))
    }

    /// Spends up to `amount` of a hit from the temporary health of the instances named in
    /// `buffers` (their N), oldest first. Returns what each gave (its name, what it took,
    /// what it has left) and the instances spent to 0, removed: temporary health ends when it
    /// is used up.
    pub fn absorb(
        &mut self,
        buffers: &[String],
        amount: i64,
    ) -> (Vec<(String, i64, i64)>, Vec<ActiveCondition>) {
        let mut left = amount.max(0);
        let mut taken = Vec::new();
        for condition in &mut self.active {
            if left == 0 {
                break;
            }
            if !is_buffer(condition, buffers) {
                continue;
            }
            let held = condition.n.unwrap_or(0);
            let take = held.min(left);
            left -= take;
            condition.n = Some(held - take);
            taken.push((condition.name.clone(), take, held - take));
        }
        let spent = self.extract(|c| is_buffer_named(c, buffers) && c.n == Some(0));
        (taken, spent)
    }

    /// The holder was hit: conditions lasting until then end; returns them.
    pub fn hit(&mut self) -> Vec<ActiveCondition> {
        self.extract(|c| c.duration == Expiry::UntilHit)
    }

    /// The holder was healed: conditions lasting until then end; returns them.
    pub fn healed(&mut self) -> Vec<ActiveCondition> {
        self.extract(|c| c.duration == Expiry::UntilHealed)
    }

    fn extract(&mut self, mut ended: impl FnMut(&ActiveCondition) -> bool) -> Vec<ActiveCondition> {
        let mut out = Vec::new();
        self.active.retain(|c| {
            if ended(c) {
                out.push(c.clone());
                false
            } else {
                true
            }
        });
        out
    }
}

/// Whether `condition` is one of the temporary-health conditions named in `buffers`.
fn is_buffer_named(condition: &ActiveCondition, buffers: &[String]) -> bool {
    buffers.iter().any(|name| name.eq_ignore_ascii_case(&condition.name))
}

/// Whether `condition` holds temporary health a hit can spend now.
fn is_buffer(condition: &ActiveCondition, buffers: &[String]) -> bool {
    !condition.dormant && condition.n.is_some_and(|n| n > 0) && is_buffer_named(condition, buffers)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounds(name: &str, n: u32) -> ActiveCondition {
        ActiveCondition::new(name, Expiry::Rounds(n))
    }

    #[test]
    fn never_stacking_keeps_one_with_longest_duration_and_larger_n() {
        let mut conditions = Conditions::default();
        assert_eq!(
            conditions.apply(rounds("deprived", 1).with_n(3), StackRule::Never),
            Applied::Added
        );
        let applied = conditions.apply(rounds("deprived", 3).with_n(1), StackRule::Never);
        assert!(matches!(applied, Applied::Refreshed { .. }));
        assert_eq!(conditions.active, vec![rounds("deprived", 3).with_n(3)]);
        assert_eq!(conditions.apply(rounds("deprived", 2), StackRule::Never), Applied::Unchanged);
    }

    #[test]
    fn newest_stacking_replaces_the_copy_held_whatever_it_was() {
        let mut conditions = Conditions::default();
        conditions.apply(rounds("marked", 3).with_n(3), StackRule::Newest);
        let applied = conditions.apply(rounds("marked", 1).with_n(1), StackRule::Newest);
        assert!(matches!(applied, Applied::Refreshed { .. }));
        assert_eq!(conditions.active, vec![rounds("marked", 1).with_n(1)]);
        let again = conditions.apply(rounds("marked", 1).with_n(1), StackRule::Newest);
        assert_eq!(again, Applied::Unchanged);
    }

    #[test]
    fn newest_stacking_keeps_a_copy_held_until_removed() {
        let mut conditions = Conditions::default();
        let held = ActiveCondition::new("shielded", Expiry::UntilRemoved).with_n(3);
        conditions.apply(held.clone(), StackRule::Newest);
        conditions.apply(rounds("shielded", 1).with_n(1), StackRule::Newest);
        assert_eq!(conditions.active, vec![held]);
    }

    #[test]
    fn per_subtype_stacking_keeps_different_types() {
        let mut conditions = Conditions::default();
        conditions
            .apply(rounds("ongoing", 2).with_n(5).with_subtype("fire"), StackRule::PerSubtype);
        conditions
            .apply(rounds("ongoing", 2).with_n(3).with_subtype("cold"), StackRule::PerSubtype);
        conditions
            .apply(rounds("ongoing", 1).with_n(7).with_subtype("fire"), StackRule::PerSubtype);
        let ns: Vec<_> = conditions.named("ongoing").map(|c| c.n).collect();
        assert_eq!(ns, vec![Some(7), Some(3)]);
    }

    #[test]
    fn additive_stacking_adds_instances() {
        let mut conditions = Conditions::default();
        conditions.apply(rounds("charge", 1), StackRule::Additive);
        conditions.apply(rounds("charge", 1), StackRule::Additive);
        assert_eq!(conditions.named("charge").count(), 2);
    }

    #[test]
    fn durations_count_down_and_end() {
        let mut conditions = Conditions::default();
        conditions.apply(rounds("slow", 1), StackRule::Never);
        let next = Expiry::until_end_of_next_turn("ana", Some("ana"));
        conditions.apply(ActiveCondition::new("marked", next), StackRule::Never);
        conditions.apply(ActiveCondition::new("cursed", Expiry::UntilRemoved), StackRule::Never);
        assert!(conditions.end_of_turn("ana").is_empty());
        assert_eq!(conditions.end_of_round().len(), 1);
        assert_eq!(conditions.end_of_turn("ana")[0].name, "marked");
        assert!(conditions.end_of_encounter().is_empty());
        assert_eq!(conditions.remove("cursed", None).len(), 1);
    }

    #[test]
    fn temporary_health_is_spent_oldest_first_and_a_spent_one_ends() {
        let buffers = vec!["Coated".to_string(), "Rallied".to_string()];
        let mut held = Conditions::default();
        held.apply(
            ActiveCondition::new("Coated", Expiry::EndOfEncounter).with_n(2),
            StackRule::Never,
        );
        held.apply(ActiveCondition::new("Dazed", Expiry::UntilRemoved).with_n(9), StackRule::Never);
        held.apply(
            ActiveCondition::new("Rallied", Expiry::EndOfEncounter).with_n(5),
            StackRule::Never,
        );
        assert!(held.holds_buffer(&buffers));
        let (taken, spent) = held.absorb(&buffers, 4);
        assert_eq!(taken, vec![("Coated".to_string(), 2, 0), ("Rallied".to_string(), 2, 3)]);
        assert_eq!(spent.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Coated"]);
        // Dazed's N is not temporary health: untouched.
        assert_eq!(held.named("Dazed").next().and_then(|c| c.n), Some(9));
        let (taken, spent) = held.absorb(&buffers, 10);
        assert_eq!((taken, spent.len()), (vec![("Rallied".to_string(), 3, 0)], 1));
        assert!(!held.holds_buffer(&buffers));
    }

    #[test]
    fn a_second_grant_keeps_the_larger_temporary_health() {
        let mut held = Conditions::default();
        let coat = |n| ActiveCondition::new("Coated", Expiry::EndOfEncounter).with_n(n);
        held.apply(coat(2), StackRule::Never);
        held.absorb(&["Coated".to_string()], 1);
        held.apply(coat(2), StackRule::Never);
        assert_eq!(held.named("Coated").map(|c| c.n).collect::<Vec<_>>(), [Some(2)]);
        held.apply(coat(1), StackRule::Never);
        assert_eq!(held.named("Coated").map(|c| c.n).collect::<Vec<_>>(), [Some(2)]);
    }
}
