//! A weaker engine for human players (`UCI_LimitStrength`, `UCI_Elo`): the
//! requested rating is turned into a number of nodes per move.
//!
//! A node budget weakens the engine the way a shorter think weakens a
//! player: it sees less deep, so it misses tactics and plans, but it
//! never plays a move it knows to be bad, and its strength does not depend
//! on the speed of the machine or the time control (a rating tied to time
//! would be one only on the machine it was measured on).
//!
//! The curve: `FULL_STRENGTH_NODES` at [`MAX_ELO`], halved every
//! `ELO_PER_DOUBLING` below it. Checked against the calibrated engines of
//! the project's ladder at 10+0.1 (2026-11-24, 40 games per setting):
//! `UCI_Elo` 1500 measured 1434 ± 96, 1900 measured 1822 ± 96, 2300
//! measured 2361 ± 95 (the README's section on the UCI engine).

/// The weakest rating offered.
pub const MIN_ELO: u32 = 1300;
/// The strongest rating offered: above it the engine plays at full strength.
pub const MAX_ELO: u32 = 2500;
/// `UCI_Elo` until the GUI sets it.
pub const DEFAULT_ELO: u32 = 1800;

/// Nodes per move at [`MAX_ELO`].
const FULL_STRENGTH_NODES: f64 = 400_000.0;
/// Rating points a doubling of the nodes is worth on this curve.
const ELO_PER_DOUBLING: f64 = 100.0;
/// Never fewer: the first iteration completes whatever the budget.
const MIN_NODES: u64 = 64;

/// The nodes per move of an engine of rating `elo` (clamped to
/// [`MIN_ELO`]`..=`[`MAX_ELO`]).
///
/// ```
/// use bb_search::strength::{node_budget, MAX_ELO, MIN_ELO};
///
/// assert!(node_budget(1500) < node_budget(2000));
/// assert_eq!(node_budget(MIN_ELO - 300), node_budget(MIN_ELO));
/// assert_eq!(node_budget(MAX_ELO + 300), node_budget(MAX_ELO));
/// ```
pub fn node_budget(elo: u32) -> u64 {
    let below_max = f64::from(MAX_ELO - elo.clamp(MIN_ELO, MAX_ELO));
    let nodes = FULL_STRENGTH_NODES * (-below_max / ELO_PER_DOUBLING).exp2();
    (nodes as u64).max(MIN_NODES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_doubles_every_step_and_stays_in_range() {
        assert_eq!(node_budget(MAX_ELO), FULL_STRENGTH_NODES as u64);
        let step = ELO_PER_DOUBLING as u32;
        for elo in (MIN_ELO + step..=MAX_ELO).step_by(50) {
            let (lower, higher) = (node_budget(elo - step), node_budget(elo));
            assert!(lower >= MIN_NODES);
            // Twice as many, up to rounding down (and the floor).
            assert!(higher.abs_diff(2 * lower) <= 2 || lower == MIN_NODES, "{elo}: {lower} {higher}");
        }
    }
}
