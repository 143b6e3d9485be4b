//! The effect vocabulary: the phrases Result, Effect, Before, After and Add lines run. One
//! table, read by `check`'s help for narration, by `help` and by the language reference; the
//! grammar (grammar/rules.pest, `effect`) accepts exactly these, and a test parses every
//! example into its effect. Text outside the table is narration.

/// One kind of effect phrase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectVerb {
    /// `[Weapon + Grade] damage`, `2d6 fire damage`, `each enemy within 1 takes 2 damage`
    Damage,
    /// `heal 5`
    Heal,
    /// `gain 2 CP`, `regain 3 HP`
    Gain,
    /// `lose 1 Sg`
    Lose,
    /// `spend 1 FP`
    Spend,
    /// `apply Dazed to Target until end of turn`, `Target is Dazed`, `Self becomes Hasted`
    Apply,
    /// `remove Dazed from Self`
    Remove,
    /// `walk up to [Speed + 1] hexes`, `push Target 2`
    Move,
    /// `script knockback(Target, Grade)`
    Script,
    /// `put Bar Table in front of Target`
    InFront,
    /// `raise Blades by 1`, `lower Agility by 2`
    Raise,
    /// `set Marks to 0`
    Set,
    /// `do Carry`
    Do,
    /// `advance the clock by 1 tick`
    Advance,
    /// `end the turn`
    EndTurn,
    /// `stop before this square`
    StopBefore,
    /// `skip the next turn`, `Self skips the next turn`
    SkipTurn,
    /// `lay Spikes at Target`
    Lay,
    /// `drop the weapon at Target`
    Drop,
    /// `pick up gear within 1`
    PickUp,
    /// `lift Spikes`
    Lift,
    /// `use Cross Thorns`
    Use,
}

impl EffectVerb {
    /// Every effect phrase, in documentation order.
    pub const ALL: [EffectVerb; 22] = [
        EffectVerb::Damage,
        EffectVerb::Heal,
        EffectVerb::Gain,
        EffectVerb::Lose,
        EffectVerb::Spend,
        EffectVerb::Apply,
        EffectVerb::Remove,
        EffectVerb::Move,
        EffectVerb::Script,
        EffectVerb::InFront,
        EffectVerb::Raise,
        EffectVerb::Set,
        EffectVerb::Do,
        EffectVerb::Advance,
        EffectVerb::EndTurn,
        EffectVerb::StopBefore,
        EffectVerb::SkipTurn,
        EffectVerb::Lay,
        EffectVerb::Drop,
        EffectVerb::PickUp,
        EffectVerb::Lift,
        EffectVerb::Use,
    ];

