//! Rolling the dice of an effect's amount, the one way the runtime does it: `1d8 damage`,
//! `[1d8 + Strength] damage` and a weapon's `Damage: 1d8` read by `[2 * Weapon Damage]`
//! all draw here from the world's one stream (forced faces first). While a line's bracket
//! is evaluated its scope borrows the roller through [`Rolling`], which keeps each term's
//! roll; once the line has its value, [`log`] records every die against the rule line.

use std::cell::RefCell;

use crate::diagnostics::Span;
use crate::dice::{DiceExpr, Roll, Roller};
use crate::engine::{RolledDie, World};
use crate::model::DiceText;
use crate::model::expr::{EvalErrorKind, Value};

/// The roller lent to one line's evaluation, and the terms it rolled, in order.
pub(crate) struct Rolling<'r> {
    roller: RefCell<&'r mut Roller>,
    rolled: RefCell<Vec<Rolled>>,
}

/// One dice term as rolled: every die and the total.
pub(crate) struct Rolled {
    roll: Roll,
}

/// What a line's scope rolls its dice with: a trait object, so the scope stays covariant
/// in its lifetime whatever the roller's borrow is.
pub(crate) trait RollTerms {
    /// Rolls `dice` once.
    fn roll(&self, dice: &DiceText) -> Result<Value, EvalErrorKind>;
}

impl RollTerms for Rolling<'_> {
    /// Rolls `dice` once and keeps the roll for [`log`].
    fn roll(&self, dice: &DiceText) -> Result<Value, EvalErrorKind> {
        let roll = draw(&mut self.roller.borrow_mut(), dice)?;
        let total = roll.total;
        self.rolled.borrow_mut().push(Rolled { roll });
        Ok(Value::integer(total))
    }
}

impl<'r> Rolling<'r> {
    /// Lends `roller` to an evaluation; nothing is drawn until a term rolls.
    pub(crate) fn new(roller: &'r mut Roller) -> Self {
        Rolling { roller: RefCell::new(roller), rolled: RefCell::new(Vec::new()) }
    }

    /// The terms rolled, in the order they rolled.
    pub(crate) fn into_rolled(self) -> Vec<Rolled> {
        self.rolled.into_inner()
    }
}

/// Rolls `dice` (parsed when the line was read; parsed here only for dice made later).
pub(crate) fn draw(roller: &mut Roller, dice: &DiceText) -> Result<Roll, EvalErrorKind> {
    let failed = |error: crate::dice::DiceError| EvalErrorKind::Dice(error.to_string());
    match &dice.parsed {
        Some(parsed) => roller.roll(parsed),
        None => roller.roll(&DiceExpr::parse(&dice.text).map_err(failed)?),
    }
    .map_err(failed)
}

/// Records `rolled` for `user` against the rule line at `span`: one line per term, its
/// dice (forced ones marked) and its total.
pub(crate) fn log(world: &mut World, user: &str, rolled: &[Rolled], span: Span) {
    for term in rolled {
        let dice: crate::engine::RolledDice = term.roll.dice.iter().map(RolledDie::from).collect();
        world.log_term(Some(user), dice, term.roll.total, span);
    }
}
