//! The world clock: days made of periods, periods made of ticks. Local actions add ticks,
//! world actions advance whole periods; a full period of ticks rolls over into the next
//! period. Counting only; what a period is called or allows is the rule model's business.

use serde::{Deserialize, Serialize};

use super::error::EngineErrorKind;

/// Where the world is in time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorldClock {
    /// Days passed since the start (0-based).
    pub day: u64,
    /// Period of the current day (0-based, below `periods_per_day`).
    pub period: u32,
    /// Ticks into the current period (0-based, below `ticks_per_period`).
    pub tick: u32,
    /// Periods in a day (at least 1).
    pub periods_per_day: u32,
    /// Ticks in a period (at least 1).
    pub ticks_per_period: u32,
}

impl Default for WorldClock {
    /// One period per day, one tick per period: a clock that only counts days.
    fn default() -> Self {
        WorldClock { day: 0, period: 0, tick: 0, periods_per_day: 1, ticks_per_period: 1 }
    }
}

/// What moving the clock changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockAdvance {
    /// Periods that passed.
    pub periods: u64,
    /// Days that passed.
    pub days: u64,
}

impl WorldClock {
    /// A clock at day 0, period 0, tick 0; both sizes must be at least 1.
    pub fn new(periods_per_day: u32, ticks_per_period: u32) -> Result<Self, EngineErrorKind> {
        for (what, value) in
            [("periods per day", periods_per_day), ("ticks per period", ticks_per_period)]
        {
            if value == 0 {
                return Err(EngineErrorKind::NotPositive { what, value: 0 });
            }
        }
        Ok(WorldClock { periods_per_day, ticks_per_period, ..WorldClock::default() })
    }

    /// Adds `ticks` local ticks; every full period of ticks advances the period.
    pub fn advance_ticks(&mut self, ticks: u32) -> ClockAdvance {
        let per = u64::from(self.ticks_per_period.max(1));
        let total = u64::from(self.tick) + u64::from(ticks);
        self.tick = (total % per) as u32;
        self.advance_periods(total / per)
    }

    /// Advances whole periods (a world action); ticks are kept.
    pub fn advance_periods(&mut self, periods: u64) -> ClockAdvance {
        let per = u64::from(self.periods_per_day.max(1));
        let total = u64::from(self.period).saturating_add(periods);
        let days = total / per;
        self.period = (total % per) as u32;
        self.day = self.day.saturating_add(days);
        ClockAdvance { periods, days }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_ticks_roll_into_periods_and_days() {
        let mut clock = WorldClock::new(6, 4).unwrap();
        assert_eq!(clock.advance_ticks(3), ClockAdvance { periods: 0, days: 0 });
        assert_eq!(clock.advance_ticks(1), ClockAdvance { periods: 1, days: 0 });
        assert_eq!((clock.period, clock.tick), (1, 0));
        assert_eq!(clock.advance_periods(5), ClockAdvance { periods: 5, days: 1 });
        assert_eq!((clock.day, clock.period), (1, 0));
    }

    #[test]
    fn clock_zero_sizes_are_errors() {
        assert!(WorldClock::new(0, 4).is_err());
        assert!(WorldClock::new(6, 0).is_err());
    }
}
