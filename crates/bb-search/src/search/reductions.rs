//! How much shallower late moves are searched (late-move reductions), and
//! how many quiet moves a shallow node tries at all (late-move pruning).

use super::params;
use std::sync::OnceLock;

/// Late-move reductions by depth and move number:
/// `lmr_base + ln(depth) · ln(moves) / lmr_div` plies, rounded down, with
/// both constants from [`params`] in hundredths, whose defaults are set there.
pub(super) fn reduction(depth: i32, move_number: usize) -> i32 {
    let (depth, moves) = (depth.clamp(0, 63) as usize, move_number.min(63));
    // A tuner changes the constants while the engine runs: no table then.
    if cfg!(feature = "tune") {
        return formula(depth, moves);
    }
    static TABLE: OnceLock<Vec<[i32; 64]>> = OnceLock::new();
    let table = TABLE
        .get_or_init(|| (0..64).map(|depth| core::array::from_fn(|moves| formula(depth, moves))).collect());
    table[depth][moves]
}

/// The reduction of the `moves`-th move at `depth`; none for either 0.
fn formula(depth: usize, moves: usize) -> i32 {
    if depth == 0 || moves == 0 {
        return 0;
    }
    let base = f64::from(params::lmr_base()) / 100.0;
    let divisor = f64::from(params::lmr_div()) / 100.0;
    (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32
}

/// Quiet moves tried at a node before the rest are skipped (late-move pruning).
pub(super) fn late_move_limit(depth: i32, improving: bool) -> usize {
    let base = (3 + depth * depth) as usize;
    if improving {
        base
    } else {
        base / 2
    }
}
