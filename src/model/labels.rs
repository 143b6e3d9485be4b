//! The labels of notation lines, one table per block kind. Each table is the single source
//! of its vocabulary: the lowering matches on its enum (so a label cannot be accepted
//! without a variant), and unknown-label messages, did-you-mean suggestions, `help` and the
//! language reference all read the same entries. Nothing here parses a line's text.

use super::BlockKind;

/// How a label is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelForm {
    /// Exactly its text: `Cost`, `Turn order`.
    Plain,
    /// Its text followed by a name: `Resource HP`, `Ruling grade cap`.
    Named,
    /// Its text alone or followed by words: `Stats` or `Stats Combat Skills`, `Result` or
    /// `Result Fail`.
    PlainOrNamed,
}

/// One entry of a label table: the text, other spellings, the form and a one-line summary
/// with an example, for messages and the docs.
#[derive(Clone, Copy, Debug)]
pub struct LabelInfo {
    /// The label as documented: `Turn order`.
    pub text: &'static str,
    /// Other spellings accepted (`Modifier` for `Modifiers`).
    pub aliases: &'static [&'static str],
    /// How it is written.
    pub form: LabelForm,
    /// What the line says, with an example.
    pub summary: &'static str,
}

/// A table of labels: an enum whose variants are the labels of one block kind.
pub trait Labels: Copy + Sized + 'static {
    /// Every label, in documentation order.
    const ALL: &'static [Self];

    /// The entry of this label.
    fn info(self) -> LabelInfo;

    /// The label `written` (case-insensitive) and the name after it for a named label:
    /// `Ruling grade cap` -> (`Ruling`, `Some("grade cap")`). `None` when no entry matches.
    fn find(written: &str) -> Option<(Self, Option<&str>)> {
        let written = written.trim();
        let spellings = |label: &Self| {
            let info = label.info();
            std::iter::once(info.text).chain(info.aliases.iter().copied())
        };
        // A whole-label match first: `Default check` is its own label, not `Default` + name.
        let plain = Self::ALL.iter().find(|label| {
            label.info().form != LabelForm::Named
                && spellings(label).any(|text| text.eq_ignore_ascii_case(written))
        });
        if let Some(label) = plain {
            return Some((*label, None));
        }
        Self::ALL.iter().find_map(|label| {
            if label.info().form == LabelForm::Plain {
                return None;
            }
            spellings(label).find_map(|text| {
                let head = written.get(..text.len())?;
                let rest = written[text.len()..].strip_prefix(' ')?.trim();
                (head.eq_ignore_ascii_case(text) && !rest.is_empty())
                    .then_some((*label, Some(rest)))
            })
        })
    }

    /// The labels as documented (`Resource <name>` for a named one), for messages.
    fn described() -> Vec<String> {
        Self::ALL
            .iter()
            .map(|label| {
                let info = label.info();
                match info.form {
                    LabelForm::Named => format!("{} <name>", info.text),
                    _ => info.text.to_string(),
                }
            })
            .collect()
    }
}

/// Declares a label table: the enum, its entries and its [`Labels`] impl.
macro_rules! label_table {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident = $text:literal $(| $alias:literal)*, $form:ident, $summary:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$variant_meta])* $variant,)*
        }

        impl Labels for $name {
            const ALL: &'static [$name] = &[$($name::$variant,)*];

            fn info(self) -> LabelInfo {
                match self {
                    $($name::$variant => LabelInfo {
                        text: $text,
                        aliases: &[$($alias),*],
                        form: LabelForm::$form,
                        summary: $summary,
                    },)*
                }
            }
        }
    };
}