    /// The phrase's shape, as help shows it.
    pub fn shape(self) -> &'static str {
        match self {
            EffectVerb::Damage => "[Subject takes] N [type] damage",
            EffectVerb::Heal => "heal N",
            EffectVerb::Gain => "gain N resource",
            EffectVerb::Lose => "lose N resource",
            EffectVerb::Spend => "spend N resource",
            EffectVerb::Apply => "apply Condition [to Subject] [duration]",
            EffectVerb::Remove => "remove Condition [from Subject]",
            EffectVerb::Move => {
                "move/walk/shift/push/pull/fly/teleport [Subject] [up to] N [into occupied hexes as Condition]"
            }
            EffectVerb::Script => "script f(args)",
            EffectVerb::InFront => "put Armour in front of Subject",
            EffectVerb::Raise => "raise/lower Stat by N",
            EffectVerb::Set => "set resource to N",
            EffectVerb::Do => "do Group",
            EffectVerb::Advance => "advance the clock by N ticks/periods/days",
            EffectVerb::EndTurn => "end the turn",
            EffectVerb::StopBefore => "stop before this square/hex",
            EffectVerb::SkipTurn => "[Subject skips | skip] the next turn",
            EffectVerb::Lay => "lay Condition [N] [at Subject]",
            EffectVerb::Drop => "drop the weapon [at Subject]",
            EffectVerb::PickUp => "pick up gear [within N]",
            EffectVerb::Lift => "lift Condition [at Subject]",
            EffectVerb::Use => "use Power",
        }
    }

    /// An example line text the engine runs.
    pub fn example(self) -> &'static str {
        match self {
            EffectVerb::Damage => "[Weapon + Grade] fire damage",
            EffectVerb::Heal => "heal [Jolt]",
            EffectVerb::Gain => "gain 2 CP",
            EffectVerb::Lose => "lose 1 Sg",
            EffectVerb::Spend => "spend 1 FP",
            EffectVerb::Apply => "apply Dazed to Target until end of turn",
            EffectVerb::Remove => "remove Dazed from Self",
            EffectVerb::Move => "push Target 2",
            EffectVerb::Script => "script knockback(Target, Grade)",
            EffectVerb::InFront => "put Bar Table in front of Self",
            EffectVerb::Raise => "raise Speed by 1",
            EffectVerb::Set => "set CP to 0",
            EffectVerb::Do => "do Rally",
            EffectVerb::Advance => "advance the clock by 1 tick",
            EffectVerb::EndTurn => "end the turn",
            EffectVerb::StopBefore => "stop before this square",
            EffectVerb::SkipTurn => "Self skips the next turn",
            EffectVerb::Lay => "lay Spikes at Target",
            EffectVerb::Drop => "drop the weapon at Target",
            EffectVerb::PickUp => "pick up gear within 1",
            EffectVerb::Lift => "lift Spikes",
            EffectVerb::Use => "use Cross Thorns",
        }
    }

    /// The verb of a lowered effect.
    pub fn of(effect: &super::Effect) -> EffectVerb {
        use super::Effect;
        // Exhaustive: a new effect must take its place in the table.
        match effect {
            Effect::Damage { .. } => EffectVerb::Damage,
            Effect::Heal { .. } => EffectVerb::Heal,
            Effect::Gain { .. } => EffectVerb::Gain,
            Effect::Lose { .. } => EffectVerb::Lose,
            Effect::Spend { .. } => EffectVerb::Spend,
            Effect::Apply { .. } => EffectVerb::Apply,
            Effect::Remove { .. } => EffectVerb::Remove,
            Effect::Move { .. } => EffectVerb::Move,
            Effect::Script(_) => EffectVerb::Script,
            Effect::InFront { .. } => EffectVerb::InFront,
            Effect::Raise { .. } => EffectVerb::Raise,
            Effect::Set { .. } => EffectVerb::Set,
            Effect::Do { .. } => EffectVerb::Do,
            Effect::Advance { .. } => EffectVerb::Advance,
            Effect::EndTurn => EffectVerb::EndTurn,
            Effect::StopBefore { .. } => EffectVerb::StopBefore,
            Effect::SkipTurn { .. } => EffectVerb::SkipTurn,
            Effect::Lay { .. } => EffectVerb::Lay,
            Effect::Drop { .. } => EffectVerb::Drop,
            Effect::PickUp { .. } => EffectVerb::PickUp,
            Effect::Lift { .. } => EffectVerb::Lift,
            Effect::Use { .. } => EffectVerb::Use,
        }
    }

    /// Every phrase's shape, joined for help text.
    pub fn shapes() -> String {
        let shapes: Vec<String> =
            EffectVerb::ALL.iter().map(|verb| format!("`{}`", verb.shape())).collect();
        shapes.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::EffectVerb;

    #[test]
    fn every_example_lowers_to_its_own_effect() {
        for verb in EffectVerb::ALL {
            let text = format!(
                "system T\nResource CP: start 0; no max\n\npower P\nResult: {}\n",
                verb.example()
            );
            let mut sources = crate::diagnostics::SourceMap::new();
            let (file, diagnostics) = crate::parse::parse_source(&mut sources, "t.rules", &text);
            assert!(diagnostics.is_empty(), "{verb:?}: {diagnostics:?}");
            let pack = crate::model::Pack { files: vec![file] };
            let power = pack.blocks().nth(1).expect("the power");
            let crate::model::BlockBody::Power(lines) = &power.node.body else { unreachable!() };
            let crate::model::PowerLine::Result { effects, .. } = &lines[0].node else {
                unreachable!()
            };
            let lowered: Vec<EffectVerb> = effects
                .parts
                .iter()
                .map(|part| match &part.node {
                    crate::model::EffectPart::Effect(effect) => EffectVerb::of(effect),
                    crate::model::EffectPart::Narration(text) => panic!("narration: {text}"),
                    crate::model::EffectPart::When { .. } => panic!("a when"),
                    crate::model::EffectPart::Check { .. } => panic!("a check"),
                })
                .collect();
            assert_eq!(lowered, [verb], "{}", verb.example());
        }
    }
}