label_table! {
    /// The lines of a `power` block.
    pub enum PowerLabel {
        /// `After: shift 1`
        After = "After", Plain, "effects after the result: `After: shift 1`";
        /// `Before: walk up to [Speed + 1] hexes`
        Before = "Before", Plain, "effects before the check: `Before: walk up to [Speed + 1] hexes`";
        /// `Check: [Attack + Strength]`
        Check = "Check", Plain, "the check's modifier, and optionally its procedure: `Check: [Attack + Strength]`";
        /// `Choose: 1-2 Skills from Challenge Skills`
        Choose = "Choose", Plain, "stats the user chooses per use: `Choose: 1-2 Skills from Challenge Skills`";
        /// `Cost: [Weapon + 1] CP`
        Cost = "Cost", Plain, "what using the power costs: `Cost: [Weapon + 1] CP`";
        /// `Defence: unless vs Ranged, 2 per turn`
        Defence = "Defence" | "Defense", Plain, "the power is a defence its holder may choose against an attack `versus a defence`, with the attacks it counts against and its uses per turn: `Defence: unless vs Ranged, 2 per turn` (`any`, `vs Melee`, `not against Ranged`; `2 per weapon per turn`: for each weapon equipped; `per round`, `per encounter`; `any, within 120 degrees of facing`: only against an attacker inside that arc of its holder's facing)";
        /// `Effect: apply Hasted to Self`
        Effect = "Effect", Plain, "effects at every grade (`Effect 2:` from grade 2): `Effect: apply Hasted to Self`";
        /// `Halt: Target takes damage`
        Halt = "Halt", Plain, "what ends a sustained power: `Halt: Target takes damage`";
        /// `Invest: 2`
        Invest = "Invest", Plain, "resolve this many segments later: `Invest: 2`";
        /// `Keywords: Attack Melee`
        Keywords = "Keywords", Plain, "the power's keywords: `Keywords: Attack Melee [Weapon]`";
        /// `Limit: once per turn`
        Limit = "Limit", Plain, "how often it may be used: `Limit: once per turn, shared by Fate`";
        /// `Modifiers: -4 vs Weapon`
        Modifiers = "Modifiers", Plain, "a defence's modifiers by the keywords of the attack it answers, read on the defender and its weapon: `Modifiers: -4 vs Weapon, +[Weapon's Fast Block] vs Fast` (`unless vs`)";
        /// `Penalty: [Defence Penalty(Defences this turn)]`
        Penalty = "Penalty", Plain, "a defence's modifier, which may read the defences its holder made this turn or round: `Penalty: [Defence Penalty(Defences this turn)]` (`Defences this round`)";
        /// `Prereq: [FP >= 1]`
        Prereq = "Prereq", Plain, "what must hold to use it: `Prereq: [FP >= 1]`";
        /// `Result: [Weapon + Grade] damage`, `Result 2:`, `Result Fail:`, `Result Critical:`,
        /// `Result if [Margin >= 5]:`
        Result = "Result", PlainOrNamed, "effects by grade: `Result: [Weapon + Grade] damage`, `Result 2:`, `Result =0:`, `Result Fail:`; by what the check produced or what holds: `Result Critical:`, `Result if [Margin >= 5]:`, `Result if Target is Dazed:`";
        /// `Roll: [1d6 + Level]`
        Roll = "Roll", Plain, "one roll for the whole use, which its Result and Effect lines read as `[Roll]`: the same number for every target and every line (`Effect: [Roll] damage; Self heals [Roll]`): `Roll: [1d6 + Level]`";
        /// `Sustain: [CP >= 1]`
        Sustain = "Sustain", Plain, "what keeps the power up each turn: `Sustain: [CP >= 1]`";
        /// `Target: Enemy in [Weapon Reach]`
        Target = "Target", Plain, "who or where it affects: `Target: Enemy in [Weapon Reach]`";
        /// `Threshold: Target's Defense`
        Threshold = "Threshold", Plain, "what the check must meet, per target: `Threshold: Target's Defense`";
        /// `Ticks: 3`
        Ticks = "Ticks", Plain, "what using it costs in initiative ticks: `Ticks: 3`";
        /// `Trigger: an enemy moves adjacent`
        Trigger = "Trigger", Plain, "the event a reaction answers: `Trigger: Target attacks an ally`";
        /// `Weapons: each Melee`
        Weapons = "Weapons", Plain, "one use attacks with each equipped weapon that has the keyword, each attack its own check and defences, as one use (one quota, one cost): `Weapons: each Melee` (`each`: every weapon)";
        /// `While: you are Hasted`
        While = "While", Plain, "what must hold while it is used: `While: you are Hasted`";
    }
}

label_table! {
    /// The lines of a trait block (`trait`, `feat`, `item`, `relationship`, `stance`,
    /// `upgrade`).
    pub enum TraitLabel {
        /// `Add: +[Tier + 1] damage`
        Add = "Add", Plain, "what an upgrade adds to the powers it selects: `Add: +[Tier + 1] damage`";
        /// `Cost: 2 CP`
        Cost = "Cost", Plain, "what adopting a stance costs: `Cost: 2 CP`";
        /// `Creation: +2 points`
        Creation = "Creation", Plain, "points added to the creation budget of the actor blocks that list it (the system's `Creation:` line): `Creation: +2 points`";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: a gift from the river`";
        /// `Effect: apply Hasted to Self`
        Effect = "Effect", Plain, "effects when the trait applies: `Effect: apply Hasted to Self`";
        /// `Group: River Clan`
        Group = "Group", Plain, "a relationship's group; refused by `check` (`rules::check::not_run`): nothing reads it yet";
        /// `Keywords: Stance`
        Keywords = "Keywords", Plain, "the trait's keywords; refused by `check` (`rules::check::not_run`): only power, weapon and actor keywords are read";
        /// `Limit: once per encounter`
        Limit = "Limit", Plain, "how often it may apply: `Limit: once per encounter`";
        /// `Prereq: [Level >= 3]`
        Prereq = "Prereq", Plain, "what must hold to adopt a stance or for an upgrade to apply: `Prereq: [Level >= 3]` (refused on other traits)";
        /// `Replace: Cost: 2 CP`
        Replace = "Replace", Plain, "the line of a selected power an upgrade replaces: `Replace: Cost: 2 CP`";
        /// `Slots: 1`
        Slots = "Slots", Plain, "how many slots an item takes; refused by `check` (`rules::check::not_run`): no slots are counted yet";
        /// `To: Sound or Electricity Attacks`
        To = "To", Plain, "the powers an upgrade selects: `To: Sound or Electricity Attacks`";
        /// `Trigger: you take damage`
        Trigger = "Trigger", Plain, "when the trait's effect fires: `Trigger: you take damage`";
        /// `While: you are Hasted`
        While = "While", Plain, "what must hold for it to apply: `While: you are Hasted`";
        /// `With: Cost: 1 CP`
        With = "With", Plain, "what replaces the `Replace:` line: `With: Cost: 1 CP`";
    }
}

label_table! {
    /// The lines of a `system` block.
    pub enum SystemLabel {
        /// `Stats: Aim, Damage`, `Stats Combat Skills: Aim`
        Stats = "Stats", PlainOrNamed, "stats, optionally grouped (`under` a parent stat): `Stats Combat Skills: Aim, Damage`";
        /// `Resource HP: max [Max HP]`
        Resource = "Resource", Named, "a resource and its rules: `Resource CP: reset to 6 at turn start`";
        /// `Derived Jolt: [floor(Max HP / 4) + Sturdiness]`
        Derived = "Derived", Named, "a value computed from others: `Derived Jolt: [floor(Max HP / 4) + Sturdiness]`";
        /// `Status Bloodied: [HP * 2 <= Max HP]`
        Status = "Status", Named, "a health status, the last that holds wins: `Status Bloodied: [HP * 2 <= Max HP]`";
        /// `Layered Body: Health`
        Layered = "Layered", Named, "a layered pool and its innermost resource: `Layered Body: Health`";
        /// `Grades: 0 Fail, 1 Low`
        Grades = "Grades", Plain, "the labels of grades: `Grades: 0 Fail, 1 Low, 2 Medium, 3 High`";
        /// `Ruling grade cap: 3`
        Ruling = "Ruling", Named, "a named value a GM may change, read as `[Ruling grade cap]`: `Ruling grade cap: 3`";
        /// `Table Skill Damage: <7 -3, 7-8 -2, >8 +1`
        Table = "Table", Named, "a lookup table, read as `[Skill Damage(Long Sword)]`: `Table Skill Damage: <7 -3, 7-8 -2, 9-10 -1, >10 0`";
        /// `Rounding: floor`
        Rounding = "Rounding", Plain, "how decimals become integers: `Rounding: floor`";
        /// `Phases: Start, Action, End`
        Phases = "Phases", Plain, "the phases of a turn; refused by `check` (`rules::check::not_run`): turns run the engine's own phases";
        /// `Segments: 10`
        Segments = "Segments", Plain, "segments per round: `Segments: 10`";
        /// `Turn order: 1d10+[Initiative]`
        TurnOrder = "Turn order", Plain, "how turn order is rolled: `Turn order: 1d10+[Initiative]`";
        /// `Initiative: ticks`
        Initiative = "Initiative", Plain, "plain turns or ticks: `Initiative: ticks`";
        /// `Action ticks: 5`
        ActionTicks = "Action ticks", Plain, "ticks an action costs by default: `Action ticks: 5`";
        /// `Default check: Pool`
        DefaultCheck = "Default check", Plain, "the procedure checks use unless they name one: `Default check: Pool`";
        /// `Default Tier: 1`
        Default = "Default", Named, "a stat's value for actors whose block does not list it: `Default Strength: 3`, `Default Tier: 1`";
        /// `Functions: jolt, aid_bonus`
        Functions = "Functions", Plain, "the script functions rule lines may call: `Functions: jolt, aid_bonus`";
        /// `On damage taken: bleed_check`
        On = "On", Named, "a script hook or effects on an event: `On damage taken: bleed_check`, `On kill: gain 1 Glory`, `On hit: if you are Unconscious: apply Dead`";
        /// `When HP reaches 0: apply Dying`
        When = "When", Named, "effects when a resource reaches 0: `When HP reaches 0: apply Dying`";
        /// `Side order: party, foes`
        SideOrder = "Side order", Plain, "turns by side, a phase per side: `Side order: party, foes`";
        /// `Challenge counters: Clues, Alarms`
        ChallengeCounters = "Challenge counters", Plain, "the resources a challenge counts successes and failures in: `Challenge counters: Successes, Failures`";
        /// `Keyword Attack: only on own turn`
        Keyword = "Keyword", Named, "a rule for powers with a keyword: `Keyword Attack: only on own turn`; `Keyword Attack: resisted as Dodge` gives their targets' side the tag `Dodge`, which relative modifiers select (`+[Level] Agility vs Dodge`)";
        /// `Per turn: 1 Attack`
        PerTurn = "Per turn", Plain, "powers per turn by keyword, and what paying buys: `Per turn: 1 Attack, 1 other; 1 Stamina buys 1 Attack, once per turn`";
        /// `Per challenge turn: 1 Task, 1 other`
        PerChallengeTurn = "Per challenge turn", Plain, "powers per challenge turn by keyword: `Per challenge turn: 1 Task, 1 other`";
        /// `Weapon fields: Damage dice, Crit range range`
        WeaponFields = "Weapon fields", Plain, "the fields weapons carry, with types (`number`, `dice`, `range`, `multiplier`, `keyword`, `requirement` or a record; `or` between types, `required` after): `Weapon fields: Damage dice required, Crit range range, Type keyword`";
        /// `Armour fields: Protection number`
        ArmourFields = "Armour fields", Plain, "the fields armour carries, typed like weapon fields: `Armour fields: Protection number, Type keyword`";
        /// `Record Attack: Hit number, Damage dice`
        Record = "Record", Named, "a record a gear field may hold, read as `[Weapon's Fast Damage]`: `Record Attack: Hit number, Damage dice`";
        /// `Fallback weapon: Fists`
        FallbackWeapon = "Fallback weapon", Plain, "the weapon a use falls back to when its weapon's `Requires:` does not hold: `Fallback weapon: Fists`";
        /// `Check tags: Crafting`
        CheckTags = "Check tags", Plain, "tags a check nobody opposes may carry, selected by the roller's relative modifiers: `Check tags: Crafting` (`check Ana Intelligence vs 12 as Crafting` counts `+[Level] checks vs Crafting`)";
        /// `Stance ends: Unconscious`
        StanceEnds = "Stance ends", Plain, "conditions that end a stance: `Stance ends: Unconscious`";
        /// `Effects Carry: gain 1 Marks`
        Effects = "Effects", Named, "a named group of effects, run by `do Carry`: `Effects Carry: gain 1 Marks; when [Marks >= 6]: raise Might by 1`";
        /// `At 6 Marks: raise Might by 1; set Marks to 0`
        At = "At", Named, "effects an actor runs when a resource reaches a count: `At 6 Marks: raise Might by 1; set Marks to 0`";
        /// `Grid: square`
        Grid = "Grid", Plain, "the map's cells, `hex` (six neighbours, the default) or `square` (four, no diagonals): `Grid: square`";
        /// `Clock: 6 periods of 4 ticks`
        Clock = "Clock", Plain, "the world clock, read as `[Clock Period]`: `Clock: 6 periods of 4 ticks`";
        /// `Creation: 8 points among Attributes, 0-4 each`
        Creation = "Creation", Plain, "the points a created character (an actor block naming no `Side:`) spends among a stats group, each value within a range; `check` refuses a block over budget (a trait's `Creation: +2 points` raises it): `Creation: 8 points among Attributes, 0-4 each`";
        /// `World: Day or Night; Warm or Cold`
        World = "World", Plain, "world flags, one of each group holds (the first at the start), set by `world is Night`, tested as `the world is Night` or `[Night]`: `World: Day or Night; Warm or Cold`";
        /// `Bounds: Might 1-6, Luck -3 to 3`
        Bounds = "Bounds", Plain, "the least and most stats may hold; raises and lowers stop at them: `Bounds: Might 1-6, Luck -3 to 3`";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: combat uses the hex grid`";
    }
}

label_table! {
    /// The lines of a `condition` block.
    pub enum ConditionLabel {
        /// `Turn: skipped`
        Turn = "Turn", Plain, "the holder's turns pass at once while it holds this: `Turn: skipped`";
        /// `Parameters: N`
        Parameters = "Parameters", Plain, "the values an application gives: `Parameters: N`";
        /// `Modifiers: +1 Attack, -5 Defense`
        Modifiers = "Modifiers" | "Modifier", Plain, "what holding it changes: `Modifiers: +1 Attack, Speed = 1`";
        /// `Stacking: never stacks with itself; longest duration wins`
        Stacking = "Stacking", Plain, "how copies combine: `Stacking: never stacks with itself; longest duration wins`";
        /// `Duration: until end of next turn`
        Duration = "Duration", Plain, "how long it lasts unless the application says: `Duration: for 2 rounds`";
        /// `Effect: take [N] damage`
        Effect = "Effect", Plain, "effects at the start of the holder's turn: `Effect: [N] fire damage`";
        /// `Halt: you take damage`
        Halt = "Halt", Plain, "what ends it; refused by `check` (`rules::check::not_run`): nothing ends a condition by it yet";
        /// `Trigger: you are hit`
        Trigger = "Trigger", Plain, "when its effect fires: `Trigger: you take damage`";
        /// `While: you are Prone`
        While = "While", Plain, "what must hold for it to count; refused by `check` (`rules::check::not_run`): put the test on what grants it";
        /// `Keywords: Mental`
        Keywords = "Keywords", Plain, "the condition's keywords; refused by `check` (`rules::check::not_run`): only power, weapon and actor keywords are read";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: cannot flank`";
        /// `Grants: Advantage to attackers`
        Grants = "Grants" | "Grant", Plain, "a condition it gives others against the holder: `Grants: Advantage to attackers`";
        /// `Includes: Slowed`
        Includes = "Includes" | "Include", Plain, "conditions held as long as this one: `Includes: Slowed`";
        /// `Forbids: Reaction powers`
        Forbids = "Forbids", Plain, "powers the holder cannot use: `Forbids: Reaction powers`";
        /// `Per turn: 1 Move`
        PerTurn = "Per turn", Plain, "how many powers of a kind the holder may use a turn, on top of the system's quotas: `Per turn: 1 Move`";
        /// `Spares: who laid it`
        Spares = "Spares", Plain, "laid as terrain, it never acts on the actor who laid it: `Spares: who laid it`";
    }
}

label_table! {
    /// The lines of an `actor` block (a stat block).
    pub enum ActorLabel {
        /// `Stats: Aim 3, Damage 2`
        Stats = "Stats", Plain, "stat values: `Stats: Aim 3, Damage 2`";
        /// `Resources: HP 24, Max HP 24`
        Resources = "Resources", Plain, "resource values: `Resources: HP 24, Max HP 24, CP 6`";
        /// `Tier: 1`
        Tier = "Tier", Plain, "the actor's tier: `Tier: 1`";
        /// `Level: 1`
        Level = "Level", Plain, "the actor's level: `Level: 1`";
        /// `Powers: Heavy Strike`
        Powers = "Powers", Plain, "powers it knows: `Powers: Heavy Strike, Quick Jab`";
        /// `Traits: Jaguar Stance`
        Traits = "Traits", Plain, "traits it has: `Traits: Jaguar Stance`";
        /// `Equipment: Longsword`
        Equipment = "Equipment", Plain, "weapons and armour it carries: `Equipment: Longsword`";
        /// `Conditions: Hasted`
        Conditions = "Conditions", Plain, "conditions it starts with: `Conditions: Hasted`";
        /// `Keywords: PC`
        Keywords = "Keywords", Plain, "what the actor is, tested by `Target has keyword Construct`: `Keywords: Construct, Legless`";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: the party's guide`";
        /// `Side: party`
        Side = "Side", Plain, "the side it fights on: `Side: party`";
    }
}

label_table! {
    /// The lines of a `weapon` block.
    pub enum WeaponLabel {
        /// `Cost: 3`
        Cost = "Cost", Plain, "read as `[Weapon]` on a Cost line: `Cost: 3`";
        /// `Reach: 1`
        Reach = "Reach", Plain, "read as `[Weapon Reach]` and on Target lines: `Reach: 1`";
        /// `Damage: 12`
        Damage = "Damage", Plain, "read as `[Weapon]` on a Result line: `Damage: 12`";
        /// `Range: 8`
        Range = "Range", Plain, "read as `[Weapon Range]`: `Range: 8`";
        /// `Minimum range: 2`
        MinimumRange = "Minimum range", Plain, "read as `[Weapon Minimum range]`: `Minimum range: 2`";
        /// `Crit range: 19`
        CritRange = "Crit range", Plain, "read as `[Weapon Crit range]`: `Crit range: 19`";
        /// `Crit damage: 20`
        CritDamage = "Crit damage", Plain, "read as `[Weapon Crit damage]`: `Crit damage: 20`";
        /// `Rate: 2`
        Rate = "Rate", Plain, "read as `[Weapon Rate]`: `Rate: 2`";
        /// `Requires: [Strength >= 2]`
        Requires = "Requires", Plain, "what the wielder needs: `Requires: [Strength >= 2]`";
        /// `Keywords: Melee Heavy`
        Keywords = "Keywords", Plain, "keywords added to weapon powers: `Keywords: Melee Heavy`";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: obsidian blades`";
    }
}

label_table! {
    /// The lines of an `armour` block.
    pub enum ArmourLabel {
        /// `Value: 10`
        Value = "Value", Plain, "the layer's value: `Value: 10`";
        /// `Blow-through: 4`
        BlowThrough = "Blow-through", Plain, "rest at or above this is heavy damage: `Blow-through: 4`";
        /// `Hardness: 5`
        Hardness = "Hardness", Plain, "ablation: the value drops by absorbed / hardness: `Hardness: 5`";
        /// `Protection: 3`
        Protection = "Protection", Plain, "the armour's protection: `Protection: 3`";
        /// `Cost: 20`
        Cost = "Cost", Plain, "what it costs; refused by `check` (`rules::check::not_run`): nothing reads it yet";
        /// `Pool: Purse`
        Pool = "Pool", Plain, "the layered pool it protects (default: the first): `Pool: Purse`";
        /// `Keywords: Heavy`
        Keywords = "Keywords", Plain, "the armour's keywords, read by `wielding` tests: `Keywords: Shield`";
        /// `Modifiers: +2 Stamina, -1 Agility`
        Modifiers = "Modifiers", Plain, "what it changes on its wearer while worn: `Modifiers: +2 Stamina, -1 Agility`";
        /// `Requires: [Strength >= 3]`
        Requires = "Requires", Plain, "what the wearer needs to wear it, tested when it is put on: `Requires: [Strength >= 3]`";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: boiled leather`";
    }
}

label_table! {
    /// The lines of a `check` block (a check procedure).
    pub enum ProcedureLabel {
        /// `Method: pool`
        Method = "Method", Plain, "how it resolves: `Method: pool` (`roll under`, `successes`, `total`, `versus`, `script f`)";
        /// `Dice: [Tier + 2]d10`
        Dice = "Dice", Plain, "the dice rolled: `Dice: [Tier + 2]d10`";
        /// `Modifier: each die`
        Modifier = "Modifier", Plain, "where the modifier goes: `Modifier: each die` (`total`, `none`)";
        /// `Success: >= [Threshold]`
        Success = "Success", Plain, "what a die or total must meet: `Success: >= [Threshold]`";
        /// `Difficulty: [Difficulty]`
        Difficulty = "Difficulty", Plain, "the success number needed: `Difficulty: [Difficulty]`";
        /// `Always: [Target >= 12]`
        Always = "Always", Plain, "when it succeeds without regard to the dice: `Always: [Target >= 12]`";
        /// `Explode: 6`
        Explode = "Explode", Plain, "the face that rolls again: `Explode: 6`";
        /// `Grades: 0 Fail, 1 Low`
        Grades = "Grades", Plain, "the labels of its grades: `Grades: 0 Fail, 1 Low, 2 Medium`";
        /// `Grade cap: [Ruling grade cap]`
        GradeCap = "Grade cap", Plain, "the highest grade (wins over `Ruling grade cap`): `Grade cap: 3`";
        /// `Tie: defender`
        Tie = "Tie", Plain, "who wins a versus tie: `Tie: defender` (`attacker`, `none`)";
        /// `Roll: {[Tier + 2]d10+[Modifier]}cs>=[Threshold]`
        Roll = "Roll", Plain, "the whole roll as dice notation: `Roll: 1d20+[Modifier]`";
        /// `Boost: [Boost]`
        Boost = "Boost", Plain, "what may be added to the die after rolling: `Boost: [Boost]`";
        /// `Alternative die: d12`
        AlternativeDie = "Alternative die", Plain, "a second die the roller may use instead: `Alternative die: d12`";
        /// `Alternative die feeds: Chaos Dice`
        AlternativeDieFeeds = "Alternative die feeds", Plain, "the world pool each use of it fills: `Alternative die feeds: Chaos Dice`";
        /// `Policy second die: if-better`
        PolicySecondDie = "Policy second die", Plain, "when batch mode uses the alternative die: `Policy second die: if-better`";
        /// `Policy boost: max-safe`
        PolicyBoost = "Policy boost", Plain, "how batch mode boosts: `Policy boost: max-safe`";
        /// `Policy spend: always`
        PolicySpend = "Policy spend", Plain, "whether batch mode spends extra dice: `Policy spend: always`";
        /// `Policy reroll: never`
        PolicyReroll = "Policy reroll", Plain, "whether batch mode pays to reroll: `Policy reroll: never`";
        /// `Policy ignore penalties: never`
        PolicyIgnorePenalties = "Policy ignore penalties", Plain, "whether batch mode pays to ignore penalties: `Policy ignore penalties: never`";
        /// `Ease: [Ease]`
        Ease = "Ease", Plain, "automatic successes: `Ease: [Ease]`";
        /// `Critical: natural >= 19`
        Critical = "Critical", Plain, "when a roll is critical, from any amount: `Critical: natural >= [Weapon Crit range - floor(Dexterity / 4)]`";
        /// `Zero wins: no`
        ZeroWins = "Zero wins", Plain, "whether a success number of 0 can win a duel: `Zero wins: no`";
        /// `On failure: gain 1 Fragments per skill`
        OnFailure = "On failure", Plain, "what a failure gives: `On failure: gain 1 Fragments per skill when [Target >= 1]`";
        /// `On success: gain 1 XP`
        OnSuccess = "On success", Plain, "what a success gives: `On success: gain 1 XP`";
        /// `Reroll: 1 Stunt Points`
        Reroll = "Reroll", Plain, "what a reroll of a failure costs: `Reroll: 1 Stunt Points`";
        /// `Ignore penalties: 1 Stunt Points`
        IgnorePenalties = "Ignore penalties", Plain, "what ignoring the penalties costs: `Ignore penalties: 1 Stunt Points`";
        /// `Extra dice: Chaos Dice, keep best`
        ExtraDice = "Extra dice", Plain, "extra dice from a world pool: `Extra dice: Chaos Dice, keep best`";
        /// `Chunk: Effort, at most [Rating]`
        Chunk = "Chunk", Plain, "dice bought after the roll, a resource point each, in chunks: `Chunk: Effort, at most [Rating]`";
        /// `Per chunk: gain 1 Fatigue`
        PerChunk = "Per chunk", Plain, "what each chunk changes besides: `Per chunk: gain 1 Fatigue`";
        /// `Chunk all highest: Major Success, gain [Chunk] successes`
        ChunkAllHighest = "Chunk all highest", Plain, "a chunk whose dice all show the top face: `Chunk all highest: Major Success, gain [Chunk] successes`";
        /// `Chunk all successes: Minor Success, gain 1 successes`
        ChunkAllSuccesses = "Chunk all successes", Plain, "a chunk whose dice all succeed: `Chunk all successes: Minor Success, gain 1 successes`";
        /// `Chunk all ones: Major Blunder, lose [Chunk] successes, else raise Threshold by [Chunk]`
        ChunkAllOnes = "Chunk all ones", Plain, "a chunk whose dice all show 1: `Chunk all ones: Major Blunder, lose [Chunk] successes, else raise Threshold by [Chunk]`";
        /// `Chunk all failures: Minor Blunder, lose 1 successes, else raise Threshold by 1`
        ChunkAllFailures = "Chunk all failures", Plain, "a chunk whose dice all fail: `Chunk all failures: Minor Blunder, lose 1 successes, else raise Threshold by 1`";
        /// `Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]`
        Outcomes = "Outcomes", Named, "the named outcomes a test of one kind settles into, the first whose test holds (`Hero tests Might vs 2 as Contest`): `Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]`";
        /// `Opposing dice: Tension`
        OpposingDice = "Opposing dice", Plain, "dice an opponent rolls to raise the successes needed, and their name: `Opposing dice: Tension`";
        /// `Details: ...`
        Details = "Details", Plain, "text shown as it is: `Details: the dark die`";
    }
}

impl BlockKind {
    /// The labels this kind of block accepts, as documented (`Resource <name>`).
    pub fn labels(self) -> Vec<String> {
        match self {
            BlockKind::Power => PowerLabel::described(),
            BlockKind::Trait(_) => TraitLabel::described(),
            BlockKind::System => SystemLabel::described(),
            BlockKind::Condition => ConditionLabel::described(),
            BlockKind::Actor => ActorLabel::described(),
            BlockKind::Weapon => WeaponLabel::described(),
            BlockKind::Armour => ArmourLabel::described(),
            BlockKind::Check => ProcedureLabel::described(),
        }
    }

    /// The label texts this kind accepts (with other spellings), for suggestions.
    pub fn label_spellings(self) -> Vec<&'static str> {
        fn of<L: Labels>() -> Vec<&'static str> {
            L::ALL
                .iter()
                .flat_map(|label| {
                    let info = label.info();
                    std::iter::once(info.text).chain(info.aliases.iter().copied())
                })
                .collect()
        }
        match self {
            BlockKind::Power => of::<PowerLabel>(),
            BlockKind::Trait(_) => of::<TraitLabel>(),
            BlockKind::System => of::<SystemLabel>(),
            BlockKind::Condition => of::<ConditionLabel>(),
            BlockKind::Actor => of::<ActorLabel>(),
            BlockKind::Weapon => of::<WeaponLabel>(),
            BlockKind::Armour => of::<ArmourLabel>(),
            BlockKind::Check => of::<ProcedureLabel>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_label_wins_over_a_named_one_and_names_keep_their_words() {
        assert_eq!(SystemLabel::find("default check"), Some((SystemLabel::DefaultCheck, None)));
        assert_eq!(SystemLabel::find("Default Tier"), Some((SystemLabel::Default, Some("Tier"))));
        assert_eq!(
            SystemLabel::find("Ruling XP per level"),
            Some((SystemLabel::Ruling, Some("XP per level")))
        );
        assert_eq!(SystemLabel::find("Stats"), Some((SystemLabel::Stats, None)));
        assert_eq!(
            SystemLabel::find("Stats Combat Skills"),
            Some((SystemLabel::Stats, Some("Combat Skills")))
        );
        // A named label needs its name.
        assert_eq!(SystemLabel::find("Resource"), None);
        assert_eq!(SystemLabel::find("Turn orders"), None);
        assert_eq!(ConditionLabel::find("modifier"), Some((ConditionLabel::Modifiers, None)));
        assert_eq!(PowerLabel::find("Result Fail"), Some((PowerLabel::Result, Some("Fail"))));
    }

    #[test]
    fn every_table_has_distinct_spellings() {
        for kind in [
            BlockKind::Power,
            BlockKind::Trait(crate::model::TraitKind::Trait),
            BlockKind::System,
            BlockKind::Condition,
            BlockKind::Actor,
            BlockKind::Weapon,
            BlockKind::Armour,
            BlockKind::Check,
        ] {
            let spellings = kind.label_spellings();
            for (index, text) in spellings.iter().enumerate() {
                let again = spellings[index + 1..].iter().any(|t| t.eq_ignore_ascii_case(text));
                assert!(!again, "{kind}: `{text}` twice");
            }
        }
    }
}
